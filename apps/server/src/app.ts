import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConfigError, devConveniencesOf, type Config } from './config/env.js';
import { openDatabase, type Database, type Db } from './db/database.js';
import { holdsNoSchool } from './db/holds-no-school.js';
import { prepareForThisCode, schemaVersion } from './db/schema-version.js';
import { openDemoLogins } from './demo-data/demo-accounts.js';
import { createArticlesRepository } from './features/articles/articles.repository.js';
import { articlesRoutes } from './features/articles/articles.routes.js';
import { createArticlesService } from './features/articles/articles.service.js';
import { createAuthRepository } from './features/auth/auth.repository.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createAuthService } from './features/auth/auth.service.js';
import { accountSecurityRoutes } from './features/auth/account-security.routes.js';
import { createAccountSecurityService } from './features/auth/account-security.service.js';
import { oauthRoutes } from './features/auth/oauth.routes.js';
import { createOauthService } from './features/auth/oauth.service.js';
import { registerRoutes } from './features/auth/register.routes.js';
import { createRegisterService } from './features/auth/register.service.js';
import { createSmsCodesRepository } from './features/auth/sms-codes.repository.js';
import { createSmsCodesService } from './features/auth/sms-codes.service.js';
import { usersRoutes } from './features/auth/users.routes.js';
import { createUsersService } from './features/auth/users.service.js';
import { createClassroomsRepository } from './features/classrooms/classrooms.repository.js';
import { classroomsRoutes } from './features/classrooms/classrooms.routes.js';
import { createClassroomsService } from './features/classrooms/classrooms.service.js';
import { createCoursesRepository } from './features/courses/courses.repository.js';
import { coursesRoutes } from './features/courses/courses.routes.js';
import { createCoursesService } from './features/courses/courses.service.js';
import { createDecorationsRepository } from './features/decorations/decorations.repository.js';
import { decorationsRoutes } from './features/decorations/decorations.routes.js';
import { createDecorationsService } from './features/decorations/decorations.service.js';
import { createDevRepository } from './features/dev/dev.repository.js';
import { devRoutes } from './features/dev/dev.routes.js';
import { createDevService } from './features/dev/dev.service.js';
import { createExamsRepository } from './features/exams/exams.repository.js';
import { examsRoutes } from './features/exams/exams.routes.js';
import { createExamsService } from './features/exams/exams.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { createReadiness } from './features/health/readiness.js';
import { createExamTakingRepository } from './features/exam-taking/exam-taking.repository.js';
import { examTakingRoutes } from './features/exam-taking/exam-taking.routes.js';
import { createExamTakingService, examSubmitJob } from './features/exam-taking/exam-taking.service.js';
import { favouritesRoutes } from './features/favourites/favourites.routes.js';
import { createFavouritesRepository } from './features/favourites/favourites.repository.js';
import { createFavouritesService } from './features/favourites/favourites.service.js';
import { wrongAnswerBookRoutes } from './features/exam-taking/wrong-answer-book.routes.js';
import { createWrongAnswerBookService } from './features/exam-taking/wrong-answer-book.service.js';
import { createHousekeepingRepository } from './features/housekeeping/housekeeping.repository.js';
import { housekeepingJob } from './features/housekeeping/housekeeping.service.js';
import { createLearningCenterRepository } from './features/learning-center/learning-center.repository.js';
import { learningCenterRoutes } from './features/learning-center/learning-center.routes.js';
import { createLearningCenterService } from './features/learning-center/learning-center.service.js';
import { calendarRoutes } from './features/learning-center/calendar.routes.js';
import { createCalendarFeedRepository } from './features/learning-center/calendar-feed.repository.js';
import { createCalendarService } from './features/learning-center/calendar.service.js';
import { orderCloseJob } from './features/orders/order-closing.job.js';
import { notificationWechatJob } from './features/notifications/notification-wechat.job.js';
import { createNotificationsRepository } from './features/notifications/notifications.repository.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import {
  createNotificationsService,
  createNotifier,
  notificationsJob,
} from './features/notifications/notifications.service.js';
import { createMyCouponsRepository } from './features/orders/my-coupons.repository.js';
import { myCouponsRoutes } from './features/orders/my-coupons.routes.js';
import { createMyCouponsService } from './features/orders/my-coupons.service.js';
import { createOrdersRepository } from './features/orders/orders.repository.js';
import { ordersRoutes } from './features/orders/orders.routes.js';
import { createOrdersService } from './features/orders/orders.service.js';
import { createRefundsRepository } from './features/orders/refunds.repository.js';
import { refundSettleJob } from './features/orders/refunds.service.js';
import { sandboxCashierRoutes } from './features/orders/sandbox-cashier.routes.js';
import { createSearchRepository } from './features/search/search.repository.js';
import { searchRoutes } from './features/search/search.routes.js';
import { createSearchService } from './features/search/search.service.js';
import { createSystemConfigRepository } from './features/system-config/system-config.repository.js';
import { systemConfigRoutes } from './features/system-config/system-config.routes.js';
import { createSystemConfigService } from './features/system-config/system-config.service.js';
import { createTenantsRepository } from './features/tenants/tenants.repository.js';
import { tenantsRoutes } from './features/tenants/tenants.routes.js';
import { createTenantsService } from './features/tenants/tenants.service.js';
import { createUploadsRepository } from './features/uploads/uploads.repository.js';
import { uploadsRoutes } from './features/uploads/uploads.routes.js';
import { packImagesRoutes } from './features/pack-images/pack-images.routes.js';
import { createAppIcons } from './features/web-app/app-icons.js';
import { webAppRoutes } from './features/web-app/web-app.routes.js';
import { createUploadsService } from './features/uploads/uploads.service.js';
import { wechatRoutes } from './features/wechat/wechat.routes.js';
import { createWechatService } from './features/wechat/wechat.service.js';
import { videoConversionJob } from './features/video-conversion/video-conversion.job.js';
import { scheduleJob } from './lib/background-jobs.js';
import { registerDraining, type Draining } from './lib/graceful-stop.js';
import { createLearnerCache, learnerRowsChannel, type LearnerCache } from './lib/learner-cache.js';
import { createPublicCache } from './lib/public-cache.js';
import { serializeError, serializeRequest } from './lib/request-log.js';
import { recordRoutes } from './lib/route-registry.js';
import { registerCaptcha } from './plugins/captcha.js';
import { registerControlCharacterGuard } from './plugins/control-characters.js';
import { answerFrameworkError, registerErrorHandling } from './plugins/error-handler.js';
import { registerHttpCache } from './plugins/http-cache.js';
import { registerLocale } from './plugins/locale.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerPressureRelief } from './plugins/pressure.js';
import { askAsVisitor, loadScreenRenderer } from './plugins/screen-renderer.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSessions } from './plugins/session.js';
import { inlineScriptHashesOf, readPageStyles, registerStaticWeb } from './plugins/static-web.js';
import { registerTenantResolution } from './plugins/tenant.js';
import { createCaptchaVerifier } from './providers/captcha/captcha-verifier.js';
import { systemClock, type Clock } from './providers/clock.js';
import { createDbRateLimitStore, type RateLimitStore } from './providers/rate-limit-store.js';
import { createPaymentGateways } from './providers/payment/index.js';
import { firstAnswerPaths } from '@school/contract/paths';
import { createMailSender } from './providers/mail/index.js';
import { createSmsSender } from './providers/sms/index.js';
import { createLessonsRepository } from './features/lessons/lessons.repository.js';
import { lessonsRoutes } from './features/lessons/lessons.routes.js';
import { createLessonsService } from './features/lessons/lessons.service.js';
import { moveFolderUploads, createUploadsStorage } from './providers/storage/uploads-storage.js';
import { createMediaStorage, type MediaStorage } from './providers/storage/index.js';
import { createWechatClient } from './providers/wechat/wechat-client.js';

