import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  activityRegistrations,
  articles,
  classroomComments,
  classroomCourses,
  classroomMembers,
  classrooms,
  courseComments,
  courseMembers,
  courseNotes,
  courses,
  courseThreadPosts,
  courseThreads,
  lessonLearnings,
  studyDays,
  lessons,
} from '../db/schema.js';
import { gatedCourseProgress } from './demo-exam-scenarios.js';
import { day, hour, type DemoSchool } from './demo-school.js';
import { demoCourseOrder, demoLearningScenarios as s } from './demo-learning-scenarios.js';
import { schoolDay } from '../lib/study-time.js';

/*
 * What the demo school's learners have done in its courses and classrooms (the scenarios of
 * demo-learning-scenarios.ts): ratings, the demo learner's memberships and progress, activity
 * seats, notes, Q&A, classroom members; and the demo's popularity numbers, so "Popular" and
 * "Latest" lists have one right order.
 */

/** The other learners of the demo school: they rate, ask, answer and hold seats. */
export const otherLearners = [
  { username: 'amy_chen', nickname: '陈小雨' },
  { username: 'bob.li', nickname: 'Bob Li' },
  { username: 'carol', nickname: '卡罗尔' },
  { username: 'david_wu', nickname: '吴大卫' },
  { username: 'eva', nickname: 'Eva' },
  { username: 'frank.zhou', nickname: '周峰' },
] as const;

const commentTexts = [
  [5, '讲得非常清楚，例子很实用，推荐！'],
  [4, 'Clear explanations and good exercises. A few videos could be shorter.'],
  [5, '老师节奏刚好，跟着做完就会了。'],
  [3, '内容不错，但希望多一些练习题。'],
  [5, 'Exactly what I needed for work. Thank you!'],
  [4, '性价比很高，第二章特别有收获。'],
] as const;

/** Articles in the order their read counts derive from. */
const demoArticleOrder = [
  'how-to-learn-online-effectively',
  'programming-languages-worth-learning-in-2026',
  'the-pomodoro-technique',
  'how-to-take-study-notes',
  'new-term-courses-are-online',
  'preparing-for-an-online-exam',
  'a-day-in-the-life-of-a-data-analyst',
  'how-designers-and-engineers-work-together',
  'five-ways-to-improve-your-spoken-english',
  'a-roadmap-for-learning-japanese',
  'excel-tips-for-new-starters',
  'dealing-with-nerves-before-a-talk',
  'why-learn-in-a-classroom',
  'choosing-the-right-course',
  'learner-story-from-zero-to-front-end-engineer',
  'what-is-new-in-react-19',
  'python-for-office-automation',
  'why-accessible-design-matters',
  'how-to-study-every-day',
  'spaced-repetition-for-exam-review',
  'getting-around-the-platform',
] as const;

/** Classrooms in the order their popularity and "Latest" place derive from. */
const demoClassroomOrder = [
  'frontend-bootcamp',
  'data-analyst-camp',
  'spoken-english-class',
  'office-pro-class',
  'python-weekend-class',
  'design-systems-studio',
  'japanese-starter-class',
] as const;

