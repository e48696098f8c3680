import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { href, routeNames, routePaths, type RouteName, type RoutePath } from '../config/route-paths';
import { prefetchCourseDetail, prefetchCourseList } from '../features/courses/api/prefetch-course-screens';
import { addMessages, type MessageLoader } from '../lib/i18n';
import type { ScreenPrefetch } from '../lib/screen-prefetch';
import {
  classroomMessages,
  examMessages,
  examTakingMessages,
  learningCenterMessages,
  lessonMessages,
  orderMessages,
  tailwindDemoMessages,
} from './messages/screen-messages';
import { prefetchHomepage, prefetchMicroPage } from './prefetch-micro-pages';

/**
 * The route table the router, the tab bar, the guards and the page title read: every named
 * route of spec §2 (declared in config/route-paths.ts) with its lazily loaded screen. A route
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

/** A screen whose own messages come with its code (app/messages/screen-messages.ts). */
function withMessages(screen: ScreenLoader, messages: MessageLoader): ScreenLoader {
  return async () => (await Promise.all([screen(), addMessages(messages)]))[0];
}

const screens: Partial<Record<RouteName, ScreenLoader>> = {
  homepage: () => import('./screens/homepage-screen'),
  home: () => import('../features/micro-page/components/home-screen'),
  microPage: () => import('../features/micro-page/components/micro-page-screen'),
  courseList: () => import('../features/courses/components/course-list-screen'),
  courseDetail: () => import('../features/courses/components/course-detail-screen'),
  courseComments: () => import('../features/courses/components/course-comments-screen'),
  courseThreadCreate: () => import('../features/courses/components/thread-create-screen'),
  courseThreadDetail: () => import('../features/courses/components/thread-detail-screen'),
  lectureDetail: () => import('../features/courses/components/lecture-detail-screen'),
  noteDetail: () => import('../features/courses/components/note-detail-screen'),
  // One player under both addresses: it tells a preview from the learner's own lesson by the path.
  lessonLearn: withMessages(() => import('../features/lessons/components/lesson-screen'), lessonMessages),
  lessonTryPlay: withMessages(() => import('../features/lessons/components/lesson-screen'), lessonMessages),
  me: () => import('../features/me/components/me-screen'),
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
  meProfile: () => import('../features/me/components/profile-screen'),
  nicknameEdit: () => import('../features/me/components/nickname-edit-screen'),
  briefEdit: () => import('../features/me/components/brief-edit-screen'),
  usernameEdit: () => import('../features/me/components/username-edit-screen'),
  mobileEdit: () => import('../features/me/components/mobile-edit-screen'),
  resetPassword: () => import('../features/auth/components/reset-password-screen'),
  meAgreement: () => import('../features/agreements/components/agreement-screen'),
  // Both decide between WeChat login and the account login (app/ composes the two features).
  login: () => import('./screens/login-screen'),
  loginHome: () => import('./screens/login-home-screen'),
  loginRedirect: () => import('../features/auth/components/login-redirect-screen'),
  register: () => import('../features/auth/components/register-screen'),
  OAuthBindUser: () => import('../features/auth/components/oauth-bind-user-screen'),
  OAuthBindRegister: () => import('../features/auth/components/oauth-bind-register-screen'),
  tailwind: withMessages(
    () => import('../features/tailwind-demo/components/tailwind-demo-screen'),
    tailwindDemoMessages,
  ),
  ipBlocked: () => import('../features/access-blocked/components/ip-blocked-screen'),
  deviceBlocked: () => import('../features/access-blocked/components/device-blocked-screen'),
  Logout: () => import('../features/auth/components/logout-screen'),
  CustomPage: () => import('../features/custom-page/components/custom-page-screen'),
  classroomList: withMessages(
    () => import('../features/classrooms/components/classroom-list-screen'),
    classroomMessages,
  ),
  classroomDetail: withMessages(
    () => import('../features/classrooms/components/classroom-detail-screen'),
    classroomMessages,
  ),
  classroomAnnouncementList: withMessages(
    () => import('../features/classrooms/components/classroom-announcement-list-screen'),
    classroomMessages,
  ),
  classroomAnnouncementDetail: withMessages(
    () => import('../features/classrooms/components/classroom-announcement-detail-screen'),
    classroomMessages,
  ),
  classroomComments: withMessages(
    () => import('../features/classrooms/components/classroom-comments-screen'),
    classroomMessages,
  ),
  singleExamList: withMessages(() => import('../features/exams/components/single-exam-list-screen'), examMessages),
  // The same screen under both of the spec's exam detail paths.
  singleExamDetail: withMessages(() => import('../features/exams/components/exam-detail-screen'), examMessages),
  examDetail: withMessages(() => import('../features/exams/components/exam-detail-screen'), examMessages),
  examTest: withMessages(() => import('../features/exam-taking/components/exam-test-screen'), examTakingMessages),
  homework: withMessages(() => import('../features/exam-taking/components/homework-screen'), examTakingMessages),
  examTestResult: withMessages(() => import('../features/exams/components/exam-result-screen'), examMessages),
  search: () => import('../features/search/components/search-screen'),
  articleList: () => import('../features/articles/components/article-list-screen'),
  articleDetail: () => import('../features/articles/components/article-detail-screen'),
  orderConfirm: withMessages(() => import('../features/orders/components/order-confirm-screen'), orderMessages),
  orderList: withMessages(() => import('../features/orders/components/order-list-screen'), orderMessages),
  orderDetail: withMessages(() => import('../features/orders/components/order-detail-screen'), orderMessages),
  orderRefund: withMessages(() => import('../features/orders/components/order-refund-screen'), orderMessages),
};

// Tiny modules (query options only), so they may sit in the first-screen chunk.
const prefetchers: Partial<Record<RouteName, ScreenPrefetch>> = {
  homepage: prefetchHomepage,
  home: prefetchMicroPage,
  microPage: prefetchMicroPage,
  courseList: prefetchCourseList,
  courseDetail: prefetchCourseDetail,
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
