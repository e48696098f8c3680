// Load on loopback: autocannon against a bare route and catalogue routes of the built server,
// in the same run, so the numbers compare as ratios (the load tool shares the 2 cores), each read
// by a visitor and by a signed-in learner, on PGlite and, when reachable, PostgreSQL; then
// lesson progress writes (PUT /api/lessons/{id}/progress from signed-in learners) on PGlite and,
// when PostgreSQL is reachable, on a fresh PostgreSQL database too; and exam answer saves from
// 200 exam takers at once (each their own account, session and attempt), on both databases.
// Usage: node bench/api-load.mjs [--only catalogue,progress,exams] [--seconds 5] [--connections 10] [--postgres postgres://postgres@127.0.0.1:5432/test | --no-postgres]
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { answerFor } from './exam-answers.mjs';
import { spawnBuiltServer } from './built-server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const seconds = Math.min(option('seconds', 5), 30);
const connections = option('connections', 10);
const postgresAt = args.includes('--no-postgres')
  ? null
  : args.includes('--postgres')
    ? args[args.indexOf('--postgres') + 1]
    : 'postgres://postgres@127.0.0.1:5432/test';
// `--only exams` (or `catalogue,progress`): the parts to measure; all by default.
const parts = args.includes('--only')
  ? args[args.indexOf('--only') + 1].split(',')
  : ['catalogue', 'progress', 'exams'];

