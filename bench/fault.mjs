// The fault test of docs/deploy.md (decision 020), on one machine, loopback only, bounded in time:
// nginx (the shipped configuration, TLS) → 3 server processes (deploy/school start) → PostgreSQL
// and an S3-compatible store on 127.0.0.1 (our SigV4-checking fake, testing/fake-s3.ts). Simulated
// learners, each from an address of its own (as phones are), take an exam (answer saves at the
// player's pace), watch a lesson (progress reports) and browse, while one process is killed with
// SIGKILL and started again, then every process is restarted one by one with SIGTERM. A learner's
// write that fails (no answer, or a 5xx) is sent again as the web app's journals do, with the
// same body (answer saves carry their seq, progress reports their time: sending one twice
// changes nothing). At the end every write acknowledged with a 2xx is looked for in the database.
//
// Usage (after npm run build; nginx, openssl and PostgreSQL at 127.0.0.1:5432 needed):
//   node --import tsx bench/fault.mjs [--seconds 180] [--learners 200]
//     [--postgres postgres://postgres@127.0.0.1:5432/test]
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { answerFor } from './exam-answers.mjs';
import { nginxMainConfig, renderNginxConfig } from '../deploy/nginx/render.mjs';
import { hashPassword } from '../apps/server/dist/lib/password.js';
import { startFakeS3 } from '../apps/server/src/testing/fake-s3.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const seconds = Number(option('seconds', 180));
const learnerCount = Number(option('learners', 200));
const adminUrl = option('postgres', 'postgres://postgres@127.0.0.1:5432/test');
const exam = 'node-basics-test';
const course = 'javascript-from-zero';
// A paid course every fourth learner buys during the run, through the payment sandbox.
const paidCourse = 'advanced-javascript-async-and-modules';
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
if (!nginxBinary) throw new Error('nginx is needed (apt-get install nginx)');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const work = mkdtempSync(join(tmpdir(), 'school-fault-'));
const started = Date.now();
const since = () => ((Date.now() - started) / 1000).toFixed(1);
const say = (line) => process.stderr.write(`[${since()} s] ${line}\n`);

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// ---- The machine: a database of its own, the store, three processes, nginx ----

const databaseName = `fault_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${databaseName}"`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();

const s3Keys = { accessKeyId: 'AKIAFAULTTEST', secretAccessKey: 'fault-test-secret', region: 'us-east-1' };
const store = await startFakeS3({ ...s3Keys, bucket: 'school-media' });

const serverEnv = {
  ...process.env,
  // Development: the first process loads the demo school (the learners' exam and course).
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  DATA_DIR: join(work, 'data'),
  MEDIA_STORAGE: 's3',
  S3_ENDPOINT: store.url,
  S3_BUCKET: 'school-media',
  S3_ACCESS_KEY_ID: s3Keys.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3Keys.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
  TRUST_PROXY: '127.0.0.1',
};

say('deploy/school migrate');
process.stderr.write(execFileSync(join(root, 'deploy/school'), ['migrate'], { env: serverEnv }));

const processes = await Promise.all([0, 1, 2].map(async (i) => ({ i, port: await freePort(), child: null })));

