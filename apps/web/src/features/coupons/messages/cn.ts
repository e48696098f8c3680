import type { en } from './en';

/** 「我的优惠券」的文案。 */
export const cn: Record<keyof typeof en, string> = {
  'coupons.tabs': '按状态查看优惠券',
  'coupons.tab.usable': '可用',
  'coupons.tab.used': '已使用',
  'coupons.tab.expired': '已过期',
  'coupons.listLabel': '我的优惠券',
  'coupons.amountOff': '减{{amount}}',
  'coupons.validUntil': '有效期至 {{date}}',
  'coupons.noExpiry': '长期有效',
  'coupons.expiredOn': '{{date}} 已过期',
  'coupons.usedOn': '使用于 {{time}}',
  'coupons.for.COURSE': '全部课程可用',
  'coupons.for.CLASSROOM': '全部班级可用',
  'coupons.for.EXAM': '全部考试可用',
  'coupons.forProduct': '仅限《{{title}}》',
  'coupons.useIt': '去使用',
  'coupons.held': '待支付订单占用中',
  'coupons.viewOrder': '查看订单',
  'coupons.empty.usable': '暂无可用的优惠券',
  'coupons.empty.used': '还没有使用过优惠券',
  'coupons.empty.expired': '没有已过期的优惠券',
  'coupons.empty.usableHint': '学校发放的优惠券会显示在这里，下单时也可直接选用。',
  'coupons.empty.usedHint': '用优惠券支付的订单会连同优惠券列在这里。',
  'coupons.empty.expiredHint': '未使用就已过期的优惠券保留在这里。',
};
