import type { en } from './core-en';

export const cn: Record<keyof typeof en, string> = {
  // The shared media viewers (components/media): the lesson player and the lecture screens.
  'media.pdf.label': '文档',
  'media.pdf.page': '第 {{page}} 页，共 {{count}} 页',
  'media.pdf.loadFailed': '文档无法打开。',
  'media.pager.previous': '上一页',
  'media.pager.next': '下一页',
  'media.pager.position': '{{current}} / {{count}}',
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
  'ui.progress.valueText': '{{percent}}%，{{detail}}',
  // Catalogue pieces (components/catalogue).
  'catalogue.joined': '已加入',
  'catalogue.price.original': '原价',
  'catalogue.rating.label': '评分 {{score}} 分（满分 5 分）',
  'catalogue.rating.option': '{{score}} 分（满分 5 分）',
  'catalogue.list.loading': '加载中…',
  'catalogue.list.noMore': '没有更多了',
  'catalogue.list.loadFailed': '加载失败，点击重试',
  'catalogue.pull.pulling': '下拉刷新',
  'catalogue.pull.canRelease': '释放立即刷新',
  'catalogue.pull.refreshing': '刷新中…',
  'catalogue.pull.complete': '刷新成功',
};
