import { examTakingPaths } from '@school/contract/exam-taking-paths';
import type { Attempt, GivenAnswer } from '@school/contract/exam-taking';
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeWechatAppId, fakeWechatAppSecret } from '../fake-wechat.js';
import { examText, nodeBasicsAnswers, nodeBasicsPaper, option, type Lang } from './exams-support.js';
import { test } from './fixtures.js';

/*
 * Helpers of the "never lose an answer" journeys (docs/product.md#exam-flow): the save status as the answering
 * screen words it (apps/web/src/features/exam-taking/messages), the answers the journeys give
 * on the node-basics-test paper (examples/demo-school/exams/node-basics-test), what the server and the phone's journal
 * (IndexedDB, answer-journal.ts) hold, and a server of the journeys' own that can be stopped
 * and started again.
 */

export const resilienceText = {
  en: {
    ...examText.en,
    saving: 'Saving…',
    offline: 'Offline — saved on this phone',
  },
  cn: {
    ...examText.cn,
    saving: '保存中…',
    offline: '离线：答案已保存在本机',
  },
} as const;

/** The node-basics-test questions the journeys answer, by their number in the paper. */
export type AnsweredNumber = 1 | 2 | 3 | 4 | 5;

/** What each answered question holds once saved (the keys of the options the journeys tick). */
export const givenAnswers: Record<AnsweredNumber, GivenAnswer> = {
  // 1 single: "fs" (A).
  1: { kind: 'CHOICE', keys: ['A'] },
  // 2 single: "npm install" (A).
  2: { kind: 'CHOICE', keys: ['A'] },
  // 3 multiple: "path" and "http" (A, B).
  3: { kind: 'CHOICE', keys: ['A', 'B'] },
  // 4 true or false: True.
  4: { kind: 'CHOICE', keys: ['true'] },
  // 5 fill in the blanks, as typed.
  5: { kind: 'BLANKS', texts: [...nodeBasicsAnswers.blanks] },
};

/** The answering screen's parts the journeys use. */
export function answeringScreen(page: Page, lang: Lang) {
  const t = resilienceText[lang];
  const question = page.getByTestId('question');
  return {
    question,
    heading: question.getByRole('heading', { level: 2 }),
    stats: page.getByTestId('answer-stats'),
    status: page.getByTestId('save-status'),
    next: page.getByRole('button', { name: t.next, exact: true }),
    previous: page.getByRole('button', { name: t.previous, exact: true }),
    blank: (n: number) => question.getByLabel(t.blank(n), { exact: true }),
  };
}

/** Moves with Next / Previous until question `number` of `total` is on screen. */
export async function goToQuestion(page: Page, lang: Lang, number: number, total: number): Promise<void> {
  const t = resilienceText[lang];
  const screen = answeringScreen(page, lang);
  for (let step = 0; step < total; step += 1) {
    const text = (await screen.heading.textContent()) ?? '';
    const shown = Number(/\d+/.exec(text)?.[0]);
    if (shown === number) break;
    await (shown < number ? screen.next : screen.previous).click();
    await expect(screen.heading).not.toContainText(t.questionOf(shown, total));
  }
  await expect(screen.heading).toContainText(t.questionOf(number, total));
}

/** Gives the journeys' answer to the question on screen (number `number` of the paper). */
export async function answerQuestion(page: Page, lang: Lang, number: AnsweredNumber): Promise<void> {
  const a = nodeBasicsAnswers;
  switch (number) {
    case 1:
      return option(page, 'radio', a.single).check();
    case 2:
      return option(page, 'radio', a.singleRight).check();
    case 3:
      for (const text of a.multi) await option(page, 'checkbox', text).check();
      return;
    case 4:
      return option(page, 'radio', nodeBasicsPaper[lang].true).check();
    case 5: {
      const screen = answeringScreen(page, lang);
      await screen.blank(1).fill(a.blanks[0]);
      await screen.blank(2).fill(a.blanks[1]);
      return;
    }
  }
}

