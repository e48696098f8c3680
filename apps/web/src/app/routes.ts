import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { href, routeNames, routePaths, type RouteName, type RoutePath } from '../config/route-paths';
import { addMessages, type MessageLoader } from '../lib/i18n';
import type { ScreenPrefetch } from '../lib/screen-prefetch';
import {
  accountMessages,
  agreementsMessages,
  articlesMessages,
  classroomsMessages,
  commentMessages,
  couponsMessages,
  courseMemberMessages,
  customPageMessages,
  examResultMessages,
  examTakingMessages,
  examsMessages,
  formMessages,
  learningCenterMessages,
  lessonsMessages,
  meMessages,
  microPageMessages,
  oauthMessages,
  ordersMessages,
  passwordMessages,
  searchMessages,
  tailwindDemoMessages,
} from './messages/registry/screen-messages';

/**
 * The route table the router, the tab bar, the guards and the page title read: every named
 * route of docs/product.md#routes (declared in config/route-paths.ts) with its lazily loaded screen. A route
 * without a screen is declared (links to it can be built) but not registered in the router
 * until its screen exists; an unknown path goes to the homepage.
 */
export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export interface RouteDefinition extends RoutePath {
  readonly screen: ScreenLoader | null;
  /** Starts the screen's first public reads at app start-up (see ScreenPrefetch). */
  readonly prefetch: ScreenPrefetch | null;
}

/** A screen whose own message bundles come with its code (app/messages/registry/screen-messages.ts). */
function withMessages<M extends ScreenModule>(
  screen: () => Promise<M>,
  ...messages: MessageLoader[]
): () => Promise<M> {
  return async () => (await Promise.all([screen(), ...messages.map((loader) => addMessages(loader))]))[0];
}

/** The notification centre's one chunk, with its texts (it loads them itself): its screen, and the Me tab's badge. */
const notificationCentre = () =>
  import('../features/notifications/components/notifications-screen').then((centre) => centre.withTexts());

/**
 * The Me tab's unread count: loaded by the shell only for a signed-in learner, so a visitor's
 * first screen carries none of it (the screen's own import: one chunk, one name).
 */
export const loadMeTabBadge = () => notificationCentre().then((centre) => ({ default: centre.MeTabBadge }));

// One chunk for the three Account and security screens (app/screens/account-security-screens.tsx).
const accountSecurityScreens = () => import('./screens/account-security-screens');

