/**
 * The password reset's and change's texts (the bundle `password`), apart from the login's own
 * (account), which fits its 120 KB only without them (issue 28).
 */
export const en = {
  'auth.reset.forgotTitle': 'Forgot password',
  'auth.reset.intro': 'We will send a code to the phone number of your account.',
  'auth.reset.phone.label': 'Phone number of your account',
  'auth.reset.submit': 'Reset password',
  'auth.reset.tab.current': 'With current password',
  'auth.reset.tab.code': 'With SMS code',
  'auth.change.current.label': 'Current password',
  'auth.change.current.placeholder': 'Enter your current password',
  'auth.change.noPasswordYet': 'Your account has no password yet: set one to log in with your username.',
  'auth.change.wrongPassword': 'The current password is not correct',
  'auth.change.submit': 'Save new password',
} as const;
