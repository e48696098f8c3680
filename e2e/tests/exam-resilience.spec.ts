import type { Page } from '@playwright/test';
import { newLearner } from './catalogue-support.js';
import {
  answeringScreen,
  answerQuestion,
  answersByNumber,
  currentAttempt,
  enrollAndStart,
  expectAnswerShown,
  expectedAnswers,
  goToQuestion,
  journalOf,
  resilienceText,
  RestartableServer,
  restartOrigin,
  serverAttempt,
  switchedTest,
  type AnsweredNumber,
} from './exam-resilience-support.js';
import { answersSaved, examScenarios, type Lang } from './exams-support.js';
import { expect, navigationsUntilInteractive, test } from './fixtures.js';
import { expectAccessible, logIn, pathOf } from './support.js';

// Decision 012, never lose an answer, in the browser and in both languages: answers
// made offline are kept on the phone (the save status says so), survive the page being closed
// while offline, and reach the server when the exam is opened again (detail → Continue exam);
// answers made while the server is stopped are kept, and sent on their own once it is back,
// without a reload. Each journey checks the screen and GET /api/exams/{uid}/attempts/current.
// Every journey uses a learner of its own (`newLearner` 90–99), logged in through the login
// screen; the server-restart journeys run on a server of their own (config port + 7, fresh
// database), as the config's webServer cannot be stopped from a test.

const exam = examScenarios.openTimed;
const uid = exam.examUid;
const total = exam.questions;

/** The answers on screen, question by question from the first, and the statistics line. */
async function expectAnswersOnScreen(page: Page, lang: Lang, numbers: AnsweredNumber[]): Promise<void> {
  const screen = answeringScreen(page, lang);
  await expect(screen.stats).toHaveText(resilienceText[lang].stats(numbers.length, total));
  for (const number of numbers) {
    await goToQuestion(page, lang, number, total);
    await expectAnswerShown(page, lang, number);
  }
}

/** Offline mid-exam: answered, closed while offline, opened again online. */
function offlineJourney(lang: Lang, n: number) {
  const t = resilienceText[lang];

  switchedTest(
    'offline mid-exam: answers kept on the phone survive closing the page and are sent on the next visit',
    async ({ page, context, request, network, baseURL }) => {
      const account = await newLearner(request, n);
      await logIn(page, account);
      await enrollAndStart(page, lang, uid, total);
      const screen = answeringScreen(page, lang);
      const attempt = await currentAttempt(context.request, uid);
      const idOf = (number: number) => attempt.questions.find((q) => q.number === number)!.id;

      // Online: question 1 reaches the server.
      const firstSaved = answersSaved(page);
      await answerQuestion(page, lang, 1);
      await firstSaved;
      await expect(screen.status).toHaveAttribute('data-status', 'saved');
      await expect(screen.status).toHaveText(t.saved);

      // The phone goes offline: questions 3, 4 and 5 (multiple choice, true or false, blanks).
      await network.setOnline(context, false);
      const offline: AnsweredNumber[] = [3, 4, 5];
      for (const number of offline) {
        await goToQuestion(page, lang, number, total);
        await answerQuestion(page, lang, number);
      }
      await expect(screen.stats).toHaveText(t.stats(4, total));
      await expect(screen.status).toHaveAttribute('data-status', 'offline');
      await expect(screen.status).toHaveText(t.offline);
      if (lang === 'en') await expectAccessible(page);
      // They are in the phone's journal, not acknowledged by the server.
      await expect
        .poll(async () => {
          const journal = await journalOf(page, attempt.id);
          return journal && { answers: answersByNumber(attempt, journal.answers), pending: journal.pending.sort() };
        })
        .toEqual({ answers: expectedAnswers([1, ...offline]), pending: offline.map(idOf).sort() });
      // Closed while still offline: what it sends as it goes cannot get through either.
      await page.close();
      switchedTest.info().annotations.push({
        type: 'dropped while offline',
        description: network.dropped.join(', ') || 'none',
      });

      const kept = await serverAttempt(context, baseURL!, uid);
      expect(kept.id).toBe(attempt.id);
      expect(answersByNumber(attempt, kept.answers)).toEqual(expectedAnswers([1]));

      // Online again, the learner comes back: detail → Continue exam.
      await network.setOnline(context, true);
      const again = navigationsUntilInteractive(await context.newPage());
      await again.goto(`/mobile/exam/${uid}`);
      await again.getByRole('link', { name: t.continue, exact: true }).click();
      await expect.poll(() => pathOf(again)).toBe(`/mobile/exam/${uid}/test`);
      const reopened = answeringScreen(again, lang);
      await expect(reopened.status).toHaveAttribute('data-status', 'saved');
      await expect(reopened.status).toHaveText(t.saved);
      await expectAnswersOnScreen(again, lang, [1, ...offline]);
      await expect
        .poll(async () => answersByNumber(attempt, (await currentAttempt(context.request, uid)).answers))
        .toEqual(expectedAnswers([1, ...offline]));
      const journal = await journalOf(again, attempt.id);
      expect(journal?.pending).toEqual([]);
    },
  );
}

