import type { en } from './oauth-en';

export const cn: Record<keyof typeof en, string> = {
  'auth.oauth.redirectTitle': '微信登录',
  'auth.oauth.signingIn': '正在通过微信登录…',
  'auth.oauth.failedTitle': '微信登录未完成',
  'auth.oauth.denied': '微信未确认本次登录，您可以重新尝试。',
  'auth.oauth.stateMismatch': '该登录链接不是在本设备上发起的，请重新开始。',
  'auth.oauth.failed': '微信登录时出现问题，请重试。',
  'auth.oauth.expiredTitle': '请重新使用微信登录',
  'auth.oauth.expired': '绑定账号前，本次微信登录已超时。',
  'auth.oauth.again': '重新微信登录',
  'auth.oauth.otherWay': '使用其他方式登录',

  'auth.bind.step': '第 {{current}} 步，共 {{total}} 步',
  'auth.bind.credentialsTitle': '绑定已有账号',
  'auth.bind.credentialsHint': '请输入账号的用户名或手机号及密码。',
  'auth.bind.confirmTitle': '将微信绑定到该账号？',
  'auth.bind.confirmHint': '以后使用微信将直接登录账号“{{account}}”。',
  'auth.bind.alreadyBound': '该账号已绑定其他微信',
  'auth.bind.next': '下一步',
  'auth.bind.submit': '绑定账号',
  'auth.bind.back': '更换账号',
  'auth.bind.register': '注册',
  'auth.bindRegister.title': '注册新账号并绑定微信',
  'auth.bindRegister.hint': '新账号将与当前微信绑定。',
  'auth.bindRegister.submit': '注册并绑定',
  'auth.bindRegister.bindOther': '绑定其他账号？',
  // A limit's refusal that says how long to wait (lib/api-error.ts): seconds, or whole minutes.
};
