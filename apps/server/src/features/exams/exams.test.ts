import { examDetailSchema, examListSchema, examMembershipSchema } from '@school/contract/exams';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attempts,
  courseMembers,
  courses,
  examMembers,
  examReviewers,
  exams,
  papers,
  teachers,
  tenants,
  users,
} from '../../db/schema.js';
import { demoExamScenarios as seedExamScenarios } from '../../demo-data/demo-exam-scenarios.js';
import { demoAccounts, secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { newAccount } from '../../testing/accounts.js';
import { hour, login as loginAt, ownSite, secondSite, type Site } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { MembershipRefused } from '../../memberships/memberships.js';
import { createExamsRepository } from './exams.repository.js';

type ExamRow = typeof exams.$inferSelect;

let t: TestApp;
let demoTenant: number;
let secondTenant: number;
let learner: string;
let newbie: string;

const login = (account: { username: string; password: string }, site?: Site) => loginAt(t, account, site);

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select({ id: tenants.id, isDefault: tenants.isDefault }).from(tenants).orderBy(tenants.id);
  demoTenant = rows.find((r) => r.isDefault)!.id;
  secondTenant = rows.find((r) => !r.isDefault)!.id;
  // The seed places exams around the hour it ran, and a test database may be a copy made
  // hours earlier the same day: put the clock back at that hour (the SQL exam started an hour
  // before it), so "starts in 5 hours" still reads so.
  const seedHour = (await examRow('sql-closed-exam')).startTime!.getTime() + hour;
  t.clock.advance(seedHour + 10 * 60_000 - t.clock.now().getTime());
  learner = await login(demoAccounts.learner);
  newbie = await login(demoAccounts.newbie);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

const join = (uid: string, cookie?: string, site: { host: string; origin: string } = ownSite) =>
  t.app.inject({ method: 'POST', url: `/api/exams/${uid}/join`, headers: { ...site, ...(cookie ? { cookie } : {}) } });

async function list(query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await get(`/api/exams?${new URLSearchParams(query).toString()}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return examListSchema.parse(res.json());
}

function visibleRows() {
  return t.db
    .select()
    .from(exams)
    .where(and(eq(exams.tenantId, demoTenant), inArray(exams.status, ['PUBLISHED', 'DRAFT'])));
}

async function examRow(uid: string): Promise<ExamRow> {
  const [row] = await t.db
    .select()
    .from(exams)
    .where(and(eq(exams.tenantId, demoTenant), eq(exams.uid, uid)));
  if (!row) throw new Error(`no exam ${uid}`);
  return row;
}

let extraCounter = 0;
async function insertExam(values: Partial<typeof exams.$inferInsert> = {}): Promise<ExamRow> {
  extraCounter += 1;
  const [row] = await t.db
    .insert(exams)
    .values({
      tenantId: demoTenant,
      uid: `extra-exam-${extraCounter}`,
      title: { cn: `测试考试 ${extraCounter}`, en: `Test exam ${extraCounter}` },
      cover: '/mobile/seed/cover-01.svg',
      brief: { cn: '<p>说明</p>', en: '<p>Brief</p>' },
      status: 'PUBLISHED',
      ...values,
    })
    .returning();
  return row!;
}

/** The documented list order, computed from the rows: upcoming and running, any time, ended. */
function expectedOrder(rows: ExamRow[], now: Date): string[] {
  const group = (r: ExamRow) => (r.endTime !== null && r.endTime <= now ? 2 : r.startTime === null ? 1 : 0);
  return [...rows]
    .sort((a, b) => {
      const ga = group(a);
      const gb = group(b);
      if (ga !== gb) return ga - gb;
      if (ga === 0 && a.startTime!.getTime() !== b.startTime!.getTime()) {
        return a.startTime!.getTime() - b.startTime!.getTime();
      }
      if (ga === 2 && a.endTime!.getTime() !== b.endTime!.getTime()) {
        return b.endTime!.getTime() - a.endTime!.getTime();
      }
      return a.id - b.id;
    })
    .map((r) => r.uid);
}

describe('GET /api/exams', () => {
  it('lists published and draft exams: upcoming and running by start, then any-time, then ended', async () => {
    const rows = await visibleRows();
    const page = await list({ pageSize: '50' });
    expect(page.total).toBe(rows.length);
    expect(page.items.map((e) => e.uid)).toEqual(expectedOrder(rows, t.clock.now()));
    expect(page.items.map((e) => e.uid)).toEqual([
      'rendering-performance-checkpoint',
      'typescript-types-quiz',
      'database-query-test',
      'node-basics-test',
      'english-level-test',
      'http-status-drill',
      'sql-closed-exam',
      'react-certification',
      'japanese-kana-test',
      'js-fundamentals-exam',
      'ui-design-exam',
      'data-analysis-final',
      'kana-check',
      'mobile-guidelines-check',
      'python-quiz',
      'slide-design-check',
      'excel-skills-test',
    ]);
  });

  it('answers every summary field from the row', async () => {
    const row = await examRow('react-certification');
    const page = await list({ keyword: 'react' });
    expect(page.items).toEqual([
      {
        uid: 'react-certification',
        title: 'React Developer Certification',
        cover: row.cover,
        price: { amount: 9900, original: null, currency: 'CNY' },
        status: 'PUBLISHED',
        startTime: row.startTime!.toISOString(),
        endTime: row.endTime!.toISOString(),
        duration: 90,
        totalScore: row.totalScore,
        passScore: row.passScore,
        quizCount: row.quizCount,
        examTimes: 1,
        studentCount: row.studentCount,
      },
    ]);
    const unlimited = await list({ keyword: 'python' });
    expect(unlimited.items[0]).toMatchObject({ startTime: null, endTime: null, duration: null, examTimes: null });
  });

  it('moves an exam to the ended group when its end passes', async () => {
    const rows = await visibleRows();
    t.clock.advance(3 * hour);
    try {
      const page = await list({ pageSize: '50' });
      expect(page.items.map((e) => e.uid)).toEqual(expectedOrder(rows, t.clock.now()));
      expect(page.items.slice(-3).map((e) => e.uid)).toEqual([
        'slide-design-check',
        'sql-closed-exam',
        'excel-skills-test',
      ]);
    } finally {
      t.clock.advance(-3 * hour);
    }
  });

  it('finds a keyword in either language, Chinese substrings included', async () => {
    expect((await list({ keyword: 'SQL' })).items.map((e) => e.uid)).toEqual(['sql-closed-exam']);
    expect((await list({ keyword: '假名' })).items.map((e) => e.uid)).toEqual(['japanese-kana-test']);
    const rows = await visibleRows();
    const withExam = rows.filter((r) => r.title.cn.includes('考试')).map((r) => r.uid);
    const found = await list({ keyword: '考试', pageSize: '50' });
    expect(found.items.map((e) => e.uid).sort()).toEqual(withExam.sort());
    expect(found.total).toBe(withExam.length);
    expect((await list({ keyword: '%' })).total).toBe(0);
    expect((await list({ keyword: '  ' })).total).toBe(rows.length);
  });

  it('lists only recommended exams in the school’s order when asked', async () => {
    const rows = await visibleRows();
    const expected = rows
      .filter((r) => r.recommendedSeq !== null)
      .sort((a, b) => a.recommendedSeq! - b.recommendedSeq! || a.id - b.id)
      .map((r) => r.uid);
    const page = await list({ recommended: 'true' });
    expect(page.items.map((e) => e.uid)).toEqual(expected);
    expect(expected).toEqual(['js-fundamentals-exam', 'react-certification', 'python-quiz', 'sql-closed-exam']);
    expect(page.total).toBe(4);
  });

  it('pages: a middle page, the last one, and beyond the end', async () => {
    const rows = await visibleRows();
    const all = expectedOrder(rows, t.clock.now());
    const second = await list({ page: '2', pageSize: '4' });
    expect(second).toMatchObject({ page: 2, pageSize: 4, total: rows.length });
    expect(second.items.map((e) => e.uid)).toEqual(all.slice(4, 8));
    const lastPage = Math.ceil(rows.length / 4);
    const last = await list({ page: String(lastPage), pageSize: '4' });
    expect(last.items.map((e) => e.uid)).toEqual(all.slice((lastPage - 1) * 4));
    expect(last.items.length).toBeGreaterThan(0);
    expect(await list({ page: String(lastPage + 1), pageSize: '4' })).toEqual({
      items: [],
      total: rows.length,
      page: lastPage + 1,
      pageSize: 4,
    });
    expect((await list({ pageSize: '50' })).pageSize).toBe(50);
  });

  it.each([
    [{ pageSize: '51' }, 'pageSize'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ page: '0' }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ page: '10001' }, 'page'],
    [{ recommended: '1' }, 'recommended'],
    [{ keyword: 'k'.repeat(51) }, 'keyword'],
  ])('refuses %j with validationFailed on %s', async (query, field) => {
    const res = await get(`/api/exams?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field });
  });

  it('leaves out unpublished and closed exams', async () => {
    const hidden = await insertExam({ status: 'UNPUBLISHED', title: { cn: '隐藏', en: 'Walrus hidden' } });
    const closed = await insertExam({ status: 'CLOSED', title: { cn: '关闭', en: 'Walrus closed' } });
    const shown = await insertExam({ title: { cn: '海象', en: 'Walrus shown' } });
    try {
      const page = await list({ keyword: 'walrus' });
      expect(page.items.map((e) => e.uid)).toEqual([shown.uid]);
    } finally {
      await t.db.delete(exams).where(inArray(exams.id, [hidden.id, closed.id, shown.id]));
    }
  });

  it('shows each school only its own exams', async () => {
    expect((await list({}, { host: secondSchoolHost })).total).toBe(0);
    const theirs = await insertExam({ tenantId: secondTenant, uid: 'python-quiz', title: { cn: '二', en: 'Theirs' } });
    try {
      expect((await list({}, { host: secondSchoolHost })).items.map((e) => e.title)).toEqual(['Theirs']);
      expect((await list({ keyword: 'theirs' })).total).toBe(0);
    } finally {
      await t.db.delete(exams).where(eq(exams.id, theirs.id));
    }
  });

  it('is revalidated by ETag', async () => {
    const first = await get('/api/exams');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/api/exams', undefined, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/exams/{uid}', () => {
  it('answers a visitor the exam with its reviewers in order and the server time', async () => {
    const row = await examRow('react-certification');
    const res = await get('/api/exams/react-certification');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache'); // a visitor's copy is public (kept for a while when PUBLIC_CACHE_SECONDS > 0)
    const detail = examDetailSchema.parse(res.json());
    const reviewers = await t.db
      .select({ id: teachers.id, name: teachers.name })
      .from(examReviewers)
      .innerJoin(teachers, eq(teachers.id, examReviewers.teacherId))
      .where(eq(examReviewers.examId, row.id))
      .orderBy(asc(examReviewers.seq));
    expect(detail.reviewers.map((r) => [r.id, r.name])).toEqual(reviewers.map((r) => [r.id, r.name.en]));
    expect(detail.reviewers).toHaveLength(2);
    expect(detail).toMatchObject({
      uid: 'react-certification',
      closedExam: true,
      lateLimit: 15,
      membership: null,
      now: t.clock.now().toISOString(),
      startTime: row.startTime!.toISOString(),
    });
    expect(detail.brief).toMatch(/^<p>React Developer Certification covers/);
  });

  it('tells the course to study first with its share, and each caller their own progress in it', async () => {
    const gated = seedExamScenarios.progressRequired;
    const requirementOf = async (cookie?: string) =>
      examDetailSchema.parse((await get(`/api/exams/${gated.examUid}`, cookie)).json()).requirement;
    const course = { uid: gated.courseUid, title: 'React Performance' };
    expect(await requirementOf()).toEqual({ course, progress: gated.requiredProgress, yourProgress: null });
    // The demo learner has studied a little of the course; a new account none of it.
    const [own] = await t.db
      .select({ learned: courseMembers.learnedLessonCount, total: courses.lessonCount })
      .from(courseMembers)
      .innerJoin(courses, eq(courses.id, courseMembers.courseId))
      .innerJoin(users, eq(users.id, courseMembers.userId))
      .where(and(eq(courses.uid, gated.courseUid), eq(users.username, demoAccounts.learner.username)));
    const yourProgress = Math.floor((Math.min(own!.learned, own!.total) / own!.total) * 100);
    expect(yourProgress).toBeLessThan(gated.requiredProgress);
    expect(await requirementOf(learner)).toEqual({ course, progress: gated.requiredProgress, yourProgress });
    expect(await requirementOf((await newAccount(t)).cookie)).toEqual({
      course,
      progress: gated.requiredProgress,
      yourProgress: 0,
    });
    // An exam without one says so.
    expect(examDetailSchema.parse((await get('/api/exams/react-certification')).json()).requirement).toBeNull();
  });

  it('answers in Chinese for a zh browser', async () => {
    const detail = examDetailSchema.parse(
      (await get('/api/exams/react-certification', undefined, { 'accept-language': 'zh-CN' })).json(),
    );
    expect(detail.title).toBe('React 开发认证考试');
    expect(detail.brief).toContain('考查课程中的核心知识点');
  });

  it('shows a member their membership and attempts used', async () => {
    const [member] = await t.db
      .select()
      .from(examMembers)
      .innerJoin(exams, eq(exams.id, examMembers.examId))
      .where(eq(exams.uid, 'english-level-test'));
    const detail = examDetailSchema.parse((await get('/api/exams/english-level-test', learner)).json());
    expect(detail.membership).toMatchObject({
      joinedAt: member!.exam_members.joinedAt.toISOString(),
      attemptsUsed: 1,
    });
    const sql = examDetailSchema.parse((await get('/api/exams/sql-closed-exam', learner)).json());
    expect(sql.membership?.attemptsUsed).toBe(0);
    const other = examDetailSchema.parse((await get('/api/exams/english-level-test', newbie)).json());
    expect(other.membership).toBeNull();
  });

  it('answers a coming-soon DRAFT exam', async () => {
    const res = await get('/api/exams/data-analysis-final');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('DRAFT');
  });

  it.each(['UNPUBLISHED', 'CLOSED'] as const)('refuses a %s exam with examNotPublished', async (status) => {
    const row = await insertExam({ status });
    const res = await get(`/api/exams/${row.uid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('examNotPublished');
  });

  it("answers examNotFound for an unknown uid and another school's exam", async () => {
    const unknown = await get('/api/exams/no-such-exam');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('examNotFound');
    const elsewhere = await get('/api/exams/python-quiz', undefined, { host: secondSchoolHost });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('examNotFound');
  });

  it('refuses a uid longer than 64 characters', async () => {
    const res = await get(`/api/exams/${'e'.repeat(65)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'uid' });
  });

  it('sanitizes a brief written straight into the database', async () => {
    const row = await insertExam({
      brief: {
        cn: '<p>好</p>',
        en: '<p>Rules</p><script>fetch("/api/users/current")</script><a href="javascript:void(0)" onmouseover="x()">go</a>',
      },
    });
    const detail = examDetailSchema.parse((await get(`/api/exams/${row.uid}`)).json());
    expect(detail.brief).toBe('<p>Rules</p><a rel="noopener noreferrer" target="_blank">go</a>');
  });
});

describe("GET /api/exams/{uid}: the caller's attempts", () => {
  type AttemptValues = Partial<typeof attempts.$inferInsert>;

  /** A member of a fresh exam with a paper; attempts are written straight into the table. */
  async function arrange() {
    const row = await insertExam({ examTimes: 3, totalScore: 100, passScore: 60 });
    const [paper] = await t.db.insert(papers).values({ tenantId: demoTenant }).returning();
    const account = await newAccount(t);
    await t.db
      .insert(examMembers)
      .values({ tenantId: demoTenant, examId: row.id, userId: account.id, joinedAt: t.clock.now() });
    const add = async (values: AttemptValues) => {
      const [attempt] = await t.db
        .insert(attempts)
        .values({
          tenantId: demoTenant,
          userId: account.id,
          examId: row.id,
          paperId: paper!.id,
          questionOrder: [],
          startedAt: t.clock.now(),
          ...values,
        })
        .returning({ id: attempts.id });
      return attempt!.id;
    };
    const membership = async (cookie = account.cookie) =>
      examDetailSchema.parse((await get(`/api/exams/${row.uid}`, cookie)).json()).membership;
    return { row, paper: paper!, account, add, membership };
  }
  const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000);

  it("answers the seeded learner's scored, reviewing and used-up exams", async () => {
    const membership = async (uid: string) =>
      examDetailSchema.parse((await get(`/api/exams/${uid}`, learner)).json()).membership;
    expect(await membership(seedExamScenarios.scored.examUid)).toMatchObject({
      attemptsUsed: 1,
      openAttemptId: null,
      latestAttempt: { status: 'COMPLETED', score: 84 },
      bestScore: 84,
    });
    expect(await membership(seedExamScenarios.reviewing.examUid)).toMatchObject({
      openAttemptId: null,
      latestAttempt: { status: 'PENDING_REVIEW', score: null },
      bestScore: null,
    });
    expect(await membership(seedExamScenarios.attemptsUsedUp.examUid)).toMatchObject({
      attemptsUsed: 1,
      latestAttempt: { status: 'COMPLETED', score: 70 },
      bestScore: 70,
    });
    expect(await membership(seedExamScenarios.openTimed.examUid)).toMatchObject({
      attemptsUsed: 0,
      openAttemptId: null,
      latestAttempt: null,
    });
  });

  it('answers no attempts to a member who has not started', async () => {
    const { membership } = await arrange();
    expect(await membership()).toMatchObject({ openAttemptId: null, latestAttempt: null, bestScore: null });
  });

  it('names the open attempt, and no latest one before a submission', async () => {
    const { add, membership } = await arrange();
    const open = await add({ status: 'NOT_SUBMITTED', deadline: at(30) });
    expect(await membership()).toMatchObject({ openAttemptId: open, latestAttempt: null, bestScore: null });
  });

  it('answers the latest submitted attempt and the best score of the scored ones', async () => {
    const { add, membership } = await arrange();
    await add({ status: 'COMPLETED', submittedAt: at(-300), score: 85, passed: true });
    await add({ status: 'COMPLETED', submittedAt: at(-200), score: 40, passed: false });
    const reviewing = await add({ status: 'PENDING_REVIEW', submittedAt: at(-100), objectiveScore: 30 });
    const open = await add({ status: 'NOT_SUBMITTED' });
    expect(await membership()).toMatchObject({
      openAttemptId: open,
      latestAttempt: { id: reviewing, status: 'PENDING_REVIEW', score: null },
      bestScore: 85,
    });
  });

  it('answers a scored latest attempt with its score', async () => {
    const { add, membership } = await arrange();
    await add({ status: 'COMPLETED', submittedAt: at(-60), score: 55, passed: false });
    const latest = await add({ status: 'COMPLETED', submittedAt: at(-10), score: 72, passed: true });
    expect(await membership()).toMatchObject({
      openAttemptId: null,
      latestAttempt: { id: latest, status: 'COMPLETED', score: 72 },
      bestScore: 72,
    });
  });

  it("leaves out another learner's attempts, and answers a visitor no membership", async () => {
    const { row, paper, membership } = await arrange();
    const other = await newAccount(t);
    await t.db
      .insert(examMembers)
      .values({ tenantId: demoTenant, examId: row.id, userId: other.id, joinedAt: t.clock.now() });
    await t.db.insert(attempts).values({
      tenantId: demoTenant,
      userId: other.id,
      examId: row.id,
      paperId: paper.id,
      questionOrder: [],
      startedAt: t.clock.now(),
      status: 'COMPLETED',
      submittedAt: t.clock.now(),
      score: 99,
    });
    expect(await membership()).toMatchObject({ openAttemptId: null, latestAttempt: null, bestScore: null });
    expect(await membership(other.cookie)).toMatchObject({ latestAttempt: { status: 'COMPLETED', score: 99 } });
    expect(await membership('')).toBeNull();
  });
});