export interface AppDeps {
  /** An already opened database (tests keep a handle to it); otherwise opened from config. Either way the app closes it. */
  database?: Database;
  clock?: Clock;
  rateLimits?: RateLimitStore;
  /** Where log lines go instead of stdout (tests read what the log would have said). */
  logStream?: { write(line: string): void };
  /** Where lesson media and lecture files live (tests bring their own). */
  mediaStorage?: MediaStorage;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves once every change to learner rows committed before the call has been heard by this
     * process (decision 014): on PostgreSQL a round trip on the listening connection, on PGlite
     * at once. Write requests await it before answering; tests that write with SQL await it
     * before their next request, as a later request would find it.
     */
    learnerRowsHeard(): Promise<void>;
    /** The graceful stop SIGTERM asks for (lib/graceful-stop.ts), and whether it has begun. */
    draining: Draining;
  }
}

/**
 * Builds the whole server: database (migrated; outside production, the demo schools loaded), plugins, and every feature's
 * routes in one visible list. `app.close()` also closes the database.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest, err: serializeError },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // A client that has not finished sending its request after 2 minutes is gone or hostile
    // (Fastify's default is no limit at all); generous for a slow phone uploading a file.
    requestTimeout: 120_000,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  recordRoutes(app);

  const database =
    deps.database ??
    (await openDatabase(config.database, { onPoolError: (err) => app.log.error({ err }, 'database pool error') }));
  app.addHook('onClose', async () => database.close());
  // Tracks connections from the start, for a stop that fails no request (lib/graceful-stop.ts).
  app.decorate('draining', registerDraining(app));
  // Built once: the demo packs' files go into it here, and the features serve from it.
  const mediaStorage = deps.mediaStorage ?? createMediaStorage(config, { clock: deps.clock ?? systemClock });
  try {
    await prepareForThisCode(database, config, async (db) => {
      if (config.nodeEnv === 'production') {
        // The demo's passwords are published: a school on the internet never gets them.
        await refuseDemoLogins(db);
        if (await holdsNoSchool(db)) app.log.warn(noSchoolYet);
      } else {
        // Loaded here only: production's start never loads the demo step and its packs' readers.
        const { installDemoMedia, loadDemoSchoolsIfEmpty } = await import('./demo-data/load-demo-schools.js');
        if (await loadDemoSchoolsIfEmpty(db, mediaStorage, (deps.clock ?? systemClock).now())) {
          app.log.info('loaded the demo schools into an empty database');
        }
        // Whatever loaded this database (this process, another one, another DATA_DIR), the files
        // of the demo packs must be in this storage.
        const copied = await installDemoMedia(db, mediaStorage);
        if (copied > 0) app.log.info(`copied ${copied} demo media files into the ${config.mediaStorage} media storage`);
      }
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  // Uploads live in the media storage, shared by every process (earlier releases kept them in
  // DATA_DIR/uploads, one machine's folder).
  const movedUploads = await moveFolderUploads(path.join(config.dataDir, 'uploads'), mediaStorage).catch(
    async (error: unknown) => {
      await database.close();
      throw error;
    },
  );
  if (movedUploads > 0) app.log.info(`moved ${movedUploads} uploads from DATA_DIR/uploads into the media storage`);

  try {
    await registerEverything(app, config, database, { ...deps, mediaStorage });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

export const noSchoolYet =
  'This database holds no school. Production never creates the demo school: every school ' +
  'request answers invalidDomainName (400) until a school is loaded into this database.';

/** Stops a production start on a database where a demo account still opens with its published password. */
async function refuseDemoLogins(db: Db): Promise<void> {
  const open = await openDemoLogins(db);
  if (open.length === 0) return;
  throw new ConfigError([
    `DATABASE_URL / DATA_DIR: this database holds the demo school's accounts (${open.join(', ')}), whose ` +
      'passwords are published; production refuses to serve it. Give production a database of its own.',
  ]);
}

