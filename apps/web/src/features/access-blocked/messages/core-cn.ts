import type { en } from './core-en';

export const cn: Record<keyof typeof en, string> = {
  'blocked.heading': '无法访问',
  'blocked.tryAgain': '重新尝试',
  'blocked.ip.title': '您所在的网络已被禁止访问',
  'blocked.ip.hint': '如果您认为这是误判，请告知网校管理员您正在使用的网络。',
  'blocked.device.title': '移动端访问已关闭',
  'blocked.device.description': '该网校目前不支持通过手机浏览器学习。',
  'blocked.device.hint': '请在电脑上打开网校网站，或联系网校管理员。',
};