function startProcess(p) {
  p.child = spawn(join(root, 'deploy/school'), ['start'], {
    env: { ...serverEnv, PORT: String(p.port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  p.exited = new Promise((resolve) => p.child.once('exit', (code, signal) => resolve({ code, signal })));
}

async function ready(p, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${p.port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`process ${p.i} was not ready within ${timeoutMs} ms`);
}

// The first loads the demo school and its media into the store; the others start on it.
startProcess(processes[0]);
await ready(processes[0]);
for (const p of processes.slice(1)) startProcess(p);
await Promise.all(processes.slice(1).map((p) => ready(p)));
say(`3 processes ready on ports ${processes.map((p) => p.port).join(', ')}`);

execFileSync(
  'openssl',
  [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
    ...['-addext', 'subjectAltName=DNS:localhost', '-keyout', join(work, 'key.pem'), '-out', join(work, 'cert.pem')],
  ],
  { stdio: 'ignore' },
);
const ca = readFileSync(join(work, 'cert.pem'));
const nginxPort = await freePort();
writeFileSync(
  join(work, 'school.conf'),
  renderNginxConfig({
    SCHOOL_UPSTREAM_SERVERS: processes.map((p) => `server 127.0.0.1:${p.port} max_fails=1 fail_timeout=2s;`).join(' '),
    SCHOOL_SERVER_NAMES: 'localhost',
    SCHOOL_HTTP_PORT: String(await freePort()),
    SCHOOL_HTTPS_PORT: String(nginxPort),
    SCHOOL_TLS_CERTIFICATE: join(work, 'cert.pem'),
    SCHOOL_TLS_CERTIFICATE_KEY: join(work, 'key.pem'),
  }),
);
writeFileSync(join(work, 'nginx.conf'), nginxMainConfig(work, join(work, 'school.conf')));
execFileSync(nginxBinary, ['-t', '-q', '-p', work, '-c', join(work, 'nginx.conf')]);
const nginx = spawn(nginxBinary, ['-p', work, '-c', join(work, 'nginx.conf')], { stdio: 'ignore' });

// ---- A learner: an address, a session, an attempt, a lesson ----

const stats = { requests: 0, latencies: [], firstFailures: [], gaveUp: 0, byStatus: {} };
/** The fault under way, for counting the failures each one caused. */
let phase = 'steady';

function call(learner, method, path, body, { journal = false } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const once = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = https.request(
        {
          host: '127.0.0.1',
          port: nginxPort,
          servername: 'localhost',
          method,
          path,
          agent: learner.agent,
          headers: {
            host: 'localhost',
            ...(learner.cookie ? { cookie: learner.cookie } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode, headers: res.headers, text, ms: performance.now() - t0 }),
          );
          res.on('error', () => resolve({ status: 0, text: '', ms: performance.now() - t0 }));
        },
      );
      req.on('error', () => resolve({ status: 0, text: '', ms: performance.now() - t0 }));
      req.end(payload);
    });
  return (async () => {
    for (let attempt = 1; ; attempt += 1) {
      const res = await once();
      stats.requests += 1;
      stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
      if (res.status >= 200 && res.status < 500) {
        stats.latencies.push(res.ms);
        return res;
      }
      if (attempt === 1)
        stats.firstFailures.push({ phase, method, path: path.replace(/\d+/g, ':id'), status: res.status });
      // Reads and the set-up are retried too; the journal's writes until they get through.
      if (attempt >= (journal ? 40 : 10)) {
        stats.gaveUp += 1;
        return res;
      }
      await sleep(Math.min(250 * attempt, 2_000));
    }
  })();
}

const json = (res, what) => {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
  return res.text === '' ? null : JSON.parse(res.text);
};

async function signUp(i) {
  const learner = {
    i,
    // Each learner from an address of its own: the rate limits count phones apart.
    agent: new https.Agent({
      keepAlive: true,
      maxSockets: 4,
      ca,
      localAddress: `127.0.${1 + (i >> 8)}.${1 + (i & 255)}`,
    }),
    cookie: null,
    seq: 0,
    position: 0,
    acked: { answers: new Map(), saves: 0, progress: null, reports: 0 },
  };
  // The account is made in the database (the development SMS outbox is each process's own, so
  // a code sent through one process is not found through another); the sign-in is the app's.
  const signedIn = await call(learner, 'POST', '/api/login', { username: `fault${i}`, password });
  json(signedIn, 'login');
  learner.cookie = [signedIn.headers['set-cookie']]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
  json(await call(learner, 'POST', `/api/exams/${exam}/join`), 'exam join');
  learner.attempt = json(await call(learner, 'POST', `/api/exams/${exam}/attempts`), 'attempt');
  json(await call(learner, 'POST', `/api/courses/${course}/join`), 'course join');
  const detail = json(await call(learner, 'GET', `/api/courses/${course}`), 'course');
  const lessons = detail.chapters.flatMap((chapter) => chapter.lessons);
  learner.lessonId = lessons[i % Math.min(lessons.length, 4)].id;
  return learner;
}

say(`signing in ${learnerCount} learners through nginx`);
const password = 'Fault-learner-1';
{
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const passwordHash = await hashPassword(password);
  await db.query(
    `insert into users (tenant_id, username, password_hash, nickname)
     select (select id from tenants where is_default), 'fault' || n, $1, 'Learner ' || n from generate_series(0, $2 - 1) n`,
    [passwordHash, learnerCount],
  );
  await db.end();
}
const learners = [];
for (let i = 0; i < learnerCount; i += 10) {
  learners.push(
    ...(await Promise.all(Array.from({ length: Math.min(10, learnerCount - i) }, (_, k) => signUp(i + k)))),
  );
}
const setupRequests = stats.requests;
const setupFailures = stats.firstFailures.length;
Object.assign(stats, { requests: 0, latencies: [], firstFailures: [], gaveUp: 0, byStatus: {} });
say(`${learners.length} learners signed in, each with an attempt and a lesson`);

// ---- The run: learners at the player's pace, and the faults ----

let running = true;
const browse = ['/api/courses?pageSize=20', `/api/courses/${course}`, '/api/exams', '/api/classrooms', '/api/articles'];

/**
 * A purchase as the app makes it, each step sent again until it gets through: the order (its
 * idempotency key makes a retry the same order), the payment, the sandbox cashier's "Pay" (which
 * delivers the signed notification to the notify route), then the order read until it is paid.
 */
async function buy(learner) {
  const order = { productType: 'COURSE', uid: paidCourse, couponId: null, idempotencyKey: randomUUID() };
  const created = await call(learner, 'POST', '/api/orders', order, { journal: true });
  if (created.status >= 300) return;
  const { tradeNo } = JSON.parse(created.text);
  learner.tradeNo = tradeNo;
  const started = await call(
    learner,
    'POST',
    `/api/orders/${tradeNo}/payments`,
    { method: 'WECHAT' },
    { journal: true },
  );
  if (started.status >= 300) return;
  const { url } = JSON.parse(started.text);
  await call(learner, 'POST', `${url}/pay`, undefined, { journal: true });
  for (let i = 0; i < 60; i += 1) {
    const res = await call(learner, 'GET', `/api/orders/${tradeNo}`);
    if (res.status === 200 && JSON.parse(res.text).status === 'PAID') return;
    await sleep(500);
  }
}

async function learnerLoop(learner) {
  await sleep(Math.random() * 5_000);
  const buysAt = learner.i % 4 === 0 ? Date.now() + Math.random() * seconds * 800 : Infinity;
  let tick = 0;
  while (running) {
    tick += 1;
    // An answer every ~6 s, a progress report every ~10 s, a page every ~3 s.
    if (tick % 2 === 0) {
      learner.seq += 1;
      const question = learner.attempt.questions[learner.seq % learner.attempt.questions.length];
      const save = { questionId: question.id, answer: answerFor(question, learner.seq), seq: learner.seq };
      const res = await call(
        learner,
        'POST',
        `/api/attempts/${learner.attempt.id}/answers`,
        { saves: [save] },
        { journal: true },
      );
      if (res.status >= 200 && res.status < 300) {
        learner.acked.answers.set(question.id, learner.seq);
        learner.acked.saves += 1;
      }
    }
    if (tick % 3 === 0) {
      learner.position += 10;
      const report = { position: learner.position, at: new Date().toISOString() };
      const res = await call(learner, 'PUT', `/api/lessons/${learner.lessonId}/progress`, report, { journal: true });
      if (res.status >= 200 && res.status < 300) {
        learner.acked.progress = report;
        learner.acked.reports += 1;
      }
    }
    await call(learner, 'GET', browse[(learner.i + tick) % browse.length]);
    if (Date.now() >= buysAt && learner.tradeNo === undefined) await buy(learner);
    await sleep(2_000 + Math.random() * 2_000);
  }
}

async function faults() {
  const at = (s) => sleep(Math.max(0, started + s * 1000 - Date.now()));
  const runStart = (Date.now() - started) / 1000;
  await at(runStart + seconds * 0.2);
  const killed = processes[1];
  phase = 'SIGKILL';
  say(`SIGKILL process ${killed.i}`);
  killed.child.kill('SIGKILL');
  await killed.exited;
  await sleep(2_000);
  startProcess(killed);
  await ready(killed);
  say(`process ${killed.i} back`);
  phase = 'steady';
  // A rolling restart, one process at a time, spread over the run's second half.
  for (const [k, p] of processes.entries()) {
    await at(runStart + seconds * (0.45 + 0.15 * k));
    phase = 'SIGTERM';
    say(`SIGTERM process ${p.i}`);
    p.child.kill('SIGTERM');
    const { code } = await p.exited;
    say(`process ${p.i} drained and exited (${code})`);
    startProcess(p);
    await ready(p);
    phase = 'steady';
  }
  say('every process restarted');
}

const productCounts = async () => {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query(
    `select c.student_count as students, (select count(*)::int from course_members m where m.course_id = c.id) as members
     from courses c where c.uid = $1 and c.tenant_id = (select id from tenants where is_default)`,
    [paidCourse],
  );
  await db.end();
  return rows[0];
};
const countsBefore = await productCounts();

const runStarted = Date.now();
const loops = learners.map(learnerLoop);
const faulting = faults();
await sleep(seconds * 1000);
running = false;
await Promise.all(loops);
await faulting;
const runSeconds = (Date.now() - runStarted) / 1000;

// ---- The proof: every acknowledged write is in the database ----

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
let answersAcked = 0;
let answersLost = 0;
let progressAcked = 0;
let progressLost = 0;
for (const learner of learners) {
  const { rows } = await db.query('select question_id, seq from attempt_answers where attempt_id = $1', [
    learner.attempt.id,
  ]);
  const stored = new Map(rows.map((row) => [row.question_id, row.seq]));
  for (const [questionId, seq] of learner.acked.answers) {
    answersAcked += 1;
    if ((stored.get(questionId) ?? -1) < seq) answersLost += 1;
  }
  if (learner.acked.progress) {
    progressAcked += 1;
    const { rows: progress } = await db.query(
      'select position, reported_at from lesson_learnings where lesson_id = $1 and user_id = (select id from users where username = $2)',
      [learner.lessonId, `fault${learner.i}`],
    );
    const row = progress[0];
    // The report with the latest time wins (its position kept within the lesson's length): the
    // last acknowledged one, or one sent after it.
    const at = new Date(learner.acked.progress.at);
    if (!row || row.reported_at < at) {
      progressLost += 1;
      if (progressLost === 1)
        say(`lost progress: acknowledged ${JSON.stringify(learner.acked.progress)}, stored ${JSON.stringify(row)}`);
    }
  }
}
const tradeNos = learners.flatMap((learner) => (learner.tradeNo ? [learner.tradeNo] : []));
const { rows: paidRows } = await db.query(
  `select count(*)::int as n from orders where status = 'PAID' and trade_no = any($1)`,
  [tradeNos],
);
await db.end();
const countsAfter = await productCounts();
// Each payment applied once: as many new members, and students counted, as orders paid.
const payments = {
  ordered: tradeNos.length,
  paid: paidRows[0].n,
  newMembers: countsAfter.members - countsBefore.members,
  studentsCounted: countsAfter.students - countsBefore.students,
};
const paymentsOnce =
  payments.paid === payments.ordered &&
  payments.newMembers === payments.paid &&
  payments.studentsCounted === payments.paid;

// The deploy's backup while the processes still run, restored into a new database and bucket
// folder, as docs/deploy.md says: every learner's answers come back.
say('deploy/school backup, then restore into an empty database');
const restoredName = `${databaseName}_restored`;
await admin.query(`CREATE DATABASE "${restoredName}"`);
const restoredUrl = Object.assign(new URL(adminUrl), { pathname: `/${restoredName}` }).toString();
// Not execFileSync: the store answering the backup runs in this process.
const deploySchool = async (args, env) => {
  const { stdout } = await promisify(execFile)(join(root, 'deploy/school'), args, { env });
  process.stderr.write(stdout);
};
await deploySchool(['backup', join(work, 'backup')], serverEnv);
await deploySchool(['restore', join(work, 'backup')], {
  ...serverEnv,
  DATABASE_URL: restoredUrl,
  MEDIA_STORAGE: 'local',
  DATA_DIR: join(work, 'restored'),
});
const answerCount = async (url) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('select count(*)::int as n from attempt_answers');
  await client.end();
  return rows[0].n;
};
const backup = { answersInDatabase: await answerCount(databaseUrl), answersRestored: await answerCount(restoredUrl) };
await admin.query(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);

