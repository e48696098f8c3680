/** Texts of the shared UI components (components/ui, components/layout, components/media). */
export const en = {
  // The shared media viewers (components/media): the lesson player and the lecture screens.
  'media.pdf.label': 'Document',
  'media.pdf.page': 'Page {{page}} of {{count}}',
  'media.pdf.loadFailed': 'The document could not be opened.',
  'media.pager.previous': 'Previous page',
  'media.pager.next': 'Next page',
  'media.pager.position': '{{current}} / {{count}}',
  'ui.loading': 'Loading…',
  'ui.retry': 'Try again',
  'ui.back': 'Back',
  'ui.empty': 'Nothing here yet',
  'ui.error.title': 'This could not be loaded',
  'ui.language.label': 'Language',
  // Each language names itself, so a learner finds theirs whatever is showing now.
  'ui.language.cn': '中文',
  'ui.language.en': 'English',
  'ui.tabBar.label': 'Main',
  'ui.opensNewWindow': '(opens in a new window)',
  // A progress bar's value text: the percent, then what it counts ("3 of 10 lessons").
  'ui.progress.valueText': '{{percent}}% · {{detail}}',
  // Catalogue pieces (components/catalogue).
  'catalogue.joined': 'Joined',
  'catalogue.price.original': 'Original price',
  'catalogue.rating.label': 'Rated {{score}} out of 5',
  'catalogue.rating.option': '{{score}} out of 5',
  'catalogue.list.loading': 'Loading more…',
  'catalogue.list.noMore': 'No more',
  'catalogue.list.loadFailed': 'Loading failed, tap to try again',
  'catalogue.pull.pulling': 'Pull down to refresh',
  'catalogue.pull.canRelease': 'Release to refresh',
  'catalogue.pull.refreshing': 'Refreshing…',
  'catalogue.pull.complete': 'Refreshed',
} as const;

export type UiMessageId = keyof typeof en;
