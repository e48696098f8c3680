/** Texts of the installable, offline app (features/offline). */
export const en = {
  'offline.banner.offline': 'Offline — showing what you saw last.',
  'offline.banner.offlineAt': 'Offline — showing what you saw last at {{time}}.',
  'offline.banner.weakAt': 'Weak connection — showing what you saw last at {{time}}.',
  'offline.banner.retry': 'Retry',
  'offline.update.ready': 'A new version is ready.',
  'offline.update.reload': 'Reload',
  'offline.install.text': 'Add this app to your home screen: it opens full screen and keeps working offline.',
  'offline.install.iosText': 'Add this app to your home screen: tap Share, then “Add to Home Screen”.',
  'offline.install.install': 'Install',
  'offline.install.dismiss': 'Not now',
  'offline.install.label': 'Install the app',
};
