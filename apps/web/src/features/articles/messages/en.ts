/** Texts of the news screens. */
export const en = {
  'articles.tabsLabel': 'Article lists',
  'articles.tab.latest': 'Latest',
  'articles.tab.recommended': 'Recommended',
  'articles.tab.popular': 'Popular',
  'articles.listLabel': '{{tab}} articles',
  'articles.empty.title': 'No articles yet',
  'articles.empty.description': 'The school has not published any news here yet.',
  'articles.views_one': '{{count}} view',
  'articles.views_other': '{{count}} views',
  'articles.notFound': 'This article does not exist or is no longer published.',
} as const;
