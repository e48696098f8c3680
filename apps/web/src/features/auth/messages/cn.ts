import type { en } from './en';

export const cn: Record<keyof typeof en, string> = {
  'auth.title': '登录',
  'auth.welcome': '欢迎回来',
  'auth.welcomeHint': '登录后继续上次的学习。',
  'auth.tab.password': '密码登录',
  'auth.username.label': '用户名或手机号',
  'auth.username.placeholder': '请输入用户名或手机号',
  'auth.password.label': '密码',
  'auth.password.placeholder': '请输入密码',
  'auth.password.show': '显示密码',
  'auth.password.hide': '隐藏密码',
  'auth.rememberMe': '记住我，{{days}} 天内免登录',
  'auth.submit': '登录',
  'auth.submitting': '登录中',
  'auth.agreement': '我已阅读并同意<terms>《服务条款》</terms>和<privacy>《隐私政策》</privacy>',
  'auth.signingOut': '正在退出',
};