describe('POST /api/exams/{uid}/join', () => {
  const studentCount = async (uid: string) => (await examRow(uid)).studentCount;
  const members = async (examId: number) =>
    (await t.db.select({ n: count() }).from(examMembers).where(eq(examMembers.examId, examId)))[0]!.n;

  it('asks a visitor to log in', async () => {
    const res = await join('python-quiz');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('makes the caller a member of a free exam, once', async () => {
    const before = await examRow('python-quiz');
    const res = await join('python-quiz', newbie);
    expect(res.statusCode, res.body).toBe(201);
    expect(examMembershipSchema.parse(res.json())).toEqual({
      joinedAt: t.clock.now().toISOString(),
      attemptsUsed: 0,
      openAttemptId: null,
      latestAttempt: null,
      bestScore: null,
      attempts: [],
    });
    expect(await studentCount('python-quiz')).toBe(before.studentCount + 1);
    const detail = examDetailSchema.parse((await get('/api/exams/python-quiz', newbie)).json());
    expect(detail.membership).toEqual(res.json());

    const again = await join('python-quiz', newbie);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('memberExisted');
    expect(await studentCount('python-quiz')).toBe(before.studentCount + 1);
  });

  it('counts a double tap once', async () => {
    const account = await newAccount(t);
    const before = await examRow('japanese-kana-test');
    const answers = await Promise.all([
      join('japanese-kana-test', account.cookie),
      join('japanese-kana-test', account.cookie),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await studentCount('japanese-kana-test')).toBe(before.studentCount + 1);
    expect(await members(before.id)).toBe(1);
  });

  it('keeps a member from joining twice inside the transaction too', async () => {
    const repository = createExamsRepository(t.db);
    const row = await insertExam();
    const account = await newAccount(t);
    await repository.join(demoTenant, row.id, account.id, t.clock.now());
    await expect(repository.join(demoTenant, row.id, account.id, t.clock.now())).rejects.toBeInstanceOf(
      MembershipRefused,
    );
    expect(await members(row.id)).toBe(1);
    expect((await examRow(row.uid)).studentCount).toBe(1);
  });

  it('answers memberExisted to a member', async () => {
    const res = await join('english-level-test', learner);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('memberExisted');
  });

  it('refuses a paid exam with examChargeModeNotSupported (buy it instead)', async () => {
    const before = await examRow('react-certification');
    const res = await join('react-certification', newbie);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('examChargeModeNotSupported');
    expect(await studentCount('react-certification')).toBe(before.studentCount);
  });

  it('refuses an ended exam with examHasEnded', async () => {
    const res = await join('excel-skills-test', newbie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('examHasEnded');
  });

  it('refuses a draft, unpublished or closed exam with examNotPublished', async () => {
    expect((await join('data-analysis-final', newbie)).json().code).toBe('examNotPublished');
    for (const status of ['UNPUBLISHED', 'CLOSED'] as const) {
      const row = await insertExam({ status });
      const res = await join(row.uid, newbie);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('examNotPublished');
      expect(await members(row.id)).toBe(0);
    }
  });

  it("answers examNotFound for an unknown uid and another school's exam", async () => {
    expect((await join('no-such-exam', newbie)).json().code).toBe('examNotFound');
    const elsewhere = await login(demoAccounts.secondSchoolLearner, secondSite);
    const res = await join('python-quiz', elsewhere, secondSite);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('examNotFound');
  });

  it('lets a learner in until the end time, and not after', async () => {
    const row = await examRow('js-fundamentals-exam');
    const untilEnd = row.endTime!.getTime() - t.clock.now().getTime();
    t.clock.advance(untilEnd - 1000);
    try {
      // Days pass: a browser session would have ended, so each learner logs in afresh.
      const early = await newAccount(t);
      expect((await join('js-fundamentals-exam', early.cookie)).statusCode).toBe(201);
      t.clock.advance(1000);
      const late = await newAccount(t);
      const res = await join('js-fundamentals-exam', late.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('examHasEnded');
    } finally {
      t.clock.advance(-untilEnd);
      newbie = await login(demoAccounts.newbie);
      learner = await login(demoAccounts.learner);
    }
  });

  it('refuses a join posted from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/exams/python-quiz/join',
      headers: { ...ownSite, origin: 'https://evil.example', cookie: learner },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});
