import type { en } from './en';

export const cn: Record<keyof typeof en, string> = {
  'articles.tabsLabel': '资讯列表',
  'articles.tab.latest': '最新',
  'articles.tab.recommended': '推荐',
  'articles.tab.popular': '热门',
  'articles.listLabel': '{{tab}}资讯',
  'articles.empty.title': '暂无资讯',
  'articles.empty.description': '网校还没有在这里发布资讯。',
  'articles.views_one': '{{count}}次阅读',
  'articles.views_other': '{{count}}次阅读',
  'articles.notFound': '该资讯不存在或已下线。',
};
