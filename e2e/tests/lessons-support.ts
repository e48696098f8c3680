import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import type { NewAccount } from './accounts-support.js';
import { newLearner } from './catalogue-support.js';
import { logIn } from './support.js';

/*
 * Helpers of the lesson player journeys (decision 011). Texts come from the feature message files
 * (apps/web/src/features/lessons, courses, learning-center and components/media messages);
 * courses and lesson numbers from the demo's learning scenarios (`demoLearningScenarios` in
 * apps/server/src/demo-data/demo-learning-scenarios.ts). Lesson ids are always looked up through the API.
 */

/** The demo's learning scenarios the journeys use, by course uid and lesson number. */
export const scenarios = {
  /** Free and owned by nobody: lesson 1 the mp4 (also the free trial), 2 a video without trial, 3 the 4-page PDF. */
  newbieJourney: { courseUid: 'the-complete-css-layout-guide', mp4Lesson: 1, noTrialLesson: 2, pdfLesson: 3 },
  /** Free, learn in order. */
  learnInOrder: { courseUid: 'sql-essentials', completedLesson: 1, blockingLesson: 2, lockedLesson: 3 },
  /** The demo learner's membership of this paid course ended 35 days ago. */
  expiredMembership: { courseUid: 'automate-office-work-with-python', lesson: 2 },
  /** The demo learner owns the course; lesson 2's video is still converting. */
  conversionRunning: { courseUid: 'react-19-zero-to-production', lesson: 2 },
} as const;

/** The demo film (examples/demo-school/media/README.md): 20 s, H.264 main + AAC, as mp4 and HLS. */
export const seedVideo = { seconds: 20, type: 'video/mp4; codecs="avc1.4D401E, mp4a.40.2"' } as const;

export interface ApiLesson {
  id: number;
  number: number;
  title: string;
  mediaType: string;
  freeTrial: boolean;
}

/** The course's lessons in outline order, as the API numbers them (in the language asked). */
export async function courseLessons(
  request: APIRequestContext,
  courseUid: string,
  lang: 'en' | 'cn' = 'en',
): Promise<ApiLesson[]> {
  const res = await request.get(`/api/courses/${courseUid}`, {
    headers: { 'Accept-Language': lang === 'cn' ? 'zh-CN' : 'en-US' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const course = (await res.json()) as { chapters: Array<{ lessons: ApiLesson[] }> };
  return course.chapters.flatMap((chapter) => chapter.lessons);
}

/** One lesson of a course by its number (1-based across the course). */
export async function courseLesson(
  request: APIRequestContext,
  courseUid: string,
  number: number,
  lang: 'en' | 'cn' = 'en',
): Promise<ApiLesson> {
  const lesson = (await courseLessons(request, courseUid, lang)).find((candidate) => candidate.number === number);
  expect(lesson, `lesson ${number} of ${courseUid}`).toBeDefined();
  return lesson!;
}

/**
 * A learner of the journey's own (`newLearner`'s `n`: 40–69 here), logged in through the login
 * screen, who has joined a free course with the browser's cookies: a shortcut for setting up,
 * the catalogue journeys prove joining itself.
 */
export async function joinedLearner(
  page: Page,
  request: APIRequestContext,
  n: number,
  courseUid: string,
): Promise<NewAccount> {
  const account = await newLearner(request, n);
  await logIn(page, account);
  const res = await page.request.post(`/api/courses/${courseUid}/join`);
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** Where the player's video is, in seconds. */
export function videoTime(video: Locator): Promise<number> {
  return video.evaluate((element: HTMLVideoElement) => element.currentTime);
}

/**
 * Plays the video (muted, which every browser lets a page start) and pauses it once it has
 * reached `seconds`, as a learner tapping pause would; resolves with where it stopped.
 */
export function playUntil(video: Locator, seconds: number): Promise<number> {
  return video.evaluate(
    (element: HTMLVideoElement, until) =>
      new Promise<number>((resolve, reject) => {
        const onTime = () => {
          if (element.currentTime < until) return;
          element.removeEventListener('timeupdate', onTime);
          element.addEventListener('pause', () => resolve(element.currentTime), { once: true });
          element.pause();
        };
        element.addEventListener('timeupdate', onTime);
        element.muted = true;
        element.play().catch(reject);
      }),
    seconds,
  );
}

/** Seeks to `seconds` and plays (muted) until the video's `ended` fires. */
export function playToEnd(video: Locator, fromSeconds: number): Promise<void> {
  return video.evaluate(
    (element: HTMLVideoElement, from) =>
      new Promise<void>((resolve, reject) => {
        element.addEventListener('ended', () => resolve(), { once: true });
        element.muted = true;
        element.currentTime = from;
        element.play().catch(reject);
      }),
    fromSeconds,
  );
}

/** The video's metadata has loaded (the player resumes there, then the test may read the time). */
export async function expectVideoReady(video: Locator): Promise<void> {
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
}

/** The player's report of a position reaching the server (PUT …/progress answered 200). */
export function progressSaved(page: Page, lessonId: number, position: number): Promise<Response> {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (request.method() !== 'PUT' || new URL(response.url()).pathname !== `/api/lessons/${lessonId}/progress`) {
      return false;
    }
    const report = request.postDataJSON() as { position?: number } | null;
    return report?.position === position && response.status() === 200;
  });
}

/**
 * The Content-Security-Policy watch of fixtures.ts for a context a journey opens itself (a
 * second device); call the returned check at the end.
 */
export function watchContentSecurityPolicy(context: BrowserContext): () => void {
  const refusals: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      refusals.push(`${message.location().url}: ${message.text()}`);
    }
  });
  return () => expect(refusals, 'Content-Security-Policy refusals (second device)').toEqual([]);
}