export async function makeDemoLearnerData(tx: Db, school: DemoSchool): Promise<void> {
  const { tenantId, at } = school;
  const learnerId = school.user('learner');
  const others = otherLearners.map((u) => school.user(u.username));
  await courseRatings(tx, school, others);

  // The demo learner owns three free courses and three paid ones (their orders: demo-orders.ts),
  // has joined the learn-in-order course, and once owned a 365-day course that has since expired.
  // Each membership's counters and last lesson agree with its lesson_learnings rows.
  const progress: { course: string; lessons: { n: number; position: number; completed: boolean }[]; at: Date }[] = [
    {
      course: s.learnerProgress[0].courseUid,
      lessons: [
        { n: 0, position: 20, completed: true }, // VIDEO, watched to the end
        { n: 1, position: 15, completed: true }, // AUDIO
        { n: 2, position: 2, completed: false }, // PDF, at page 2 of 4
      ],
      at: at(-1 * day),
    },
    {
      course: s.learnerProgress[1].courseUid,
      lessons: [
        { n: 0, position: 20, completed: true },
        { n: 1, position: 12, completed: false }, // VIDEO at 0:12
      ],
      at: at(-3 * hour),
    },
    { course: s.learnInOrder.courseUid, lessons: [{ n: 0, position: 20, completed: true }], at: at(-2 * day) },
    {
      course: gatedCourseProgress.courseUid,
      lessons: [...gatedCourseProgress.lessons],
      at: at(gatedCourseProgress.at),
    },
  ];
  const progressOf = (course: string) => progress.find((p) => p.course === course);
  const lessonOf = (course: string, n: number) => school.lessonIds(course)[n]!;
  const activityCourse = s.activityOneSeatLeft.courseUid;
  // Four other learners hold seats of the showcase course's activity: one seat is left.
  const seatHolders = others.slice(0, 4);
  await tx.insert(courseMembers).values([
    ...[...s.learnerOwns, s.learnInOrder.courseUid, gatedCourseProgress.courseUid].map((course, k) => {
      const learned = progressOf(course);
      return {
        tenantId,
        courseId: school.courseId(course),
        userId: learnerId,
        joinedAt: at(-(30 - k * 4) * day),
        expiresAt: null,
        learnedLessonCount: learned?.lessons.filter((l) => l.completed).length ?? 0,
        lastLessonId: learned ? lessonOf(course, learned.lessons.at(-1)!.n) : null,
        lastLearnedAt: learned?.at ?? null,
      };
    }),
    // 365 days of validity from 400 days ago: ended 35 days ago.
    {
      tenantId,
      courseId: school.courseId(s.expiredMembership.courseUid),
      userId: learnerId,
      joinedAt: at(-400 * day),
      expiresAt: at(-35 * day),
    },
    // The other learners holding activity seats are members of its course.
    ...seatHolders.map((userId) => ({
      tenantId,
      courseId: school.courseId(activityCourse),
      userId,
      joinedAt: at(-12 * day),
    })),
  ]);
  const learnings = progress.flatMap(({ course, lessons: learned, at: lastAt }) =>
    learned.map(({ n, position, completed }, k) => {
      // Earlier lessons were reported an hour apart, the last one at the course's lastLearnedAt.
      const reportedAt = new Date(lastAt.getTime() - (learned.length - 1 - k) * hour);
      return {
        lessonId: lessonOf(course, n),
        userId: learnerId,
        status: completed ? ('COMPLETED' as const) : ('LEARNING' as const),
        position,
        furthest: position,
        reportedAt,
        completedAt: completed ? reportedAt : null,
        updatedAt: reportedAt,
      };
    }),
  );
  await tx.insert(lessonLearnings).values(learnings);
  // The study those reports stand for (lib/study-time.ts): a quarter of an hour a lesson on the
  // day it was reported, so the learning centre's week agrees with the lessons finished in it.
  const studied = new Map<string, { seconds: number; lastReportAt: Date }>();
  for (const { reportedAt } of learnings) {
    const day = schoolDay(reportedAt);
    const seen = studied.get(day);
    studied.set(day, {
      seconds: (seen?.seconds ?? 0) + 15 * 60,
      lastReportAt: seen && seen.lastReportAt > reportedAt ? seen.lastReportAt : reportedAt,
    });
  }
  await tx
    .insert(studyDays)
    .values([...studied].map(([day, studiedDay]) => ({ tenantId, userId: learnerId, day, ...studiedDay })));
  const activityLessonId = school.lessonId(activityCourse, s.activityOneSeatLeft.lesson);
  await tx
    .insert(activityRegistrations)
    .values(seatHolders.map((userId, k) => ({ lessonId: activityLessonId, userId, createdAt: at(-(10 - k) * day) })));
  await tx.update(lessons).set({ participantCount: seatHolders.length }).where(eq(lessons.id, activityLessonId));

  // Members' notes and Q&A on the first three courses the learner owns.
  for (const course of s.learnerOwns.slice(0, 3)) {
    await courseCommunity(tx, school, course, learnerId, others);
  }
  await classroomLearners(tx, school, learnerId, others);
  await popularity(tx, school);
}

/** Published courses get 0 to 6 ratings by the seed's formula; the counters match the rows. */
async function courseRatings(tx: Db, school: DemoSchool, others: number[]): Promise<void> {
  const published = new Set(
    (
      await tx
        .select({ uid: courses.uid })
        .from(courses)
        .where(and(eq(courses.tenantId, school.tenantId), eq(courses.status, 'PUBLISHED')))
    ).map((row) => row.uid),
  );
  for (const [i, uid] of demoCourseOrder.entries()) {
    if (!published.has(uid)) continue;
    const n = (i * 5) % 7;
    if (n === 0) continue;
    const courseId = school.courseId(uid);
    const rows = Array.from({ length: Math.min(n, others.length) }, (_, k) => {
      const [score, content] = commentTexts[(i + k) % commentTexts.length]!;
      return {
        tenantId: school.tenantId,
        courseId,
        userId: others[k]!,
        score,
        content,
        createdAt: school.at(-((k + 1) * 9 + i) * hour),
      };
    });
    await tx.insert(courseComments).values(rows);
    await tx
      .update(courses)
      .set({ ratingCount: rows.length, ratingTotal: rows.reduce((sum, r) => sum + r.score, 0) })
      .where(eq(courses.id, courseId));
  }
}

