import type { LessonContent, LessonDetail } from '@school/contract/lessons';

/** Wire-shaped lessons for the player's tests: lesson 12 of a three-lesson course. */
export const videoContent: LessonContent = {
  kind: 'VIDEO',
  format: 'MP4',
  url: '/api/lessons/12/media/video.mp4',
  duration: 120,
  poster: null,
};

export function lessonDetail(over: Partial<LessonDetail> = {}): LessonDetail {
  return {
    id: 12,
    number: 2,
    title: 'Components',
    mediaType: 'VIDEO',
    duration: 120,
    freeTrial: false,
    course: {
      uid: 'c-vue',
      title: 'Vue from scratch',
      cover: '/seed/cover-01.svg',
      price: { amount: 0, original: null, currency: 'CNY' },
      learnInOrder: true,
      lessonCount: 3,
    },
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
            duration: 60,
            freeTrial: true,
            locked: false,
            learningStatus: 'COMPLETED',
          },
          {
            id: 12,
            number: 2,
            title: 'Components',
            mediaType: 'VIDEO',
            duration: 120,
            freeTrial: false,
            locked: false,
            learningStatus: 'LEARNING',
          },
        ],
      },
      {
        id: 2,
        number: 2,
        title: 'Going further',
        lessons: [
          {
            id: 13,
            number: 3,
            title: 'Routing',
            mediaType: 'PDF',
            duration: null,
            freeTrial: false,
            locked: true,
            learningStatus: null,
          },
        ],
      },
    ],
    previousLessonId: 11,
    nextLessonId: 13,
    membership: {
      joinedAt: '2025-01-01T00:00:00Z',
      expiresAt: null,
      expired: false,
      learningStatus: 'LEARNING',
      progress: 33,
      lastLessonId: 12,
    },
    trial: false,
    refusal: null,
    content: videoContent,
    progress: { status: 'LEARNING', position: 30 },
    playbackRate: 1,
    homework: [],
    ...over,
  };
}
