import { count, inArray, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../lib/password.js';
import type { LocalizedText } from '../lib/localized-text.js';
import type { Db } from './database.js';
import { seedDemoCatalogue, seedSecondSchoolCatalogue } from './seed-catalogue.js';
import { seedDemoOrders } from './seed-orders.js';
import {
  agreements,
  microPages,
  systemConfigs,
  tabs,
  tenantHosts,
  tenants,
  users,
  type StoredSystemConfig,
} from './schema.js';

/*
 * The demo school of DESIGN.md §2, written once into an empty database. Everything here is
 * fixed (no random values, no clock) so two fresh databases hold the same rows and ids.
 * Images live in the web app (`apps/web/public/seed/`, served at /mobile/seed/).
 */

const t = (cn: string, en: string): LocalizedText => ({ cn, en });

export const demoAccounts = {
  learner: { username: 'learner', password: 'learner123', phone: '13800138000' },
  newbie: { username: 'newbie', password: 'newbie123' },
  /** Zhang Wei's own account: he reviews exams (seed-exams.ts, the reviewing scenario). */
  teacher: { username: 'teacher', password: 'teacher123' },
  /** The school's order operator: decides refunds through the operator API. */
  operator: { username: 'operator', password: 'operator123' },
  /** Same username as the demo school's learner, on purpose: usernames are unique per tenant. */
  secondSchoolLearner: { username: 'learner', password: 'school2pass1' },
} as const;

export const secondSchoolHost = 'school2.localhost';

const defaultSystemConfig: StoredSystemConfig = {
  enabledFeatures: { search: true, articles: true, courseComments: true },
  accessConfig: { enableWap: true, enableOpenAccess: true },
  headerNavMenuConfig: { logo: '/mobile/favicon.svg' },
  wechatOfficialConfig: { enable: false },
  adminConfig: { port: null },
  blockedIps: [],
};

const agreementTexts = [
  {
    code: 'terms',
    title: t('用户服务协议', 'Terms of Service'),
    content: t(
      '<h2>用户服务协议</h2><p>欢迎使用演示学校的在线学习服务。注册或登录即表示您同意遵守本协议。</p>' +
        '<h3>1. 账号</h3><p>请妥善保管您的账号和密码，不得将账号转让或借给他人使用。</p>' +
        '<h3>2. 课程内容</h3><p>课程内容仅供您个人学习使用，未经许可不得复制、传播或用于商业用途。</p>' +
        '<h3>3. 订单与退款</h3><p>付费课程在支付成功后开通；符合退款条件的订单可在订单详情中申请退款。</p>' +
        '<p>如有疑问，请联系 support@demo-school.example。</p>',
      '<h2>Terms of Service</h2><p>Welcome to the online learning service of Demo School. By registering or logging in you agree to these terms.</p>' +
        '<h3>1. Your account</h3><p>Keep your account and password safe. Do not transfer or lend your account to anyone else.</p>' +
        '<h3>2. Course content</h3><p>Course content is for your personal study only. Do not copy, share or use it commercially without permission.</p>' +
        '<h3>3. Orders and refunds</h3><p>Paid courses open once payment succeeds; eligible orders can be refunded from the order detail page.</p>' +
        '<p>Questions? Write to support@demo-school.example.</p>',
    ),
  },
  {
    code: 'privacy',
    title: t('隐私政策', 'Privacy Policy'),
    content: t(
      '<h2>隐私政策</h2><p>我们只收集提供学习服务所必需的信息：用户名、手机号、学习记录和订单信息。</p>' +
        '<h3>信息的使用</h3><p>这些信息用于登录验证、记录学习进度和处理订单，不会出售给任何第三方。</p>' +
        '<h3>信息的保护</h3><p>密码经过不可逆加密存储；您可以随时在“我的”页面修改资料或申请注销账号。</p>',
      '<h2>Privacy Policy</h2><p>We collect only what the learning service needs: your username, phone number, learning records and orders.</p>' +
        '<h3>How we use it</h3><p>This information is used to sign you in, record your progress and process your orders. We never sell it to third parties.</p>' +
        '<h3>How we protect it</h3><p>Passwords are stored with one-way hashing. You can edit your profile or ask us to delete your account at any time from the Me page.</p>',
    ),
  },
  {
    code: 'about',
    title: t('关于我们', 'About Us'),
    content: t(
      '<h2>关于演示学校</h2><p>演示学校是一所在线学校，提供编程、设计和语言类课程，以及班级学习和在线考试。</p>' +
        '<p>我们相信好的课程应该随时随地可学。</p>',
      '<h2>About Demo School</h2><p>Demo School is an online school offering courses in programming, design and languages, as well as classrooms and online exams.</p>' +
        '<p>We believe good courses should be available anywhere, any time.</p>',
    ),
  },
] as const;

const homePageComponents = [
  { kind: 'searchBar', placeholder: t('搜索课程、班级和考试', 'Search courses, classrooms and exams') },
  {
    kind: 'banner',
    items: [
      { image: '/mobile/seed/banner-1.svg', alt: t('新学期课程上线', 'New term courses are here'), link: '/courses' },
      {
        image: '/mobile/seed/banner-2.svg',
        alt: t('加入班级，一起学习', 'Join a classroom and learn together'),
        link: '/classrooms',
      },
      {
        image: '/mobile/seed/banner-3.svg',
        alt: t('在线考试，检验所学', 'Test what you learned in an online exam'),
        link: '/single/exams',
      },
    ],
  },
  {
    kind: 'navGrid',
    items: [
      { icon: '/mobile/seed/nav-courses.svg', label: t('课程', 'Courses'), link: '/courses' },
      { icon: '/mobile/seed/nav-classrooms.svg', label: t('班级', 'Classrooms'), link: '/classrooms' },
      { icon: '/mobile/seed/nav-exams.svg', label: t('考试', 'Exams'), link: '/single/exams' },
      { icon: '/mobile/seed/nav-articles.svg', label: t('资讯', 'Articles'), link: '/articles' },
    ],
  },
  {
    kind: 'richText',
    html: t(
      '<p><strong>公告：</strong>新学期课程已全部上线，登录后即可开始学习。</p>',
      '<p><strong>Notice:</strong> all courses of the new term are online. Log in to start learning.</p>',
    ),
  },
  {
    kind: 'imageAd',
    image: '/mobile/seed/ad-1.svg',
    alt: t('限时优惠：精选课程低至五折', 'Limited offer: selected courses up to 50% off'),
    link: '/courses',
    aspectRatio: 3,
  },
  { kind: 'courseList', title: t('推荐课程', 'Recommended courses'), rule: 'recommended', limit: 4 },
  { kind: 'classroomList', title: t('热门班级', 'Popular classrooms'), rule: 'recommended', limit: 3 },
  { kind: 'courseList', title: t('最新课程', 'Latest courses'), rule: 'latest', limit: 6 },
  { kind: 'examList', title: t('近期考试', 'Upcoming exams'), rule: 'recommended', limit: 3 },
  { kind: 'articleList', title: t('学校资讯', 'School news'), rule: 'latest', limit: 4 },
];

const secondSchoolHomeComponents = [
  { kind: 'searchBar', placeholder: t('搜索课程', 'Search courses') },
  {
    kind: 'richText',
    html: t('<p>欢迎来到第二学校。</p>', '<p>Welcome to Second School.</p>'),
  },
  { kind: 'courseList', title: t('最新课程', 'Latest courses'), rule: 'latest', limit: 6 },
];

const tabIcon = (name: string) => ({
  defaultIconUrl: `/mobile/seed/tab-${name}.svg`,
  activeIconUrl: `/mobile/seed/tab-${name}-active.svg`,
});

/** Seeds the demo data when the database has no tenant yet. Returns whether it did. */
/**
 * `now` places exams and enrolment windows around the moment the school is created, so the
 * demo always has upcoming and running ones.
 */
export async function seedIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;

  // Hash outside the transaction: ~15 ms each, no reason to hold the transaction open.
  const [learnerHash, newbieHash, secondHash, teacherHash, operatorHash] = await Promise.all([
    hashPassword(demoAccounts.learner.password),
    hashPassword(demoAccounts.newbie.password),
    hashPassword(demoAccounts.secondSchoolLearner.password),
    hashPassword(demoAccounts.teacher.password),
    hashPassword(demoAccounts.operator.password),
  ]);

  await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(tenants)
      .values({
        name: t('演示学校', 'Demo School'),
        slogan: t('随时随地，学你所爱', 'Learn what you love, anywhere'),
        favicon: '/mobile/favicon.svg',
        status: 'RUNNING',
        currency: 'CNY',
        isDefault: true,
      })
      .returning({ id: tenants.id });
    const [second] = await tx
      .insert(tenants)
      .values({
        name: t('第二学校', 'Second School'),
        slogan: t('另一所学校的数据互不相通', 'A separate school with its own data'),
        favicon: '/mobile/favicon.svg',
        status: 'RUNNING',
        currency: 'USD',
        isDefault: false,
      })
      .returning({ id: tenants.id });
    if (!demo || !second) throw new Error('seed: tenant insert returned nothing');

    await tx.insert(tenantHosts).values({ host: secondSchoolHost, tenantId: second.id });

    await tx.insert(systemConfigs).values([
      { tenantId: demo.id, config: defaultSystemConfig },
      {
        tenantId: second.id,
        config: { ...defaultSystemConfig, enabledFeatures: { search: true } },
      },
    ]);

    await tx.insert(agreements).values([
      ...agreementTexts.map((a, seq) => ({
        tenantId: demo.id,
        seq,
        code: a.code,
        title: a.title,
        content: a.content,
      })),
      ...agreementTexts.map((a, seq) => ({
        tenantId: second.id,
        seq,
        code: a.code,
        title: a.title,
        content: a.content,
      })),
    ]);

    const [home] = await tx
      .insert(microPages)
      .values({ tenantId: demo.id, title: t('首页', 'Home'), components: homePageComponents })
      .returning({ id: microPages.id });
    const [secondHome] = await tx
      .insert(microPages)
      .values({
        tenantId: second.id,
        title: t('第二学校首页', 'Second School home'),
        components: secondSchoolHomeComponents,
      })
      .returning({ id: microPages.id });
    if (!home || !secondHome) throw new Error('seed: micro page insert returned nothing');

    await tx.insert(tabs).values([
      {
        tenantId: demo.id,
        seq: 1,
        type: 'MICRO_PAGE',
        name: t('首页', 'Home'),
        ...tabIcon('home'),
        microPageId: home.id,
      },
      { tenantId: demo.id, seq: 2, type: 'COURSE_LIST', name: t('课程', 'Courses'), ...tabIcon('courses') },
      { tenantId: demo.id, seq: 3, type: 'LEARNING_CENTER', name: t('学习', 'Learning'), ...tabIcon('learning') },
      { tenantId: demo.id, seq: 4, type: 'MINE', name: t('我的', 'Me'), ...tabIcon('me') },
      {
        tenantId: second.id,
        seq: 1,
        type: 'MICRO_PAGE',
        name: t('首页', 'Home'),
        ...tabIcon('home'),
        microPageId: secondHome.id,
      },
      { tenantId: second.id, seq: 2, type: 'MINE', name: t('我的', 'Me'), ...tabIcon('me') },
    ]);

    const [learner, , , teacher, operator] = await tx
      .insert(users)
      .values([
        {
          tenantId: demo.id,
          username: demoAccounts.learner.username,
          phone: demoAccounts.learner.phone,
          passwordHash: learnerHash,
          nickname: '学员小明',
          gender: 'MALE',
          introduction: '热爱编程的学习者。',
        },
        {
          tenantId: demo.id,
          username: demoAccounts.newbie.username,
          passwordHash: newbieHash,
          nickname: 'newbie',
        },
        {
          tenantId: second.id,
          username: demoAccounts.secondSchoolLearner.username,
          passwordHash: secondHash,
          nickname: 'Second School learner',
        },
        {
          tenantId: demo.id,
          username: demoAccounts.teacher.username,
          passwordHash: teacherHash,
          nickname: '张伟老师',
        },
        {
          tenantId: demo.id,
          username: demoAccounts.operator.username,
          passwordHash: operatorHash,
          nickname: '订单专员',
        },
      ])
      .returning({ id: users.id });
    if (!learner || !teacher || !operator) throw new Error('seed: user insert returned nothing');

    await seedDemoCatalogue(tx, { tenantId: demo.id, learnerId: learner.id, teacherUserId: teacher.id, now });
    await seedDemoOrders(tx, { tenantId: demo.id, learnerId: learner.id, operatorId: operator.id, now });
    await seedSecondSchoolCatalogue(tx, second.id);
  });
  return true;
}

/**
 * The demo accounts of this database that still open with their published password (a
 * database seeded by a development start, then served in production). Checked by verifying
 * each such account's hash, about 15 ms each: a school that reused a demo username with its
 * own password is not named.
 */
export async function openDemoLogins(db: Db): Promise<string[]> {
  const accounts = Object.values(demoAccounts);
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        accounts.map((a) => a.username),
      ),
    );
  const open = await Promise.all(
    rows.map(async (row) => {
      const passwords = accounts.filter((a) => a.username === row.username.toLowerCase()).map((a) => a.password);
      for (const password of passwords) {
        if (row.passwordHash !== null && (await verifyPassword(row.passwordHash, password))) return row.username;
      }
      return null;
    }),
  );
  return [...new Set(open.filter((name): name is string => name !== null))].sort();
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(tenants);
  return (row?.n ?? 0) === 0;
}
