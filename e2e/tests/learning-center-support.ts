import type { CourseLecture, LectureDetail } from '@school/contract/courses';
import type { MyClassroom, MyCourse, MyExam } from '@school/contract/learning';
import { apiPaths } from '@school/contract/paths';
import { expect, type Locator, type Page } from '@playwright/test';

/*
 * Helpers of the learning centre, Q&A and lecture journeys (decision 011). Texts come from the
 * feature message files (apps/web/src/features/learning-center, courses, components/media);
 * what a list should hold comes from the API as the signed-in learner, never from ids written here.
 */

type Lang = 'en' | 'cn';

/** GET a page of one of the learner's lists as the page's signed-in learner. */
async function myList<T>(page: Page, path: string, lang: Lang): Promise<T[]> {
  const res = await page.request.get(path, {
    params: { page: 1, pageSize: 20 },
    headers: { 'Accept-Language': lang === 'cn' ? 'zh-CN' : 'en-US' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { items: T[] }).items;
}

export const myCourses = (page: Page, lang: Lang = 'en') => myList<MyCourse>(page, apiPaths.myCourses, lang);
export const myClassrooms = (page: Page, lang: Lang = 'en') => myList<MyClassroom>(page, apiPaths.myClassrooms, lang);
export const myExams = (page: Page, lang: Lang = 'en') => myList<MyExam>(page, apiPaths.myExams, lang);

/** The titles of a learning-centre list's cards, in order (each card's title is its h3). */
export function cardTitles(cards: Locator): Locator {
  return cards.getByRole('heading', { level: 3 });
}

/**
 * The first of the learner's courses with lecture materials to show in the PDF viewer and as a
 * download (the demo pack puts a handout PDF and an exercises archive on courses the learner owns).
 */
export async function courseWithLectures(
  page: Page,
): Promise<{ uid: string; pdf: LectureDetail; file: CourseLecture }> {
  for (const course of await myCourses(page)) {
    const res = await page.request.get(apiPaths.courseLectures(course.uid));
    if (res.status() !== 200) continue;
    const { items } = (await res.json()) as { items: CourseLecture[] };
    const pdf = items.find((lecture) => lecture.viewer === 'PDF');
    const file = items.find((lecture) => lecture.viewer === 'FILE');
    if (!pdf || !file) continue;
    const detail = await page.request.get(apiPaths.courseLecture(course.uid, pdf.id));
    expect(detail.status(), await detail.text()).toBe(200);
    return { uid: course.uid, pdf: (await detail.json()) as LectureDetail, file };
  }
  throw new Error('the learner owns no course with a PDF and a downloadable lecture');
}

/** Joins a course as the page's signed-in learner (the shortcut around the join button). */
export async function joinByApi(page: Page, uid: string): Promise<void> {
  const res = await page.request.post(apiPaths.courseJoin(uid));
  expect(res.status(), await res.text()).toBeLessThan(300);
}

export const learningText = {
  en: {
    heading: 'Learning centre',
    tabBarLearning: 'Learning',
    meLink: 'Learning centre',
    sections: 'Learning centre sections',
    tab: { courses: 'My courses', classrooms: 'My classrooms', exams: 'My exams' },
    continue: 'Continue learning',
    noTimeLimit: 'Long-term access',
    lastStudied: /^Last studied /,
    lessons: (learned: number, total: number) => `${learned} of ${total} lessons`,
    progressOf: (title: string) => `Progress of ${title}`,
    attempts: (used: number, allowed: number | null) =>
      allowed === null ? `Attempts: ${used} (no limit)` : `Attempts: ${used} of ${allowed}`,
    bestScore: (score: number, total: number) => `Best score: ${score} of ${total}`,
    empty: {
      courses: 'You have not joined a course yet',
      classrooms: 'You have not joined a classroom yet',
      exams: 'You have not entered an exam yet',
    },
    discover: { courses: 'Discover courses', classrooms: 'Discover classrooms', exams: 'Discover exams' },
    catalogueHeading: { courses: 'Courses', classrooms: 'Classrooms', exams: 'Exams' },
    schedule: 'Schedule',
    scheduleEmpty: 'Nothing scheduled in the next 30 days',
    addToCalendar: (title: string) => `Add ${title} to your calendar`,
    subscribe: 'Subscribe in your calendar',
    turnOn: 'Turn on',
    turnOff: 'Turn off',
    turnOffTitle: 'Turn off the calendar address?',
    calendarAddress: 'Your calendar address',
    openInCalendar: 'Open in calendar',
    closeSheet: 'Close',
  },
  cn: {
    heading: '学习中心',
    tabBarLearning: '学习',
    meLink: '学习中心',
    sections: '学习中心分类',
    tab: { courses: '我的课程', classrooms: '我的班级', exams: '我的考试' },
    continue: '继续学习',
    noTimeLimit: '长期有效',
    lastStudied: /^上次学习：/,
    lessons: (learned: number, total: number) => `已学 ${learned}/${total} 课时`,
    progressOf: (title: string) => `${title}的学习进度`,
    attempts: (used: number, allowed: number | null) =>
      allowed === null ? `已考 ${used} 次（不限次数）` : `已考 ${used}/${allowed} 次`,
    bestScore: (score: number, total: number) => `最高分 ${score}/${total}`,
    empty: {
      courses: '你还没有加入任何课程',
      classrooms: '你还没有加入任何班级',
      exams: '你还没有参加任何考试',
    },
    discover: { courses: '去发现课程', classrooms: '去发现班级', exams: '去发现考试' },
    catalogueHeading: { courses: '课程', classrooms: '班级', exams: '考试' },
    schedule: '日程',
    scheduleEmpty: '未来 30 天没有日程',
  },
} as const;

export const qaText = {
  en: {
    questions: 'Questions',
    ask: 'Ask a question',
    askHeading: 'Ask a question',
    titleLabel: 'Your question',
    contentLabel: 'Details',
    post: 'Post question',
    posted: 'Your question is posted',
    titleRequired: 'Please give your question a title (up to 100 characters)',
    threadHeading: 'Question',
    noAnswers: 'No answers yet',
    answerLabel: 'Your answer',
    postAnswer: 'Post answer',
    answered: 'Your answer is posted',
    answers: (count: number) => `${count} ${count === 1 ? 'answer' : 'answers'}`,
    replies: (count: number) => `${count} ${count === 1 ? 'answer' : 'answers'}`,
    myQa: 'My Q&A',
    myQuestions: 'My questions',
    myAnswers: 'My answers',
    yourAnswer: 'Your answer:',
  },
  cn: {
    questions: '问题',
    ask: '我要提问',
    askHeading: '提问',
    titleLabel: '问题',
    contentLabel: '问题描述',
    post: '发布问题',
    posted: '问题已发布',
    titleRequired: '请输入问题标题（最多 100 字）',
    threadHeading: '问题详情',
    noAnswers: '暂无回答',
    answerLabel: '你的回答',
    postAnswer: '发布回答',
    answered: '回答已发布',
    answers: (count: number) => `${count}个回答`,
    replies: (count: number) => `${count}个回答`,
    myQa: '我的问答',
    myQuestions: '我的提问',
    myAnswers: '我的回答',
    yourAnswer: '我的回答：',
  },
} as const;

export const lectureText = {
  en: {
    list: 'Lecture materials',
    heading: 'Lecture',
    document: 'Document',
    nextPage: 'Next page',
    /** The download link's name, up to its size ("Download Exercise files (910 B)"). */
    download: (title: string) => `Download ${title} (`,
  },
} as const;

/** The learning centre's study panel and card menu (apps/web/src/features/learning-center/messages). */
export const studyText = {
  cn: {
    title: '近 7 天学习',
    empty: '还没有学习记录。学习时长、完成的课时和连续学习天数会显示在这里。',
    total: (count: number) => `累计 ${count} 个`,
    streak: (count: number) => `${count} 天`,
    tableCaption: '近 7 天每日学习',
    today: '今天',
    more: (title: string) => `${title}的更多操作`,
    quit: '退出课程',
    confirmTitle: (title: string) => `退出“${title}”？`,
    progressKept: '学习进度会保留',
    confirm: '退出',
    done: (title: string) => `已退出“${title}”`,
    join: '加入课程',
  },
} as const;
