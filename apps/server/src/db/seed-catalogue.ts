import { eq } from 'drizzle-orm';
import type { Db } from './database.js';
import type { LocalizedText } from '../lib/localized-text.js';
import { gatedCourseProgress, lessonExamUid, seedExamScenarios, seedExams, seedHomework } from './seed-exams.js';
import { loadSeedMedia, type SeedMediaKind, type SeedMediaRow } from './seed-media.js';
import {
  activityRegistrations,
  articles,
  categories,
  chapters,
  classroomAnnouncements,
  classroomComments,
  classroomCourses,
  classroomMembers,
  classrooms,
  classroomTeachers,
  coupons,
  courseComments,
  courseLectures,
  courseMembers,
  courseNotes,
  courseTags,
  courseTeachers,
  courses,
  courseThreadPosts,
  courseThreads,
  lessonLearnings,
  lessons,
  media,
  tags,
  teachers,
  users,
} from './schema.js';

/*
 * The demo school's catalogue (DESIGN.md §2): a 3-level category tree, 44 courses with
 * chapters and lessons of every media type, classrooms, exams, articles, teachers, comments.
 * Deterministic: everything derives from the lists below and the index of each item; the one
 * input that moves is `now`, so exams, enrolment windows and live lessons stay around the
 * moment the database is created.
 *
 * Every lesson has what its media type plays (issue 9): VIDEO and LIVE_RECODE the mp4 (two
 * VIDEO lessons the HLS of it), AUDIO the mp3, PDF and DOC the 4-page PDF, PPT the 4 slides,
 * OTHER the exercises zip (files: seed-media.ts), HTML rich text, LIVE* a start time and a room
 * URL, EXAM the free Python quiz (React Performance's: its own checkpoint), ACTIVITY a time, a
 * place and seats, LAB a URL and what it is.
 * Each lesson has its own media row; the rows share the seed files.
 *
 * Learning scenarios (course index → what it shows; `seedScenarios` below names them by course
 * uid and lesson number, testing/learning-scenarios.ts finds their ids):
 * - 13 SQL Essentials (free): learn in order; the learner joined and completed lesson 1 only,
 *   so lesson 3 is locked behind lesson 2.
 * - 11 Automate Office Work with Python (paid, 365 days): the learner's membership ended 35
 *   days ago.
 * - 3 React 19 (the learner owns it): lesson 2's video is still converting (RUNNING).
 * - 8 Server-side Node.js (the learner owns it): lesson 1 an ACTIVITY with one seat left (four
 *   other learners registered), 2 LIVE tomorrow, 3 LIVE_NOW, 4 LIVE_COMPLETED, 5 LIVE_RECODE
 *   (the replay plays the mp4), 6 LAB, 7 OTHER (a download).
 * - 0 JavaScript from Zero and 10 Python for Beginners: the learner's progress (lessons 1–2
 *   completed and lesson 3 at page 2; lesson 1 completed and lesson 2 at 0:12).
 * - 6 The Complete CSS Layout Guide (free, nobody's): lesson 1 the mp4, lesson 2 the HLS,
 *   lesson 3 the PDF: `newbie` joins it and starts learning in the browser journeys.
 * - 32 Japanese Kana (free, nobody's): VIDEO, AUDIO, PDF, PPT, DOC, HTML, VIDEO, EXAM,
 *   ACTIVITY, LIVE in its ten lessons: join it to try each player.
 * - 4 React Performance (the learner owns it): lesson 1 learned, lesson 2 half read; its EXAM
 *   lesson 4 opens an exam that needs 60 % of the course first.
 *
 * Exams, their papers, the learner's attempts and homework (on lessons 2 and 3 of course 0):
 * seed-exams.ts, whose top comment lists the exam scenarios.
 */

const t = (cn: string, en: string): LocalizedText => ({ cn, en });
const hour = 3_600_000;
const day = 24 * hour;

type CategoryNode = { name: LocalizedText; children?: CategoryNode[] };

const courseCategoryTree: CategoryNode[] = [
  {
    name: t('编程开发', 'Programming'),
    children: [
      {
        name: t('前端开发', 'Front-end'),
        children: [{ name: t('JavaScript', 'JavaScript') }, { name: t('React', 'React') }, { name: t('CSS', 'CSS') }],
      },
      {
        name: t('后端开发', 'Back-end'),
        children: [
          { name: t('Node.js', 'Node.js') },
          { name: t('Python', 'Python') },
          { name: t('数据库', 'Databases') },
        ],
      },
      {
        name: t('数据科学', 'Data science'),
        children: [{ name: t('数据分析', 'Data analysis') }, { name: t('机器学习', 'Machine learning') }],
      },
    ],
  },
  {
    name: t('设计创意', 'Design'),
    children: [
      {
        name: t('UI 设计', 'UI design'),
        children: [{ name: t('移动端设计', 'Mobile design') }, { name: t('设计系统', 'Design systems') }],
      },
      {
        name: t('平面设计', 'Graphic design'),
        children: [{ name: t('排版', 'Typography') }, { name: t('品牌设计', 'Branding') }],
      },
    ],
  },
  {
    name: t('语言学习', 'Languages'),
    children: [
      { name: t('英语', 'English'), children: [{ name: t('口语', 'Speaking') }, { name: t('写作', 'Writing') }] },
      { name: t('日语', 'Japanese'), children: [{ name: t('日语入门', 'Japanese for beginners') }] },
    ],
  },
  {
    name: t('职场技能', 'Career skills'),
    children: [
      {
        name: t('办公软件', 'Office software'),
        children: [{ name: t('Excel', 'Excel') }, { name: t('PPT', 'Slides') }],
      },
      { name: t('沟通管理', 'Communication'), children: [{ name: t('演讲表达', 'Public speaking') }] },
    ],
  },
];

const classroomCategoryTree: CategoryNode[] = [
  {
    name: t('技术训练营', 'Tech bootcamps'),
    children: [{ name: t('前端', 'Front-end') }, { name: t('数据', 'Data') }],
  },
  { name: t('语言班', 'Language classes') },
  { name: t('职场提升', 'Career growth') },
];

const tagNames = [
  t('入门', 'Beginner'),
  t('进阶', 'Advanced'),
  t('实战', 'Hands-on'),
  t('热门', 'Popular'),
  t('证书', 'Certificate'),
  t('直播', 'Live'),
];

const teacherRows = [
  [
    t('王磊', 'Wang Lei'),
    t('前端架构师', 'Front-end architect'),
    t('十年 Web 开发经验，专注 React 与性能优化。', 'Ten years of web development, focused on React and performance.'),
  ],
  [
    t('李娜', 'Li Na'),
    t('数据科学家', 'Data scientist'),
    t(
      '曾在互联网公司负责推荐系统，擅长把复杂的统计讲简单。',
      'Built recommendation systems at internet companies; makes statistics simple.',
    ),
  ],
  [
    t('张伟', 'Zhang Wei'),
    t('后端工程师', 'Back-end engineer'),
    t(
      'Node.js 与 PostgreSQL 实践者，开源项目维护者。',
      'Node.js and PostgreSQL practitioner and open-source maintainer.',
    ),
  ],
  [
    t('陈静', 'Chen Jing'),
    t('资深 UI 设计师', 'Senior UI designer'),
    t('主导过多款千万级用户 App 的设计系统。', 'Led design systems for apps with tens of millions of users.'),
  ],
  [
    t('Emily Carter', 'Emily Carter'),
    t('英语讲师', 'English teacher'),
    t(
      '来自伦敦，TESOL 认证，教授英语口语与写作八年。',
      'From London, TESOL certified, eight years teaching speaking and writing.',
    ),
  ],
  [
    t('佐藤由美', 'Yumi Sato'),
    t('日语讲师', 'Japanese teacher'),
    t('日本语能力测试 N1 辅导专家。', 'Specialist in JLPT N1 preparation.'),
  ],
  [
    t('刘洋', 'Liu Yang'),
    t('职场培训师', 'Career coach'),
    t('为五百强企业提供办公效率与演讲培训。', 'Trains Fortune 500 teams in office productivity and public speaking.'),
  ],
  [
    t('赵敏', 'Zhao Min'),
    t('平面设计师', 'Graphic designer'),
    t('品牌与排版设计师，作品获多项设计奖。', 'Brand and typography designer with several design awards.'),
  ],
] as const;