async function registerEverything(
  app: App,
  config: Config,
  database: Database,
  deps: AppDeps & { mediaStorage: MediaStorage },
): Promise<void> {
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const rateLimits = deps.rateLimits ?? createDbRateLimitStore(db);

  // Composition root: features never import each other; they meet here.
  const tenants = createTenantsService(createTenantsRepository(db), clock);
  const systemConfig = createSystemConfigService(createSystemConfigRepository(db), clock);
  const decorations = createDecorationsService(createDecorationsRepository(db), app.log, clock);
  // What this process keeps of answers that are the same for everyone, and of a signed-in
  // learner's own rows (decision 014).
  const publicCache = createPublicCache({ seconds: config.publicCacheSeconds, clock });
  const { cache: learnerCache, hearing } = await listenedLearnerCache(app, database, config.learnerCacheSeconds, clock);
  const classrooms = createClassroomsService(createClassroomsRepository(db), clock, publicCache, learnerCache);
  const exams = createExamsService(createExamsRepository(db), clock, publicCache, learnerCache);
  const notificationsRepository = createNotificationsRepository(db);
  const notifications = createNotificationsService(notificationsRepository, clock);
  const notifier = createNotifier(notificationsRepository, clock, app.log);
  const examTaking = createExamTakingService({ repository: createExamTakingRepository(db), clock, notifier });
  const wrongAnswerBook = createWrongAnswerBookService({ repository: createExamTakingRepository(db), clock });
  const courses = createCoursesService({
    repository: createCoursesRepository(db),
    clock,
    publicCache,
    learnerCache,
  });
  const learningCenter = createLearningCenterService(createLearningCenterRepository(db), clock);
  const calendar = createCalendarService({ feeds: createCalendarFeedRepository(db), learningCenter, clock });
  const favourites = createFavouritesService(createFavouritesRepository(db));
  const articles = createArticlesService(createArticlesRepository(db));
  const search = createSearchService(createSearchRepository(db));
  const authRepository = createAuthRepository(db);
  const auth = createAuthService({
    repository: authRepository,
    rateLimits,
    clock,
    secret: config.sessionSecret,
    learnerCache,
  });
  const smsSender = createSmsSender(config, { log: app.log, clock });
  const sms = createSmsCodesService({
    repository: createSmsCodesRepository(db),
    sender: smsSender.sender,
    rateLimits,
    clock,
    secret: config.sessionSecret,
    log: app.log,
  });
  const users = createUsersService({ repository: authRepository, sms, rateLimits, clock });
  const register = createRegisterService({ repository: authRepository, auth, sms, clock });
  const wechatClient = config.wechat === null ? null : createWechatClient(config.wechat, clock);
  const wechatEnabled = async (tenantId: number) =>
    (await systemConfig.getConfig(tenantId)).wechatOfficialConfig.enable;
  const oauth = createOauthService({
    repository: authRepository,
    auth,
    sms,
    wechat: wechatClient,
    wechatEnabled,
    clock,
  });
  const wechat = createWechatService({ wechat: wechatClient, wechatEnabled, clock, log: app.log });
  const mail = createMailSender(config, { log: app.log, clock });
  app.addHook('onClose', async () => mail.close());
  const accountSecurity = createAccountSecurityService({
    repository: authRepository,
    mail: mail.sender,
    rateLimits,
    wechat: wechatClient,
    wechatEnabled,
    clock,
    log: app.log,
  });
  // Lesson media and lecture files (local disk or S3), for every feature that serves them.
  const mediaStorage = deps.mediaStorage;
  const lessons = createLessonsService({ repository: createLessonsRepository(db), clock });
  const uploads = createUploadsService({
    repository: createUploadsRepository(db),
    storage: createUploadsStorage(mediaStorage),
    clock,
  });

  const payments = createPaymentGateways(config, { clock, db });
  const orders = createOrdersService({
    repository: createOrdersRepository(db),
    refundsRepository: createRefundsRepository(db),
    gateways: payments.all,
    clock,
    log: app.log,
    publicCache,
    notifier,
  });

  // Order matters: errors first (they cover everything after), cache before compress (ETag of
  // the plain JSON), origin check before any work, tenant before session (sessions are per tenant).
  registerErrorHandling(app);
  // Before everything that does work: an overloaded process answers 503 at once.
  await registerPressureRelief(app, { maxEventLoopDelayMs: config.maxEventLoopDelayMs });
  // The browser fetches presigned media straight from the bucket: its origin joins the CSP.
  await registerSecurityHeaders(app, {
    https: config.secureCookies,
    storageOrigins: mediaStorage.origins,
    inlineScriptHashes: inlineScriptHashesOf(config.webDistDir),
  });
  registerLocale(app);
  registerHttpCache(app, { publicCache, clock });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyCompress, { threshold: 1024 });
  registerOriginCheck(app, { https: config.secureCookies });
  registerControlCharacterGuard(app);
  registerTenantResolution(app, tenants.resolveByHost);
  registerSessions(app, auth.resolveSession, { secure: config.secureCookies });
  registerCaptcha(app, createCaptchaVerifier(config.captcha, { clock, log: app.log }));

  await app.register(healthRoutes, {
    readiness: createReadiness({
      db,
      schemaVersion,
      storage: mediaStorage,
      hearingNotifications: hearing,
      stopping: () => app.draining.stopping(),
    }),
  });
  await app.register(tenantsRoutes, { service: tenants });
  await app.register(systemConfigRoutes, { service: systemConfig });
  await app.register(decorationsRoutes, { service: decorations });
  await app.register(authRoutes, { service: auth, register, secureCookies: config.secureCookies });
  await app.register(usersRoutes, { users });
  await app.register(registerRoutes, { register, users });
  await app.register(oauthRoutes, { oauth, secureCookies: config.secureCookies });
  await app.register(wechatRoutes, { service: wechat });
  await app.register(accountSecurityRoutes, { service: accountSecurity, https: config.secureCookies });
  await app.register(uploadsRoutes, { service: uploads });
  await app.register(packImagesRoutes, { storage: deps.mediaStorage });
  await app.register(lessonsRoutes, { service: lessons, storage: mediaStorage });
  await app.register(classroomsRoutes, { service: classrooms });
  await app.register(examsRoutes, { service: exams });
  await app.register(examTakingRoutes, { service: examTaking });
  await app.register(wrongAnswerBookRoutes, { service: wrongAnswerBook });
  await app.register(coursesRoutes, { service: courses, storage: mediaStorage });
  await app.register(learningCenterRoutes, { service: learningCenter });
  await app.register(calendarRoutes, { service: calendar, https: config.secureCookies });
  await app.register(favouritesRoutes, { service: favourites });
  await app.register(articlesRoutes, { service: articles });
  await app.register(searchRoutes, { service: search });
  await app.register(ordersRoutes, { service: orders, https: config.secureCookies });
  await app.register(myCouponsRoutes, { service: createMyCouponsService(createMyCouponsRepository(db), clock) });
  await app.register(notificationsRoutes, { service: notifications });
  if (payments.sandbox !== null) await app.register(sandboxCashierRoutes, { sandbox: payments.sandbox });
  if (config.devRoutes) {
    await app.register(devRoutes, {
      service: createDevService(createDevRepository(db), {
        onTenantChanged: () => {
          tenants.forget();
          systemConfig.forget();
          decorations.forget();
        },
      }),
      consoleSms: smsSender.console,
      mailOutbox: mail.outbox,
    });
  }

  await app.register(webAppRoutes, {
    icons: createAppIcons({ storage: deps.mediaStorage, webDistDir: config.webDistDir }),
    offlineApp: config.offlineApp,
    webDistDir: config.webDistDir,
  });

  // Loaded beside the rest of the start-up (~0.14 s) instead of before the server listens: a page
  // asked for before it is there waits for it.
  const screenRenderer = loadScreenRenderer(app, config.webDistDir);
  await registerStaticWeb(app, config.webDistDir, {
    renderScreen: async (request, signedIn) => (await screenRenderer)?.render(request, signedIn) ?? null,
    screenRoute: async (request, signedIn) => (await screenRenderer)?.routeOf(request, signedIn) ?? null,
    pageStyles: readPageStyles(config.webDistDir),
    // Asked as a visitor from the learner's address, host and language: the school's access
    // rules and the visitor cache apply as to any call; only answers that came back 200 go in.
    firstAnswers: async (request) => {
      const replies = await Promise.all(firstAnswerPaths.map((url) => askAsVisitor(app, request, url)));
      // In the list's order, not the order they came back in (on PostgreSQL that varies): the
      // same answers make the same page, and so the same ETag.
      const answers: Record<string, unknown> = {};
      firstAnswerPaths.forEach((url, i) => {
        if (replies[i]!.statusCode === 200) answers[url] = replies[i]!.json();
      });
      return { locale: request.locale, answers };
    },
  });

  // Background work: every process schedules it; the advisory lock lets one do each round
  // (the order jobs call gateways, so they take none: the closing job's writes are conditional,
  // the refund-settling job claims its rows with FOR UPDATE SKIP LOCKED).
  scheduleJob(app, db, housekeepingJob(createHousekeepingRepository(), clock));
  scheduleJob(app, db, examSubmitJob(clock));
  scheduleJob(app, db, orderCloseJob({ gateways: payments.all, clock, log: app.log, publicCache }));
  scheduleJob(app, db, refundSettleJob({ gateways: payments.all, clock, log: app.log, publicCache }));
  scheduleJob(app, db, videoConversionJob({ storage: deps.mediaStorage, clock, log: app.log }));
  scheduleJob(app, db, notificationsJob(clock));
  // Template messages go out only where the server talks to a WeChat official account.
  if (wechatClient !== null) {
    scheduleJob(
      app,
      db,
      notificationWechatJob({ wechat: wechatClient, publicUrl: config.publicUrl, clock, log: app.log }),
    );
  }

  const conveniences = devConveniencesOf(config);
  if (conveniences.length > 0) app.log.warn(`development conveniences on: ${conveniences.join('; ')}`);
}

