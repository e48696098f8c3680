import type { en } from './en';

export const cn: Record<keyof typeof en, string> = {
  'ui.loading': '加载中…',
  'ui.retry': '重试',
  'ui.back': '返回',
  'ui.empty': '暂无内容',
  'ui.error.title': '加载失败',
  'ui.language.label': '语言',
  'ui.language.cn': '中文',
  'ui.language.en': 'English',
  'ui.tabBar.label': '主导航',
  'ui.opensNewWindow': '（在新窗口打开）',
};
