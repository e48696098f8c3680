import type { en } from './account-en';

export const cn: Record<keyof typeof en, string> = {
  'wechat.login.button': '微信登录',
  'wechat.login.starting': '正在打开微信…',
  'wechat.login.unavailable': '暂时无法使用微信登录',
  'wechat.home.title': '登录',
  'wechat.home.welcome': '欢迎',
  'wechat.home.welcomeTo': '欢迎来到{{school}}',
  'wechat.home.hint': '使用微信一键登录。',
  'wechat.home.otherWay': '使用账号或手机号登录',
};