/**
 * The learner cache (lib/learner-cache.ts), listening to the database's notifications of changed
 * learner rows. On PostgreSQL a notification reaches this process a moment after the writer's
 * commit: a write request answers only once the notifications of what it committed have been
 * heard, so the learner's next request (here) never reads what the write replaced.
 */
async function listenedLearnerCache(
  app: App,
  database: Database,
  seconds: number,
  clock: Clock,
): Promise<{ cache: LearnerCache; hearing: () => boolean }> {
  const cache = createLearnerCache({ seconds, clock });
  if (seconds === 0) {
    app.decorate('learnerRowsHeard', async () => {});
    // Keeping nothing, it misses nothing.
    return { cache, hearing: () => true };
  }
  let lost = false;
  let heard = false;
  const listener = await database.listen(learnerRowsChannel, {
    onNotify: (payload) => cache.notified(payload),
    onState: (listening) => {
      cache.listening(listening);
      if (!listening) app.log.warn('lost the database notifications: learner rows are read afresh until heard again');
      else if (lost) app.log.info('hearing the database notifications again');
      lost = !listening;
      heard ||= listening;
    },
  });
  if (!heard) app.log.warn('not hearing the database notifications yet: learner rows are read afresh until heard');
  app.decorate('learnerRowsHeard', () => listener.settle());
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await listener.settle();
    return payload;
  });
  return { cache, hearing: () => !lost && heard };
}
