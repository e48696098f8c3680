import type { en } from './password-en';

export const cn: Record<keyof typeof en, string> = {
  'auth.reset.forgotTitle': '找回密码',
  'auth.reset.intro': '我们将向账号绑定的手机号发送验证码。',
  'auth.reset.phone.label': '账号绑定的手机号',
  'auth.reset.submit': '重置密码',
  'auth.reset.tab.current': '使用原密码',
  'auth.reset.tab.code': '使用短信验证码',
  'auth.change.current.label': '原密码',
  'auth.change.current.placeholder': '请输入原密码',
  'auth.change.noPasswordYet': '您的账号还没有设置密码，设置后即可使用用户名登录。',
  'auth.change.wrongPassword': '原密码不正确',
  'auth.change.submit': '保存新密码',
};
