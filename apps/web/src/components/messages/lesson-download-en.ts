/** Texts of a lesson's "Download for offline" (components/offline/lesson-download.tsx). */
export const en = {
  'download.start': 'Download for offline',
  'download.progress': 'Downloading… {{percent}}%',
  'download.progressLabel': 'Download of this lesson',
  'download.cancel': 'Cancel',
  'download.done': 'Downloaded · {{size}}',
  'download.remove': 'Remove',
  'download.failed': 'The download stopped. Check the connection and try again.',
  'download.retry': 'Try again',
  'download.noSpace': 'This phone has no room left for the download. Remove other downloads and try again.',
  'download.removeTitle': 'Remove this download?',
  'download.removeContent': 'It will need the network again to play.',
  'download.removeConfirm': 'Remove',
  'download.removeCancel': 'Keep',
  'download.removed': 'Download removed',
  'download.saved': 'Ready to play offline',
};
