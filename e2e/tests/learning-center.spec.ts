import { apiPaths, servedFilePaths } from '@school/contract/paths';
import { readFile } from 'node:fs/promises';
import { request as apiRequest } from '@playwright/test';
import { schedulePaths, type Schedule } from '@school/contract/schedule';
import ICAL from 'ical.js';
import { expect, test } from './fixtures.js';
import { catalogueText, newLearner, noticesGone } from './catalogue-support.js';
import {
  cardTitles,
  courseWithLectures,
  joinByApi,
  learningText,
  lectureText,
  myClassrooms,
  myCourses,
  myExams,
  qaText,
  studyText,
} from './learning-center-support.js';
import { courseLesson, lessonText, progressSaved, scenarios } from './lessons-support.js';
import {
  accounts,
  expectAccessible,
  logIn,
  loginWithPassword,
  screenHeading,
  tapSize,
  text,
  toast,
} from './support.js';

// Decision 011 in the browser, outside the lesson player: the learning centre's three
// tabs with the demo learner's courses, classrooms and exams; their empty states (as newbie, who
// must own nothing: no journey makes newbie join anything); logging in on the way in; asking and
// answering a question on a course; lecture materials for members only. Lists are checked
// against the API as the same learner, so the journeys hold whatever order the demo's clock gives.

/** A calendar file's events as a calendar app reads them (ical.js). */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return { uid: event.uid, start: event.startDate.toJSDate().toISOString(), summary: event.summary };
  });
}