/** The built server on its own port and data folder; `databaseUrl` switches it to PostgreSQL. */
async function startServer(port, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'school-bench-'));
  const server = spawnBuiltServer({
    port,
    dataDir,
    env: {
      // Each bench learner signs up from an address of its own (X-Forwarded-For), as a class
      // would from their phones; the per-address sign-up limits then count each one apart.
      TRUST_PROXY: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  for (let i = 0; i < 400; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (i === 399) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 150));
  }
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

const origin = (port) => ({ origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json' });

async function loginCookie(port, username, password) {
  const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: origin(port),
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Both demo learners join every free course, then every lesson either may play becomes a
 * (cookie, lesson) pair to report on, grouped by membership (learner and course) in the course's
 * order.
 */
async function progressTargets(port) {
  const base = `http://127.0.0.1:${port}`;
  const cookies = [await loginCookie(port, 'learner', 'learner123'), await loginCookie(port, 'newbie', 'newbie123')];
  const list = await (await fetch(`${base}/api/courses?pageSize=50`)).json();
  const byMembership = new Map();
  for (const course of list.items.filter((c) => c.price.amount === 0 && c.status === 'PUBLISHED')) {
    for (const cookie of cookies) {
      await fetch(`${base}/api/courses/${course.uid}/join`, { method: 'POST', headers: { ...origin(port), cookie } });
      const detail = await (await fetch(`${base}/api/courses/${course.uid}`, { headers: { cookie } })).json();
      for (const lesson of detail.chapters.flatMap((c) => c.lessons)) {
        const player = await (await fetch(`${base}/api/lessons/${lesson.id}`, { headers: { cookie } })).json();
        if (player.refusal !== null || player.trial) continue;
        const key = `${cookie}|${course.uid}`;
        byMembership.set(key, [...(byMembership.get(key) ?? []), { cookie, lessonId: lesson.id }]);
      }
    }
  }
  return [...byMembership.values()];
}

/**
 * Progress writes per second: each request a learner's report on one of their lessons, now.
 * Requests in flight together are different learners' or courses' reports (round robin over
 * memberships), as in a school, where one learner reports one lesson at a time. Each membership
 * reports `reportsPerLesson` times on a lesson before the next: the player reports every 10 s of
 * video, so a learner moving on after every report is the worst case (each report then also
 * moves the course's "continue" lesson, which the learner cache is told of; decision 014).
 */
async function progressLoad(port, reportsPerLesson) {
  const groups = (await progressTargets(port)).map((lessons) =>
    lessons.flatMap((pair) => Array.from({ length: reportsPerLesson }, () => pair)),
  );
  const spread = [];
  for (let i = 0; spread.length < groups.reduce((n, g) => n + g.length, 0); i += 1)
    for (const g of groups) if (g[i]) spread.push(g[i]);
  let next = 0;
  let position = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/lessons/0/progress`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'PUT',
        setupRequest(request) {
          const pair = spread[next++ % spread.length];
          position = (position + 10) % 600;
          return {
            ...request,
            path: `/api/lessons/${pair.lessonId}/progress`,
            headers: { ...request.headers, ...origin(port), cookie: pair.cookie },
            body: JSON.stringify({ position, at: new Date().toISOString() }),
          };
        },
      },
    ],
  });
  return { pairs: spread.length / reportsPerLesson, reportsPerLesson, result };
}

/** Both ways of reporting: a new lesson every report (the worst case), and a player's pace. */
async function progressRows(database, port) {
  const bare = await bareLoad(port);
  return [
    progressRow(database, bare, await progressLoad(port, 1)),
    progressRow(database, bare, await progressLoad(port, 10)),
  ];
}

async function bareLoad(port) {
  return autocannon({ url: `http://127.0.0.1:${port}/api/health`, connections, duration: seconds });
}

function progressRow(database, bare, { pairs, reportsPerLesson, result }) {
  return {
    database,
    'learner × lesson pairs': pairs,
    'reports a lesson': reportsPerLesson,
    'writes/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
    'vs bare': `${((result.requests.average / bare.requests.average) * 100).toFixed(0)}%`,
  };
}

// Each attempt takes 120 saves a minute (decision record 012): both save runs on a database
// together send each taker about 90 at the default 5 s (2,600/s as fast as answered, 1,000/s
// paced); longer runs meet the limit, and its 429s show as non-2xx.
const examTakers = 200;
const benchExam = 'node-basics-test';

/** A learner who signs up, joins the demo school’s free timed exam and starts an attempt. */
async function examTaker(port, i) {
  const base = `http://127.0.0.1:${port}`;
  const phone = `139${String(10_000_000 + i).slice(-8)}`;
  const headers = { origin: base, 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` };
  const call = async (path, init = {}) => {
    const json = init.body === undefined ? {} : { 'content-type': 'application/json' };
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...json, ...init.headers } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  await call(`/api/users/sms/code?phone=${phone}&purpose=register`);
  const { code } = await (await call(`/api/dev/sms/latest?phone=${phone}`)).json();
  const password = `Bench${i}pass`;
  const registered = await call('/api/register?rememberMe=false', {
    method: 'POST',
    body: JSON.stringify({
      phone,
      code,
      nickname: `Taker ${i}`,
      username: `taker${i}`,
      password,
      confirmPassword: password,
    }),
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await call(`/api/exams/${benchExam}/join`, { method: 'POST', headers: { cookie } });
  const attempt = await (
    await call(`/api/exams/${benchExam}/attempts`, { method: 'POST', headers: { cookie } })
  ).json();
  return { cookie, attempt, seq: 0 };
}

/** The body of a taker's next save: one answer, with the taker's next sequence number. */
function nextSave(taker) {
  taker.seq += 1;
  const question = taker.attempt.questions[taker.seq % taker.attempt.questions.length];
  return JSON.stringify({
    saves: [{ questionId: question.id, answer: answerFor(question, taker.seq), seq: taker.seq }],
  });
}

/** Answer saves from every taker at once, as fast as the server answers: saves per second (latency is mostly queueing). */
async function examSaveLoad(port, takers) {
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}/api/attempts/0/answers`,
    connections: examTakers,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest(request) {
          const taker = takers[next++ % takers.length];
          return {
            ...request,
            path: `/api/attempts/${taker.attempt.id}/answers`,
            headers: { ...request.headers, ...origin(port), cookie: taker.cookie },
            body: nextSave(taker),
          };
        },
      },
    ],
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/**
 * Answer saves at a fixed overall rate, spread evenly over time (autocannon's rate limit sends
 * each second's requests in a burst, which measures the burst, not the load): the latency a
 * learner sees while the class saves at `rate` per second. A save is due every 1/rate s and
 * goes to the next taker with nothing in flight (the screen sends one save at a time); its
 * latency counts from when it was due, so a server falling behind shows in the numbers.
 */
async function examSaveLoadPaced(port, takers, rate) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: examTakers });
  const latencies = [];
  let errors = 0;
  let due = 0;
  const idle = [...takers];
  const waiting = [];
  const send = (taker, dueAt) => {
    const body = nextSave(taker);
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/attempts/${taker.attempt.id}/answers`,
        headers: { ...origin(port), cookie: taker.cookie, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) errors += 1;
          latencies.push(performance.now() - dueAt);
          const queued = waiting.shift();
          if (queued === undefined) idle.push(taker);
          else send(taker, queued);
        });
      },
    );
    request.on('error', () => {
      errors += 1;
      idle.push(taker);
    });
    request.end(body);
  };
  const started = performance.now();
  const end = started + seconds * 1000;
  while (performance.now() < end) {
    const now = performance.now();
    for (; due < ((now - started) * rate) / 1000; due += 1) {
      const dueAt = started + (due * 1000) / rate;
      const taker = idle.shift();
      if (taker === undefined) waiting.push(dueAt);
      else send(taker, dueAt);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  while (idle.length < takers.length && performance.now() < end + 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: { average: latencies.length / seconds },
    latency: { p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)) },
    non2xx: errors,
  };
}

/** Every taker signed up, joined and in an attempt (they keep their attempts across both runs). */
async function examTakersOf(port) {
  const takers = [];
  for (let i = 0; i < examTakers; i += 8) {
    takers.push(...(await Promise.all(Array.from({ length: 8 }, (_, k) => examTaker(port, i + k)))));
  }
  return takers;
}

async function examSaveRows(database, port) {
  const takers = await examTakersOf(port);
  const bare = await bareLoad(port);
  return [
    examSaveRow(database, 'as fast as answered', await examSaveLoad(port, takers), bare),
    examSaveRow(database, '1,000/s offered, evenly', await examSaveLoadPaced(port, takers, 1000), bare),
  ];
}

function examSaveRow(database, load, result, bare) {
  return {
    'bare req/s': Math.round(bare.requests.average),
    database,
    load,
    takers: examTakers,
    'saves/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** A fresh database beside `adminUrl`, dropped afterwards; null when PostgreSQL is not there. */
async function freshPostgres(adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not measured (${adminUrl}: ${error.message})`);
    return null;
  }
  const name = `bench_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

const port = 8291;
const stopServer = await startServer(port);

const targets = [
  ['bare route', '/api/health'],
  ['tenant', '/api/tenants/current'],
  ['system config', '/api/system/config'],
  ['tab bar', '/api/decorations/tabs/list'],
  ['home micro page', '/api/decorations/pages/1'],
  ['course list (20)', '/api/courses?pageSize=20'],
  ['course detail', '/api/courses/react-19-zero-to-production'],
  ['classroom list', '/api/classrooms'],
  ['classroom detail', '/api/classrooms/frontend-bootcamp'],
  ['article list', '/api/articles'],
  ['search (Chinese)', `/api/search?type=COURSE&keyword=${encodeURIComponent('数据')}`],
];

/**
 * Each catalogue route as a visitor reads it (no cookie: the public answer, kept in memory for
 * PUBLIC_CACHE_SECONDS) and as a signed-in learner does (session cookie: the same kept answer
 * for a public read; for a detail, the session and their own rows read from the database on
 * every request beside its kept public part), against the bare route of the same server in the
 * same run.
 */
async function catalogueRows(port) {
  const cookie = await loginCookie(port, 'newbie', 'newbie123');
  const rows = [];
  for (const [name, path] of targets) {
    for (const reader of path === '/api/health' ? ['—'] : ['visitor', 'learner']) {
      const url = `http://127.0.0.1:${port}${path}`;
      const headers = { 'accept-language': 'zh-CN', ...(reader === 'learner' ? { cookie } : {}) };
      // Latency of one request at a time (what one learner waits), apart from throughput under load.
      const sequential = [];
      for (let i = 0; i < 120; i += 1) {
        const started = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (i >= 20) sequential.push(performance.now() - started);
      }
      sequential.sort((a, b) => a - b);
      const result = await autocannon({ url, connections, duration: seconds, headers });
      rows.push({
        route: name,
        reader,
        'median ms (1 at a time)': sequential[Math.floor(sequential.length / 2)].toFixed(2),
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        non2xx: result.non2xx,
      });
    }
  }
  const bare = rows[0]['req/s'];
  for (const row of rows) row['vs bare'] = `${((row['req/s'] / bare) * 100).toFixed(1)}%`;
  return rows;
}

