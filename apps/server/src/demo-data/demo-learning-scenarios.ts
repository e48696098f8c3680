/*
 * The demo school's learning scenarios, by course uid and lesson number (1-based across the
 * course, as the course outline numbers them). The pack (examples/demo-school) holds the
 * courses; demo-learners.ts makes the learners' side of each scenario. Browser tests reach them
 * through the API; API tests turn them into ids with testing/learning-scenarios.ts.
 *
 * - learnInOrder — SQL Essentials (free, learn in order): the learner joined and completed
 *   lesson 1 only, so lesson 3 is locked behind lesson 2.
 * - expiredMembership — Automate Office Work with Python (paid, 365 days): the learner's
 *   membership ended 35 days ago.
 * - conversionRunning — React 19 (the learner owns it): lesson 2's film is still being converted
 *   (outside this server: it stays so).
 * - Server-side Node.js (the learner owns it): lesson 1 an ACTIVITY with one seat left (four other
 *   learners registered), 2 LIVE tomorrow, 3 LIVE_NOW, 4 LIVE_COMPLETED, 5 LIVE_RECODE (the
 *   replay), 6 LAB, 7 OTHER (a download).
 * - learnerProgress — JavaScript from Zero and Python for Beginners: lessons 1–2 completed and
 *   lesson 3 at page 2; lesson 1 completed and lesson 2 at 0:12.
 * - newbieJourney — The Complete CSS Layout Guide (free, nobody's): lesson 1 a video, lesson 2
 *   the HLS stream, lesson 3 the PDF: `newbie` joins it and starts learning in the browser journeys.
 * - everyMediaType — Japanese Kana (free, nobody's): VIDEO, AUDIO, PDF, PPT, DOC, HTML, VIDEO,
 *   EXAM, ACTIVITY, LIVE in its ten lessons: join it to try each player.
 * - React Performance (the learner owns it): lesson 1 learned, lesson 2 half read; its EXAM
 *   lesson 4 opens an exam that needs 60 % of the course first (demo-exam-scenarios.ts).
 */
export const demoLearningScenarios = {
  learnInOrder: { courseUid: 'sql-essentials', completedLesson: 1, blockingLesson: 2, lockedLesson: 3 },
  expiredMembership: { courseUid: 'automate-office-work-with-python' },
  conversionRunning: { courseUid: 'react-19-zero-to-production', lesson: 2 },
  activityOneSeatLeft: { courseUid: 'server-side-node-js', lesson: 1 },
  liveTomorrow: { courseUid: 'server-side-node-js', lesson: 2 },
  liveNow: { courseUid: 'server-side-node-js', lesson: 3 },
  liveCompleted: { courseUid: 'server-side-node-js', lesson: 4 },
  liveReplay: { courseUid: 'server-side-node-js', lesson: 5 },
  lab: { courseUid: 'server-side-node-js', lesson: 6 },
  download: { courseUid: 'server-side-node-js', lesson: 7 },
  /** The learner's courses with progress: lessons completed, the last lesson and its position. */
  learnerProgress: [
    { courseUid: 'javascript-from-zero', completedLessons: 2, lastLesson: 3, position: 2 },
    { courseUid: 'python-for-beginners', completedLessons: 1, lastLesson: 2, position: 12 },
  ],
  /** The courses the learner owns outright (and has orders for when paid). */
  learnerOwns: [
    'javascript-from-zero',
    'react-component-patterns',
    'python-for-beginners',
    'react-19-zero-to-production',
    'server-side-node-js',
  ],
  /** Free and owned by nobody: lesson 1 a video, lesson 2 the HLS stream, lesson 3 the PDF. */
  newbieJourney: { courseUid: 'the-complete-css-layout-guide', mp4Lesson: 1, hlsLesson: 2, pdfLesson: 3 },
  /** Free and owned by nobody: lessons 1–10 are VIDEO, AUDIO, PDF, PPT, DOC, HTML, VIDEO, EXAM, ACTIVITY, LIVE. */
  everyMediaType: { courseUid: 'japanese-kana' },
  /** The free exam most EXAM lessons open (React Performance's gates on progress; three courses have their own check). */
  examUid: 'python-quiz',
  /** The second school's course with a video (lesson 1) and a PDF (lesson 2). */
  secondSchoolCourseUid: 'second-course-3',
} as const;

/** The demo's courses in the order their popularity, ratings and "Latest" place derive from. */
export const demoCourseOrder = [
  'javascript-from-zero',
  'advanced-javascript-async-and-modules',
  'typescript-in-practice',
  'react-19-zero-to-production',
  'react-performance',
  'react-component-patterns',
  'the-complete-css-layout-guide',
  'tailwind-css-quick-start',
  'server-side-node-js',
  'node-js-performance-and-debugging',
  'python-for-beginners',
  'automate-office-work-with-python',
  'python-web-development',
  'sql-essentials',
  'postgresql-in-depth',
  'introduction-to-data-analysis',
  'data-wrangling-with-pandas',
  'data-visualisation-in-practice',
  'machine-learning-basics',
  'deep-learning-primer',
  'mobile-ui-design',
  'figma-from-beginner-to-pro',
  'building-a-design-system',
  'accessible-design',
  'the-beauty-of-chinese-typography',
  'type-on-the-web',
  'brand-identity-design',
  'spoken-english-in-30-days',
  'business-english-conversation',
  'fix-your-english-pronunciation',
  'english-writing-for-beginners',
  'ielts-writing-for-a-high-band',
  'japanese-kana',
  'jlpt-n5-grammar',
  'excel-functions-handbook',
  'excel-pivot-tables',
  'slide-design-and-delivery',
  'presenting-data-with-slides',
  'effective-communication',
  'public-speaking-bootcamp',
  'full-stack-next-js',
  'motion-design',
  'toefl-writing',
] as const;

/** A demo course by its place in `demoCourseOrder` (tests name a few by place). */
export function demoCourseUid(index: number): string {
  const uid = demoCourseOrder[index];
  if (uid === undefined) throw new Error(`the demo has no course ${index}`);
  return uid;
}