/**
 * Courses: [leaf category path, title, subtitle, price in yuan (0 free), original price, tags,
 * teachers, cover]. Leaf paths index into the course tree: [root, child, leaf].
 */
type CourseSeed = {
  path: [number, number, number];
  title: LocalizedText;
  subtitle: LocalizedText;
  price: number;
  original?: number;
  tags: number[];
  teachers: number[];
  cover: number;
};
const c = (
  path: [number, number, number],
  cn: string,
  en: string,
  subCn: string,
  subEn: string,
  price: number,
  tagIds: number[],
  teacherIds: number[],
  cover: number,
  original?: number,
): CourseSeed => ({
  path,
  title: t(cn, en),
  subtitle: t(subCn, subEn),
  price,
  tags: tagIds,
  teachers: teacherIds,
  cover,
  ...(original === undefined ? {} : { original }),
});

const courseSeeds: CourseSeed[] = [
  c(
    [0, 0, 0],
    'JavaScript 零基础入门',
    'JavaScript from Zero',
    '从变量到异步，写出第一个网页交互',
    'From variables to async: your first interactive page',
    0,
    [0, 3],
    [0],
    1,
  ),
  c(
    [0, 0, 0],
    'JavaScript 进阶：异步与模块',
    'Advanced JavaScript: Async and Modules',
    'Promise、async/await 与 ES 模块',
    'Promises, async/await and ES modules',
    99,
    [1],
    [0],
    1,
    199,
  ),
  c(
    [0, 0, 0],
    'TypeScript 实战',
    'TypeScript in Practice',
    '给大型项目加上类型安全',
    'Type safety for large projects',
    149,
    [1, 2],
    [0, 2],
    2,
  ),
  c(
    [0, 0, 1],
    'React 19 从入门到实战',
    'React 19: Zero to Production',
    '组件、Hooks 与服务端状态',
    'Components, hooks and server state',
    199,
    [2, 3],
    [0],
    2,
    299,
  ),
  c(
    [0, 0, 1],
    'React 性能优化',
    'React Performance',
    '测量、拆分与渲染优化',
    'Measure, split and render less',
    129,
    [1],
    [0],
    2,
  ),
  c(
    [0, 0, 1],
    'React 组件设计模式',
    'React Component Patterns',
    '可复用组件的十种模式',
    'Ten patterns for reusable components',
    0,
    [1],
    [0],
    1,
  ),
  c(
    [0, 0, 2],
    'CSS 布局完全指南',
    'The Complete CSS Layout Guide',
    'Flexbox 与 Grid 一次讲透',
    'Flexbox and Grid, explained once and for all',
    0,
    [0],
    [3],
    5,
  ),
  c(
    [0, 0, 2],
    'Tailwind CSS 快速上手',
    'Tailwind CSS Quick Start',
    '原子化 CSS 的高效写法',
    'Utility-first CSS that stays fast',
    49,
    [0, 2],
    [3],
    5,
  ),
  c(
    [0, 1, 0],
    'Node.js 服务端开发',
    'Server-side Node.js',
    '用 Fastify 写可靠的 API',
    'Reliable APIs with Fastify',
    199,
    [2],
    [2],
    12,
    259,
  ),
  c(
    [0, 1, 0],
    'Node.js 性能与调试',
    'Node.js Performance and Debugging',
    '火焰图、内存泄漏与事件循环',
    'Flame graphs, leaks and the event loop',
    159,
    [1],
    [2],
    12,
  ),
  c(
    [0, 1, 1],
    'Python 编程入门',
    'Python for Beginners',
    '十小时写出实用脚本',
    'Useful scripts in ten hours',
    0,
    [0, 3],
    [1],
    9,
  ),
  c(
    [0, 1, 1],
    'Python 自动化办公',
    'Automate Office Work with Python',
    '让 Excel 与邮件自己动起来',
    'Make spreadsheets and mail run themselves',
    79,
    [2],
    [1, 6],
    10,
  ),
  c(
    [0, 1, 1],
    'Python Web 开发',
    'Python Web Development',
    'Django 项目实战',
    'A Django project from scratch',
    169,
    [2],
    [2],
    9,
  ),
  c([0, 1, 2], 'SQL 必知必会', 'SQL Essentials', '查询、连接与索引', 'Queries, joins and indexes', 0, [0], [2], 3),
  c(
    [0, 1, 2],
    'PostgreSQL 深入浅出',
    'PostgreSQL in Depth',
    '事务、执行计划与调优',
    'Transactions, query plans and tuning',
    189,
    [1],
    [2],
    3,
  ),
  c(
    [0, 2, 0],
    '数据分析入门',
    'Introduction to Data Analysis',
    '用表格和图表讲故事',
    'Tell stories with tables and charts',
    0,
    [0],
    [1],
    3,
  ),
  c(
    [0, 2, 0],
    'Pandas 数据处理',
    'Data Wrangling with Pandas',
    '清洗、合并与透视',
    'Clean, merge and pivot',
    129,
    [2],
    [1],
    3,
  ),
  c(
    [0, 2, 0],
    '数据可视化实战',
    'Data Visualisation in Practice',
    '选对图表，讲清结论',
    'Pick the right chart, make the point',
    99,
    [2],
    [1],
    3,
    149,
  ),
  c(
    [0, 2, 1],
    '机器学习基础',
    'Machine Learning Basics',
    '从线性回归到决策树',
    'From linear regression to decision trees',
    249,
    [1, 4],
    [1],
    6,
  ),
  c(
    [0, 2, 1],
    '深度学习入门',
    'Deep Learning Primer',
    '神经网络的直觉与实践',
    'Intuition and practice of neural networks',
    299,
    [1],
    [1],
    6,
    399,
  ),
  c(
    [1, 0, 0],
    '移动端 UI 设计',
    'Mobile UI Design',
    '设计让拇指舒服的界面',
    'Interfaces that suit the thumb',
    149,
    [2],
    [3],
    5,
  ),
  c(
    [1, 0, 0],
    'Figma 从入门到精通',
    'Figma from Beginner to Pro',
    '组件、变体与原型',
    'Components, variants and prototypes',
    0,
    [0, 3],
    [3],
    6,
  ),
  c(
    [1, 0, 1],
    '设计系统搭建',
    'Building a Design System',
    '让团队设计一致而高效',
    'Consistent, efficient design across a team',
    199,
    [1],
    [3],
    6,
  ),
  c([1, 0, 1], '无障碍设计', 'Accessible Design', '人人可用的界面', 'Interfaces everyone can use', 0, [1], [3], 6),
  c(
    [1, 1, 0],
    '中文排版之美',
    'The Beauty of Chinese Typography',
    '字体、字距与版心',
    'Typefaces, spacing and grids',
    89,
    [0],
    [7],
    4,
  ),
  c([1, 1, 0], '网页字体设计', 'Type on the Web', '可读性与性能兼顾', 'Readable and fast', 69, [1], [7], 4),
  c(
    [1, 1, 1],
    '品牌视觉设计',
    'Brand Identity Design',
    '从 Logo 到视觉规范',
    'From logo to brand guidelines',
    229,
    [2],
    [7],
    4,
    329,
  ),
  c(
    [2, 0, 0],
    '英语口语 30 天',
    'Spoken English in 30 Days',
    '每天 15 分钟，开口说英语',
    'Fifteen minutes a day to speak up',
    99,
    [0, 3],
    [4],
    7,
  ),
  c(
    [2, 0, 0],
    '商务英语会话',
    'Business English Conversation',
    '会议、谈判与邮件',
    'Meetings, negotiation and email',
    179,
    [1],
    [4],
    7,
  ),
  c([2, 0, 0], '英语发音纠正', 'Fix Your English Pronunciation', '音标与连读', 'Phonetics and linking', 0, [0], [4], 8),
  c(
    [2, 0, 1],
    '英语写作入门',
    'English Writing for Beginners',
    '写出清楚的段落',
    'Write clear paragraphs',
    59,
    [0],
    [4],
    8,
  ),
  c(
    [2, 0, 1],
    '雅思写作高分',
    'IELTS Writing for a High Band',
    '图表题与议论文',
    'Task 1 charts and Task 2 essays',
    299,
    [1, 4],
    [4],
    8,
    399,
  ),
  c([2, 1, 0], '日语五十音', 'Japanese Kana', '平假名与片假名', 'Hiragana and katakana', 0, [0, 3], [5], 7),
  c(
    [2, 1, 0],
    '日语 N5 语法',
    'JLPT N5 Grammar',
    '基础句型全覆盖',
    'Every basic sentence pattern',
    129,
    [0, 4],
    [5],
    7,
  ),
  c(
    [3, 0, 0],
    'Excel 函数大全',
    'Excel Functions Handbook',
    'VLOOKUP 到动态数组',
    'From VLOOKUP to dynamic arrays',
    49,
    [0, 3],
    [6],
    10,
  ),
  c(
    [3, 0, 0],
    'Excel 数据透视表',
    'Excel Pivot Tables',
    '十分钟做出月报',
    'A monthly report in ten minutes',
    0,
    [2],
    [6],
    10,
  ),
  c(
    [3, 0, 1],
    'PPT 设计与演示',
    'Slide Design and Delivery',
    '让观众记住你的观点',
    'Make the audience remember your point',
    79,
    [2],
    [6, 3],
    11,
  ),
  c(
    [3, 0, 1],
    '用 PPT 讲数据',
    'Presenting Data with Slides',
    '图表页的设计',
    'Designing chart slides',
    59,
    [1],
    [6],
    11,
  ),
  c(
    [3, 1, 0],
    '高效沟通技巧',
    'Effective Communication',
    '倾听、提问与反馈',
    'Listening, asking and feedback',
    0,
    [0],
    [6],
    7,
  ),
  c(
    [3, 1, 0],
    '公众演讲训练营',
    'Public Speaking Bootcamp',
    '克服紧张，自信表达',
    'Beat the nerves and speak with confidence',
    199,
    [2, 5],
    [6],
    8,
  ),
  // Not yet on sale, and two that learners must not reach.
  c(
    [0, 0, 1],
    'Next.js 全栈开发（即将上线）',
    'Full-stack Next.js (coming soon)',
    '服务端组件与数据获取',
    'Server components and data fetching',
    259,
    [1],
    [0],
    2,
  ),
  c(
    [1, 0, 0],
    '动效设计（即将上线）',
    'Motion Design (coming soon)',
    '让界面动起来',
    'Bring interfaces to life',
    0,
    [1],
    [3],
    5,
  ),
  c([0, 1, 0], 'Express 旧版课程', 'Express (retired)', '已下架', 'Retired', 99, [0], [2], 12),
  c([2, 0, 1], '托福写作（已关闭）', 'TOEFL Writing (closed)', '已关闭', 'Closed', 199, [4], [4], 8),
];

