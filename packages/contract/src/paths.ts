/** API paths (docs/product.md#api-paths): the earlier client's and the ones we add. Both sides build URLs from here. */
/** One path segment, encoded (also for the path modules apart from apiPaths). */
export const segment = (value: number | string) => encodeURIComponent(String(value));

export const apiPaths = {
  tenantCurrent: '/api/tenants/current',
  systemConfig: '/api/system/config',
  agreements: '/api/system/config/user/agreement',
  tabs: '/api/decorations/tabs/list',
  microPage: (id: number | string) => `/api/decorations/pages/${segment(id)}`,
  authCurrent: '/api/auth/current',
  usersCurrent: '/api/users/current',
  login: '/api/login',
  /** Ours: phone quick login with a `login` code (existing accounts only). */
  loginSms: '/api/login/sms',
  logout: '/api/logout',

  // Account (the earlier client's, /api/users/…): the rest are accountPaths (account-paths.ts).
  wxSignature: '/api/users/wx/signature',

  // WeChat OAuth (the earlier client's, /api/oauth/…)
  oauthWechatLogin: '/api/oauth/wechat/login',

  /** Ours: general upload (multipart); files are served under this path too. */
  files: '/api/files',

  // Catalogue (ours: decision record 008)
  categories: '/api/categories',
  tags: '/api/tags',
  courses: '/api/courses',
  course: (uid: string) => `/api/courses/${segment(uid)}`,
  courseJoin: (uid: string) => `/api/courses/${segment(uid)}/join`,
  /** DELETE: quit a free course (learning.ts: leaveRuleSchema). */
  courseMembership: (uid: string) => `/api/courses/${segment(uid)}/membership`,
  courseComments: (uid: string) => `/api/courses/${segment(uid)}/comments`,
  courseCommentSummary: (uid: string) => `/api/courses/${segment(uid)}/comments/summary`,
  courseNotes: (uid: string) => `/api/courses/${segment(uid)}/notes`,
  courseThreads: (uid: string) => `/api/courses/${segment(uid)}/threads`,
  courseThread: (uid: string, id: number | string) => `/api/courses/${segment(uid)}/threads/${segment(id)}`,
  courseThreadPosts: (uid: string, id: number | string) => `/api/courses/${segment(uid)}/threads/${segment(id)}/posts`,
  courseLectures: (uid: string) => `/api/courses/${segment(uid)}/lectures`,
  courseLecture: (uid: string, id: number | string) => `/api/courses/${segment(uid)}/lectures/${segment(id)}`,
  note: (id: number | string) => `/api/notes/${segment(id)}`,

  // Learning (ours: decision record 011)
  lesson: (id: number | string) => `/api/lessons/${segment(id)}`,
  lessonProgress: (id: number | string) => `/api/lessons/${segment(id)}/progress`,
  lessonNotes: (id: number | string) => `/api/lessons/${segment(id)}/notes`,
  lessonActivityRegistration: (id: number | string) => `/api/lessons/${segment(id)}/activity/registration`,
  learningPreferences: '/api/learning/preferences',
  myCourses: '/api/learning/courses',
  recentLearning: '/api/learning/recent',
  ownedProducts: '/api/learning/owned',
  studyStatistics: '/api/learning/statistics',
  myClassrooms: '/api/learning/classrooms',
  myExams: '/api/learning/exams',
  classrooms: '/api/classrooms',
  classroom: (uid: string) => `/api/classrooms/${segment(uid)}`,
  classroomJoin: (uid: string) => `/api/classrooms/${segment(uid)}/join`,
  /** DELETE: quit a free classroom (learning.ts: leaveRuleSchema). */
  classroomMembership: (uid: string) => `/api/classrooms/${segment(uid)}/membership`,
  classroomComments: (uid: string) => `/api/classrooms/${segment(uid)}/comments`,
  classroomCommentSummary: (uid: string) => `/api/classrooms/${segment(uid)}/comments/summary`,
  classroomAnnouncements: (uid: string) => `/api/classrooms/${segment(uid)}/announcements`,
  classroomAnnouncement: (uid: string, id: number | string) =>
    `/api/classrooms/${segment(uid)}/announcements/${segment(id)}`,
  exams: '/api/exams',
  exam: (uid: string) => `/api/exams/${segment(uid)}`,
  examJoin: (uid: string) => `/api/exams/${segment(uid)}/join`,

  // Taking exams and homework: examTakingPaths (exam-taking-paths.ts); orders, payments and
  // refunds: orderPaths (order-paths.ts).
  articles: '/api/articles',
  article: (id: number | string) => `/api/articles/${segment(id)}`,
  search: '/api/search',
} as const;

/**
 * Addresses of files the server puts in its answers (uploads, lesson media, lecture files, the
 * pack's pictures): the browser fetches them as given and the web app never builds one, so they
 * are apart from apiPaths and its first chunk.
 */
