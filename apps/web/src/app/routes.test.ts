import { describe, expect, it } from 'vitest';
import { findRoute, href, routeNames, routes } from './routes';

// The earlier client's route names (docs/product.md#routes), Logout included.
const specRouteNames = [
  'homepage',
  'home',
  'learning',
  'MyCourseList',
  'MyClassroomList',
  'MyExamList',
  'me',
  'meProfile',
  'nicknameEdit',
  'briefEdit',
  'usernameEdit',
  'mobileEdit',
  'resetPassword',
  'meAgreement',
  'courseList',
  'courseDetail',
  'courseComments',
  'lessonLearn',
  'lessonTryPlay',
  'homework',
  'orderConfirm',
  'orderList',
  'orderDetail',
  'orderRefund',
  'login',
  'loginRedirect',
  'loginHome',
  'search',
  'articleList',
  'articleDetail',
  'microPage',
  'singleExamList',
  'singleExamDetail',
  'examDetail',
  'examTest',
  'examTestResult',
  'classroomList',
  'classroomDetail',
  'classroomAnnouncementList',
  'classroomAnnouncementDetail',
  'classroomComments',
  'tailwind',
  'ipBlocked',
  'deviceBlocked',
  'CustomPage',
  'OAuthBindUser',
  'OAuthBindRegister',
  'Logout',
];
// Routes we add beyond the earlier client's (docs/product.md#routes): registration by SMS; asking a
// question and the question, note and lecture detail pages it had without names; the wrong-answer
// book and its practice round (decision record 022); the notification centre; account security;
// My notes and My Q&A across courses; My coupons; My favourites; the schedule and downloads (issue 27).
const ourRouteNames = [
  'register',
  'courseThreadCreate',
  'courseThreadDetail',
  'lectureDetail',
  'noteDetail',
  'myNotes',
  'myThreads',
  'learningSchedule',
  'learningDownloads',
  'myCoupons',
  'myFavourites',
  'wrongAnswers',
  'notifications',
  'emailEdit',
  'emailConfirm',
  'wechatBind',
];

describe('route table', () => {
  it('declares every named route of the spec, our additions, and nothing else', () => {
    expect([...routeNames].sort()).toEqual([...specRouteNames, ...ourRouteNames].sort());
    expect(routes.register).toMatchObject({ path: '/register', requiresLogin: false });
    expect(routes.courseThreadCreate).toMatchObject({ path: '/courses/:uid/threads/new', requiresLogin: true });
    expect(routes.courseThreadDetail).toMatchObject({ path: '/courses/:uid/threads/:id', requiresLogin: true });
    expect(routes.lectureDetail).toMatchObject({ path: '/courses/:uid/lectures/:id', requiresLogin: true });
    expect(routes.noteDetail).toMatchObject({ path: '/notes/:id', requiresLogin: true });
    expect(routes.wrongAnswers).toMatchObject({ path: '/me/wrong-answers', requiresLogin: true });
    expect(routes.notifications).toMatchObject({ path: '/me/notifications', requiresLogin: true });
  });

  it('has the spec paths and page types', () => {
    expect(routes.homepage).toMatchObject({ path: '/', pageType: 'MICRO_PAGE' });
    expect(routes.home).toMatchObject({ path: '/home/:id', pageType: 'MICRO_PAGE' });
    expect(routes.learning).toMatchObject({ path: '/learning', pageType: 'LEARNING_CENTER' });
    expect(routes.MyCourseList.path).toBe('/learning/courses');
    expect(routes.me).toMatchObject({ path: '/me', pageType: 'MINE' });
    expect(routes.courseList).toMatchObject({ path: '/courses', pageType: 'COURSE_LIST' });
    expect(routes.classroomList).toMatchObject({ path: '/classrooms', pageType: 'PROJECT_LIST' });
    expect(routes.singleExamList).toMatchObject({ path: '/single/exams', pageType: 'EXAM_LIST' });
    expect(routes.CustomPage).toMatchObject({ path: '/page', pageType: 'URL' });
    expect(routes.homework.path).toBe('/lessons/:lessonId/homework/:id');
    expect(routes.ipBlocked.path).toBe('/403/ip');
    expect(routes.deviceBlocked.path).toBe('/device-blocked');
  });

  it('requires login where the spec says so', () => {
    for (const name of ['orderConfirm', 'lessonLearn', 'homework', 'examTest'] as const) {
      expect(routes[name].requiresLogin).toBe(true);
    }
    for (const name of ['meProfile', 'nicknameEdit', 'briefEdit', 'usernameEdit', 'mobileEdit'] as const) {
      expect(routes[name].requiresLogin).toBe(true);
    }
    // The learning centre lists the learner's own products: logged out, login first and back.
    for (const name of ['learning', 'MyCourseList', 'MyClassroomList', 'MyExamList'] as const) {
      expect(routes[name].requiresLogin).toBe(true);
    }
    // resetPassword is also "forgot password" for a signed-out learner.
    for (const name of [
      'homepage',
      'me',
      'login',
      'meAgreement',
      'courseList',
      'courseDetail',
      'resetPassword',
    ] as const) {
      expect(routes[name].requiresLogin).toBe(false);
    }
  });

  it('registers only routes whose screens exist', () => {
    const registered = routeNames.filter((name) => routes[name].screen !== null).sort();
    expect(registered).toEqual(
      [
        'homepage',
        'home',
        'me',
        'learning',
        'MyCourseList',
        'MyClassroomList',
        'MyExamList',
        'learningSchedule',
        'learningDownloads',
        'meProfile',
        'nicknameEdit',
        'briefEdit',
        'usernameEdit',
        'mobileEdit',
        'emailEdit',
        'emailConfirm',
        'wechatBind',
        'resetPassword',
        'meAgreement',
        'wrongAnswers',
        'login',
        'loginHome',
        'loginRedirect',
        'register',
        'OAuthBindUser',
        'OAuthBindRegister',
        'microPage',
        'courseList',
        'courseDetail',
        'courseComments',
        'courseThreadCreate',
        'courseThreadDetail',
        'lectureDetail',
        'noteDetail',
        'myNotes',
        'myThreads',
        'myCoupons',
        'myFavourites',
        'lessonLearn',
        'lessonTryPlay',
        'tailwind',
        'ipBlocked',
        'deviceBlocked',
        'Logout',
        'CustomPage',
        'search',
        'articleList',
        'articleDetail',
        'classroomList',
        'classroomDetail',
        'classroomAnnouncementList',
        'classroomAnnouncementDetail',
        'classroomComments',
        'singleExamList',
        'singleExamDetail',
        'examDetail',
        'examTestResult',
        'examTest',
        'homework',
        'orderConfirm',
        'orderList',
        'orderDetail',
        'orderRefund',
        'notifications',
      ].sort(),
    );
  });
});

