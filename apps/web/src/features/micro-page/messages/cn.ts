import type { en } from './en';

export const cn: Record<keyof typeof en, string> = {
  'microPage.bannerLabel': '推荐',
  'microPage.slide': '第 {{index}} 张，共 {{count}} 张',
  'microPage.searchLabel': '搜索课程、班级和考试',
  'microPage.navLabel': '快捷入口',
  'microPage.notFound': '该页面不存在或已下线。',
  'microPage.empty': '网校还没有装修这个页面。',
};