test.describe('English', () => {
  const l = learningText.en;

  test('learning centre: my courses by last studied with progress, my classrooms, my exams; reached from the tab bar and the Me page', async ({
    page,
  }) => {
    await logIn(page, accounts.learner);

    // The Learning tab of the bottom bar opens My courses.
    await page.goto('/mobile/');
    const learningTab = page
      .getByRole('navigation', { name: text.en.tabBar })
      .getByRole('link', { name: l.tabBarLearning, exact: true });
    await learningTab.click();
    await expect(page).toHaveURL(/\/mobile\/learning\/courses(\?|$)/);
    await expect(learningTab).toHaveAttribute('aria-current', 'page');
    await expect(screenHeading(page)).toHaveText(l.heading);
    const sections = page.getByRole('navigation', { name: l.sections });
    await expect(sections.getByRole('link', { name: l.tab.courses })).toHaveAttribute('aria-current', 'page');

    // Last studied first: the two courses the demo learner has progress in lead the list.
    const courses = await myCourses(page);
    expect(courses.slice(0, 2).map((course) => course.uid)).toEqual(['python-for-beginners', 'javascript-from-zero']);
    const studied = courses.filter((course) => course.lastLearnedAt !== null);
    expect(courses.slice(0, studied.length)).toEqual(studied);
    const studiedTimes = studied.map((course) => Date.parse(course.lastLearnedAt!));
    expect(studiedTimes).toEqual([...studiedTimes].sort((a, b) => b - a));

    const courseCards = page.getByTestId('my-course-card');
    await expect(cardTitles(courseCards)).toHaveText(courses.map((course) => course.title));
    for (const course of courses.slice(0, 2)) {
      const card = courseCards.filter({ hasText: course.title });
      expect(course.progress).toBeGreaterThan(0);
      await expect(card.getByRole('progressbar', { name: l.progressOf(course.title) })).toHaveAttribute(
        'aria-valuenow',
        String(course.progress),
      );
      await expect(card.getByTestId('learning-progress')).toContainText(
        l.lessons(course.learnedLessonCount, course.lessonCount),
      );
      await expect(card.getByTestId('last-studied')).toHaveText(l.lastStudied);
      await expect(card.getByTestId('my-course-validity')).toHaveText(l.noTimeLimit);
      await expect(card.getByRole('link', { name: l.continue })).toBeVisible();
    }
    await expectAccessible(page);

    // My classrooms and My exams: the learner's own, as the API lists them.
    await sections.getByRole('link', { name: l.tab.classrooms }).click();
    await expect(page).toHaveURL(/\/mobile\/learning\/classrooms(\?|$)/);
    await expect(sections.getByRole('link', { name: l.tab.classrooms })).toHaveAttribute('aria-current', 'page');
    const classrooms = await myClassrooms(page);
    expect(classrooms.length).toBeGreaterThan(0);
    const classroomCards = page.getByTestId('my-classroom-card');
    await expect(classroomCards.getByRole('heading')).toHaveText(classrooms.map((classroom) => classroom.title));
    await expect(
      classroomCards.first().getByRole('progressbar', { name: l.progressOf(classrooms[0]!.title) }),
    ).toHaveAttribute('aria-valuenow', String(classrooms[0]!.progress));
    await expectAccessible(page);

    await sections.getByRole('link', { name: l.tab.exams }).click();
    await expect(page).toHaveURL(/\/mobile\/learning\/exams(\?|$)/);
    const exams = await myExams(page);
    expect(exams.length).toBeGreaterThan(0);
    const examCards = page.getByTestId('my-exam-card');
    await expect(examCards.getByRole('heading')).toHaveText(exams.map((exam) => exam.title));
    await expect(examCards.getByTestId('my-exam-attempts')).toHaveText(
      exams.map((exam) => l.attempts(exam.attemptCount, exam.examTimes)),
    );
    // The demo learner has scored exams: their best scores show, and only theirs.
    const scored = exams.filter((exam) => exam.bestScore !== null);
    expect(scored.length).toBeGreaterThan(0);
    await expect(examCards.getByTestId('my-exam-best-score')).toHaveText(
      scored.map((exam) => l.bestScore(exam.bestScore!, exam.totalScore)),
    );
    await expectAccessible(page);

    // The Me page leads here too.
    await page.goto('/mobile/me');
    await page.getByRole('link', { name: l.meLink }).click();
    await expect(page).toHaveURL(/\/mobile\/learning\/courses(\?|$)/);
    await expect(sections.getByRole('link', { name: l.tab.courses })).toHaveAttribute('aria-current', 'page');

    // "Continue learning" opens the lesson the learner was last on.
    const [latest] = courses;
    await courseCards.filter({ hasText: latest!.title }).getByRole('link', { name: l.continue }).click();
    await expect(page).toHaveURL(new RegExp(`/mobile/lessons/${latest!.lastLessonId}$`));
    const lesson = await page.request.get(apiPaths.lesson(latest!.lastLessonId!), {
      headers: { 'Accept-Language': 'en-US' },
    });
    expect(lesson.status(), await lesson.text()).toBe(200);
    await expect(screenHeading(page)).toHaveText(((await lesson.json()) as { title: string }).title);

    // The schedule: what has a date in the learner's courses and exams, by day of the phone's
    // calendar from its today (the API answers from a day back), each item opening what it is about.
    await page.goto('/mobile/learning/courses');
    await page.getByRole('link', { name: new RegExp(`^${l.schedule}`) }).click();
    await expect(screenHeading(page)).toHaveText(l.schedule);
    const schedule = (await (
      await page.request.get(schedulePaths.schedule, { params: { days: 30 } })
    ).json()) as Schedule;
    const startOfToday = new Date(new Date().setHours(0, 0, 0, 0)).getTime();
    const upcoming = schedule.items.filter((item) => Date.parse(item.at) >= startOfToday);
    expect(upcoming.length).toBeGreaterThan(0);
    const shown = page.getByTestId('schedule-item');
    await expect(shown).toHaveCount(upcoming.length);
    await expect(shown.first()).toContainText(upcoming[0]!.title);
    await expectAccessible(page);
    // Among them a live lesson (Server-side Node.js's, tomorrow) and an exam's window.
    const live = upcoming.find((item) => item.kind === 'LIVE_STARTS');
    expect(live, 'a live lesson in the schedule').toBeDefined();
    await expect(shown.filter({ hasText: live!.title }).filter({ hasText: 'Live lesson' }).first()).toBeVisible();
    const exam = upcoming.find((item) => item.kind === 'EXAM_CLOSES')!;
    await expect(shown.filter({ hasText: exam.title }).filter({ hasText: 'Exam closes' }).first()).toBeVisible();

    // Add to calendar: the item's .ics, read by a real iCalendar parser, is at the item's instant.
    const addExam = page.getByRole('link', { name: l.addToCalendar(exam.title) }).last();
    const addSize = await tapSize(addExam);
    expect(Math.min(addSize.width, addSize.height)).toBeGreaterThanOrEqual(44);
    const downloading = page.waitForEvent('download');
    await addExam.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${exam.id.replace(':', '-')}.ics`);
    const [event] = eventsOf(await readFile((await download.path())!, 'utf8'));
    expect(event).toEqual({
      uid: `${exam.id}@127.0.0.1`,
      start: new Date(Math.floor(Date.parse(exam.at) / 1000) * 1000).toISOString(),
      summary: `Exam closes: ${exam.title}`,
    });

    // The feed: turned on in the sheet, its address read with no session, turned off again.
    await page.getByRole('button', { name: new RegExp(`^${l.subscribe}`) }).click();
    const sheet = page.getByRole('dialog', { name: l.subscribe });
    await sheet.getByRole('button', { name: l.turnOn }).click();
    const address = await sheet.getByRole('textbox', { name: l.calendarAddress }).inputValue();
    await expect(sheet.getByRole('link', { name: l.openInCalendar })).toHaveAttribute(
      'href',
      address.replace(/^http:/, 'webcal:'),
    );
    await expectAccessible(page);
    const calendarApp = await apiRequest.newContext();
    const feed = await calendarApp.get(address);
    expect(feed.status()).toBe(200);
    expect(eventsOf(await feed.text()).map((item) => item.uid)).toContain(`${exam.id}@127.0.0.1`);
    await sheet.getByRole('button', { name: l.turnOff }).click();
    await page.getByRole('dialog', { name: l.turnOffTitle }).getByRole('button', { name: l.turnOff }).click();
    await expect(sheet.getByRole('button', { name: l.turnOn })).toBeVisible();
    expect((await calendarApp.get(address)).status()).toBe(404);
    await calendarApp.dispose();
    await sheet.getByRole('button', { name: l.closeSheet }).click();

    await shown.filter({ hasText: exam.title }).last().click();
    await expect(page).toHaveURL(new RegExp(`/mobile${exam.link}$`));
  });

  test('lecture materials: the handout in the PDF viewer, the other file as a members-only download', async ({
    page,
    request,
  }) => {
    const t = lectureText.en;
    await logIn(page, accounts.learner);
    const { uid, pdf, file } = await courseWithLectures(page);

    await page.goto(`/mobile/courses/${uid}`);
    await page
      .getByRole('tablist', { name: catalogueText.en.tabs })
      .getByRole('tab', { name: catalogueText.en.tab.lectures })
      .click();
    const lectures = page.getByRole('list', { name: t.list });
    await lectures.getByRole('link', { name: pdf.title }).click();

    // The PDF opens in the viewer on its first page, and turns.
    await expect(page).toHaveURL(new RegExp(`/mobile/courses/${uid}/lectures/${pdf.id}$`));
    await expect(screenHeading(page)).toHaveText(t.heading);
    const detail = page.getByTestId('lecture-detail');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText(pdf.title);
    expect(pdf.pageCount).toBeGreaterThan(1);
    const position = page.getByTestId('pager-position');
    await expect(position).toContainText(`1 / ${pdf.pageCount}`);
    await expect(page.getByRole('region', { name: t.document }).getByRole('img')).toHaveAccessibleName(
      `Page 1 of ${pdf.pageCount}`,
    );
    await expect(page.getByTestId('pdf-page-text')).not.toBeEmpty();
    await expectAccessible(page);
    await page.getByRole('button', { name: t.nextPage }).click();
    await expect(position).toContainText(`2 / ${pdf.pageCount}`);

    // The other file: its name and a download from the members-only file route.
    await page.goBack();
    await lectures.getByRole('link', { name: file.title }).click();
    await expect(page.getByTestId('lecture-detail')).toHaveAttribute('data-viewer', 'FILE');
    const fileBox = page.getByTestId('lecture-file');
    await expect(fileBox).toContainText(file.fileName);
    const download = fileBox.getByRole('link', { name: t.download(file.title) });
    await expect(download).toHaveAttribute('href', servedFilePaths.courseLectureFile(uid, file.id));
    await expectAccessible(page);

    // The member gets the file; a visitor without a session is refused.
    const asMember = await page.request.get(servedFilePaths.courseLectureFile(uid, file.id));
    expect(asMember.status()).toBe(200);
    expect(asMember.headers()['content-disposition']).toMatch(/^attachment/);
    const anonymous = await request.get(servedFilePaths.courseLectureFile(uid, file.id));
    expect(anonymous.status()).toBe(401);
    const anonymousPdf = await request.get(pdf.url);
    expect(anonymousPdf.status()).toBe(401);
  });
});

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('学完一个 PDF 课时，学习中心显示近 7 天的学习；退出免费课程后它离开列表，课程页可再次加入', async ({
    page,
    request,
  }) => {
    // Two parts of one path (study, then quit) with four axe checks.
    test.setTimeout(90_000);
    const s = studyText.cn;
    const { courseUid, pdfLesson } = scenarios.newbieJourney;
    const lesson = await courseLesson(request, courseUid, pdfLesson, 'cn');
    const account = await newLearner(request, 31);
    await logIn(page, account);

    // A new learner: the panel says what will show there.
    await page.goto('/mobile/learning/courses');
    const panel = page.getByRole('region', { name: s.title });
    await expect(panel.getByTestId('study-statistics-empty')).toHaveText(s.empty);

    // Studies the PDF lesson to its last page: the player's reports are what the statistics count.
    await joinByApi(page, courseUid);
    await page.goto(`/mobile/lessons/${lesson.id}`);
    const pager = page.getByTestId('pager-position');
    // The document viewer is a chunk of its own, loaded with the first document lesson.
    await expect(pager).toContainText(lessonText.cn.pdfPager(1, 4), { timeout: 30_000 });
    const finished = progressSaved(page, lesson.id, 4);
    for (const next of [2, 3, 4]) {
      await page.getByRole('button', { name: lessonText.cn.nextPage }).click();
      await expect(pager).toContainText(lessonText.cn.pdfPager(next, 4));
    }
    await finished;

    await page.goto('/mobile/learning/courses');
    await expect(panel.getByTestId('study-week-lessons')).toContainText(s.total(1));
    await expect(panel.getByTestId('study-streak')).toHaveText(s.streak(1));
    await expect(panel.getByTestId('study-week-time')).toHaveText(/分钟/);
    const today = panel.getByRole('table', { name: s.tableCaption }).getByRole('row').filter({ hasText: s.today });
    await expect(today.getByRole('cell').last()).toHaveText('1');
    await expectAccessible(page);

    // Quits the course from its card's menu, after a confirmation that says the progress is kept.
    const [course] = await myCourses(page, 'cn');
    expect(course?.uid).toBe(courseUid);
    const more = page.getByRole('button', { name: s.more(course!.title) });
    const size = await tapSize(more);
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);
    await more.click();
    const sheet = page.getByRole('dialog', { name: course!.title });
    await expect(sheet.getByRole('button', { name: s.quit })).toBeVisible();
    await expectAccessible(page);
    await sheet.getByRole('button', { name: s.quit }).click();
    const confirm = page.getByRole('dialog', { name: s.confirmTitle(course!.title) });
    await expect(confirm).toContainText(s.progressKept);
    await confirm.getByRole('button', { name: s.confirm, exact: true }).click();
    await expect(toast(page, s.done(course!.title))).toBeVisible();
    await expect(page.getByRole('heading', { name: learningText.cn.empty.courses })).toBeVisible();
    // What was studied stays studied.
    await expect(panel.getByTestId('study-week-lessons')).toContainText(s.total(1));
    await noticesGone(page);
    await expectAccessible(page);

    // The course's page offers joining again.
    await page.goto(`/mobile/courses/${courseUid}`);
    await expect(page.getByRole('button', { name: s.join })).toBeVisible();
  });
  const l = learningText.cn;

  test('未登录打开学习中心先去登录再回来；新学员三个分类都是空的，可去发现课程、班级和考试', async ({ page }) => {
    // Logged out, the centre asks to log in first, then comes back.
    await page.goto('/mobile/learning');
    await expect(page).toHaveURL(/\/mobile\/login/);
    await expect(screenHeading(page)).toHaveText(text.cn.loginHeading);
    await loginWithPassword(page, accounts.newbie);
    await expect(page).toHaveURL(/\/mobile\/learning\/courses(\?|$)/);
    await expect(screenHeading(page)).toHaveText(l.heading);

    const sections = page.getByRole('navigation', { name: l.sections });
    const discover = page.getByTestId('learning-discover');
    const tabs = [
      { key: 'courses', path: '/mobile/courses' },
      { key: 'classrooms', path: '/mobile/classrooms' },
      { key: 'exams', path: '/mobile/single/exams' },
    ] as const;
    for (const { key, path } of tabs) {
      await page.goto(`/mobile/learning/${key}`);
      await expect(sections.getByRole('link', { name: l.tab[key] })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText(l.empty[key], { exact: true })).toBeVisible();
      await expect(discover).toHaveText(l.discover[key]);
      await expectAccessible(page);
      await discover.click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(screenHeading(page)).toHaveText(l.catalogueHeading[key]);
    }

    // Nothing held, nothing scheduled: the schedule says so and where to go.
    await page.goto('/mobile/learning/schedule');
    await expect(screenHeading(page)).toHaveText(l.schedule);
    await expect(page.getByText(l.scheduleEmpty, { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('加入免费课程后在问答里提问（标题必填）、回答，列表显示回复数；“我的问答”里也有它', async ({
    page,
    request,
  }) => {
    const q = qaText.cn;
    const account = await newLearner(request, 30);
    await logIn(page, account);
    const uid = 'excel-pivot-tables';
    await joinByApi(page, uid);

    await page.goto(`/mobile/courses/${uid}`);
    await page
      .getByRole('tablist', { name: catalogueText.cn.tabs })
      .getByRole('tab', { name: catalogueText.cn.tab.threads })
      .click();
    await page.getByRole('link', { name: q.ask }).click();
    await expect(screenHeading(page)).toHaveText(q.askHeading);

    // The title is required: the form says so on the field and sends nothing.
    const form = page.getByTestId('thread-create-form');
    const title = form.getByLabel(q.titleLabel, { exact: true });
    const details = form.getByLabel(q.contentLabel, { exact: true });
    await details.fill('数据透视表里的日期怎么按月分组？');
    await form.getByRole('button', { name: q.post }).click();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription(q.titleRequired);
    await expect(page).toHaveURL(new RegExp(`/mobile/courses/${uid}/threads/new$`));
    await expectAccessible(page);

    const question = `日期如何按月分组？（${account.nickname}）`;
    await title.fill(question);
    await form.getByRole('button', { name: q.post }).click();
    await expect(toast(page, q.posted)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/mobile/courses/${uid}/threads/\\d+$`));
    await expect(screenHeading(page)).toHaveText(q.threadHeading);
    const asked = page.getByTestId('thread-question');
    await expect(asked.getByRole('heading', { level: 2 })).toHaveText(question);
    await expect(asked).toContainText('数据透视表里的日期怎么按月分组？');
    await expect(asked).toContainText(account.nickname);
    await expect(page.getByText(q.noAnswers)).toBeVisible();

    const answer = '选中日期列，右键“组合”，选择“月”。';
    const answerForm = page.getByTestId('thread-answer-form');
    await answerForm.getByLabel(q.answerLabel, { exact: true }).fill(answer);
    await answerForm.getByRole('button', { name: q.postAnswer }).click();
    await expect(toast(page, q.answered)).toBeVisible();
    await expect(page.getByRole('heading', { name: q.answers(1) })).toBeVisible();
    await expect(page.getByTestId('thread-answers').getByRole('listitem')).toHaveText([
      new RegExp(`${account.nickname}[\\s\\S]*${answer}`),
    ]);
    await expect(answerForm.getByLabel(q.answerLabel, { exact: true })).toHaveValue('');
    await noticesGone(page);
    await expectAccessible(page);

    // Back on the course's Q&A tab: the question with its reply count.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/mobile/courses/${uid}`));
    const thread = page
      .getByRole('list', { name: q.questions })
      .getByTestId('course-thread')
      .filter({ has: page.getByRole('heading', { name: question }) });
    await expect(thread).toContainText(q.replies(1));
    await expectAccessible(page);

    // Me → My Q&A: the question under My questions, and under My answers with the learner's
    // answer; it opens on the course's board, and Back returns to the same tab.
    await page.goto('/mobile/me');
    await page.getByRole('link', { name: q.myQa }).click();
    await expect(screenHeading(page)).toHaveText(q.myQa);
    const mine = page.getByTestId('course-thread').filter({ hasText: question });
    await expect(mine).toContainText(q.replies(1));
    await page.getByRole('tab', { name: q.myAnswers }).click();
    await expect(mine.getByTestId('thread-your-answer')).toHaveText(`${q.yourAnswer} ${answer}`);
    await expectAccessible(page);
    await mine.click();
    await expect(screenHeading(page)).toHaveText(q.threadHeading);
    await page.goBack();
    await expect(page.getByRole('tab', { name: q.myAnswers })).toHaveAttribute('aria-selected', 'true');
  });
});
