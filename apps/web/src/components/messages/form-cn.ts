import { cnRules } from '@school/contract/messages/rules-cn';
import type { en } from './form-en';

export const cn: Record<keyof typeof en, string> = {
  ...cnRules,
  'ui.password.show': '显示密码',
  'ui.password.hide': '隐藏密码',
  'ui.agreement': '我已阅读并同意<terms>《服务条款》</terms>和<privacy>《隐私政策》</privacy>',
  'ui.phone.label': '手机号',
  'ui.phone.placeholder': '请输入 11 位手机号',
  'ui.sms.label': '验证码',
  'ui.sms.placeholder': '6 位数字验证码',
  'ui.sms.send': '获取验证码',
  'ui.sms.sending': '发送中…',
  'ui.sms.resend': '重新获取',
  'ui.sms.resendIn': '{{seconds}} 秒后重发',
  'ui.username.checking': '正在检查是否可用…',
  'ui.username.available': '该用户名可以使用',
};
