export const en = {
  'microPage.bannerLabel': 'Featured',
  'microPage.slide': 'Slide {{index}} of {{count}}',
  'microPage.searchLabel': 'Search courses, classrooms and exams',
  'microPage.navLabel': 'Shortcuts',
  'microPage.notFound': 'This page does not exist or is no longer published.',
  'microPage.empty': 'The school has not decorated this page yet.',
} as const;
