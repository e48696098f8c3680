import type { en } from './en';

export const cn: Record<keyof typeof en, string> = {
  'media.pdf.label': '文档',
  'media.pdf.page': '第 {{page}} 页，共 {{count}} 页',
  'media.pdf.loadFailed': '文档无法打开。',
  'media.pager.previous': '上一页',
  'media.pager.next': '下一页',
  'media.pager.position': '{{current}} / {{count}}',
};
