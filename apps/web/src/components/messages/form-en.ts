import { enRules } from '@school/contract/messages/rules-en';

/**
 * Texts of the screens with a form: the validation rules' and the form pieces' own
 * (components/form). Loaded with those screens (the bundle `form`), not with every first screen.
 */
export const en = {
  ...enRules,
  'ui.password.show': 'Show password',
  'ui.password.hide': 'Hide password',
  'ui.agreement':
    'I have read and agree to the <terms>Terms of Service</terms> and the <privacy>Privacy Policy</privacy>',
  'ui.phone.label': 'Phone number',
  'ui.phone.placeholder': '11-digit mobile number',
  'ui.sms.label': 'Verification code',
  'ui.sms.placeholder': '6-digit code',
  'ui.sms.send': 'Send code',
  'ui.sms.sending': 'Sending…',
  'ui.sms.resend': 'Resend code',
  'ui.sms.resendIn': 'Resend in {{seconds}} s',
  'ui.username.checking': 'Checking availability…',
  'ui.username.available': 'This username is available',
} as const;
