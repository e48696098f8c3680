export const en = {
  'customPage.title': 'Web page',
  'customPage.open': 'Open',
  'customPage.notShowing': 'Page not showing? Some sites cannot be shown inside the app.',
  'customPage.openInBrowser': 'Open in browser',
  'customPage.loading': 'Loading the page…',
  'customPage.frameTitle': 'Page from {{host}}',
  'customPage.invalidTitle': 'This link cannot be opened',
  'customPage.invalidDescription': 'The school set up an address that is not a web page.',
} as const;