export const servedFilePaths = {
  file: (name: string) => `/api/files/${segment(name)}`,
  /**
   * Ours: a picture a school's pack brought (cover, avatar, icon, banner): its stored name (hash
   * and extension), then the path it had in the pack. Public, and never changes.
   */
  packImage: (nameAndPackPath: string) => `/api/images/${nameAndPackPath.split('/').map(segment).join('/')}`,
  courseLectureFile: (uid: string, id: number | string) => `/api/courses/${segment(uid)}/lectures/${segment(id)}/file`,
  /** A file of the lesson's media (`name` is one of the media's file names). */
  lessonMediaFile: (id: number | string, name: string) => `/api/lessons/${segment(id)}/media/${segment(name)}`,
} as const;

/**
 * Calls no learner's screen makes (gateways' notifications, the operator API): apart from
 * apiPaths, so the web app's first chunk does not carry them.
 */
export const backOfficePaths = {
  /** Where a gateway posts its notifications: sandbox, wechat, alipay. */
  paymentNotify: (gateway: string) => `/api/payments/notify/${segment(gateway)}`,
  /** Where a gateway that reports refund outcomes posts them (wechat). */
  refundNotify: (gateway: string) => `/api/payments/refund-notify/${segment(gateway)}`,
  /** The operator API (no screen): refunds waiting for a decision, accept, refuse. */
  operatorRefunds: '/api/operator/refunds',
  operatorRefundAccept: (refundNo: string) => `/api/operator/refunds/${segment(refundNo)}/accept`,
  operatorRefundRefuse: (refundNo: string) => `/api/operator/refunds/${segment(refundNo)}/refuse`,
  /** POST: a reviewing teacher scores the subjective answers (the review API, no learner screen). */
  attemptReview: (id: number | string) => `/api/review/attempts/${segment(id)}`,
} as const;

/**
 * Public answers a page's HTML carries for its first screen (decision 014): the layout load of
 * docs/product.md#layout-load, made by the server as a visitor of the page's school and language, in a
 * `<script type="application/json">` with this id. The client takes each once, in place of
 * calling it, when its language is the one they were made in.
 */
export const firstAnswersElementId = 'first-answers';
/**
 * Marks the build's stylesheets in a server-rendered page: they arrive switched off
 * (`media="print"`, fetched at low priority) beside the styles inline that the rendered markup
 * uses, and the client switches them on before it renders anything else (decision 015).
 */
export const deferredStylesheetAttribute = 'data-deferred';
export const firstAnswerPaths = [apiPaths.tenantCurrent, apiPaths.systemConfig, apiPaths.tabs] as const;
export interface FirstAnswers {
  locale: 'cn' | 'en';
  /** Body of each call by its path, for the calls that answered 200. */
  answers: Record<string, unknown>;
  /**
   * When the server rendered the page's screen (decision 015): the answers of every query it
   * read (TanStack Query's dehydrated state), for the browser to hydrate with, and the time zone
   * its dates were written in; `answers` is then empty, the layout load being among them.
   */
  rendered?: {
    state: unknown;
    timeZone: string;
    /** The learner the screen was rendered for (their own data is in it), null for a visitor. */
    learner: number | null;
    /** The server's clock when it rendered (ms since the epoch): "5 min ago" is hydrated against it. */
    at: number;
    /**
     * The API addresses the render read (and got an answer from): the browser asks for them
     * again once its offline worker runs, so that the phone keeps them for an offline visit as
     * it keeps what it asked for itself (decision 026).
     */
    reads: string[];
  };
}

/**
 * The web build's server renderer (apps/web/src/app/entry-server.tsx, decision 015) as the API
 * server loads it: one address in, the rendered screen out, or null when the browser renders it.
 */
export interface ScreenRenderRequest {
  /** The page's address inside the app (after /mobile), with its query. */
  url: string;
  /** The page's own origin, to tell the school's own links from others. */
  origin: string;
  locale: 'cn' | 'en';
  /**
   * The page was asked for with a session cookie: the screen is rendered for its learner, with
   * their own data (issue 28), or left to the browser when that session has ended.
   */
  signedIn: boolean;
  /** The browser's user agent: WeChat's in-app browser gets some screens its own way. */
  userAgent: string;
}
export interface RenderedScreen {
  /** The screen's markup, for the page's #root. */
  html: string;
  /** What React hoists for the head: a preload of each image the screen shows eagerly. */
  head: string;
  title: string;
  /** The zone the screen's dates are written in: the browser hydrates only in the same one. */
  timeZone: string;
  /** The queries the screen read (TanStack Query's dehydrated state), for the browser's cache. */
  state: unknown;
  /** Whose screen it is: a learner's id (a private page, never kept or shared), null for a visitor. */
  learner: number | null;
  /** The time its relative dates ("5 min ago") were written against, in ms since the epoch. */
  at: number;
  /** Its route (app/routes.ts): the page names the files of its code (the build's .vite/screens.json). */
  route: string;
}