function printCatalogue(database, rows) {
  console.log(
    `catalogue reads (${connections} connections, ${seconds}s each, loopback, ${database}; target ≥ ${database === 'PGlite' ? 10 : 25}% of the bare route${database === 'PGlite' ? '' : ', p99 ≤ 20 ms'})`,
  );
  console.table(rows);
}

const progressTable = [];
const examRows = [];
try {
  if (parts.includes('catalogue')) printCatalogue('PGlite', await catalogueRows(port));
  if (parts.includes('progress')) {
    progressTable.push(...(await progressRows('PGlite', port)));
  }
  if (parts.includes('exams')) examRows.push(...(await examSaveRows('PGlite', port)));
} finally {
  await stopServer();
}

const postgres = postgresAt === null ? null : await freshPostgres(postgresAt);
if (postgres !== null) {
  const stopPostgresServer = await startServer(port + 1, postgres.url);
  try {
    if (parts.includes('catalogue')) printCatalogue('PostgreSQL', await catalogueRows(port + 1));
    if (parts.includes('progress')) {
      progressTable.push(...(await progressRows('PostgreSQL', port + 1)));
    }
    if (parts.includes('exams')) examRows.push(...(await examSaveRows('PostgreSQL', port + 1)));
  } finally {
    await stopPostgresServer();
    await postgres.drop();
  }
}
if (progressTable.length > 0) {
  console.log(
    `lesson progress writes (${connections} connections, ${seconds}s, loopback; target ≥ 1000/s on PostgreSQL)`,
  );
  console.table(progressTable);
}
if (examRows.length > 0) {
  console.log(
    `exam answer saves (${examTakers} takers at once, ${seconds}s, loopback; target ≥ 1000/s with p99 ≤ 100 ms on PostgreSQL)`,
  );
  console.table(examRows);
}
