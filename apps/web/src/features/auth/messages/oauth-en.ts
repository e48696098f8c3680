/**
 * The WeChat sign-in's texts (the bundle `oauth`): the return from WeChat, binding an account or
 * making one, and the WeChat binding of Account and security. Apart from the login's own
 * (account), which fits its 120 KB only without them (issue 28).
 */
export const en = {
  'auth.oauth.redirectTitle': 'WeChat login',
  'auth.oauth.signingIn': 'Logging you in with WeChat…',
  'auth.oauth.failedTitle': 'WeChat login did not finish',
  'auth.oauth.denied': 'WeChat did not confirm the login. You can try again.',
  'auth.oauth.stateMismatch': 'This login link was not started on this device. Please start again.',
  'auth.oauth.failed': 'Something went wrong while logging in with WeChat. Please try again.',
  'auth.oauth.expiredTitle': 'Please log in with WeChat again',
  'auth.oauth.expired': 'Your WeChat login has timed out before the account was bound.',
  'auth.oauth.again': 'Log in with WeChat again',
  'auth.oauth.otherWay': 'Log in another way',

  'auth.bind.step': 'Step {{current}} of {{total}}',
  'auth.bind.credentialsTitle': 'Bind your account',
  'auth.bind.credentialsHint': 'Enter the username or phone number and the password of your account.',
  'auth.bind.confirmTitle': 'Bind WeChat to this account?',
  'auth.bind.confirmHint': 'From now on WeChat logs you in to the account “{{account}}”.',
  'auth.bind.alreadyBound': 'This account is already bound to another WeChat',
  'auth.bind.next': 'Next',
  'auth.bind.submit': 'Bind account',
  'auth.bind.back': 'Change account',
  'auth.bind.register': 'Register',
  'auth.bindRegister.title': 'Create an account for WeChat',
  'auth.bindRegister.hint': 'Your new account will be bound to this WeChat.',
  'auth.bindRegister.submit': 'Register and bind',
  'auth.bindRegister.bindOther': 'Bind other account ?',
  // A limit's refusal that says how long to wait (lib/api-error.ts): seconds, or whole minutes.
} as const;