const screens: Partial<Record<RouteName, ScreenLoader>> = {
  homepage: withMessages(() => import('./screens/homepage-screen'), microPageMessages),
  home: withMessages(() => import('../features/micro-page/components/home-screen'), microPageMessages),
  microPage: withMessages(() => import('../features/micro-page/components/micro-page-screen'), microPageMessages),
  courseList: () => import('../features/courses/components/course-list-screen'),
  courseDetail: () => import('../features/courses/components/course-detail-screen'),
  courseComments: withMessages(
    () => import('../features/courses/components/course-comments-screen'),
    courseMemberMessages,
    formMessages,
    commentMessages,
  ),
  courseThreadCreate: withMessages(
    () => import('../features/courses/components/thread-create-screen'),
    courseMemberMessages,
    formMessages,
  ),
  courseThreadDetail: withMessages(
    () => import('../features/courses/components/thread-detail-screen'),
    courseMemberMessages,
    formMessages,
  ),
  lectureDetail: withMessages(
    () => import('../features/courses/components/lecture-detail-screen'),
    courseMemberMessages,
  ),
  noteDetail: withMessages(
    () => import('../features/courses/components/note-detail-screen'),
    courseMemberMessages,
    formMessages,
  ),
  myNotes: withMessages(() => import('../features/courses/components/my-notes-screen'), courseMemberMessages),
  myThreads: withMessages(() => import('../features/courses/components/my-threads-screen'), courseMemberMessages),
  myCoupons: withMessages(() => import('../features/coupons/components/my-coupons-screen'), couponsMessages),
  // The screen loads its own texts (as the notification centre does): no loader in this first chunk.
  myFavourites: () => import('../features/favourites/components/favourites-screen').then((m) => m.withTexts()),
  // One player under both addresses: it tells a preview from the learner's own lesson by the path.
  // Its note sheet, the one form, brings the form texts itself when first opened.
  lessonLearn: withMessages(() => import('../features/lessons/components/lesson-screen'), lessonsMessages),
  lessonTryPlay: withMessages(() => import('../features/lessons/components/lesson-screen'), lessonsMessages),
  // No form on Me itself: the form texts come with the screens it leads to. The account's texts
  // (the wait after too many tries among them) come with the screens that send or check.
  me: withMessages(() => import('../features/me/components/me-screen'), meMessages),
  notifications: notificationCentre,
  learning: withMessages(
    () => import('../features/learning-center/components/learning-redirect-screen'),
    learningCenterMessages,
  ),
  MyCourseList: withMessages(
    () => import('../features/learning-center/components/my-course-list-screen'),
    learningCenterMessages,
  ),
  MyClassroomList: withMessages(
    () => import('../features/learning-center/components/my-classroom-list-screen'),
    learningCenterMessages,
  ),
  MyExamList: withMessages(
    () => import('../features/learning-center/components/my-exam-list-screen'),
    learningCenterMessages,
  ),
  learningSchedule: withMessages(
    () => import('../features/learning-center/components/schedule-screen'),
    learningCenterMessages,
  ),
  // Its texts load with the screen (features/offline), as the offline layer's do.
  learningDownloads: () => import('../features/offline/components/downloads-screen').then((m) => m.withTexts()),
  meProfile: withMessages(
    () => import('../features/me/components/profile-screen'),
    accountMessages,
    meMessages,
    formMessages,
  ),
  nicknameEdit: withMessages(
    () => import('../features/me/components/nickname-edit-screen'),
    accountMessages,
    meMessages,
    formMessages,
  ),
  briefEdit: withMessages(
    () => import('../features/me/components/brief-edit-screen'),
    accountMessages,
    meMessages,
    formMessages,
  ),
  usernameEdit: withMessages(
    () => import('../features/me/components/username-edit-screen'),
    accountMessages,
    meMessages,
    formMessages,
  ),
  mobileEdit: withMessages(
    () => import('../features/me/components/mobile-edit-screen'),
    accountMessages,
    meMessages,
    formMessages,
  ),
  emailEdit: withMessages(
    () => accountSecurityScreens().then((m) => ({ default: m.EmailEditScreen })),
    accountMessages,
    meMessages,
    formMessages,
  ),
  emailConfirm: withMessages(
    () => accountSecurityScreens().then((m) => ({ default: m.EmailConfirmScreen })),
    accountMessages,
    meMessages,
  ),
  wechatBind: withMessages(
    () => accountSecurityScreens().then((m) => ({ default: m.WechatAccountScreen })),
    accountMessages,
    oauthMessages,
    meMessages,
  ),
  resetPassword: withMessages(
    () => import('../features/auth/components/reset-password-screen'),
    accountMessages,
    passwordMessages,
    formMessages,
  ),
  meAgreement: withMessages(() => import('../features/agreements/components/agreement-screen'), agreementsMessages),
  // Both decide between WeChat login and the account login (app/ composes the two features).
  login: withMessages(() => import('./screens/login-screen'), accountMessages, formMessages),
  loginHome: withMessages(() => import('./screens/login-home-screen'), accountMessages, formMessages),
  loginRedirect: withMessages(
    () => import('../features/auth/components/login-redirect-screen'),
    accountMessages,
    oauthMessages,
    formMessages,
  ),
  register: withMessages(() => import('../features/auth/components/register-screen'), accountMessages, formMessages),
  OAuthBindUser: withMessages(
    () => import('../features/auth/components/oauth-bind-user-screen'),
    accountMessages,
    oauthMessages,
    formMessages,
  ),
  OAuthBindRegister: withMessages(
    () => import('../features/auth/components/oauth-bind-register-screen'),
    accountMessages,
    oauthMessages,
    formMessages,
  ),
  tailwind: withMessages(
    () => import('../features/tailwind-demo/components/tailwind-demo-screen'),
    tailwindDemoMessages,
  ),
  ipBlocked: () => import('../features/access-blocked/components/ip-blocked-screen'),
  deviceBlocked: () => import('../features/access-blocked/components/device-blocked-screen'),
  Logout: withMessages(() => import('../features/auth/components/logout-screen'), accountMessages, formMessages),
  CustomPage: withMessages(() => import('../features/custom-page/components/custom-page-screen'), customPageMessages),
  classroomList: withMessages(
    () => import('../features/classrooms/components/classroom-list-screen'),
    classroomsMessages,
  ),
  classroomDetail: withMessages(
    () => import('../features/classrooms/components/classroom-detail-screen'),
    classroomsMessages,
    formMessages,
  ),
  classroomAnnouncementList: withMessages(
    () => import('../features/classrooms/components/classroom-announcement-list-screen'),
    classroomsMessages,
  ),
  classroomAnnouncementDetail: withMessages(
    () => import('../features/classrooms/components/classroom-announcement-detail-screen'),
    classroomsMessages,
  ),
  classroomComments: withMessages(
    () => import('../features/classrooms/components/classroom-comments-screen'),
    classroomsMessages,
    formMessages,
    commentMessages,
  ),
  singleExamList: withMessages(() => import('../features/exams/components/single-exam-list-screen'), examsMessages),
  // The same screen under both exam detail paths (docs/product.md#routes).
  singleExamDetail: withMessages(() => import('../features/exams/components/exam-detail-screen'), examsMessages),
  examDetail: withMessages(() => import('../features/exams/components/exam-detail-screen'), examsMessages),
  examTest: withMessages(() => import('../features/exam-taking/components/exam-test-screen'), examTakingMessages),
  homework: withMessages(() => import('../features/exam-taking/components/homework-screen'), examTakingMessages),
  examTestResult: withMessages(
    () => import('../features/exams/components/exam-result-screen'),
    examsMessages,
    examResultMessages,
  ),
  wrongAnswers: withMessages(
    () => import('./screens/wrong-answers-screen'),
    examsMessages,
    examResultMessages,
    examTakingMessages,
  ),
  search: withMessages(() => import('../features/search/components/search-screen'), searchMessages),
  articleList: withMessages(() => import('../features/articles/components/article-list-screen'), articlesMessages),
  articleDetail: withMessages(() => import('../features/articles/components/article-detail-screen'), articlesMessages),
  // Only the refund has a form (and the form texts) among the order screens.
  orderConfirm: withMessages(() => import('../features/orders/components/order-confirm-screen'), ordersMessages),
  orderList: withMessages(() => import('../features/orders/components/order-list-screen'), ordersMessages),
  orderDetail: withMessages(() => import('../features/orders/components/order-detail-screen'), ordersMessages),
  orderRefund: withMessages(
    () => import('../features/orders/components/order-refund-screen'),
    ordersMessages,
    formMessages,
  ),
};

