import type { MyCoupon } from '@school/contract/my-coupons';
import { describe, expect, it } from 'vitest';
import { couponSaving, couponStatusOf, couponUsePath, couponValidity, savingFontRem } from './coupon-text';

const coupon: MyCoupon = {
  id: 1,
  code: 'welcome85',
  title: 'New learner offer',
  discount: 8.5,
  amountOff: null,
  appliesTo: { type: 'COURSE', product: null },
  validUntil: null,
  heldBy: null,
  usedBy: null,
};

describe('coupon text', () => {
  it('words the saving as the order confirmation does', () => {
    expect(couponSaving(coupon, 'CNY', 'cn')).toBe('8.5折');
    expect(couponSaving(coupon, 'CNY', 'en')).toBe('15% off');
    expect(couponSaving({ ...coupon, discount: null, amountOff: 2000 }, 'USD', 'en')).toEqual({
      id: 'coupons.amountOff',
      values: { amount: '$20.00' },
    });
  });

  it('says until when, or that it never ends, or when it ran out', () => {
    expect(couponValidity(coupon, 'usable')).toEqual({ id: 'coupons.noExpiry', values: {} });
    const dated = { ...coupon, validUntil: '2027-02-25T12:00:00Z' };
    expect(couponValidity(dated, 'usable')).toEqual({ id: 'coupons.validUntil', values: { date: '2027-02-25' } });
    expect(couponValidity(dated, 'expired')).toEqual({ id: 'coupons.expiredOn', values: { date: '2027-02-25' } });
  });

  it('leads Use it to the one product, or to the list of the kind', () => {
    expect(couponUsePath(coupon)).toBe('/courses');
    expect(couponUsePath({ appliesTo: { type: 'CLASSROOM', product: null } })).toBe('/classrooms');
    expect(couponUsePath({ appliesTo: { type: 'EXAM', product: null } })).toBe('/single/exams');
    expect(couponUsePath({ appliesTo: { type: 'COURSE', product: { uid: 'react-19', title: 'React' } } })).toBe(
      '/courses/react-19',
    );
    expect(couponUsePath({ appliesTo: { type: 'CLASSROOM', product: { uid: 'camp', title: 'Camp' } } })).toBe(
      '/classroom/camp',
    );
    expect(couponUsePath({ appliesTo: { type: 'EXAM', product: { uid: 'js', title: 'JS' } } })).toBe('/exam/js');
  });

  it('sizes the saving so its widest word fits the stub', () => {
    expect(savingFontRem('8.5折')).toBe(1.5);
    expect(savingFontRem('15% off')).toBe(1.5);
    // "¥1,234.50 off" wraps at its space: the amount sets the size.
    expect(savingFontRem('¥1,234.50 off')).toBe(savingFontRem('¥1,234.50'));
    expect(savingFontRem('减¥1,234.50')).toBeLessThan(savingFontRem('¥1,234.50'));
    expect(savingFontRem('减¥1,234.50')).toBeGreaterThan(0.75);
  });

  it('takes an unknown tab for Usable', () => {
    expect(couponStatusOf('used')).toBe('used');
    expect(couponStatusOf('USED')).toBe('usable');
    expect(couponStatusOf(null)).toBe('usable');
  });
});
