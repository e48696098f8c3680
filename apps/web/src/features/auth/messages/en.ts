export const en = {
  'auth.title': 'Log in',
  'auth.welcome': 'Welcome back',
  'auth.welcomeHint': 'Log in to continue learning where you left off.',
  'auth.tab.password': 'Password',
  'auth.username.label': 'Username or phone number',
  'auth.username.placeholder': 'Enter your username or phone number',
  'auth.password.label': 'Password',
  'auth.password.placeholder': 'Enter your password',
  'auth.password.show': 'Show password',
  'auth.password.hide': 'Hide password',
  'auth.rememberMe': 'Remember me for {{days}} days',
  'auth.submit': 'Log in',
  'auth.submitting': 'Logging in',
  'auth.agreement':
    'I have read and agree to the <terms>Terms of Service</terms> and the <privacy>Privacy Policy</privacy>',
  'auth.signingOut': 'Signing out',
} as const;
