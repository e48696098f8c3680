import { type Locator, type Page } from '@playwright/test';
import { expect, navigationsUntilInteractive, test } from './fixtures.js';
import {
  apiCourses,
  apiCourseUids,
  cardUids,
  catalogueText,
  newLearner,
  noticesGone,
  pickCategory,
  viewsIn,
} from './catalogue-support.js';
import {
  accounts,
  announcedNotice,
  expectAccessible,
  expectPopupsSettled,
  logIn,
  loginWithPassword,
  pathOf,
  resetSystemConfig,
  screenHeading,
  text,
  toast,
} from './support.js';

// Decision 008 in the browser: the catalogue journeys in both languages (home, course
// list filters and sort, joining a free course, course tabs and ratings, classrooms with their
// countdown, exam tips, search with history, articles) and axe on every catalogue screen.
// The database is shared by the whole run: each journey joins and rates with a learner of its
// own, on courses no other journey joins.

test.afterEach(async ({ request }) => {
  await resetSystemConfig(request);
});

/** Taps a star of a rating input (its radio is visually hidden inside the star's label). */
async function tapStar(form: Locator, name: string) {
  await form
    .locator('label')
    .filter({ has: form.page().getByRole('radio', { name }) })
    .click();
  await expect(form.getByRole('radio', { name })).toBeChecked();
}

/** The home page with its decorated product lists loaded (cards, not skeletons). */
async function openHome(page: Page, lang: 'en' | 'cn') {
  await page.goto('/mobile/');
  await expect(screenHeading(page)).toHaveText(text[lang].homeHeading);
  for (const kind of ['courseList', 'classroomList', 'examList', 'articleList']) {
    await expect(page.getByTestId(`home-${kind}`).getByRole('link').nth(1)).toBeVisible();
  }
}

