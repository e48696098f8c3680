import { en as media } from '../media/messages/en';

/** Texts of the shared UI components (components/ui, components/layout). */
export const en = {
  ...media,
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
  'ui.password.show': 'Show password',
  'ui.password.hide': 'Hide password',
  'ui.agreement':
    'I have read and agree to the <terms>Terms of Service</terms> and the <privacy>Privacy Policy</privacy>',
  'ui.sms.label': 'Verification code',
  'ui.sms.placeholder': '6-digit code',
  'ui.sms.send': 'Send code',
  'ui.sms.sending': 'Sending…',
  'ui.sms.resend': 'Resend code',
  'ui.sms.resendIn': 'Resend in {{seconds}} s',
  'ui.username.checking': 'Checking availability…',
  'ui.username.available': 'This username is available',
  // Catalogue pieces (components/catalogue).
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
