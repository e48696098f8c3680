import { describe, expect, it } from 'vitest';
import { amountCoupon, bestCoupon } from '../testing/order-fixtures';
import { amountText, centsOf, couponDeal, offeredMethods, productPath, validityText } from './order-text';
import { refundFormSchema } from './refund-form';

describe('order texts', () => {
  it('words a coupon as 折 in Chinese and % off in English, or as an amount off', () => {
    expect(couponDeal(bestCoupon, 'CNY', 'cn')).toBe('8.5折');
    expect(couponDeal(bestCoupon, 'CNY', 'en')).toBe('15% off');
    expect(couponDeal(amountCoupon, 'CNY', 'en')).toEqual({
      id: 'orders.coupon.amountOff',
      values: { amount: '¥10.00' },
    });
  });

  it('links each kind of product to its page, none when it is gone', () => {
    expect(productPath({ type: 'COURSE', uid: 'c1' })).toBe('/courses/c1');
    expect(productPath({ type: 'CLASSROOM', uid: 'k1' })).toBe('/classroom/k1');
    expect(productPath({ type: 'EXAM', uid: 'e1' })).toBe('/exam/e1');
    expect(productPath({ type: 'EXAM', uid: '' })).toBeNull();
  });

  it('words the four validities as the course page does', () => {
    expect(validityText({ kind: 'UNLIMITED' }).id).toBe('courses.validity.unlimited');
    expect(validityText({ kind: 'LONG_TERM' }).id).toBe('courses.validity.longTerm');
    expect(validityText({ kind: 'DAYS', days: 30 })).toEqual({ id: 'courses.validity.days', values: { days: 30 } });
    expect(validityText({ kind: 'END_DATE', endDate: '2030-01-02T04:00:00.000Z' }).id).toBe('courses.validity.endDate');
  });

  it('offers WeChat Pay only inside WeChat', () => {
    expect(offeredMethods(['WECHAT', 'ALIPAY'], false)).toEqual(['WECHAT', 'ALIPAY']);
    expect(offeredMethods(['WECHAT', 'ALIPAY'], true)).toEqual(['WECHAT']);
    expect(offeredMethods(['ALIPAY'], true)).toEqual([]);
  });

  it('reads amounts in yuan with up to two decimals as cents', () => {
    expect(centsOf('12')).toBe(1200);
    expect(centsOf(' 12.5 ')).toBe(1250);
    expect(centsOf('0.05')).toBe(5);
    expect(centsOf('1.234')).toBeNaN();
    expect(centsOf('-1')).toBeNaN();
    expect(centsOf('abc')).toBeNaN();
    expect(amountText(16915)).toBe('169.15');
  });

  it('checks the refund form by the contract and the amount paid', () => {
    const schema = refundFormSchema(1000);
    expect(schema.parse({ reason: 'NO_TIME_TO_STUDY', amount: '10', description: ' x ' })).toEqual({
      reason: 'NO_TIME_TO_STUDY',
      amount: 1000,
      description: 'x',
    });
    const issues = (input: object) => schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ amount: '1', description: '' })).toEqual(['rule.refund.reasonRequired']);
    expect(issues({ reason: 'NO_TIME_TO_STUDY', amount: '10.01', description: '' })).toEqual([
      'orders.refund.amountTooHigh',
    ]);
    expect(issues({ reason: 'NO_TIME_TO_STUDY', amount: '0', description: '' })).toEqual([
      'orders.refund.amountInvalid',
    ]);
    expect(issues({ reason: 'NO_TIME_TO_STUDY', amount: '1.x', description: '' })).toEqual([
      'orders.refund.amountInvalid',
    ]);
  });
});

describe('the contract lists repeated here', () => {
  it('match the contract', async () => {
    const contract = await import('@school/contract/orders');
    const { orderListFilterList, paymentMethodList, productTypeList } = await import('./order-text');
    expect(productTypeList).toEqual(contract.productTypes);
    expect(paymentMethodList).toEqual(contract.paymentMethods);
    expect(orderListFilterList).toEqual(contract.orderListFilters);
  });
});