const sum = (of) => learners.reduce((total, learner) => total + of(learner), 0);
const sorted = stats.latencies.sort((a, b) => a - b);
const quantile = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const failuresBy = (which) => stats.firstFailures.filter((f) => f.phase === which).length;
const report = {
  seconds: Math.round(runSeconds),
  learners: learners.length,
  setupRequests,
  setupFailures,
  requests: stats.requests,
  requestsPerSecond: Math.round(stats.requests / runSeconds),
  p50ms: Math.round(quantile(0.5)),
  p99ms: Math.round(quantile(0.99)),
  byStatus: stats.byStatus,
  clientErrors: { SIGKILL: failuresBy('SIGKILL'), SIGTERM: failuresBy('SIGTERM'), steady: failuresBy('steady') },
  failedAfterRetries: stats.gaveUp,
  // Acknowledged saves and reports; checked: the last acknowledged one of each question and
  // lesson (every earlier one is replaced by it), lost: not in the database.
  answerSaves: { acknowledged: sum((l) => l.acked.saves), checked: answersAcked, lost: answersLost },
  progressReports: { acknowledged: sum((l) => l.acked.reports), checked: progressAcked, lost: progressLost },
  payments,
  backup,
  firstFailures: stats.firstFailures.slice(0, 20),
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);

// ---- Tidy up ----
running = false;
for (const p of processes) p.child.kill('SIGTERM');
await Promise.all(processes.map((p) => p.exited));
nginx.kill('SIGQUIT');
await store.close();
await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
await admin.end();
rmSync(work, { recursive: true, force: true });
const ok =
  answersLost === 0 &&
  progressLost === 0 &&
  paymentsOnce &&
  backup.answersRestored === backup.answersInDatabase &&
  stats.gaveUp === 0 &&
  failuresBy('SIGTERM') === 0;
say(
  ok
    ? 'no acknowledged write lost, each payment applied once, no client error during the SIGTERM restarts'
    : 'FAILED: see the report',
);
process.exit(ok ? 0 : 1);