/** Index → status: the last four are two DRAFT, one UNPUBLISHED, one CLOSED. */
function courseStatus(index: number): 'PUBLISHED' | 'DRAFT' | 'UNPUBLISHED' | 'CLOSED' {
  const fromEnd = courseSeeds.length - index;
  if (fromEnd === 4 || fromEnd === 3) return 'DRAFT';
  if (fromEnd === 2) return 'UNPUBLISHED';
  if (fromEnd === 1) return 'CLOSED';
  return 'PUBLISHED';
}

/** Course uids read like slugs of the English title: stable, readable links. */
export function courseUid(index: number): string {
  const seed = courseSeeds[index];
  if (!seed) throw new Error(`no course ${index}`);
  return seed.title.en
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A course's index by its uid (seed-exams.ts names courses by uid). */
function courseIndex(uid: string): number {
  const i = courseSeeds.findIndex((_, k) => courseUid(k) === uid);
  if (i < 0) throw new Error(`seed: no course ${uid}`);
  return i;
}

/** Course indexes of the learning scenarios described at the top. */
const scenario = {
  inOrder: 13,
  expired: 11,
  converting: { course: 3, lesson: 1 },
  showcase: 8,
  /** Lesson index (0-based) of the activity with one seat left, in the showcase course. */
  lastSeatActivity: 0,
  newbieJourney: 6,
  everyMediaType: 32,
  /** VIDEO lessons that play the HLS version of the clip: [course, lesson]. */
  hls: [
    [6, 1],
    [10, 3],
  ],
} as const;

/**
 * The learning scenarios by course uid and lesson number (1-based across the course, as the
 * course outline numbers them), for tests that reach the seed through the API. Tests with the
 * database use testing/learning-scenarios.ts, which turns these into ids.
 */
export const seedScenarios = {
  learnInOrder: { courseUid: courseUid(scenario.inOrder), completedLesson: 1, blockingLesson: 2, lockedLesson: 3 },
  expiredMembership: { courseUid: courseUid(scenario.expired) },
  conversionRunning: { courseUid: courseUid(scenario.converting.course), lesson: scenario.converting.lesson + 1 },
  activityOneSeatLeft: { courseUid: courseUid(scenario.showcase), lesson: scenario.lastSeatActivity + 1 },
  liveTomorrow: { courseUid: courseUid(scenario.showcase), lesson: 2 },
  liveNow: { courseUid: courseUid(scenario.showcase), lesson: 3 },
  liveCompleted: { courseUid: courseUid(scenario.showcase), lesson: 4 },
  liveReplay: { courseUid: courseUid(scenario.showcase), lesson: 5 },
  lab: { courseUid: courseUid(scenario.showcase), lesson: 6 },
  download: { courseUid: courseUid(scenario.showcase), lesson: 7 },
  /** The learner's courses with progress: lessons completed, the last lesson and its position. */
  learnerProgress: [
    { courseUid: courseUid(0), completedLessons: 2, lastLesson: 3, position: 2 },
    { courseUid: courseUid(10), completedLessons: 1, lastLesson: 2, position: 12 },
  ],
  /** Free and owned by nobody: lesson 1 plays the mp4, lesson 2 the HLS, lesson 3 is the PDF. */
  newbieJourney: { courseUid: courseUid(scenario.newbieJourney), mp4Lesson: 1, hlsLesson: 2, pdfLesson: 3 },
  /** Free and owned by nobody: lessons 1–10 are VIDEO, AUDIO, PDF, PPT, DOC, HTML, VIDEO, EXAM, ACTIVITY, LIVE. */
  everyMediaType: { courseUid: courseUid(scenario.everyMediaType) },
  /** The free exam every EXAM lesson opens (but React Performance's: seed-exams.ts). */
  examUid: seedExamScenarios.lessonQuiz.examUid,
  /** The second school's course with a video (lesson 1) and a PDF (lesson 2). */
  secondSchoolCourseUid: 'second-course-3',
} as const;

// Every media type of spec §3 appears somewhere in every fourth course's syllabus.
const mediaCycle = [
  'VIDEO',
  'AUDIO',
  'PDF',
  'PPT',
  'DOC',
  'HTML',
  'VIDEO',
  'EXAM',
  'ACTIVITY',
  'LIVE',
  'LIVE_NOW',
  'LIVE_COMPLETED',
  'LIVE_RECODE',
  'LAB',
  'OTHER',
  'VIDEO',
] as const;
const timedMedia = new Set(['VIDEO', 'AUDIO', 'LIVE', 'LIVE_NOW', 'LIVE_COMPLETED', 'LIVE_RECODE']);

const chapterTitles = [
  t('课程导学', 'Getting started'),
  t('核心概念', 'Core ideas'),
  t('动手实践', 'Hands-on practice'),
  t('总结与进阶', 'Wrap-up and next steps'),
];
const lessonTitles = [
  t('课程介绍', 'Welcome to the course'),
  t('环境准备', 'Setting up'),
  t('第一个例子', 'A first example'),
  t('常见误区', 'Common mistakes'),
  t('练习讲解', 'Exercise walkthrough'),
  t('案例分析', 'Case study'),
  t('课堂测验', 'Quiz'),
  t('答疑直播', 'Live Q&A'),
  t('拓展阅读', 'Further reading'),
  t('项目实战', 'Project'),
];

const commenters = [
  { username: 'amy_chen', nickname: '陈小雨' },
  { username: 'bob.li', nickname: 'Bob Li' },
  { username: 'carol', nickname: '卡罗尔' },
  { username: 'david_wu', nickname: '吴大卫' },
  { username: 'eva', nickname: 'Eva' },
  { username: 'frank.zhou', nickname: '周峰' },
];
const commentTexts = [
  [5, '讲得非常清楚，例子很实用，推荐！'],
  [4, 'Clear explanations and good exercises. A few videos could be shorter.'],
  [5, '老师节奏刚好，跟着做完就会了。'],
  [3, '内容不错，但希望多一些练习题。'],
  [5, 'Exactly what I needed for work. Thank you!'],
  [4, '性价比很高，第二章特别有收获。'],
] as const;

export interface CatalogueSeedInput {
  tenantId: number;
  learnerId: number;
  /** The login account of the teacher who reviews exams (seed-exams.ts links it). */
  teacherUserId: number;
  now: Date;
}

/** Writes the demo school's catalogue inside the seed transaction. */
export async function seedDemoCatalogue(
  tx: Db,
  { tenantId, learnerId, teacherUserId, now }: CatalogueSeedInput,
): Promise<void> {
  // Times on whole hours, so countdowns in screenshots read round numbers.
  const anchor = Math.floor(now.getTime() / hour) * hour;
  const at = (offsetMs: number) => new Date(anchor + offsetMs);

  const teacherIds = (
    await tx
      .insert(teachers)
      .values(
        teacherRows.map(([name, title, introduction], i) => ({
          tenantId,
          name,
          title,
          introduction,
          avatar: `/mobile/seed/teacher-${i + 1}.svg`,
        })),
      )
      .returning({ id: teachers.id })
  ).map((r) => r.id);

  const courseLeaves = await insertCategoryTree(tx, tenantId, 'COURSE', courseCategoryTree);
  const classroomLeaves = await insertCategoryTree(tx, tenantId, 'PROJECT', classroomCategoryTree);

  const tagIds = (
    await tx
      .insert(tags)
      .values(tagNames.map((name, seq) => ({ tenantId, seq, name })))
      .returning({ id: tags.id })
  ).map((r) => r.id);

  const commenterIds = (
    await tx
      .insert(users)
      .values(commenters.map((u) => ({ tenantId, username: u.username, nickname: u.nickname })))
      .returning({ id: users.id })
  ).map((r) => r.id);

  // Courses, newest first in "Latest": updatedAt steps back a few hours per course.
  const validityFor = (i: number) =>
    i % 5 === 1
      ? { validityKind: 'DAYS' as const, validityDays: 365 }
      : i % 5 === 2
        ? { validityKind: 'LONG_TERM' as const }
        : i % 5 === 3
          ? { validityKind: 'END_DATE' as const, validityEndDate: at(400 * day) }
          : { validityKind: 'UNLIMITED' as const };
  const courseRows = await tx
    .insert(courses)
    .values(
      courseSeeds.map((seed, i) => ({
        tenantId,
        uid: courseUid(i),
        title: seed.title,
        subtitle: seed.subtitle,
        cover: `/mobile/seed/cover-${String(seed.cover).padStart(2, '0')}.svg`,
        about: aboutHtml(seed),
        categoryId: courseLeaves[seed.path[0]]?.[seed.path[1]]?.[seed.path[2]] ?? null,
        status: courseStatus(i),
        priceCents: seed.price * 100,
        originalPriceCents: seed.original === undefined ? null : seed.original * 100,
        ...validityFor(i),
        learnInOrder: i === scenario.inOrder,
        // Popularity varies without ties, so "Popular" has one right order.
        studentCount: 37 + ((i * 7919) % 4000),
        recommendedSeq: [3, 0, 10, 27, 18, 21].indexOf(i) >= 0 ? [3, 0, 10, 27, 18, 21].indexOf(i) + 1 : null,
        createdAt: at(-(200 + i * 3) * day),
        updatedAt: at(-(i * 5 + 1) * hour),
      })),
    )
    .returning({ id: courses.id });
  const courseIds = courseRows.map((r) => r.id);

  await tx
    .insert(courseTags)
    .values(
      courseSeeds.flatMap((seed, i) => seed.tags.map((tag) => ({ courseId: courseIds[i]!, tagId: tagIds[tag]! }))),
    );
  await tx
    .insert(courseTeachers)
    .values(
      courseSeeds.flatMap((seed, i) =>
        seed.teachers.map((teacher, seq) => ({ courseId: courseIds[i]!, teacherId: teacherIds[teacher]!, seq })),
      ),
    );

  // Exams first: EXAM lessons open one of them.
  const examIds = await seedExams(tx, {
    tenantId,
    learnerId,
    otherLearnerId: commenterIds[0]!,
    teacherUserId,
    at,
    teacherIds,
    courseIdOf: (uid) => courseIds[courseIndex(uid)]!,
  });
  const seedMedia = await loadSeedMedia();
  // Four other learners hold seats of the showcase course's activity: one seat is left.
  const activitySeatHolders = commenterIds.slice(0, 4);

  // Syllabus: 2 to 4 chapters of 2 or 3 lessons; the first lesson of each course is a free trial.
  const lessonIdsByCourse: number[][] = [];
  for (const [i, courseId] of courseIds.entries()) {
    const chapterCount = 2 + (i % 3);
    const chapterRows = await tx
      .insert(chapters)
      .values(
        Array.from({ length: chapterCount }, (_, seq) => ({
          courseId,
          seq: seq + 1,
          title: chapterTitles[seq % chapterTitles.length]!,
        })),
      )
      .returning({ id: chapters.id });
    const lessonChapters = chapterRows.flatMap((chapter, chapterIndex) =>
      Array.from({ length: 2 + ((i + chapterIndex) % 2) }, () => chapter.id),
    );
    const mediaTypes = lessonChapters.map((_, n) =>
      i % 4 === 0 ? mediaCycle[(n + i) % mediaCycle.length]! : n % 3 === 2 ? 'PDF' : 'VIDEO',
    );
    const mediaIds = await insertLessonMedia(tx, {
      tenantId,
      kinds: mediaTypes.map((type, n) => mediaKindOf(type, i, n)),
      seedMedia,
      converting: (n) => i === scenario.converting.course && n === scenario.converting.lesson,
    });
    const values = lessonChapters.map((chapterId, n) => {
      const mediaType = mediaTypes[n]!;
      const playing = mediaIds[n] === null ? null : seedMedia(mediaKindOf(mediaType, i, n)!);
      const lastSeat = i === scenario.showcase && n === scenario.lastSeatActivity;
      return {
        tenantId,
        courseId,
        chapterId,
        seq: n + 1,
        title: lessonTitles[n % lessonTitles.length]!,
        mediaType,
        // Played media last as long as their file; a live lesson's length is the planned one.
        duration: playing?.duration ?? (timedMedia.has(mediaType) ? 180 + ((i * 37 + n * 113) % 1500) : null),
        freeTrial: n === 0,
        startTime: lessonStartTime(mediaType, at),
        mediaId: mediaIds[n] ?? null,
        content:
          mediaType === 'HTML' ? htmlLessonContent(courseSeeds[i]!) : mediaType === 'LAB' ? labDescription : null,
        externalUrl:
          mediaType.startsWith('LIVE') && mediaType !== 'LIVE_RECODE'
            ? `https://live.demo-school.example/rooms/${courseUid(i)}-${n + 1}`
            : mediaType === 'LAB'
              ? `https://lab.demo-school.example/${courseUid(i)}`
              : null,
        examId: mediaType === 'EXAM' ? examIds.get(lessonExamUid(courseUid(i)))! : null,
        maxParticipants: mediaType === 'ACTIVITY' ? (lastSeat ? activitySeatHolders.length + 1 : 30) : null,
        participantCount: lastSeat ? activitySeatHolders.length : 0,
        address: mediaType === 'ACTIVITY' ? activityAddress : null,
      };
    });
    const rows = await tx.insert(lessons).values(values).returning({ id: lessons.id });
    lessonIdsByCourse.push(rows.map((r) => r.id));
  }
  for (const [i, courseId] of courseIds.entries()) {
    await tx.update(courses).set({ lessonCount: lessonIdsByCourse[i]!.length }).where(eq(courses.id, courseId));
  }

  // Ratings: published courses get 0 to 6 comments; the counters match the rows.
  for (const [i, courseId] of courseIds.entries()) {
    if (courseStatus(i) !== 'PUBLISHED') continue;
    const n = (i * 5) % 7;
    if (n === 0) continue;
    const rows = Array.from({ length: Math.min(n, commenterIds.length) }, (_, k) => {
      const [score, content] = commentTexts[(i + k) % commentTexts.length]!;
      return {
        tenantId,
        courseId,
        userId: commenterIds[k]!,
        score,
        content,
        createdAt: at(-((k + 1) * 9 + i) * hour),
      };
    });
    await tx.insert(courseComments).values(rows);
    await tx
      .update(courses)
      .set({ ratingCount: rows.length, ratingTotal: rows.reduce((sum, r) => sum + r.score, 0) })
      .where(eq(courses.id, courseId));
  }

  // The demo learner owns three free courses and three paid ones (their orders come with the
  // order feature), has joined the learn-in-order course, and once owned a 365-day course that
  // has since expired. Progress in courses 0, 10, the learn-in-order one and the one whose exam
  // needs progress first (below it): each membership's counters and last lesson agree with its
  // lesson_learnings rows.
  const owned = [0, 5, 10, 3, 8];
  const gatedCourse = courseIndex(gatedCourseProgress.courseUid);
  const progress: { course: number; lessons: { n: number; position: number; completed: boolean }[]; at: Date }[] = [
    {
      course: 0,
      lessons: [
        { n: 0, position: 20, completed: true }, // VIDEO, watched to the end
        { n: 1, position: 15, completed: true }, // AUDIO
        { n: 2, position: 2, completed: false }, // PDF, at page 2 of 4
      ],
      at: at(-1 * day),
    },
    {
      course: 10,
      lessons: [
        { n: 0, position: 20, completed: true },
        { n: 1, position: 12, completed: false }, // VIDEO at 0:12
      ],
      at: at(-3 * hour),
    },
    { course: scenario.inOrder, lessons: [{ n: 0, position: 20, completed: true }], at: at(-2 * day) },
    { course: gatedCourse, lessons: [...gatedCourseProgress.lessons], at: at(gatedCourseProgress.at) },
  ];
  const progressOf = (course: number) => progress.find((p) => p.course === course);
  await tx.insert(courseMembers).values([
    ...[...owned, scenario.inOrder, gatedCourse].map((i, k) => {
      const learned = progressOf(i);
      return {
        tenantId,
        courseId: courseIds[i]!,
        userId: learnerId,
        joinedAt: at(-(30 - k * 4) * day),
        expiresAt: null,
        learnedLessonCount: learned?.lessons.filter((l) => l.completed).length ?? 0,
        lastLessonId: learned ? lessonIdsByCourse[i]![learned.lessons.at(-1)!.n]! : null,
        lastLearnedAt: learned?.at ?? null,
      };
    }),
    // 365 days of validity from 400 days ago: ended 35 days ago.
    {
      tenantId,
      courseId: courseIds[scenario.expired]!,
      userId: learnerId,
      joinedAt: at(-400 * day),
      expiresAt: at(-35 * day),
    },
    // The other learners holding activity seats are members of its course.
    ...activitySeatHolders.map((userId) => ({
      tenantId,
      courseId: courseIds[scenario.showcase]!,
      userId,
      joinedAt: at(-12 * day),
    })),
  ]);
  await tx.insert(lessonLearnings).values(
    progress.flatMap(({ course, lessons: learned, at: lastAt }) =>
      learned.map(({ n, position, completed }, k) => {
        // Earlier lessons were reported an hour apart, the last one at the course's lastLearnedAt.
        const reportedAt = new Date(lastAt.getTime() - (learned.length - 1 - k) * hour);
        return {
          lessonId: lessonIdsByCourse[course]![n]!,
          userId: learnerId,
          status: completed ? ('COMPLETED' as const) : ('LEARNING' as const),
          position,
          furthest: position,
          reportedAt,
          completedAt: completed ? reportedAt : null,
          updatedAt: reportedAt,
        };
      }),
    ),
  );
  await tx.insert(activityRegistrations).values(
    activitySeatHolders.map((userId, k) => ({
      lessonId: lessonIdsByCourse[scenario.showcase]![scenario.lastSeatActivity]!,
      userId,
      createdAt: at(-(10 - k) * day),
    })),
  );

  // Members' notes, Q&A and materials on the courses the learner owns.
  for (const i of owned.slice(0, 3)) {
    const courseId = courseIds[i]!;
    const courseLessons = lessonIdsByCourse[i]!;
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
        userId: commenterIds[1]!,
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
          userId: commenterIds[2]!,
          title: '第二章的练习答案在哪里？',
          content: '做完练习想对一下答案，请问在哪里可以看到？',
          replyCount: 2,
          createdAt: at(-4 * day),
        },
        {
          tenantId,
          courseId,
          userId: commenterIds[4]!,
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
        userId: commenterIds[3]!,
        content: '在课程的“资料”页签里，练习素材压缩包里有答案。',
        createdAt: at(-4 * day + 2 * hour),
      },
      {
        tenantId,
        threadId: threadRows[0]!.id,
        userId: commenterIds[2]!,
        content: '找到了，谢谢！',
        createdAt: at(-4 * day + 3 * hour),
      },
      {
        tenantId,
        threadId: threadRows[1]!.id,
        userId: commenterIds[0]!,
        content: 'It looks like VS Code with a light theme.',
        createdAt: at(-1 * day + hour),
      },
    ]);
    // Materials are media too: served only to members, through the storage.
    const materials = [
      { title: t('课程讲义', 'Course handout'), kind: 'handout' as const },
      { title: t('练习素材', 'Exercise files'), kind: 'exercises' as const },
    ];
    const materialMedia = await insertLessonMedia(tx, {
      tenantId,
      kinds: materials.map((m) => m.kind),
      seedMedia,
      converting: () => false,
    });
    await tx.insert(courseLectures).values(
      materials.map(({ title, kind }, k) => {
        const [file] = seedMedia(kind).files;
        return { courseId, seq: k + 1, title, fileName: file!.name, sizeBytes: file!.size, mediaId: materialMedia[k]! };
      }),
    );
  }

  await seedHomework(tx, {
    tenantId,
    learnerId,
    at,
    teacherIds,
    lessonIdOf: (uid, lesson) => {
      const id = lessonIdsByCourse[courseIndex(uid)]![lesson - 1];
      if (id === undefined) throw new Error(`seed: course ${uid} has no lesson ${lesson}`);
      return id;
    },
  });
  await seedClassrooms(tx, { tenantId, learnerId, at, teacherIds, courseIds, classroomLeaves, commenterIds });
  await seedArticles(tx, { tenantId, at });

  await tx.insert(coupons).values([
    {
      tenantId,
      title: t('新学员专享', 'New learner offer'),
      code: 'WELCOME85',
      discountTenths: 85,
      targetType: 'COURSE',
      targetId: null,
      validUntil: at(90 * day),
    },
    {
      tenantId,
      title: t('React 课程限时优惠', 'React course: limited offer'),
      code: 'REACT70',
      discountTenths: 70,
      targetType: 'COURSE',
      targetId: courseIds[3]!,
      validUntil: at(30 * day),
    },
  ]);
}