/** The inputs of the question on screen show the journeys' answer to it. */
export async function expectAnswerShown(page: Page, lang: Lang, number: AnsweredNumber): Promise<void> {
  const a = nodeBasicsAnswers;
  const checked = (locator: Locator) => expect(locator).toBeChecked();
  switch (number) {
    case 1:
      return checked(option(page, 'radio', a.single));
    case 2:
      return checked(option(page, 'radio', a.singleRight));
    case 3:
      for (const text of a.multi) await checked(option(page, 'checkbox', text));
      await expect(page.getByTestId('question').getByRole('checkbox', { checked: true })).toHaveCount(a.multi.length);
      return;
    case 4:
      return checked(option(page, 'radio', nodeBasicsPaper[lang].true));
    case 5: {
      const screen = answeringScreen(page, lang);
      await expect(screen.blank(1)).toHaveValue(a.blanks[0]);
      await expect(screen.blank(2)).toHaveValue(a.blanks[1]);
      return;
    }
  }
}

/**
 * The learner's open attempt as the server holds it (GET …/attempts/current), asked from the
 * test with the browser context's cookies: apart from the browser and its network.
 */
export async function serverAttempt(context: BrowserContext, baseURL: string, uid: string): Promise<Attempt> {
  const cookie = (await context.cookies(baseURL)).map(({ name, value }) => `${name}=${value}`).join('; ');
  const res = await fetch(new URL(examTakingPaths.examCurrentAttempt(uid), baseURL), { headers: { cookie } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Attempt;
}

/** The learner's open attempt as the server holds it (GET …/attempts/current). */
export async function currentAttempt(request: APIRequestContext, uid: string): Promise<Attempt> {
  const res = await request.get(examTakingPaths.examCurrentAttempt(uid));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Attempt;
}

/** The answers of an attempt by the number of their question: server's or journal's. */
export function answersByNumber(
  attempt: Pick<Attempt, 'questions'>,
  answers: Array<{ questionId: number; answer: GivenAnswer }>,
): Record<number, GivenAnswer> {
  const numberOf = new Map(attempt.questions.map((q) => [q.id, q.number]));
  return Object.fromEntries(answers.map((saved) => [numberOf.get(saved.questionId), saved.answer]));
}

/** What the journeys expect to find saved for the given questions. */
export function expectedAnswers(numbers: AnsweredNumber[]): Record<number, GivenAnswer> {
  return Object.fromEntries(numbers.map((number) => [number, givenAnswers[number]]));
}

/**
 * The phone's journal of an attempt (answer-journal.ts: IndexedDB "school-exam-answers", store
 * "attempts", key "attempt:{id}"), read in the page: every answer kept, and those the server
 * has not acknowledged yet.
 */
export function journalOf(
  page: Page,
  attemptId: number,
): Promise<{ answers: Array<{ questionId: number; answer: GivenAnswer }>; pending: number[] } | null> {
  return page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const opening = indexedDB.open('school-exam-answers');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('attempts')) {
            db.close();
            resolve(null);
            return;
          }
          const reading = db.transaction('attempts').objectStore('attempts').get(`attempt:${id}`);
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            db.close();
            const row = reading.result as
              | {
                  answers: Record<string, { questionId: number; seq: number; answer: GivenAnswer }>;
                  acked: Record<string, number>;
                }
              | undefined;
            if (!row) return resolve(null);
            const answers = Object.values(row.answers);
            resolve({
              answers,
              pending: answers
                .filter((saved) => saved.seq > (row.acked[saved.questionId] ?? -1))
                .map((saved) => saved.questionId),
            });
          };
        };
      }),
    attemptId,
  );
}

// ---------------------------------------------------------------------------------------------
// A server of the journey's own, to stop and start (the config's webServer cannot be).

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The config's port (E2E_PORT, default 8191) plus 7: next to the run's own server. */
export const restartPort = Number(process.env.E2E_PORT ?? 8191) + 7;
export const restartOrigin = `http://127.0.0.1:${restartPort}`;

/**
 * The built server (apps/server/dist/server.js) on its own fresh embedded database, with the
 * environment of the config's webServer; `stop` sends SIGTERM and waits for the exit, `start`
 * starts it again on the same database and port, `dispose` kills it and removes the database.
 */
