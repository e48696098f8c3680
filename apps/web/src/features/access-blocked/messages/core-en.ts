export const en = {
  'blocked.heading': 'No access',
  'blocked.tryAgain': 'Try again',
  'blocked.ip.title': 'Access from your network is blocked',
  'blocked.ip.hint': 'If you think this is a mistake, tell the school’s administrator which network you are using.',
  'blocked.device.title': 'Mobile access is turned off',
  'blocked.device.description': 'This school does not offer its courses in mobile browsers at the moment.',
  'blocked.device.hint': 'Please open the school’s website on a computer, or ask the school’s administrator.',
} as const;