type MediaType = (typeof mediaCycle)[number];

/** Which seed media a lesson plays; null for lessons without a file (HTML, live, exam, activity, lab). */
function mediaKindOf(type: MediaType, course: number, lesson: number): SeedMediaKind | null {
  switch (type) {
    case 'VIDEO':
      return scenario.hls.some(([c, l]) => c === course && l === lesson) ? 'hls' : 'video';
    case 'LIVE_RECODE':
      return 'video';
    case 'AUDIO':
      return 'audio';
    case 'PDF':
    case 'DOC':
      return 'document';
    case 'PPT':
      return 'slides';
    case 'OTHER':
      return 'download';
    default:
      return null;
  }
}

/** One media row per item that has a kind (each lesson and lecture owns its row); ids in the same order, null where none. */
async function insertLessonMedia(
  tx: Db,
  input: {
    tenantId: number;
    kinds: (SeedMediaKind | null)[];
    seedMedia: (kind: SeedMediaKind) => SeedMediaRow;
    converting: (index: number) => boolean;
  },
): Promise<(number | null)[]> {
  const wanted = input.kinds.flatMap((kind, index) => (kind === null ? [] : [{ kind, index }]));
  if (wanted.length === 0) return input.kinds.map(() => null);
  const rows = await tx
    .insert(media)
    .values(
      wanted.map(({ kind, index }) => ({
        tenantId: input.tenantId,
        ...input.seedMedia(kind),
        conversionStatus: input.converting(index) ? ('RUNNING' as const) : ('COMPLETED' as const),
      })),
    )
    .returning({ id: media.id });
  const ids: (number | null)[] = input.kinds.map(() => null);
  wanted.forEach(({ index }, k) => (ids[index] = rows[k]!.id));
  return ids;
}