export const lessonText = {
  en: {
    viewer: 'Lesson content',
    outlineOpen: 'Contents',
    outlineTitle: 'Chapters and lessons',
    outlineClose: 'Close the contents',
    completed: 'Completed',
    courseLink: (title: string) => `Course: ${title}`,
    speed: 'Playback speed',
    preparing: 'This video is being prepared',
    preparingRunning: 'Processing is under way: check back in a few minutes.',
    checkAgain: 'Check again',
    locked: 'This lesson is locked',
    lockedWhy: (title: string) => `This course is studied in order: finish “${title}” first.`,
    goToBlocking: (title: string) => `Go to “${title}”`,
    expired: 'Your access to this course has ended',
    expiredWhen: /^It ended on \d{4}-\d{2}-\d{2}\.$/,
    notTrial: 'This lesson is not a free preview',
    notTrialWhy: 'Join the course to study every lesson.',
    haveAccount: 'Already a learner? Log in',
    join: 'Join the course',
    renew: /^Buy again · /,
    trialNotice: 'You are watching a free preview.',
    trialEnded: 'That was the free preview',
    noteWrite: 'Write a note',
    noteTitle: 'New note',
    noteContent: 'Note',
    noteAt: (clock: string) => `At ${clock} of the lesson`,
    noteSave: 'Save note',
    noteSaved: 'Note saved',
    pdfPager: (page: number, count: number) => `${page} / ${count}`,
    pdfPage: (page: number, count: number) => `Page ${page} of ${count}`,
    nextPage: 'Next page',
    // Course detail, learning centre.
    courseProgress: (percent: number) => `Progress ${percent}%`,
    continue: 'Continue learning',
    notesTab: 'Notes',
    noteListAt: (clock: string) => `At ${clock}`,
    learningSections: 'Learning centre sections',
    myCourses: 'My courses',
    lessonsLearned: (learned: number, total: number) => `${learned} of ${total} lessons`,
    progressOf: (title: string) => `Progress of ${title}`,
  },
  cn: {
    viewer: '课时内容',
    outlineOpen: '目录',
    outlineTitle: '章节与课时',
    outlineClose: '关闭目录',
    completed: '已学完',
    courseLink: (title: string) => `课程：${title}`,
    speed: '播放速度',
    preparing: '视频正在转码中',
    preparingRunning: '正在处理，请几分钟后再来看看。',
    checkAgain: '重新检查',
    locked: '该课时尚未解锁',
    lockedWhy: (title: string) => `本课程需按顺序学习，请先学完「${title}」。`,
    goToBlocking: (title: string) => `去学习「${title}」`,
    expired: '你的课程学习有效期已结束',
    expiredWhen: /^已于 \d{4}-\d{2}-\d{2} 到期。$/,
    notTrial: '该课时不支持免费试看',
    notTrialWhy: '加入课程即可学习全部课时。',
    haveAccount: '已是学员？去登录',
    join: '加入课程',
    renew: /^重新购买 · /,
    trialNotice: '你正在免费试看。',
    trialEnded: '试看结束',
    noteWrite: '记笔记',
    noteTitle: '新建笔记',
    noteContent: '笔记内容',
    noteAt: (clock: string) => `记于课时的 ${clock}`,
    noteSave: '保存笔记',
    noteSaved: '笔记已保存',
    pdfPager: (page: number, count: number) => `${page} / ${count}`,
    pdfPage: (page: number, count: number) => `第 ${page} 页，共 ${count} 页`,
    nextPage: '下一页',
    courseProgress: (percent: number) => `学习进度 ${percent}%`,
    continue: '继续学习',
    notesTab: '笔记',
    noteListAt: (clock: string) => `${clock} 处`,
    learningSections: '学习中心分类',
    myCourses: '我的课程',
    lessonsLearned: (learned: number, total: number) => `已学 ${learned}/${total} 课时`,
    progressOf: (title: string) => `${title}的学习进度`,
  },
} as const;
