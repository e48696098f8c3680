import type { CourseDetail, CourseMembership, CourseSummary } from '@school/contract/courses';

/** Wire-shaped courses for the screens' tests. */
export const courseSummary: CourseSummary = {
  uid: 'c-free',
  title: 'Vue from scratch',
  subtitle: 'Build real apps',
  cover: '/seed/cover-01.svg',
  price: { amount: 0, original: null, currency: 'CNY' },
  status: 'PUBLISHED',
  lessonCount: 3,
  studentCount: 120,
  ratingScore: 4.5,
  tags: [{ id: 1, name: 'Frontend' }],
};

export const membership: CourseMembership = {
  joinedAt: '2025-01-01T00:00:00Z',
  expiresAt: null,
  expired: false,
  learningStatus: 'LEARNING',
  progress: 33,
  lastLessonId: null,
};

export const courseDetail: CourseDetail = {
  ...courseSummary,
  about: '<p>Learn <strong>Vue</strong> step by step.</p>',
  category: { id: 3, name: 'Frontend development' },
  validity: { kind: 'DAYS', days: 365 },
  teachers: [
    { id: 1, name: 'Ada Lovelace', avatar: null, title: 'Senior engineer', introduction: 'Ten years of Vue.' },
  ],
  chapters: [
    {
      id: 1,
      number: 1,
      title: 'Getting started',
      lessons: [
        {
          id: 11,
          number: 1,
          title: 'Why Vue',
          mediaType: 'VIDEO',
          duration: 330,
          freeTrial: true,
          locked: false,
          learningStatus: null,
        },
        {
          id: 12,
          number: 2,
          title: 'Slides of the setup',
          mediaType: 'PPT',
          duration: null,
          freeTrial: false,
          locked: true,
          learningStatus: null,
        },
      ],
    },
    {
      id: 2,
      number: 2,
      title: 'Components',
      lessons: [
        {
          id: 13,
          number: 3,
          title: 'Live Q&A',
          mediaType: 'LIVE_RECODE',
          duration: 3600,
          freeTrial: false,
          locked: true,
          learningStatus: null,
        },
      ],
    },
  ],
  ratingCount: 2,
  coupon: null,
  membership: null,
  firstLessonId: 11,
};