/**
 * Live lessons around the seeding moment: LIVE starts tomorrow at this hour, LIVE_NOW started
 * within the hour, LIVE_COMPLETED ended two days ago, the replay's live was three days ago;
 * activities are in five days.
 */
function lessonStartTime(type: MediaType, at: (offsetMs: number) => Date): Date | null {
  switch (type) {
    case 'LIVE':
      return at(day);
    case 'LIVE_NOW':
      return at(0);
    case 'LIVE_COMPLETED':
      return at(-2 * day);
    case 'LIVE_RECODE':
      return at(-3 * day);
    case 'ACTIVITY':
      return at(5 * day + 6 * hour);
    default:
      return null;
  }
}

const activityAddress = t(
  '上海市徐汇区漕溪北路 88 号 3 楼 演示学校学习中心',
  'Demo School Learning Centre, 3F, 88 North Caoxi Road, Xuhui, Shanghai',
);

const labDescription = t(
  '在线实验：在浏览器中打开一台装好课程工具的练习机，按实验手册一步步完成任务，完成后提交结果，老师会在两天内点评。',
  'An online lab: open a practice machine with the course tools installed, right in your browser, follow the lab guide step by step and hand in your result. A teacher reviews it within two days.',
);

/** An HTML lesson: a reading long enough to scroll on a phone (its progress is how far it was read). */
function htmlLessonContent(seed: CourseSeed): LocalizedText {
  return t(
    `<h2>阅读材料：${seed.title.cn}</h2>` +
      `<p>本节是一篇阅读材料，帮助你在动手之前建立整体认识。${seed.subtitle.cn}——这是整门课程的主线，后面的每一节都会回到这里。</p>` +
      '<h3>一、为什么先读再做</h3>' +
      '<p>很多学员习惯直接看视频、抄代码，结果做完练习却说不清每一步的原因。先花十分钟读完这篇材料，带着问题去学，效率会高得多。</p>' +
      '<p>阅读时请准备一支笔或打开笔记功能，把不理解的地方记下来。读完后再回头看这些问题，很多会自然解开；剩下的可以到课程问答区提问。</p>' +
      '<h3>二、本节要点</h3>' +
      '<ul><li>先弄清楚要解决的问题，再选择工具和方法。</li><li>每学一个概念，都用一个自己的例子解释一遍。</li><li>遇到报错先读错误信息，再查文档，最后再问人。</li><li>学完立刻练习，间隔一天再复习一次。</li></ul>' +
      '<h3>三、一个小例子</h3>' +
      '<p>假设你要整理一份每周的学习记录。第一步是确定记录哪些内容：日期、学了什么、花了多长时间、遇到了什么问题。第二步是选择记录的方式，表格、笔记或者本平台的学习中心都可以。第三步是坚持：每天学完花两分钟写下来。</p>' +
      '<p>一个月后回头看，你会清楚地看到自己的进步，也能发现哪些地方需要多花时间。这就是“先读再做”的意义：方法比努力更重要。</p>' +
      '<blockquote>学而不思则罔，思而不学则殆。</blockquote>' +
      '<h3>四、接下来</h3>' +
      '<p>读到这里，本节就完成了。下一节我们会把这些想法用到一个真实的例子里，请提前准备好开发环境。如果对课程安排有建议，欢迎在评价区告诉我们。</p>',
    `<h2>Reading: ${seed.title.en}</h2>` +
      `<p>This lesson is a reading that gives you the big picture before you start building. ${seed.subtitle.en}: that is the thread of the whole course, and every later lesson comes back to it.</p>` +
      '<h3>1. Why read before doing</h3>' +
      '<p>Many learners go straight to the videos and copy the code, then finish the exercise without being able to say why each step is there. Spend ten minutes on this reading first and study with questions in mind: you will learn much faster.</p>' +
      '<p>Keep a pen or the notes panel at hand while you read and write down what is unclear. Look at those questions again when you reach the end: many answer themselves, and you can ask the rest in the course Q&amp;A.</p>' +
      '<h3>2. Key points</h3>' +
      '<ul><li>Understand the problem first, then choose the tools and the method.</li><li>For every new idea, explain it once with an example of your own.</li><li>When something fails, read the error, then the documentation, then ask someone.</li><li>Practise right after learning and review again a day later.</li></ul>' +
      '<h3>3. A small example</h3>' +
      '<p>Say you want to keep a weekly study log. First decide what to record: the date, what you studied, how long it took and what got in the way. Then choose where to keep it: a spreadsheet, a notebook or the learning centre of this platform. Then keep at it: two minutes at the end of each session.</p>' +
      '<p>After a month, the log shows clearly how far you have come and where you need to spend more time. That is the point of reading before doing: a good method beats effort alone.</p>' +
      '<blockquote>Learning without thought is labour lost; thought without learning is perilous.</blockquote>' +
      '<h3>4. What comes next</h3>' +
      '<p>Reaching this line completes the lesson. In the next one we put these ideas to work on a real example, so have your tools ready. Suggestions about the course are welcome in the reviews.</p>',
  );
}

