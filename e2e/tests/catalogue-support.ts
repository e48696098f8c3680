import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { registerByApi, type NewAccount } from './accounts-support.js';

/*
 * Helpers of the catalogue journeys (decision 008). Texts come from the feature message files
 * (apps/web/src/features/*\/messages) and the demo school (examples/demo-school, apps/server/src/demo-data).
 */

/**
 * A learner of the test's own, registered through the API on a request context apart from the
 * browser (the app only counts a learner signed in through its login screen). `n` (0–99) and
 * the repeat index make phone and username unique in the run, `--repeat-each` included: the
 * catalogue journeys use the phones 13900006rnn. Each spec keeps to its own range of `n`, so two
 * journeys never register the same phone: 1–9 catalogue, 10–19 orders, 20–29 screenshots, 30–39
 * learning centre, 40–69 lessons, 70–89 exams, 90–99 exam resilience.
 */
export async function newLearner(request: APIRequestContext, n: number): Promise<NewAccount> {
  const { repeatEachIndex, retry } = test.info();
  const suffix = `${(repeatEachIndex + retry) % 10}${String(n).padStart(2, '0')}`;
  const account = {
    phone: `13900006${suffix}`,
    nickname: `Cat ${suffix}`,
    username: `e2eCat${suffix}`,
    password: `Passw0rd${suffix}`,
  };
  await registerByApi(request, account);
  return account;
}

/**
 * Waits until notices (antd-mobile Toasts) have faded out, so axe measures the screen itself and
 * not a notice mid-animation.
 */
export async function noticesGone(page: Page): Promise<void> {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);
}

/** The course uids of the cards on screen, in order (from their links). */
export async function cardUids(cards: Locator): Promise<string[]> {
  const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.split('/').pop() ?? '');
}

/** The first `count` courses the API lists for a sort (what the list screen should show). */
export async function apiCourses(
  page: Page,
  sort: string,
  count: number,
  lang: 'en' | 'cn' = 'en',
): Promise<Array<{ uid: string; title: string }>> {
  const res = await page.request.get('/api/courses', {
    params: { sort, page: 1, pageSize: count },
    headers: { 'Accept-Language': lang === 'cn' ? 'zh-CN' : 'en-US' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { items: Array<{ uid: string; title: string }> }).items;
}

/** The uids of the first `count` courses the API lists for a sort. */
export async function apiCourseUids(page: Page, sort: string, count: number): Promise<string[]> {
  return (await apiCourses(page, sort, count)).map((course) => course.uid);
}

/** Walks the category picker down the given names; the last one is chosen. */
export async function pickCategory(page: Page, buttonName: RegExp, path: string[]): Promise<void> {
  await page.getByRole('button', { name: buttonName }).click();
  const picker = page.getByTestId('category-picker');
  await expect(picker).toBeVisible();
  for (const name of path) {
    await picker.getByRole('button', { name, exact: true }).click();
  }
  await expect(picker).toBeHidden();
}

/** The number in a "… · 1234 views" byline. */
export function viewsIn(text: string): number {
  const match = /(\d+)\s*(?:views?|次阅读)/.exec(text);
  expect(match, `a view count in "${text}"`).not.toBeNull();
  return Number(match![1]);
}

export const catalogueText = {
  en: {
    coursesTab: 'Courses',
    courseListHeading: 'Courses',
    categoryButton: /^Category:/,
    sort: 'Sort by',
    popular: 'Popular',
    tags: 'Tags',
    comingSoon: 'Coming soon',
    join: 'Join course',
    joined: 'You have joined this course',
    start: 'Start learning',
    continue: 'Continue learning',
    tabs: 'Course sections',
    tab: {
      about: 'About',
      syllabus: 'Syllabus',
      ratings: 'Ratings',
      notes: 'Notes',
      threads: 'Q&A',
      lectures: 'Lecture',
    },
    loginTitle: 'Log in to see this',
    joinTitle: 'For course members',
    alreadyCommented: 'You have already commented on this course',
    searchHeading: 'Search',
  },
  cn: {
    coursesTab: '课程',
    courseListHeading: '课程',
    categoryButton: /^分类:/,
    sort: '排序',
    popular: '最热',
    tags: '标签',
    comingSoon: '敬请期待',
    join: '加入课程',
    joined: '已加入课程',
    start: '开始学习',
    continue: '继续学习',
    tabs: '课程内容',
    tab: {
      about: '介绍',
      syllabus: '目录',
      ratings: '评价',
      notes: '笔记',
      threads: '问答',
      lectures: '讲义',
    },
    loginTitle: '登录后查看',
    joinTitle: '课程学员专享',
    alreadyCommented: '您已评价过该课程',
    searchHeading: '搜索',
  },
} as const;