/** A one-finger drag from `from` to `to` (CSS pixels), in small steps, as a phone sends it. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y), id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x, from.y) });
  const steps = 12;
  for (let step = 1; step <= steps; step += 1) {
    const x = from.x + ((to.x - from.x) * step) / steps;
    const y = from.y + ((to.y - from.y) * step) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
    await page.waitForTimeout(16);
  }
  return {
    release: async () => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    },
  };
}

test.describe('English', () => {
  const l = catalogueText.en;

  test('home → courses → sort, 3-level category and tag → join a free course after logging in', async ({
    page,
    request,
  }) => {
    const account = await newLearner(request, 1);

    await openHome(page, 'en');
    await expect(page.getByTestId('home-courseList').first().getByRole('heading', { level: 2 })).toHaveText(
      'Recommended courses',
    );
    await expectAccessible(page);

    await page.getByRole('navigation', { name: text.en.tabBar }).getByRole('link', { name: l.coursesTab }).click();
    await expect(screenHeading(page)).toHaveText(l.courseListHeading);
    const cards = page.getByTestId('course-card');
    await expect(cards.first()).toBeVisible();
    await expectAccessible(page);

    // Sort: the first cards follow the API's most popular courses, not the latest ones.
    const latest = (await cardUids(cards)).slice(0, 3);
    expect(latest).toEqual(await apiCourseUids(page, 'updatedTime', 3));
    await page.getByRole('combobox', { name: l.sort }).selectOption({ label: l.popular });
    await expect(page).toHaveURL(/sort=studentCount/);
    const popular = await apiCourseUids(page, 'studentCount', 3);
    expect(popular).not.toEqual(latest);
    await expect.poll(async () => (await cardUids(cards)).slice(0, 3)).toEqual(popular);

    // Category: Design → UI design → Mobile design (a leaf), then the tag Beginner.
    await pickCategory(page, l.categoryButton, ['Design', 'UI design', 'Mobile design']);
    await expect(page.getByRole('button', { name: 'Category: Mobile design' })).toBeVisible();
    await expect(page).toHaveURL(/categoryId=\d+/);
    // Still by popularity.
    await expect(cards.getByRole('heading')).toHaveText([
      'Mobile UI Design',
      'Figma from Beginner to Pro',
      'Motion Design (coming soon)',
    ]);
    await expect(cards.filter({ hasText: 'Motion Design' })).toContainText(l.comingSoon);
    const tags = page.getByRole('group', { name: l.tags });
    await tags.getByRole('button', { name: 'Beginner' }).click();
    await expect(tags.getByRole('button', { name: 'Beginner' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/tagId=\d+/);
    await expect(cards.getByRole('heading')).toHaveText(['Figma from Beginner to Pro']);

    // A free course: joining asks an anonymous visitor to log in, then brings them back.
    await cards.first().click();
    await expect(page.getByTestId('course-title')).toHaveText('Figma from Beginner to Pro');
    await page.getByRole('button', { name: l.join }).click();
    await expect(page).toHaveURL(/\/mobile\/login/);
    await loginWithPassword(page, account);
    await expect.poll(() => pathOf(page)).toBe('/mobile/courses/figma-from-beginner-to-pro');
    await page.getByRole('button', { name: l.join }).click();
    await expect(toast(page, l.joined)).toBeVisible();
    await expect(page.getByRole('link', { name: l.start })).toBeVisible();
    await expect(page.getByTestId('course-membership')).toContainText('Progress 0%');
  });

  test('home banner: the first slide paints as a picture, then the carousel takes its place and swipes', async ({
    page,
  }) => {
    // No auto-play: only the finger moves the slides here.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/mobile/');
    const banner = page.getByRole('region', { name: 'Featured' });
    const first = banner.getByRole('img').first();
    await expect(first).toBeVisible();
    const box = await banner.boundingBox();
    // The carousel arrives once the page is idle, in the same box.
    await expect(banner.locator('.adm-swiper')).toBeVisible();
    expect(await banner.boundingBox()).toEqual(box);
    const slides = banner.getByRole('group');
    const count = await slides.count();
    expect(count).toBeGreaterThan(1);
    const second = banner.getByRole('group', { name: /^Slide 2 of \d+$/ }).first();
    await expect(second).not.toBeInViewport({ ratio: 0.9 });
    const drag = await touchDrag(
      page,
      { x: box!.x + box!.width * 0.8, y: box!.y + box!.height / 2 },
      { x: box!.x + box!.width * 0.1, y: box!.y + box!.height / 2 },
    );
    await drag.release();
    await expect(second).toBeInViewport({ ratio: 0.9 });
    await expectAccessible(page);
  });

  test('course list: pulling the list down refreshes it', async ({ page }) => {
    await page.goto('/mobile/courses');
    const list = page.getByTestId('course-list');
    await expect(list.getByRole('link').first()).toBeVisible();
    // antd-mobile's PullToRefresh arrives once the page is idle.
    await expect(page.locator('.adm-pull-to-refresh')).toBeAttached();
    const box = (await list.boundingBox())!;
    const refetched = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/courses');
    const drag = await touchDrag(page, { x: box.x + 40, y: box.y + 20 }, { x: box.x + 40, y: box.y + 320 });
    await expect(page.getByText('Release to refresh')).toBeVisible();
    await drag.release();
    await refetched;
    await expect(page.getByText('Refreshed')).toBeVisible();
    await expect(list.getByRole('link').first()).toBeVisible();
  });

  test('course tabs for a visitor: about, numbered syllabus, ratings, and why notes, Q&A and lecture are hidden', async ({
    page,
  }) => {
    await page.goto('/mobile/courses/react-component-patterns');
    await expect(page.getByTestId('course-title')).toHaveText('React Component Patterns');
    const tabs = page.getByRole('tablist', { name: l.tabs });
    await expect(tabs.getByRole('tab')).toHaveText(Object.values(l.tab));
    const panel = page.getByRole('tabpanel');
    await expect(page.getByRole('tabpanel', { name: l.tab.about })).toContainText(
      'Ten patterns for reusable components',
    );
    await expect(page.getByRole('button', { name: l.join })).toBeVisible();
    await expectAccessible(page);

    // Syllabus: numbered chapters, lessons numbered through the course, media, free trial, lock.
    await tabs.getByRole('tab', { name: l.tab.syllabus }).click();
    await expect(tabs.getByRole('tab', { name: l.tab.syllabus })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText([
      'Chapter 1 Principles of components',
      'Chapter 2 Composition patterns',
      'Chapter 3 Sharing logic',
      'Chapter 4 Building a component library',
    ]);
    const lessons = page.getByTestId('syllabus-lesson');
    await expect(lessons).toHaveCount(10);
    for (let i = 0; i < 10; i++) await expect(lessons.nth(i)).toContainText(`Lesson ${i + 1} `);
    await expect(lessons.nth(0)).toContainText('One job per component');
    await expect(lessons.nth(0)).toContainText('Free trial');
    // The free trial opens its player; a locked lesson leads nowhere.
    await expect(lessons.nth(0).getByRole('link')).toHaveAttribute('href', /^\/mobile\/lessons\/\d+\/try\/play$/);
    await expect(lessons.nth(1).getByRole('link')).toHaveCount(0);
    await expect(lessons.nth(0).getByRole('img', { name: 'Locked' })).toHaveCount(0);
    await expect(lessons.nth(1).getByRole('img', { name: 'Locked' })).toBeVisible();
    await expect(lessons.nth(2)).toContainText('PDF');
    await expect(lessons.nth(3)).toContainText('Video');
    await expectAccessible(page);

    await tabs.getByRole('tab', { name: l.tab.ratings }).click();
    await expect(page.getByTestId('rating-summary')).toContainText(/Average \d\.\d from \d+ ratings/);
    await expect(panel.getByTestId('comment-item').first()).toBeVisible();
    await expectAccessible(page);

    // Members only: a visitor is told to log in, with the way to do it.
    for (const tab of [l.tab.notes, l.tab.threads, l.tab.lectures]) {
      await tabs.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab }).getByTestId('member-gate')).toContainText(l.loginTitle);
      await expect(page.getByTestId('member-gate').getByRole('link', { name: 'Log in' })).toBeVisible();
      // One gate serves the three tabs; the member test checks each tab's own list.
      if (tab === l.tab.notes) await expectAccessible(page);
    }

    // The ratings screen, for a visitor.
    await page.goto('/mobile/courses/react-component-patterns/comments');
    await expect(page.getByTestId('course-comment-reason')).toContainText('Log in and join the course to rate it.');
    await expect(page.getByTestId('course-comments').getByTestId('comment-item').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('a member sees the notes, Q&A and lecture materials, and where they left off', async ({ page }) => {
    await logIn(page, accounts.learner);
    await page.goto('/mobile/courses/javascript-from-zero?tab=syllabus');
    await expect(page.getByTestId('course-title')).toHaveText('JavaScript from Zero');
    await expect(page.getByRole('link', { name: l.continue })).toBeVisible();
    const lessons = page.getByTestId('syllabus-lesson');
    await expect(lessons.nth(0)).toContainText('Completed');
    await expect(lessons.nth(2)).toContainText('In progress');
    await expect(lessons.nth(3)).toContainText('Not started');
    await expect(page.getByRole('img', { name: 'Locked' })).toHaveCount(0);

    const tabs = page.getByRole('tablist', { name: l.tabs });
    await tabs.getByRole('tab', { name: l.tab.notes }).click();
    // The tab lists the learner's own notes only: the demo data gives them one; the other is another learner's.
    await expect(page.getByText('重点：先理解概念，再看代码。')).toBeVisible();
    await expect(page.getByText('Tip: pause the video')).toHaveCount(0);
    await expectAccessible(page);

    await tabs.getByRole('tab', { name: l.tab.threads }).click();
    const threads = page.getByRole('list', { name: 'Questions' });
    await expect(threads.getByRole('heading', { name: 'Which editor does the teacher use?' })).toBeVisible();
    await expect(threads).toContainText('2 answers');
    await expectAccessible(page);

    await tabs.getByRole('tab', { name: l.tab.lectures }).click();
    const lectures = page.getByRole('list', { name: 'Lecture materials' });
    // Each opens its own page (PDF viewer, picture or download), never a public file.
    await expect(lectures.getByRole('link', { name: /^Course handout/ })).toHaveAttribute(
      'href',
      /\/mobile\/courses\/javascript-from-zero\/lectures\/\d+$/,
    );
    await expect(lectures.getByRole('link', { name: /^Exercise files/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('a learner joins, rates once (a second rating from another tab is refused), changes the rating and deletes it', async ({
    page,
    context,
    request,
  }) => {
    const account = await newLearner(request, 3);
    await logIn(page, account);
    await page.goto('/mobile/courses/python-for-beginners?tab=notes');
    // Logged in but not a member yet: told to join.
    await expect(page.getByTestId('member-gate')).toContainText(l.joinTitle);
    await page.getByRole('button', { name: l.join }).click();
    await expect(toast(page, l.joined)).toBeVisible();
    // A member at once: the notes tab opens (on no notes of their own yet).
    await expect(page.getByText('No notes yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: l.start })).toBeVisible();

    await page.getByRole('tab', { name: l.tab.ratings }).click();
    await page.getByTestId('course-all-ratings').click();
    await expect(screenHeading(page)).toHaveText('Ratings');
    const form = page.getByTestId('course-comment-form');
    await expect(form).toBeVisible();
    await noticesGone(page);
    await expectAccessible(page);

    // The same learner in a second tab, with the form still open there.
    const second = navigationsUntilInteractive(await context.newPage());
    await second.goto('/mobile/courses/python-for-beginners/comments');
    await expect(second.getByTestId('course-comment-form')).toBeVisible();

    const comment = `Clear and practical (${account.username})`;
    await tapStar(form, '4 out of 5');
    await form.getByLabel('Your comment').fill(comment);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Thank you for your rating')).toBeVisible();
    const mine = page.getByTestId('course-comments').getByTestId('comment-item').filter({ hasText: comment });
    await expect(mine).toContainText(account.nickname);
    await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    // In the form's place, the learner's own rating, theirs to change.
    const yours = page.getByTestId('course-your-comment');
    await expect(yours).toContainText(comment);
    await expect(form).toHaveCount(0);

    const secondForm = second.getByTestId('course-comment-form');
    await tapStar(secondForm, '5 out of 5');
    await secondForm.getByLabel('Your comment').fill('Trying to rate twice');
    await secondForm.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(second, l.alreadyCommented)).toBeVisible();
    await expect(announcedNotice(second)).toContainText(l.alreadyCommented);
    // The refused tab catches up: no form, the reason instead, and only the one rating.
    await expect(second.getByTestId('course-your-comment')).toContainText(comment);
    await expect(second.getByTestId('comment-item').filter({ hasText: 'Trying to rate twice' })).toHaveCount(0);
    await expect(second.getByTestId('comment-item').filter({ hasText: comment })).toHaveCount(1);

    // Changed: five stars now, in the list too.
    await yours.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByTestId('course-your-comment-edit-form');
    await expect(edit.getByLabel('Your comment')).toHaveValue(comment);
    await tapStar(edit, '5 out of 5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Your rating is updated')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expectAccessible(page);
    // Deleted after a confirmation: gone from the list, and the form is back to rate again.
    await yours.getByRole('button', { name: 'Delete' }).click();
    const sure = page.getByRole('dialog', { name: 'Delete your rating?' });
    await sure.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Your rating is deleted')).toBeVisible();
    await expect(mine).toHaveCount(0);
    await expect(page.getByTestId('course-comment-form')).toBeVisible();
  });
  test('classroom: enrolment countdown, tabs, enrolling as a new learner, then progress', async ({ page, request }) => {
    const account = await newLearner(request, 4);
    await logIn(page, account);
    await page.goto('/mobile/classroom/frontend-bootcamp');
    await expect(page.getByTestId('classroom-title')).toHaveText('Front-end Engineer Bootcamp');
    const status = page.getByTestId('enrol-status');
    await expect(status).toHaveAttribute('data-state', 'OPEN');
    await expect(status).toContainText('Enrolment closes in');
    const countdown = page.getByTestId('enrol-countdown');
    await expect(countdown).toHaveText(/^\d+d \d{2}:\d{2}:\d{2}$/);
    await expect(countdown).toHaveAccessibleName(/^Enrolment closes at \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(page.getByTestId('fact-duration')).toContainText('60 days');
    await expect(page.getByTestId('fact-courses')).toContainText('4');
    const students = Number(await page.getByTestId('fact-students').locator('dd').innerText());
    const tabs = page.getByRole('tablist', { name: 'Classroom sections' });
    await expect(tabs.getByRole('tab')).toHaveText([
      'Courses',
      'Intro',
      'Teaching plan',
      'Evaluation',
      'Teachers',
      'Announcements',
    ]);
    await expect(page.getByRole('tabpanel', { name: 'Courses' }).getByRole('link')).toHaveCount(4);
    await expect(page.getByTestId('classroom-progress')).toHaveCount(0);
    await expectAccessible(page);

    await tabs.getByRole('tab', { name: 'Intro' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Intro' })).toContainText(
      'Front-end Engineer Bootcamp is led by experienced teachers week by week',
    );
    await tabs.getByRole('tab', { name: 'Teaching plan' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Teaching plan' }).getByRole('listitem')).toHaveCount(3);
    await tabs.getByRole('tab', { name: 'Teachers' }).click();
    await expect(page.getByTestId('classroom-teachers').getByRole('heading')).toHaveText(['Wang Lei', 'Chen Jing']);
    await tabs.getByRole('tab', { name: 'Evaluation' }).click();
    await expect(page.getByTestId('classroom-evaluation').getByTestId('comment-item').first()).toBeVisible();
    await expectAccessible(page);

    // Enrolling makes the learner a member at once: the bar says so and progress appears.
    await page.getByRole('button', { name: 'Enrol' }).click();
    await expect(toast(page, 'You are enrolled. Happy learning!')).toBeVisible();
    await expect(page.getByTestId('classroom-enrolled')).toHaveText('Enrolled');
    const progress = page.getByTestId('classroom-progress');
    await expect(progress).toContainText('0 of 4 courses completed');
    await expect(progress.getByRole('progressbar', { name: 'Learning progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await expect(page.getByTestId('fact-students').locator('dd')).toHaveText(String(students + 1));
    await noticesGone(page);
    await expectAccessible(page);

    // A member may rate the classroom.
    await page.getByTestId('classroom-all-comments').click();
    await expect(screenHeading(page)).toHaveText('Evaluations');
    await expect(page.getByRole('group', { name: 'Your rating' })).toBeVisible();
    await expect(page.getByTestId('classroom-comment-list').getByTestId('comment-item')).toHaveCount(3);
    await expectAccessible(page);
  });

  test('classroom list, announcements, comments for a visitor, and a full classroom', async ({ page }) => {
    await page.goto('/mobile/classrooms');
    await expect(screenHeading(page)).toHaveText('Classrooms');
    await expect(page.getByTestId('classroom-card').first()).toBeVisible();
    await expectAccessible(page);

    await page.getByTestId('classroom-card').filter({ hasText: 'Front-end Engineer Bootcamp' }).click();
    await expect(page.getByTestId('classroom-title')).toHaveText('Front-end Engineer Bootcamp');
    await page.getByRole('tab', { name: 'Announcements' }).click();
    await expect(page.getByTestId('announcement-item')).toHaveText([/This week’s plan/, /Before we start/]);
    await page.getByTestId('classroom-all-announcements').click();
    await expect(screenHeading(page)).toHaveText('Announcements');
    await expect(page.getByTestId('announcement-list').getByRole('link')).toHaveCount(2);
    await expectAccessible(page);
    await page.getByRole('link', { name: /Before we start/ }).click();
    await expect(screenHeading(page)).toHaveText('Announcement');
    const detail = page.getByTestId('announcement-detail');
    await expect(detail.getByRole('heading', { name: 'Before we start' })).toBeVisible();
    await expect(detail).toContainText('Welcome! Please complete your profile and join the class chat.');
    await expectAccessible(page);

    await page.goto('/mobile/classroom/frontend-bootcamp/comments');
    await expect(page.getByTestId('comment-reason')).toContainText('Log in to rate this classroom.');
    await expect(page.getByRole('group', { name: 'Your rating' })).toHaveCount(0);
    await expect(page.getByTestId('classroom-comment-list').getByTestId('comment-item').first()).toBeVisible();
    await expectAccessible(page);

    // Three seats, three learners: full, and nobody else may enrol.
    await page.goto('/mobile/classroom/design-systems-studio');
    await expect(page.getByTestId('enrol-status')).toHaveAttribute('data-state', 'FULL');
    await expect(page.getByTestId('enrol-status')).toHaveText('This classroom is full');
    await expect(page.getByTestId('classroom-full')).toBeDisabled();
    await expect(page.getByTestId('classroom-full')).toHaveText('Classroom full');
    await expect(page.getByRole('button', { name: 'Enrol' })).toHaveCount(0);

    // On a phone whose clock is three days behind, the server-rendered countdown still counts to
    // the school's closing time: the days left are the server's.
    await page.clock.setSystemTime(Date.now() - 3 * 24 * 3_600_000);
    const bootcamp = (await (await page.request.get('/api/classrooms/frontend-bootcamp')).json()) as {
      enrolEndTime: string;
      now: string;
    };
    const daysLeft = Math.floor((Date.parse(bootcamp.enrolEndTime) - Date.parse(bootcamp.now)) / (24 * 3_600_000));
    await page.goto('/mobile/classroom/frontend-bootcamp');
    const countdown = page.getByTestId('enrol-countdown');
    // The markup as rendered never ticks: once it has, the browser's own count is on screen.
    const rendered = await countdown.innerText();
    await expect(countdown).not.toHaveText(rendered);
    await expect(countdown).toHaveText(new RegExp(`^${daysLeft}d \\d{2}:\\d{2}:\\d{2}$`));
  });

  test('exam list and details: start, late and ended tips with the matching button', async ({ page }) => {
    // On a phone whose clock is three days behind: the tips follow the school's clock all the same,
    // and the server-rendered details hydrate as they were rendered.
    await page.clock.setSystemTime(Date.now() - 3 * 24 * 3_600_000);
    await page.goto('/mobile/single/exams');
    await expect(screenHeading(page)).toHaveText('Exams');
    await expect(page.getByTestId('exam-card').first()).toBeVisible();
    await expectAccessible(page);

    // The demo's times are relative to when it was loaded, rounded down to the hour: kinds and units only.
    // The kana quiz starts 25 h after that hour, so once the clock has passed the next hour it is
    // under a day away: the server's own clock says which tip is due.
    const kana = (await (await page.request.get('/api/exams/japanese-kana-test')).json()) as {
      startTime: string;
      now: string;
    };
    const kanaTip =
      Date.parse(kana.startTime) - Date.parse(kana.now) >= 24 * 3_600_000
        ? (['startsInDays', /^The exam starts in 1 day$/] as const)
        : // Minutes round up: in the last minute before a whole day is left it reads "24 h 0 min".
          (['startsInHours', /^The exam starts in (23 h \d+|24 h 0) min$/] as const);
    const cases = [
      ['js-fundamentals-exam', 'startsInDays', /^The exam starts in \d+ days$/, 'exam-enroll', 'Enroll'],
      ['japanese-kana-test', ...kanaTip, 'exam-enroll', 'Enroll'],
      ['react-certification', 'startsInHours', /^The exam starts in \d+ h \d+ min$/, 'exam-buy', 'Buy'],
      [
        'sql-closed-exam',
        'late',
        /^You are late and cannot enter: entry closes 30 min after/,
        'exam-late',
        'Entry closed',
      ],
      ['excel-skills-test', 'ended', /^This exam has ended\.$/, 'exam-ended', 'Exam ended'],
    ] as const;
    for (const [uid, kind, tipText, action, actionText] of cases) {
      await page.goto(`/mobile/single/exams/${uid}`);
      const tip = page.getByTestId('exam-tip');
      await expect(tip, uid).toHaveAttribute('data-kind', kind);
      await expect(tip, uid).toHaveText(tipText);
      await expect(page.getByTestId(action), uid).toHaveText(actionText);
      if (uid === 'js-fundamentals-exam') {
        await expect(page.getByTestId('exam-reviewers').getByRole('heading', { level: 3 })).toHaveText(['Wang Lei']);
        await expectAccessible(page);
      }
      if (kind === 'late' || kind === 'ended') await expect(page.getByTestId(action)).toBeDisabled();
    }
  });

  test('search with history: Chinese substring, other tabs, history replay and clearing', async ({ page }) => {
    await page.goto('/mobile/');
    await page.getByRole('link', { name: 'Search courses, classrooms and exams' }).click();
    await expect(screenHeading(page)).toHaveText('Search');
    await expect(page.getByTestId('search-start')).toBeVisible();
    const input = page.getByRole('searchbox', { name: 'Search keyword' });
    await expect(input).toBeFocused();

    await input.fill('数据');
    await input.press('Enter');
    await expect(page).toHaveURL(/type=COURSE&keyword=%E6%95%B0%E6%8D%AE/);
    const results = page.getByRole('list', { name: 'Results: Courses' });
    await expect(results.getByRole('link', { name: /Introduction to Data Analysis/ })).toBeVisible();
    await expect(results.getByRole('link', { name: /JavaScript from Zero/ })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Classrooms' }).click();
    await expect(
      page.getByRole('list', { name: 'Results: Classrooms' }).getByRole('link', { name: /Data Analyst Programme/ }),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'Teachers' }).click();
    await input.fill('王');
    await input.press('Enter');
    const teacher = page.getByTestId('search-teacher');
    await expect(teacher.getByRole('heading', { name: 'Wang Lei' })).toBeVisible();
    await expect(teacher.getByRole('link')).toHaveCount(0);

    // Cleared, the field shows the history, most recent first; it survives a reload.
    await page.getByRole('button', { name: 'Clear the keyword' }).click();
    const history = page.getByTestId('search-history-item');
    await expect(history).toHaveText(['王', '数据']);
    await page.reload();
    await expect(history).toHaveText(['王', '数据']);
    await expectAccessible(page);

    // An entry searches again, on the tab in view.
    await page.getByRole('tab', { name: 'Courses' }).click();
    await history.filter({ hasText: '数据' }).click();
    await expect(input).toHaveValue('数据');
    await expect(
      page.getByRole('list', { name: 'Results: Courses' }).getByRole('link', { name: /Introduction to Data Analysis/ }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Clear the keyword' }).click();
    await expect(history).toHaveText(['数据', '王']);

    // Clearing asks first; cancelled, nothing changes.
    await page.getByTestId('search-history-clear').click();
    const dialog = page.getByRole('dialog', { name: 'Clear search history?' });
    await expect(dialog).toBeVisible();
    await expectPopupsSettled(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(history).toHaveCount(2);
    await page.getByTestId('search-history-clear').click();
    await page.getByRole('dialog', { name: 'Clear search history?' }).getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByTestId('search-start')).toBeVisible();
    await expect(history).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('search-start')).toBeVisible();
  });

  test('articles: latest, recommended and popular lists, then an article with its content and views', async ({
    page,
  }) => {
    await openHome(page, 'en');
    await page.getByRole('link', { name: 'More School news' }).click();
    await expect(screenHeading(page)).toHaveText('News');
    await expect(page.getByRole('tab', { name: 'Latest' })).toHaveAttribute('aria-selected', 'true');
    const latest = page.getByRole('list', { name: 'Latest articles' });
    await expect(latest.getByRole('heading').first()).toHaveText('How to Learn Online Effectively');
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Recommended' }).click();
    await expect(page).toHaveURL(/tab=recommended/);
    await expect(page.getByRole('list', { name: 'Recommended articles' }).getByRole('heading')).toHaveText([
      'New Term Courses Are Online',
      'How to Learn Online Effectively',
      'Learner Story: From Zero to Front-end Engineer',
      'Getting Around the Platform',
      'Programming Languages Worth Learning in 2026',
    ]);

    await page.getByRole('tab', { name: 'Popular' }).click();
    const popular = page.getByRole('list', { name: 'Popular articles' }).getByRole('link');
    await expect(popular.first()).toBeVisible();
    // Text content, not rendered text: a card below the fold is laid out only as it comes near
    // (content-visibility), and until then its rendered text is empty.
    const bylines = await popular.allTextContents();
    const views = bylines.map(viewsIn);
    expect(views.length).toBeGreaterThan(3);
    expect(views).toEqual([...views].sort((a, b) => b - a));

    const title = await popular.first().getByRole('heading').innerText();
    await popular.first().click();
    await expect(screenHeading(page)).toHaveText('Article');
    const article = page.getByTestId('article-detail');
    await expect(article.getByRole('heading', { level: 2 })).toHaveText(title);
    // Reading it counts.
    expect(viewsIn(await page.getByTestId('article-byline').innerText())).toBeGreaterThan(views[0]!);
    // The rich text is rendered as HTML (list, quote), not shown as markup.
    await expect(article.getByRole('listitem')).toHaveText([
      'Give every session a small goal',
      'Practise right after learning',
      'Review once a week',
    ]);
    await expect(article.locator('blockquote')).toContainText('Learning and practising what you learn');
    await expect(article).not.toContainText('<p>');
    await expectAccessible(page);
  });
});

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });
  const l = catalogueText.cn;

  test('首页 → 更多课程 → 最热、三级分类和标签 → 加入免费课程', async ({ page, request }) => {
    const account = await newLearner(request, 2);
    await logIn(page, account);

    await openHome(page, 'cn');
    await expect(page.getByTestId('home-courseList').first().getByRole('heading', { level: 2 })).toHaveText('推荐课程');
    await expectAccessible(page);

    await page.getByRole('link', { name: '更多最新课程' }).click();
    await expect(screenHeading(page)).toHaveText(l.courseListHeading);
    const cards = page.getByTestId('course-card');
    await expect(cards.first()).toBeVisible();
    // The newest courses first, titled in Chinese.
    const newest = await apiCourses(page, 'updatedTime', 3, 'cn');
    await expect(cards.getByRole('heading').first()).toHaveText(newest[0]!.title);
    expect(newest[0]!.title).toMatch(/[\u4e00-\u9fff]/);
    await expectAccessible(page);

    const latest = (await cardUids(cards)).slice(0, 3);
    expect(latest).toEqual(newest.map((course) => course.uid));
    await page.getByRole('combobox', { name: l.sort }).selectOption({ label: l.popular });
    await expect(page).toHaveURL(/sort=studentCount/);
    const popular = await apiCourseUids(page, 'studentCount', 3);
    expect(popular).not.toEqual(latest);
    await expect.poll(async () => (await cardUids(cards)).slice(0, 3)).toEqual(popular);

    await pickCategory(page, l.categoryButton, ['语言学习', '日语', '日语入门']);
    await expect(page.getByRole('button', { name: '分类: 日语入门' })).toBeVisible();
    await expect(cards.getByRole('heading')).toHaveText(['日语五十音', '日语 N5 语法']);
    await page.getByRole('group', { name: l.tags }).getByRole('button', { name: '热门' }).click();
    await expect(cards.getByRole('heading')).toHaveText(['日语五十音']);

    await cards.first().click();
    await expect(page.getByTestId('course-title')).toHaveText('日语五十音');
    await expect(page.getByRole('tabpanel', { name: l.tab.about })).toContainText('平假名与片假名');
    await expectAccessible(page);
    await page.getByRole('tab', { name: l.tab.syllabus }).click();
    await expect(page.getByTestId('syllabus-lesson').first()).toContainText('第1课时');
    await expect(page.getByTestId('syllabus-lesson').first()).toContainText('免费试看');
    await page.getByRole('tab', { name: l.tab.notes }).click();
    await expect(page.getByTestId('member-gate')).toContainText(l.joinTitle);

    await page.getByRole('button', { name: l.join }).click();
    await expect(toast(page, l.joined)).toBeVisible();
    await expect(page.getByRole('link', { name: l.start })).toBeVisible();
    await expect(page.getByTestId('course-membership')).toContainText('学习进度 0%');

    // Back in the list, the joined course says so in place of its price.
    await page.goBack();
    const joined = cards.filter({ hasText: '日语五十音' });
    await expect(joined.getByTestId('owned-tag')).toHaveText('已加入');
    await expect(joined.getByTestId('price-tag')).toHaveCount(0);
  });

  test('班级倒计时、考试提示和资讯详情', async ({ page }) => {
    await page.goto('/mobile/classroom/frontend-bootcamp');
    await expect(page.getByTestId('classroom-title')).toHaveText('前端工程师训练营');
    await expect(page.getByTestId('enrol-status')).toHaveAttribute('data-state', 'OPEN');
    const countdown = page.getByTestId('enrol-countdown');
    await expect(countdown).toHaveText(/^\d+天 \d{2}:\d{2}:\d{2}$/);
    await expect(countdown).toHaveAccessibleName(/^报名截止时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // It ticks: the seconds move on.
    const before = await countdown.innerText();
    await expect.poll(() => countdown.innerText(), { timeout: 3_000 }).not.toBe(before);
    await expect(page.getByTestId('fact-duration')).toContainText('60 天');
    await expectAccessible(page);

    await page.goto('/mobile/single/exams/js-fundamentals-exam');
    await expect(page.getByTestId('exam-tip')).toHaveAttribute('data-kind', 'startsInDays');
    await expect(page.getByTestId('exam-tip')).toHaveText(/^距开考还有 \d+ 天$/);
    await page.goto('/mobile/exam/sql-closed-exam');
    await expect(page.getByTestId('exam-tip')).toHaveAttribute('data-kind', 'late');
    await expect(page.getByTestId('exam-tip')).toContainText('你已迟到，无法进入考试');
    await page.goto('/mobile/single/exams/excel-skills-test');
    await expect(page.getByTestId('exam-tip')).toHaveText('考试已结束。');
    await expectAccessible(page);

    await page.goto('/mobile/articles');
    const first = page.getByTestId('article-card').first();
    await expect(first.getByRole('heading')).toHaveText('如何高效地在线学习');
    await first.click();
    const article = page.getByTestId('article-detail');
    await expect(article.getByRole('listitem')).toHaveText([
      '给每次学习定一个小目标',
      '学完立刻做练习',
      '每周回顾一次',
    ]);
    await expect(page.getByTestId('article-byline')).toContainText(/\d+次阅读/);
    await expectAccessible(page);
  });

  test('搜索：中文关键词、老师和搜索历史', async ({ page }) => {
    await page.goto('/mobile/search');
    await expect(screenHeading(page)).toHaveText(l.searchHeading);
    // The page arrives rendered; the history below is kept by its code, once that has taken over.
    await page.waitForLoadState('networkidle');
    const input = page.getByRole('searchbox', { name: '搜索关键词' });
    await input.fill('数据');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    const results = page.getByRole('list', { name: '搜索结果：课程' });
    await expect(results.getByRole('link', { name: /数据分析入门/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('tab', { name: '老师' }).click();
    await input.fill('王');
    await input.press('Enter');
    await expect(page.getByTestId('search-teacher').getByRole('heading', { name: '王磊' })).toBeVisible();

    await page.getByRole('button', { name: '清空关键词' }).click();
    await expect(page.getByRole('region', { name: '搜索历史' }).getByRole('link')).toHaveText(['王', '数据']);
  });
});