function aboutHtml(seed: CourseSeed): LocalizedText {
  return t(
    `<h3>课程简介</h3><p>${seed.subtitle.cn}。本课程由浅入深，配有大量练习，适合想系统掌握「${seed.title.cn}」的学员。</p>` +
      '<h3>你将学到</h3><ul><li>核心概念与原理</li><li>真实项目中的用法</li><li>常见问题的排查方法</li></ul>' +
      '<h3>适合人群</h3><p>零基础或希望查漏补缺的学员。</p>',
    `<h3>About this course</h3><p>${seed.subtitle.en}. The course builds up step by step with plenty of exercises, for learners who want a solid grasp of “${seed.title.en}”.</p>` +
      '<h3>What you will learn</h3><ul><li>The core ideas and why they work</li><li>How they are used in real projects</li><li>How to track down common problems</li></ul>' +
      '<h3>Who it is for</h3><p>Beginners and anyone filling gaps.</p>',
  );
}

async function insertCategoryTree(
  tx: Db,
  tenantId: number,
  type: 'COURSE' | 'PROJECT',
  tree: CategoryNode[],
): Promise<number[][][]> {
  // Returns ids as [root][child][leaf]; a root or child without children stands for itself.
  const result: number[][][] = [];
  for (const [rootSeq, root] of tree.entries()) {
    const [rootRow] = await tx
      .insert(categories)
      .values({ tenantId, type, parentId: null, seq: rootSeq + 1, level: 0, name: root.name })
      .returning({ id: categories.id });
    const rootIds: number[][] = [];
    for (const [childSeq, child] of (root.children ?? []).entries()) {
      const [childRow] = await tx
        .insert(categories)
        .values({ tenantId, type, parentId: rootRow!.id, seq: childSeq + 1, level: 1, name: child.name })
        .returning({ id: categories.id });
      const leaves: number[] = [];
      for (const [leafSeq, leaf] of (child.children ?? []).entries()) {
        const [leafRow] = await tx
          .insert(categories)
          .values({ tenantId, type, parentId: childRow!.id, seq: leafSeq + 1, level: 2, name: leaf.name })
          .returning({ id: categories.id });
        leaves.push(leafRow!.id);
      }
      rootIds.push(leaves.length > 0 ? leaves : [childRow!.id]);
    }
    result.push(rootIds.length > 0 ? rootIds : [[rootRow!.id]]);
  }
  return result;
}

