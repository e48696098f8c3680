export const en = {
  'wechat.login.button': 'Log in with WeChat',
  'wechat.login.starting': 'Opening WeChat…',
  'wechat.login.unavailable': 'WeChat login is not available right now',
  'wechat.home.title': 'Log in',
  'wechat.home.welcome': 'Welcome',
  'wechat.home.welcomeTo': 'Welcome to {{school}}',
  'wechat.home.hint': 'Log in with your WeChat in one tap.',
  'wechat.home.otherWay': 'Log in with an account or phone',
} as const;