export class RestartableServer {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'school-e2e-restart-'));
  private child: ChildProcess | null = null;
  private stderr = '';

  constructor(readonly port = restartPort) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits (up to `timeoutMs`: the first start loads the demo schools) for /api/health. */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.child) throw new Error('the server is already running');
    this.stderr = '';
    const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        DEV_ROUTES: 'true',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        WECHAT_API_BASE: process.env.E2E_WECHAT_API_BASE ?? '',
        WECHAT_APP_ID: fakeWechatAppId,
        WECHAT_APP_SECRET: fakeWechatAppSecret,
      },
    });
    this.child = child;
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    // Should the worker end without its afterAll (a crash), the server goes with it.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    let exited: number | null | undefined;
    child.once('exit', (code) => {
      exited = code;
      process.off('exit', killOnExit);
      if (this.child === child) this.child = null;
    });
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (exited !== undefined) {
        throw new Error(`the server exited (${exited}) while starting:\n${this.stderr}`);
      }
      try {
        const res = await fetch(`${this.origin}/api/health`);
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${this.stderr}`);
  }

  /** SIGTERM, then waits for the process to exit (it closes its database first). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }

  /** Kills the server if it runs, and removes its database. */
  async dispose(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
      this.child = null;
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** On the exam detail: Enroll, then Start exam; ends with question 1 on the answering screen. */
export async function enrollAndStart(page: Page, lang: Lang, uid: string, total: number): Promise<void> {
  const t = resilienceText[lang];
  await page.goto(`/mobile/exam/${uid}`);
  await page.getByRole('button', { name: t.enroll, exact: true }).click();
  await page.getByRole('link', { name: t.start, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/mobile/exam/${uid}/test`);
  const screen = answeringScreen(page, lang);
  await expect(screen.heading).toContainText(t.questionOf(1, total));
  await expect(screen.stats).toHaveText(t.stats(0, total));
}

// ---------------------------------------------------------------------------------------------
// The phone's network, as a switch.

const isLoopback = (host: string) => host === '127.0.0.1' || host === 'localhost';

/**
 * A forwarding HTTP proxy the browser context goes through; switched off, it drops every
 * request. It backs the browser's offline mode (`context.setOffline`): Chromium lifts that mode
 * for a page as the page closes, so the keepalive send the answering screen makes as it is
 * closed could otherwise still reach the server, which a phone without a network never would.
 */
export class NetworkSwitch {
  online = true;
  /** Requests dropped while switched off ("POST /api/attempts/1/answers"). */
  readonly dropped: string[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<NetworkSwitch> {
    const server = createServer();
    const network = new NetworkSwitch(server);
    server.on('request', (req, res) => {
      const target = new URL(req.url ?? '/');
      // Only the journeys' own servers: the browser's calls to the outside world go nowhere.
      if (!isLoopback(target.hostname)) {
        req.socket.destroy();
        return;
      }
      if (!network.online) {
        network.dropped.push(`${req.method} ${target.pathname}`);
        req.socket.destroy();
        return;
      }
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    // Playwright's API requests tunnel through the proxy (CONNECT), even to plain http.
    server.on('connect', (req, socket, head) => {
      const [host = '', port = '80'] = (req.url ?? '').split(':');
      if (!isLoopback(host)) {
        socket.destroy();
        return;
      }
      if (!network.online) {
        network.dropped.push(`CONNECT ${req.url}`);
        socket.destroy();
        return;
      }
      const upstream = connect(Number(port), host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return network;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The browser's offline mode and the network together. */
  async setOnline(context: BrowserContext, online: boolean): Promise<void> {
    if (online) this.online = true;
    await context.setOffline(!online);
    if (!online) this.online = false;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** The journeys' `test` with the browser context behind a `NetworkSwitch` of the test's own. */
export const switchedTest = test.extend<{ network: NetworkSwitch }>({
  // eslint-disable-next-line no-empty-pattern
  network: async ({}, use) => {
    const network = await NetworkSwitch.start();
    await use(network);
    await network.close();
  },
  proxy: async ({ network }, use) => {
    await use({ server: network.url });
  },
});