interface ClassroomSeedInput {
  tenantId: number;
  learnerId: number;
  at: (offsetMs: number) => Date;
  teacherIds: number[];
  courseIds: number[];
  classroomLeaves: number[][][];
  commenterIds: number[];
}

async function seedClassrooms(tx: Db, input: ClassroomSeedInput): Promise<void> {
  const { tenantId, learnerId, at, teacherIds, courseIds, classroomLeaves, commenterIds } = input;
  const leaf = (root: number, child = 0) => classroomLeaves[root]?.[child]?.[0] ?? null;
  const rows = [
    {
      uid: 'frontend-bootcamp',
      title: t('前端工程师训练营', 'Front-end Engineer Bootcamp'),
      cover: 2,
      categoryId: leaf(0, 0),
      price: 0,
      enrol: [-10 * day, 5 * day + 6 * hour],
      start: 7 * day,
      durationDays: 60,
      max: null,
      courses: [0, 3, 6, 7],
      teachers: [0, 3],
      recommended: 1,
    },
    {
      uid: 'data-analyst-camp',
      title: t('数据分析师养成班', 'Data Analyst Programme'),
      cover: 3,
      categoryId: leaf(0, 1),
      price: 699,
      original: 999,
      enrol: [-5 * day, 20 * day],
      start: 21 * day,
      durationDays: 90,
      max: 200,
      courses: [15, 16, 17, 13],
      teachers: [1],
      recommended: 2,
    },
    {
      uid: 'spoken-english-class',
      title: t('英语口语晨读班', 'Morning Spoken English Class'),
      cover: 7,
      categoryId: leaf(1),
      price: 0,
      enrol: [-30 * day, null],
      start: -20 * day,
      durationDays: null,
      max: null,
      courses: [27, 29],
      teachers: [4],
      recommended: 3,
    },
    {
      uid: 'office-pro-class',
      title: t('职场办公达人班', 'Office Pro Class'),
      cover: 10,
      categoryId: leaf(2),
      price: 199,
      enrol: [2 * day, 12 * day],
      start: 14 * day,
      durationDays: 30,
      max: 100,
      courses: [34, 35, 36],
      teachers: [6],
      recommended: null,
    },
    {
      uid: 'python-weekend-class',
      title: t('Python 周末班', 'Python Weekend Class'),
      cover: 9,
      categoryId: leaf(0, 1),
      price: 0,
      enrol: [-40 * day, -10 * day],
      start: -9 * day,
      durationDays: 45,
      max: null,
      courses: [10, 11],
      teachers: [1, 2],
      recommended: null,
    },
    {
      uid: 'design-systems-studio',
      title: t('设计系统工作坊', 'Design Systems Studio'),
      cover: 6,
      categoryId: leaf(0, 0),
      price: 0,
      enrol: [-3 * day, 9 * day],
      start: 10 * day,
      durationDays: 21,
      max: 3,
      courses: [20, 22, 23],
      teachers: [3],
      recommended: null,
    },
    {
      uid: 'japanese-starter-class',
      title: t('日语零基础班（筹备中）', 'Japanese Starter Class (coming soon)'),
      cover: 7,
      categoryId: leaf(1),
      price: 299,
      enrol: [15 * day, 45 * day],
      start: 50 * day,
      durationDays: 60,
      max: null,
      courses: [32, 33],
      teachers: [5],
      recommended: null,
      status: 'DRAFT' as const,
    },
  ];
  const inserted = await tx
    .insert(classrooms)
    .values(
      rows.map((r, i) => ({
        tenantId,
        uid: r.uid,
        title: r.title,
        cover: `/mobile/seed/cover-${String(r.cover).padStart(2, '0')}.svg`,
        intro: t(
          `<p>${r.title.cn}由资深讲师带队，按周推进，每周有直播答疑和作业点评。</p><p>完成全部课程即可获得结业证书。</p>`,
          `<p>${r.title.en} is led by experienced teachers week by week, with live Q&amp;A and homework reviews every week.</p><p>Finish every course to earn a certificate.</p>`,
        ),
        teachingPlan: t(
          '<ol><li>第 1–2 周：基础知识与环境准备</li><li>第 3–4 周：核心技能练习</li><li>第 5 周起：项目实战与点评</li></ol>',
          '<ol><li>Weeks 1–2: foundations and setup</li><li>Weeks 3–4: core skills practice</li><li>From week 5: project work and reviews</li></ol>',
        ),
        categoryId: r.categoryId,
        status: r.status ?? ('PUBLISHED' as const),
        priceCents: r.price * 100,
        originalPriceCents: r.original === undefined ? null : r.original * 100,
        enrolStartTime: at(r.enrol[0]!),
        enrolEndTime: r.enrol[1] === null ? null : at(r.enrol[1]!),
        startTime: at(r.start),
        durationDays: r.durationDays,
        maxStudents: r.max,
        courseCount: r.courses.length,
        // Limited classrooms keep seats free, except the design studio, which is full on purpose.
        studentCount: r.max === 3 ? 3 : r.max === null ? 120 + ((i * 3571) % 900) : Math.floor(r.max * 0.6) + i,
        recommendedSeq: r.recommended,
        updatedAt: at(-(i * 7 + 2) * hour),
      })),
    )
    .returning({ id: classrooms.id });
  const ids = inserted.map((r) => r.id);
  await tx
    .insert(classroomCourses)
    .values(
      rows.flatMap((r, i) =>
        r.courses.map((course, seq) => ({ classroomId: ids[i]!, courseId: courseIds[course]!, seq })),
      ),
    );
  await tx
    .insert(classroomTeachers)
    .values(
      rows.flatMap((r, i) =>
        r.teachers.map((teacher, seq) => ({ classroomId: ids[i]!, teacherId: teacherIds[teacher]!, seq })),
      ),
    );
  // The learner is in the spoken-English class; the design studio is full.
  const classroomMemberRows = [
    { tenantId, classroomId: ids[2]!, userId: learnerId, joinedAt: at(-15 * day) },
    ...commenterIds.slice(0, 3).map((userId) => ({ tenantId, classroomId: ids[5]!, userId, joinedAt: at(-2 * day) })),
  ];
  await tx.insert(classroomMembers).values(classroomMemberRows);
  // A classroom is studied through its courses (decision record 011): its members are members
  // of each of its courses, from the day they joined the classroom.
  await tx
    .insert(courseMembers)
    .values(
      classroomMemberRows.flatMap((member) =>
        rows[ids.indexOf(member.classroomId)]!.courses.map((course) => ({
          tenantId,
          courseId: courseIds[course]!,
          userId: member.userId,
          joinedAt: member.joinedAt,
        })),
      ),
    )
    .onConflictDoNothing();
  for (const [i, id] of ids.entries()) {
    await tx.insert(classroomAnnouncements).values([
      {
        classroomId: id,
        title: t('开班须知', 'Before we start'),
        content: t(
          '<p>欢迎加入！请先完成个人资料，并加入班级学习群。每周三晚 8 点直播答疑。</p>',
          '<p>Welcome! Please complete your profile and join the class chat. Live Q&amp;A every Wednesday at 8 pm.</p>',
        ),
        createdAt: at(-(6 + i) * day),
      },
      {
        classroomId: id,
        title: t('本周学习安排', 'This week’s plan'),
        content: t(
          '<p>本周完成第一门课程的前两章，周五前提交练习。</p>',
          '<p>This week, finish the first two chapters of the first course and hand in the exercise by Friday.</p>',
        ),
        createdAt: at(-(1 + i) * day),
      },
    ]);
    if (i < 3) {
      const comments = commenterIds.slice(0, 3 - i).map((userId, k) => ({
        tenantId,
        classroomId: id,
        userId,
        score: 5 - (k % 2),
        content: ['班主任很负责，学习氛围好。', 'Great pacing and helpful reviews.', '直播答疑很有帮助。'][k]!,
        createdAt: at(-(k + 2) * day),
      }));
      await tx.insert(classroomComments).values(comments);
      await tx
        .update(classrooms)
        .set({ ratingCount: comments.length, ratingTotal: comments.reduce((s, c) => s + c.score, 0) })
        .where(eq(classrooms.id, id));
    }
  }
}

