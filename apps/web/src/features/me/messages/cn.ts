import type { en } from './en';

export const cn: Record<keyof typeof en, string> = {
  'me.title': '我的',
  'me.profileLabel': '我的账号',
  'me.username': '用户名：{{username}}',
  'me.guest.title': '您还未登录',
  'me.guest.prompt': '登录后查看更多信息',
  'me.guest.login': '登录',
  'me.section.learning': '我的学习',
  'me.section.settings': '设置',
  'me.section.about': '关于',
  'me.link.learning': '学习中心',
  'me.link.orders': '我的订单',
  'me.agreement.terms': '服务条款',
  'me.agreement.privacy': '隐私政策',
  'me.agreement.about': '关于我们',
  'me.signOut.button': '退出登录',
  'me.signOut.title': '确定退出登录？',
  'me.signOut.message': '退出后需要重新登录才能继续学习。',
  'me.signOut.confirm': '退出',
  'me.signOut.cancel': '取消',
};