describe('href', () => {
  it('fills params and appends the query', () => {
    expect(href('homepage')).toBe('/');
    expect(href('home', { id: 3 })).toBe('/home/3');
    expect(href('homework', { lessonId: 4, id: 9 })).toBe('/lessons/4/homework/9');
    expect(href('courseList', {}, { categoryId: 2, pathFrom: 'tab', empty: undefined })).toBe(
      '/courses?categoryId=2&pathFrom=tab',
    );
    expect(href('CustomPage', {}, { url: 'https://a.example/x?y=1' })).toBe(
      '/page?url=https%3A%2F%2Fa.example%2Fx%3Fy%3D1',
    );
    expect(href('meAgreement', { code: 'terms' })).toBe('/me/agreement/terms');
  });
  it('refuses a missing param', () => {
    expect(() => href('home')).toThrow(/missing param id/);
  });
});

describe('findRoute', () => {
  it('finds registered routes with their params', () => {
    expect(findRoute('/home/12')).toMatchObject({ name: 'home', params: { id: '12' } });
    expect(findRoute('/login/home')?.name).toBe('loginHome');
    expect(findRoute('/')?.name).toBe('homepage');
    // "new" is the ask page, not a question with the id "new".
    expect(findRoute('/courses/c1/threads/new')).toMatchObject({ name: 'courseThreadCreate', params: { uid: 'c1' } });
    expect(findRoute('/courses/c1/threads/7')).toMatchObject({
      name: 'courseThreadDetail',
      params: { uid: 'c1', id: '7' },
    });
    expect(findRoute('/courses/c1/lectures/3')).toMatchObject({ name: 'lectureDetail', params: { id: '3' } });
    expect(findRoute('/notes/5')).toMatchObject({ name: 'noteDetail', params: { id: '5' } });
    expect(findRoute('/exam/e1/test/result')).toMatchObject({ name: 'examTestResult', params: { uid: 'e1' } });
    expect(findRoute('/exam/e1/test')).toMatchObject({ name: 'examTest', params: { uid: 'e1' } });
    expect(findRoute('/lessons/4/homework/9')).toMatchObject({ name: 'homework', params: { lessonId: '4', id: '9' } });
  });
  it('finds the order screens, the confirmation before an order of that number', () => {
    expect(findRoute('/orders/confirm')?.name).toBe('orderConfirm');
    expect(findRoute('/orders')?.name).toBe('orderList');
    expect(findRoute('/orders/T1')).toMatchObject({ name: 'orderDetail', params: { tradeNo: 'T1' } });
    expect(findRoute('/orders/T1/refund')).toMatchObject({ name: 'orderRefund', params: { tradeNo: 'T1' } });
  });
});