/** The server stopped and started again while the learner answers, the page left open. */
function serverRestartJourney(lang: Lang, n: number, server: () => RestartableServer) {
  const t = resilienceText[lang];

  test('server stopped mid-exam: answers wait on the phone and are sent on their own once it is back', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const account = await newLearner(request, n);
    await logIn(page, account);
    await enrollAndStart(page, lang, uid, total);
    const screen = answeringScreen(page, lang);
    const attempt = await currentAttempt(page.request, uid);
    const idOf = (number: number) => attempt.questions.find((q) => q.number === number)!.id;

    // Questions 1 and 2 reach the server.
    const saved = answersSaved(page);
    await answerQuestion(page, lang, 1);
    await goToQuestion(page, lang, 2, total);
    await answerQuestion(page, lang, 2);
    await saved;
    await expect(screen.status).toHaveAttribute('data-status', 'saved');
    await expect(screen.status).toHaveText(t.saved);
    expect(answersByNumber(attempt, (await currentAttempt(page.request, uid)).answers)).toEqual(
      expectedAnswers([1, 2]),
    );

    // The server stops; questions 4 and 5 are answered: kept on the phone, not claimed saved.
    await server().stop();
    const whileDown: AnsweredNumber[] = [4, 5];
    for (const number of whileDown) {
      await goToQuestion(page, lang, number, total);
      await answerQuestion(page, lang, number);
      await expect(screen.status).toHaveAttribute('data-status', /^(saving|offline)$/);
    }
    await expect(screen.stats).toHaveText(t.stats(4, total));
    await expect(screen.status).toHaveAttribute('data-status', 'offline');
    await expect(screen.status).toHaveText(t.offline);
    expect((await journalOf(page, attempt.id))?.pending.sort()).toEqual(whileDown.map(idOf).sort());

    // The server starts again (same database): the page sends them on its own, no reload.
    await server().start();
    const back = Date.now();
    // answer-sync.ts retries a failed send every 10 s.
    await expect(screen.status).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
    test.info().annotations.push({ type: 'saved after the restart', description: `${Date.now() - back} ms` });
    await expect(screen.status).toHaveText(t.saved);
    expect(answersByNumber(attempt, (await currentAttempt(page.request, uid)).answers)).toEqual(
      expectedAnswers([1, 2, ...whileDown]),
    );

    // A reload shows all four.
    await page.reload();
    await expect(screen.status).toHaveText(t.saved);
    await expectAnswersOnScreen(page, lang, [1, 2, ...whileDown]);
    expect((await journalOf(page, attempt.id))?.pending).toEqual([]);
  });
}

test.describe('English', () => {
  offlineJourney('en', 90);
});

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });
  offlineJourney('cn', 91);
});

test.describe('Server stopped and started', () => {
  test.use({ baseURL: restartOrigin });
  let server: RestartableServer | null = null;
  const running = () => server!;

  test.beforeAll(async () => {
    // The first start migrates a fresh database and loads the demo schools.
    test.setTimeout(90_000);
    server = new RestartableServer();
    await server.start();
  });

  test.afterAll(async () => {
    await server?.dispose();
    server = null;
  });

  test.describe('English', () => {
    serverRestartJourney('en', 92, running);
  });

  test.describe('Chinese', () => {
    test.use({ locale: 'zh-CN' });
    serverRestartJourney('cn', 93, running);
  });
});