const articleSeeds = [
  [
    '如何高效地在线学习',
    'How to Learn Online Effectively',
    '三个习惯让你的学习事半功倍。',
    'Three habits that double what you get from study time.',
  ],
  [
    '2026 年最值得学的编程语言',
    'Programming Languages Worth Learning in 2026',
    '从就业与兴趣两个角度来看。',
    'Seen from jobs and from curiosity.',
  ],
  [
    '番茄工作法入门',
    'The Pomodoro Technique',
    '25 分钟专注，5 分钟休息。',
    'Twenty-five minutes on, five minutes off.',
  ],
  ['学习笔记怎么记', 'How to Take Study Notes', '康奈尔笔记法实践。', 'The Cornell method in practice.'],
  ['新学期课程上线公告', 'New Term Courses Are Online', '四十余门课程全面上新。', 'More than forty courses, all new.'],
  ['如何准备一场在线考试', 'Preparing for an Online Exam', '考前检查清单。', 'A checklist for the day before.'],
  ['数据分析师的一天', 'A Day in the Life of a Data Analyst', '来自一线的分享。', 'Stories from the job.'],
  [
    '设计师如何与工程师合作',
    'How Designers and Engineers Work Together',
    '少一点返工，多一点默契。',
    'Less rework, more understanding.',
  ],
  [
    '英语口语提升的五个方法',
    'Five Ways to Improve Your Spoken English',
    '每天都能做到的小练习。',
    'Small exercises you can do daily.',
  ],
  ['日语学习路线图', 'A Roadmap for Learning Japanese', '从五十音到 N1。', 'From kana to N1.'],
  [
    '职场新人必备的 Excel 技巧',
    'Excel Tips for New Starters',
    '十个最常用的函数。',
    'The ten functions you will use most.',
  ],
  ['演讲前的紧张怎么办', 'Dealing with Nerves Before a Talk', '让紧张变成能量。', 'Turn nerves into energy.'],
  ['班级学习的好处', 'Why Learn in a Classroom', '同伴让坚持变得容易。', 'Peers make it easier to keep going.'],
  ['如何选择适合自己的课程', 'Choosing the Right Course', '看目标，也看时间。', 'Think about goals and time.'],
  [
    '学员故事：从零到前端工程师',
    'Learner Story: From Zero to Front-end Engineer',
    '一年转行的经历。',
    'A career change in one year.',
  ],
  ['React 19 新特性速览', 'What Is New in React 19', 'Actions、use 与更多。', 'Actions, use and more.'],
  [
    'Python 在办公自动化中的应用',
    'Python for Office Automation',
    '把重复劳动交给脚本。',
    'Hand repetitive work to scripts.',
  ],
  ['无障碍设计为什么重要', 'Why Accessible Design Matters', '好的设计人人可用。', 'Good design works for everyone.'],
  ['如何坚持每天学习', 'How to Study Every Day', '习惯比意志力更可靠。', 'Habits beat willpower.'],
  ['考试复习的间隔重复法', 'Spaced Repetition for Exam Review', '记得更久的方法。', 'Remember for longer.'],
  [
    '平台使用指南',
    'Getting Around the Platform',
    '课程、班级、考试一文看懂。',
    'Courses, classrooms and exams in one page.',
  ],
  ['寒假学习计划推荐', 'A Study Plan for the Winter Break', '四周计划模板。', 'A four-week plan template.'],
] as const;

async function seedArticles(tx: Db, { tenantId, at }: { tenantId: number; at: (offsetMs: number) => Date }) {
  const authors = [
    t('教务处', 'Academic Office'),
    t('王磊', 'Wang Lei'),
    t('李娜', 'Li Na'),
    t('编辑部', 'Editorial Team'),
  ];
  await tx.insert(articles).values(
    articleSeeds.map(([titleCn, titleEn, summaryCn, summaryEn], i) => ({
      tenantId,
      title: t(titleCn, titleEn),
      summary: t(summaryCn, summaryEn),
      cover: i % 3 === 2 ? null : `/mobile/seed/cover-${String(((i * 5) % 12) + 1).padStart(2, '0')}.svg`,
      author: authors[i % authors.length]!,
      content: t(
        `<p>${summaryCn}</p><p>学习是一场长跑。找到适合自己的节奏，比一时的冲刺更重要。下面是我们整理的几点建议。</p>` +
          '<ul><li>给每次学习定一个小目标</li><li>学完立刻做练习</li><li>每周回顾一次</li></ul>' +
          '<blockquote>“学而时习之，不亦说乎。”</blockquote><p>更多内容请关注学校资讯。</p>',
        `<p>${summaryEn}</p><p>Learning is a long run. Finding a pace that suits you matters more than a short sprint. Here is what we suggest.</p>` +
          '<ul><li>Give every session a small goal</li><li>Practise right after learning</li><li>Review once a week</li></ul>' +
          '<blockquote>“Learning and practising what you learn: is that not a joy?”</blockquote><p>Follow the school news for more.</p>',
      ),
      published: i !== articleSeeds.length - 1,
      viewCount: 50 + ((i * 6151) % 5000),
      recommendedSeq: [4, 0, 14, 20, 1].indexOf(i) >= 0 ? [4, 0, 14, 20, 1].indexOf(i) + 1 : null,
      publishedAt: at(-(i * 2 + 1) * day),
    })),
  );
}

/** The second school sells three courses of its own: tenant isolation has something to hide. */
export async function seedSecondSchoolCatalogue(tx: Db, tenantId: number): Promise<void> {
  const [teacher] = await tx
    .insert(teachers)
    .values({
      tenantId,
      name: t('史密斯', 'John Smith'),
      avatar: null,
      title: t('讲师', 'Teacher'),
      introduction: t('', ''),
    })
    .returning({ id: teachers.id });
  const rows = await tx
    .insert(courses)
    .values(
      [
        t('第二学校：摄影入门', 'Second School: Photography Basics'),
        t('第二学校：烹饪课', 'Second School: Cooking Class'),
        t('第二学校：吉他入门', 'Second School: Guitar for Beginners'),
      ].map((title, i) => ({
        tenantId,
        // The same uid as a demo-school course on purpose: uids are unique per school only.
        uid: i === 0 ? courseUid(0) : `second-course-${i + 1}`,
        title,
        subtitle: t('', ''),
        cover: `/mobile/seed/cover-${String(i + 4).padStart(2, '0')}.svg`,
        about: t('<p>第二学校的课程。</p>', '<p>A course of the second school.</p>'),
        status: 'PUBLISHED' as const,
        priceCents: i * 1500,
      })),
    )
    .returning({ id: courses.id });
  await tx.insert(courseTeachers).values(rows.map((r) => ({ courseId: r.id, teacherId: teacher!.id, seq: 0 })));

  // Its guitar course has a video and a PDF of its own: media that the demo school must never serve.
  const courseId = rows[2]!.id;
  const [chapter] = await tx
    .insert(chapters)
    .values({ courseId, seq: 1, title: t('入门', 'Basics') })
    .returning({ id: chapters.id });
  const seedMedia = await loadSeedMedia();
  const kinds = ['video', 'document'] as const;
  const mediaIds = await insertLessonMedia(tx, { tenantId, kinds: [...kinds], seedMedia, converting: () => false });
  await tx.insert(lessons).values(
    kinds.map((kind, n) => ({
      tenantId,
      courseId,
      chapterId: chapter!.id,
      seq: n + 1,
      title: n === 0 ? t('相机基础', 'Camera basics') : t('构图讲义', 'Composition notes'),
      mediaType: kind === 'video' ? ('VIDEO' as const) : ('PDF' as const),
      duration: seedMedia(kind).duration,
      freeTrial: n === 0,
      mediaId: mediaIds[n]!,
    })),
  );
  await tx.update(courses).set({ lessonCount: kinds.length }).where(eq(courses.id, courseId));
}