async function courseCommunity(
  tx: Db,
  school: DemoSchool,
  course: string,
  learnerId: number,
  others: number[],
): Promise<void> {
  const { tenantId, at } = school;
  const courseId = school.courseId(course);
  const courseLessons = school.lessonIds(course);
  await tx.insert(courseNotes).values([
    {
      tenantId,
      courseId,
      lessonId: courseLessons[0]!,
      // The learner's own: their Notes tab is not empty.
      userId: learnerId,
      content: '重点：先理解概念，再看代码。每个例子都自己敲一遍。',
      createdAt: at(-3 * day),
    },
    {
      tenantId,
      courseId,
      lessonId: courseLessons[1]!,
      userId: others[1]!,
      content: 'Tip: pause the video and predict the output before running the example.',
      createdAt: at(-2 * day),
    },
  ]);
  const threadRows = await tx
    .insert(courseThreads)
    .values([
      {
        tenantId,
        courseId,
        userId: others[2]!,
        title: '第二章的练习答案在哪里？',
        content: '做完练习想对一下答案，请问在哪里可以看到？',
        replyCount: 2,
        createdAt: at(-4 * day),
      },
      {
        tenantId,
        courseId,
        userId: others[4]!,
        title: 'Which editor does the teacher use?',
        content: 'The editor in the videos looks nice. What is it?',
        replyCount: 1,
        createdAt: at(-1 * day),
      },
    ])
    .returning({ id: courseThreads.id });
  // The answers the reply counts above count.
  await tx.insert(courseThreadPosts).values([
    {
      tenantId,
      threadId: threadRows[0]!.id,
      userId: others[3]!,
      content: '在课程的“资料”页签里，练习素材压缩包里有答案。',
      createdAt: at(-4 * day + 2 * hour),
    },
    {
      tenantId,
      threadId: threadRows[0]!.id,
      userId: others[2]!,
      content: '找到了，谢谢！',
      createdAt: at(-4 * day + 3 * hour),
    },
    {
      tenantId,
      threadId: threadRows[1]!.id,
      userId: others[0]!,
      content: 'It looks like VS Code with a light theme.',
      createdAt: at(-1 * day + hour),
    },
  ]);
}

/** The learner is in the spoken-English class; the design studio is full; the first three are rated. */
async function classroomLearners(tx: Db, school: DemoSchool, learnerId: number, others: number[]): Promise<void> {
  const { tenantId, at } = school;
  const memberRows = [
    { tenantId, classroomId: school.classroomId('spoken-english-class'), userId: learnerId, joinedAt: at(-15 * day) },
    ...others.slice(0, 3).map((userId) => ({
      tenantId,
      classroomId: school.classroomId('design-systems-studio'),
      userId,
      joinedAt: at(-2 * day),
    })),
  ];
  await tx.insert(classroomMembers).values(memberRows);
  // A classroom is studied through its courses (decision record 011): its members are members
  // of each of its courses, from the day they joined the classroom.
  const classroomCourseRows = await tx
    .select({ classroomId: classroomCourses.classroomId, courseId: classroomCourses.courseId })
    .from(classroomCourses)
    .where(
      inArray(
        classroomCourses.classroomId,
        memberRows.map((m) => m.classroomId),
      ),
    );
  await tx
    .insert(courseMembers)
    .values(
      memberRows.flatMap((member) =>
        classroomCourseRows
          .filter((row) => row.classroomId === member.classroomId)
          .map((row) => ({ tenantId, courseId: row.courseId, userId: member.userId, joinedAt: member.joinedAt })),
      ),
    )
    .onConflictDoNothing();
  for (const [i, uid] of demoClassroomOrder.slice(0, 3).entries()) {
    const classroomId = school.classroomId(uid);
    const comments = others.slice(0, 3 - i).map((userId, k) => ({
      tenantId,
      classroomId,
      userId,
      score: 5 - (k % 2),
      content: ['班主任很负责，学习氛围好。', 'Great pacing and helpful reviews.', '直播答疑很有帮助。'][k]!,
      createdAt: at(-(k + 2) * day),
    }));
    await tx.insert(classroomComments).values(comments);
    await tx
      .update(classrooms)
      .set({ ratingCount: comments.length, ratingTotal: comments.reduce((sum, c) => sum + c.score, 0) })
      .where(eq(classrooms.id, classroomId));
  }
}

/**
 * The demo's popularity and age: learner and read counts without ties, so "Popular" has one right
 * order, and "Latest" follows the order the courses and classrooms are listed in here.
 */
async function popularity(tx: Db, school: DemoSchool): Promise<void> {
  const { at } = school;
  for (const [i, uid] of demoCourseOrder.entries()) {
    await tx
      .update(courses)
      .set({
        studentCount: 37 + ((i * 7919) % 4000),
        createdAt: at(-(200 + i * 3) * day),
        updatedAt: at(-(i * 5 + 1) * hour),
      })
      .where(and(eq(courses.tenantId, school.tenantId), eq(courses.uid, uid)));
  }
  for (const [i, uid] of demoArticleOrder.entries()) {
    await tx
      .update(articles)
      .set({ viewCount: 50 + ((i * 6151) % 5000) })
      .where(and(eq(articles.tenantId, school.tenantId), eq(articles.uid, uid)));
  }
  for (const [i, uid] of demoClassroomOrder.entries()) {
    // Limited classrooms keep seats free, except the design studio, which is full on purpose.
    await tx
      .update(classrooms)
      .set({
        studentCount: sql`case when ${classrooms.maxStudents} = 3 then 3 when ${classrooms.maxStudents} is null then ${120 + ((i * 3571) % 900)} else floor(${classrooms.maxStudents} * 0.6) + ${i} end`,
        updatedAt: at(-(i * 7 + 2) * hour),
      })
      .where(eq(classrooms.id, school.classroomId(uid)));
  }
}
