import type { Page, PageQuery } from '@school/contract/common';
import type { Locale } from '@school/contract/enums';
import type {
  LeaveRule,
  MyClassroomList,
  MyCourseList,
  MyExamList,
  MyExamStatus,
  OwnedProducts,
  RecentLearning,
  StudyStatistics,
} from '@school/contract/learning';
import { examEntryAt, lateEntryLimit } from '../../lib/exam-entry.js';
import { pageWindow } from '../../lib/catalogue-sql.js';
import { classroomProgress, courseLearning } from '../../lib/learning-status.js';
import { isExpiredAt } from '../../memberships/validity.js';
import { localize, type LocalizedText } from '../../lib/localized-text.js';
import { dayBefore, schoolDay, schoolTimeZone } from '../../lib/study-time.js';
import type { Schedule, ScheduleItem } from '@school/contract/schedule';
import type { Clock } from '../../providers/clock.js';
import type { LearningCenterRepository } from './learning-center.repository.js';

/** A schedule item and how long it lasts, in seconds, when that is known. */
export type ScheduleEvent = ScheduleItem & { seconds: number | null };

/** The signed-in learner asking for their own lists, in one school and one language. */
export interface Learner {
  tenantId: number;
  userId: number;
  locale: Locale;
}

const dayMs = 24 * 60 * 60 * 1000;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** One page of a list as the contract answers it. */
function pageOfRows<R, T>(query: PageQuery, found: { rows: R[]; total: number }, toItem: (row: R) => T): Page<T> {
  return { items: found.rows.map(toItem), total: found.total, page: query.page, pageSize: query.pageSize };
}

/** How the learner leaves what they hold (contract: leaveRuleSchema): a classroom's course, a paid one, or free. */
function leaveRule(
  row: { paidTradeNo: string | null; givingClassroomUid?: string | null; givingClassroomTitle?: LocalizedText | null },
  locale: Locale,
): LeaveRule {
  if (row.givingClassroomUid && row.givingClassroomTitle) {
    return {
      kind: 'classroom',
      classroom: { uid: row.givingClassroomUid, title: localize(row.givingClassroomTitle, locale) },
    };
  }
  return row.paidTradeNo === null ? { kind: 'quit' } : { kind: 'refund', tradeNo: row.paidTradeNo };
}

/** Study days a streak is read from: far more than any streak a statistic needs to show exactly. */
const streakLookback = 3660;

/**
 * Consecutive days with study ending today, or ending yesterday while today has none yet (the
 * day is not over); `days` the latest first.
 */
export function streakOf(days: string[], today: string): number {
  let expected = days[0] === today ? today : dayBefore(today, 1);
  let streak = 0;
  for (const day of days) {
    if (day > expected) continue;
    if (day !== expected) break;
    streak += 1;
    expected = dayBefore(expected, 1);
  }
  return streak;
}

type MyExamRow = Awaited<ReturnType<LearningCenterRepository['myExams']>>['rows'][number];

/** The learner's standing in an exam at `now`, and a late-entry limit still ahead (contract: myExamSchema). */
function myExamStanding(row: MyExamRow, now: Date): { status: MyExamStatus; entryClosesAt: Date | null } {
  const entry = examEntryAt(row, now);
  const entryClosesAt = entry.kind === 'open' ? entry.lateEntryUntil : null;
  if (row.inProgress) return { status: 'IN_PROGRESS', entryClosesAt: null };
  if (row.reviewing) return { status: 'REVIEWING', entryClosesAt: null };
  if (entry.kind === 'notStarted') return { status: 'NOT_STARTED', entryClosesAt: null };
  const attemptsLeft = row.examTimes === null || row.attemptsUsed < row.examTimes;
  const mayBegin = entry.kind === 'open' && attemptsLeft;
  const next = mayBegin ? entryClosesAt : null;
  if (row.bestScore !== null) {
    return { status: Number(row.bestScore) >= row.passScore ? 'PASSED' : 'FAILED', entryClosesAt: next };
  }
  if (mayBegin) return { status: 'OPEN', entryClosesAt: next };
  return { status: entry.kind === 'open' ? 'ATTEMPTS_USED' : 'CLOSED', entryClosesAt: null };
}