// Tiny modules (query options only), so they may sit in the first-screen chunk.
/**
 * A screen's first reads, whose code (their query options and parsers, about 2.3 KB gzip) comes
 * in a small chunk of its own, asked for beside the screen's: in the first chunk it cost every
 * other screen, signed-in ones included, those bytes (issue 28). Only a screen the server did not
 * render runs them (app/main.tsx).
 */
function lazyPrefetch(load: () => Promise<ScreenPrefetch>): ScreenPrefetch {
  // A failed download only loses the head start: the screen asks for its data itself.
  return (client, at) =>
    void load().then(
      (prefetch) => prefetch(client, at),
      () => undefined,
    );
}
const microPagePrefetch = () => import('./prefetch-micro-pages');
const courseScreensPrefetch = () => import('../features/courses/api/prefetch-course-screens');

const prefetchers: Partial<Record<RouteName, ScreenPrefetch>> = {
  homepage: lazyPrefetch(() => microPagePrefetch().then((m) => m.prefetchHomepage)),
  home: lazyPrefetch(() => microPagePrefetch().then((m) => m.prefetchMicroPage)),
  microPage: lazyPrefetch(() => microPagePrefetch().then((m) => m.prefetchMicroPage)),
  courseList: lazyPrefetch(() => courseScreensPrefetch().then((m) => m.prefetchCourseList)),
  courseDetail: lazyPrefetch(() => courseScreensPrefetch().then((m) => m.prefetchCourseDetail)),
};

export const routes = Object.fromEntries(
  routeNames.map((name) => [
    name,
    { ...routePaths[name], screen: screens[name] ?? null, prefetch: prefetchers[name] ?? null },
  ]),
) as Record<RouteName, RouteDefinition>;

export { href, routeNames };
export type { RouteName };

export interface MatchedRoute {
  name: RouteName;
  definition: RouteDefinition;
  params: Record<string, string>;
}

/** The named route a path belongs to; only routes with a screen when `registeredOnly`. */
export function findRoute(pathname: string, registeredOnly = true): MatchedRoute | null {
  for (const name of routeNames) {
    const definition = routes[name];
    if (registeredOnly && !definition.screen) continue;
    const match = matchPath({ path: definition.path, end: true }, pathname);
    if (match) {
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(match.params)) if (value !== undefined) params[key] = value;
      return { name, definition, params };
    }
  }
  return null;
}
