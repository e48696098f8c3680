import type { PageType } from '@school/contract/enums';
import type { MessageId } from '../lib/i18n';

/**
 * Every named route (docs/product.md#routes): path, page type, title and whether login is needed. Shared
 * data, so features can build links with `href` without importing the app; `app/routes.ts`
 * adds the screens and is what the router reads.
 */
export interface RoutePath {
  readonly path: string;
  /** The tab bar shows on pages whose type a configured tab has (docs/product.md#tab-bar). */
  readonly pageType: PageType | null;
  /** Message id of the page title (app/messages/core-en.ts); null falls back to the tenant name. */
  readonly title: Extract<MessageId, `route.${string}`> | null;
  readonly requiresLogin: boolean;
}

function route(path: string, options: Partial<Omit<RoutePath, 'path'>> = {}): RoutePath {
  return { path, pageType: null, title: null, requiresLogin: false, ...options };
}

/** The learning centre lists the learner's own products: logged out, login first, then back. */
const learningCentre = { pageType: 'LEARNING_CENTER', title: 'route.learning', requiresLogin: true } as const;

export const routePaths = {
  homepage: route('/', { pageType: 'MICRO_PAGE' }),
  home: route('/home/:id', { pageType: 'MICRO_PAGE' }),
  learning: route('/learning', learningCentre),
  MyCourseList: route('/learning/courses', learningCentre),
  MyClassroomList: route('/learning/classrooms', learningCentre),
  MyExamList: route('/learning/exams', learningCentre),
  // Ours (issue 27): the learner's schedule across what they hold.
  learningSchedule: route('/learning/schedule', { title: 'route.learningSchedule', requiresLogin: true }),
  // Ours (issue 27): the lessons downloaded to this phone.
  learningDownloads: route('/learning/downloads', { title: 'route.learningDownloads', requiresLogin: true }),
  me: route('/me', { pageType: 'MINE', title: 'route.me' }),
  meProfile: route('/me/profile', { title: 'route.meProfile', requiresLogin: true }),
  notifications: route('/me/notifications', { title: 'route.notifications', requiresLogin: true }),
  nicknameEdit: route('/me/profile/nickname', { title: 'route.nicknameEdit', requiresLogin: true }),
  briefEdit: route('/me/profile/brief', { title: 'route.briefEdit', requiresLogin: true }),
  usernameEdit: route('/me/account/username', { title: 'route.usernameEdit', requiresLogin: true }),
  mobileEdit: route('/me/account/mobile', { title: 'route.mobileEdit', requiresLogin: true }),
  // Ours (docs/product.md#account-and-security): the email and WeChat rows of Account and security. The
  // email's link may open in another browser, signed out: its page needs no login.
  emailEdit: route('/me/account/email', { title: 'route.emailEdit', requiresLogin: true }),
  emailConfirm: route('/me/account/email/confirm', { title: 'route.emailEdit' }),
  wechatBind: route('/me/account/wechat', { title: 'route.wechatBind', requiresLogin: true }),
  // Also the "forgot password" page of a signed-out learner (by phone and SMS code).
  resetPassword: route('/me/account/reset/password', { title: 'route.resetPassword' }),
  meAgreement: route('/me/agreement/:code', { title: 'route.meAgreement' }),
  // Ours (decision record 022): the wrong-answer book across exams; `?practice=1` its unscored practice.
  wrongAnswers: route('/me/wrong-answers', { title: 'route.wrongAnswers', requiresLogin: true }),
  courseList: route('/courses', { pageType: 'COURSE_LIST', title: 'route.courseList' }),
  courseDetail: route('/courses/:uid', { title: 'route.courseDetail' }),
  courseComments: route('/courses/:uid/comments', { title: 'route.courseComments' }),
  // Ours, for the Q&A, note and lecture screens the earlier client had without names or
  // paths (docs/product.md#routes). `threads/new` comes before `threads/:id`: findRoute takes the first match.
  courseThreadCreate: route('/courses/:uid/threads/new', { title: 'route.courseThreadCreate', requiresLogin: true }),
  courseThreadDetail: route('/courses/:uid/threads/:id', { title: 'route.courseThreadDetail', requiresLogin: true }),
  lectureDetail: route('/courses/:uid/lectures/:id', { title: 'route.lectureDetail', requiresLogin: true }),
  noteDetail: route('/notes/:id', { title: 'route.noteDetail', requiresLogin: true }),
  // Ours: Me → My notes, across courses.
  myNotes: route('/me/notes', { title: 'route.myNotes', requiresLogin: true }),
  // Ours: Me → My Q&A, the questions asked and answered across courses.
  myThreads: route('/me/questions', { title: 'route.myThreads', requiresLogin: true }),
  // Ours: Me → My coupons, by state (`?status=used|expired`; usable without it).
  myCoupons: route('/me/coupons', { title: 'route.myCoupons', requiresLogin: true }),
  // Ours: Me → My favourites, the starred courses, classrooms and exams.
  myFavourites: route('/me/favourites', { title: 'route.myFavourites', requiresLogin: true }),
  lessonLearn: route('/lessons/:id', { title: 'route.lessonLearn', requiresLogin: true }),
  lessonTryPlay: route('/lessons/:id/try/play', { title: 'route.lessonTryPlay' }),
  homework: route('/lessons/:lessonId/homework/:id', { title: 'route.homework', requiresLogin: true }),
  orderConfirm: route('/orders/confirm', { title: 'route.orderConfirm', requiresLogin: true }),
  orderList: route('/orders', { title: 'route.orderList', requiresLogin: true }),
  orderDetail: route('/orders/:tradeNo', { title: 'route.orderDetail', requiresLogin: true }),
  orderRefund: route('/orders/:tradeNo/refund', { title: 'route.orderRefund', requiresLogin: true }),
  login: route('/login', { title: 'route.login' }),
  loginRedirect: route('/login/redirect', { title: 'route.login' }),
  loginHome: route('/login/home', { title: 'route.login' }),
  search: route('/search', { title: 'route.search' }),
  articleList: route('/articles', { title: 'route.articleList' }),
  articleDetail: route('/articles/:id', { title: 'route.articleDetail' }),
  microPage: route('/micro/page/:id'),
  singleExamList: route('/single/exams', { pageType: 'EXAM_LIST', title: 'route.singleExamList' }),
  singleExamDetail: route('/single/exams/:uid', { title: 'route.examDetail' }),
  examDetail: route('/exam/:uid', { title: 'route.examDetail' }),
  examTest: route('/exam/:uid/test', { title: 'route.examTest', requiresLogin: true }),
  examTestResult: route('/exam/:uid/test/result', { title: 'route.examTestResult', requiresLogin: true }),
  classroomList: route('/classrooms', { pageType: 'PROJECT_LIST', title: 'route.classroomList' }),
  classroomDetail: route('/classroom/:uid', { title: 'route.classroomDetail' }),
  classroomAnnouncementList: route('/classroom/:uid/announcements', { title: 'route.classroomAnnouncementList' }),
  classroomAnnouncementDetail: route('/classroom/:uid/announcement/:id', {
    title: 'route.classroomAnnouncementDetail',
  }),
  classroomComments: route('/classroom/:uid/comments', { title: 'route.classroomComments' }),
  tailwind: route('/tailwind', { title: 'route.tailwind' }),
  // The earlier client had a placeholder for this path; we serve it at /403/ip (docs/product.md#routes).
  ipBlocked: route('/403/ip', { title: 'route.ipBlocked' }),
  deviceBlocked: route('/device-blocked', { title: 'route.deviceBlocked' }),
  CustomPage: route('/page', { pageType: 'URL' }),
  OAuthBindUser: route('/oauth/bind/user', { title: 'route.oauthBind' }),
  OAuthBindRegister: route('/oauth/bind/register', { title: 'route.oauthBind' }),
  // Not the earlier client's, which signed up only after WeChat login: ours, by SMS (decision 007).
  register: route('/register', { title: 'route.register' }),
  // The earlier client named it without a path (docs/product.md#routes).
  Logout: route('/logout', { title: 'route.logout' }),
} as const satisfies Record<string, RoutePath>;

export type RouteName = keyof typeof routePaths;

/**
 * `/login?account=1`: the account login itself. Inside WeChat with the official-account login
 * on, a plain /login goes to loginHome (docs/product.md#wechat), whose "other ways" link needs this.
 */
export const accountLoginQuery = { account: 1 } as const;
export const routeNames = Object.keys(routePaths) as RouteName[];

export type RouteParams = Record<string, string | number>;
export type RouteQuery = Record<string, string | number | boolean | null | undefined>;

/** Builds the in-app path of a named route (without the /mobile base). */
export function href(name: RouteName, params: RouteParams = {}, query: RouteQuery = {}): string {
  const path = routePaths[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`href(${name}): missing param ${key}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