export function createLearningCenterService(repository: LearningCenterRepository, clock: Clock) {
  /**
   * The schedule's events between two instants, in time order, each with how long it lasts
   * when that is known (a live lesson's planned length): what the schedule and the calendar
   * files are both made of.
   */
  async function scheduleBetween(learner: Learner, from: Date, until: Date): Promise<ScheduleEvent[]> {
    const { lessonRows, examRows, classroomRows, endingRows } = await repository.scheduleRows(learner, from, until);
    const text = (value: LocalizedText) => localize(value, learner.locale);
    const items: ScheduleEvent[] = [];
    const add = (item: Omit<ScheduleEvent, 'at' | 'seconds'> & { at: Date | null; seconds?: number | null }) => {
      if (item.at !== null && item.at >= from && item.at <= until) {
        items.push({ ...item, at: item.at.toISOString(), seconds: item.seconds ?? null });
      }
    };
    for (const row of lessonRows) {
      add({
        id: `lesson:${row.id}`,
        kind: row.mediaType === 'LIVE' ? 'LIVE_STARTS' : 'ACTIVITY_STARTS',
        at: row.startTime,
        seconds: row.duration,
        title: text(row.title),
        course: text(row.course),
        link: `/lessons/${row.id}`,
      });
    }
    for (const row of examRows) {
      const exam = { title: text(row.title), course: null, link: `/exam/${row.uid}` };
      add({ ...exam, id: `exam-opens:${row.id}`, kind: 'EXAM_OPENS', at: row.startTime });
      // Only a learner who has not begun can still miss the door.
      if (row.attemptsUsed === 0) {
        add({ ...exam, id: `exam-late-entry:${row.id}`, kind: 'EXAM_LATE_ENTRY_ENDS', at: lateEntryLimit(row) });
      }
      add({ ...exam, id: `exam-closes:${row.id}`, kind: 'EXAM_CLOSES', at: row.endTime });
    }
    for (const row of classroomRows) {
      add({
        id: `classroom:${row.id}`,
        kind: 'CLASSROOM_STARTS',
        at: row.startTime,
        title: text(row.title),
        course: null,
        link: `/classroom/${row.uid}`,
      });
    }
    for (const row of endingRows) {
      add({
        id: `course-access:${row.id}`,
        kind: 'MEMBERSHIP_ENDS',
        at: row.expiresAt,
        title: text(row.title),
        course: null,
        link: `/courses/${row.uid}`,
      });
    }
    items.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
    return items;
  }

  return {
    ownedProducts: (learner: Learner): Promise<OwnedProducts> => repository.ownedUids(learner, clock.now()),

    /** Where the caller left off (the latest course's last lesson) and up to three other courses. */
    async recent(learner: Learner): Promise<RecentLearning> {
      const rows = await repository.recentlyStudied(learner, clock.now(), 4);
      const [latest, ...others] = rows;
      return {
        resume:
          latest === undefined || latest.lessonId === null
            ? null
            : {
                course: { uid: latest.uid, title: localize(latest.title, learner.locale), cover: latest.cover },
                lesson: {
                  id: latest.lessonId,
                  title: localize(latest.lessonTitle!, learner.locale),
                  mediaType: latest.mediaType!,
                },
                position: latest.position ?? 0,
                learnedAt: latest.lastLearnedAt!.toISOString(),
              },
        // A latest course without a lesson to open still belongs among the recent ones.
        recent: (latest?.lessonId === null ? rows : others).slice(0, 3).map((row) => ({
          uid: row.uid,
          title: localize(row.title, learner.locale),
          cover: row.cover,
          progress: courseLearning({ learnedLessonCount: row.learnedLessonCount, lastLessonId: null }, row.lessonCount)
            .progress,
          lastLearnedAt: row.lastLearnedAt!.toISOString(),
        })),
      };
    },

    async courses(learner: Learner, page: PageQuery): Promise<MyCourseList> {
      const found = await repository.myCourses(learner, pageWindow(page));
      const now = clock.now();
      return pageOfRows(page, found, (row) => ({
        uid: row.uid,
        title: localize(row.title, learner.locale),
        cover: row.cover,
        lessonCount: row.lessonCount,
        ...courseLearning(row, row.lessonCount),
        joinedAt: row.joinedAt.toISOString(),
        expiresAt: iso(row.expiresAt),
        expired: isExpiredAt(row.expiresAt, now),
        lastLearnedAt: iso(row.lastLearnedAt),
        lastLessonId: row.lastLessonId,
        firstLessonId: row.firstLessonId,
        refundPending: row.refundPending,
        leave: leaveRule(row, learner.locale),
      }));
    },

    async classrooms(learner: Learner, page: PageQuery): Promise<MyClassroomList> {
      const found = await repository.myClassrooms(learner, pageWindow(page));
      const courseRows = await repository.coursesOfClassrooms(
        learner,
        found.rows.map((row) => row.id),
      );
      // Completion counted from the membership counters the lesson player keeps.
      const coursesByClassroom = new Map<number, { lessonCount: number; completedLessonCount: number }[]>();
      for (const course of courseRows) {
        const list = coursesByClassroom.get(course.classroomId) ?? [];
        list.push({
          lessonCount: course.lessonCount,
          completedLessonCount: Math.min(course.learnedLessonCount, course.lessonCount),
        });
        coursesByClassroom.set(course.classroomId, list);
      }
      return pageOfRows(page, found, (row) => {
        const classroomCourses = coursesByClassroom.get(row.id) ?? [];
        return {
          uid: row.uid,
          title: localize(row.title, learner.locale),
          cover: row.cover,
          courseCount: classroomCourses.length,
          ...classroomProgress(classroomCourses),
          joinedAt: row.joinedAt.toISOString(),
          lastLearnedAt: iso(row.lastLearnedAt),
          refundPending: row.refundPending,
          leave: leaveRule(row, learner.locale),
        };
      });
    },

    /**
     * The learner's schedule (issue 27): from a day back, so today's earlier events still show
     * wherever the phone is, to `days` ahead; each event once, in time order.
     */
    async schedule(learner: Learner, query: { days: number }): Promise<Schedule> {
      const now = clock.now();
      const from = new Date(now.getTime() - dayMs);
      const until = new Date(now.getTime() + query.days * dayMs);
      const events = await scheduleBetween(learner, from, until);
      return {
        from: from.toISOString(),
        until: until.toISOString(),
        items: events.map(({ seconds: _seconds, ...item }) => item),
      };
    },

    scheduleBetween,

    /** The caller's study by days of the school's calendar (contract: studyStatisticsSchema). */
    async statistics(learner: Learner): Promise<StudyStatistics> {
      const now = clock.now();
      const today = schoolDay(now);
      const dates = [6, 5, 4, 3, 2, 1, 0].map((back) => dayBefore(today, back));
      // Eight days back reaches the first of the seven days' start in any time zone.
      const since = new Date(now.getTime() - 8 * 24 * 60 * 60 * 1000);
      const [studied, finishedAt, totalLessonsFinished] = await Promise.all([
        repository.studyDays(learner, today, streakLookback),
        repository.lessonsFinishedSince(learner, since),
        repository.lessonsFinished(learner),
      ]);
      const secondsOn = new Map(studied.map((row) => [row.day, row.seconds]));
      const finishedOn = new Map<string, number>();
      for (const at of finishedAt) {
        const day = schoolDay(at);
        finishedOn.set(day, (finishedOn.get(day) ?? 0) + 1);
      }
      const days = dates.map((date) => ({
        date,
        seconds: secondsOn.get(date) ?? 0,
        lessonsFinished: finishedOn.get(date) ?? 0,
      }));
      return {
        timeZone: schoolTimeZone,
        today,
        days,
        weekSeconds: days.reduce((sum, day) => sum + day.seconds, 0),
        weekLessonsFinished: days.reduce((sum, day) => sum + day.lessonsFinished, 0),
        totalLessonsFinished,
        streakDays: streakOf(
          studied.map((row) => row.day),
          today,
        ),
        studiedToday: studied[0]?.day === today,
      };
    },

    async exams(learner: Learner, page: PageQuery): Promise<MyExamList> {
      const found = await repository.myExams(learner, pageWindow(page));
      const now = clock.now();
      const standing = (row: MyExamRow) => {
        const { status, entryClosesAt } = myExamStanding(row, now);
        return { status, entryClosesAt: iso(entryClosesAt) };
      };
      return pageOfRows(page, found, (row) => ({
        uid: row.uid,
        title: localize(row.title, learner.locale),
        cover: row.cover,
        startTime: iso(row.startTime),
        endTime: iso(row.endTime),
        duration: row.duration,
        joinedAt: row.joinedAt.toISOString(),
        attemptCount: row.attemptsUsed,
        examTimes: row.examTimes,
        ...standing(row),
        bestScore: row.bestScore === null ? null : Number(row.bestScore),
        passScore: row.passScore,
        totalScore: row.totalScore,
      }));
    },
  };
}

export type LearningCenterService = ReturnType<typeof createLearningCenterService>;
