/** Texts of the shared UI components (components/ui, components/layout). */
export const en = {
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
} as const;

export type UiMessageId = keyof typeof en;
