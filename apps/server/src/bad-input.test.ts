import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { captchaHeader } from '@school/contract/auth';
import { limits } from '@school/contract/limits';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, secondSchoolHost } from './demo-data/demo-accounts.js';
import { registeredRoutes, type RegisteredRoute } from './lib/route-registry.js';
import { newAccount } from './testing/accounts.js';
import {
  badAnswer,
  bodyArb,
  type BodyPlan,
  codeOf,
  encodeSegment,
  exampleOf,
  type FilePart,
  formEncoded,
  json,
  jsonSchemaOf,
  type JsonSchema,
  leafPaths,
  malformedJson,
  multipart,
  propertiesOf,
  queryArb,
  recordPaths,
  segmentArb,
  setAt,
  show,
  wrongContentTypes,
} from './testing/bad-input.js';
import { ownSite } from './testing/site.js';
import { createTestApp, sessionCookieFrom, type TestApp } from './testing/test-app.js';

/*
 * docs/architecture.md#quality-bars, "Bad input": every endpoint answers malformed input — control characters,
 * overlong strings, broken escapes, wrong types, wrong content types, broken multipart, odd
 * headers — with a success or a 4xx carrying a catalogue code (and the catalogue's status for
 * it), never a 5xx. The endpoints are not listed here: the walk reads them from the app
 * (registeredRoutes), so a new endpoint is fed junk from the day it is added, and the coverage
 * check fails if the walk ever stops reaching one.
 *
 * Two passes over every route, anonymous and signed in: fixed hostile cases that always run
 * (NUL and a 5000-character string in each param, query key and body field, %c0%af and a
 * 101-character id in each path segment, wrong content types, broken multipart…), then
 * unseeded fast-check runs (a failure prints its seed and path to replay it). Each pass
 * gathers every failure before failing, so one run lists all of them, grouped by cause.
 */

/** Registered routes the walk leaves alone. Keep it short, and say why for each. */
const notWalked: { matches: (route: RegisteredRoute) => boolean; why: string }[] = [
  {
    // @fastify/static registers these only when a web build exists; the test app has none,
    // and they serve files from disk rather than read input (static-web.test.ts covers them).
    matches: (route) => route.url.startsWith('/mobile/'),
    why: 'files of the web build',
  },
];

/**
 * Generated requests per route (each one anonymous, signed in or with a junk cookie): more
 * where the route declares input, fewer where only headers and stray input can be junk.
 */
const runsFor = (walk: Walk) =>
  walk.body !== null || walk.params.length > 0 || Object.keys(walk.query).length > 0 ? 32 : 12;

/** Each pass takes seconds; a loaded CI machine must not trip the project's 30 s default. */
const passTimeout = 120_000;

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const routeKey = (method: string, url: string) => `${method} ${url}`;
const paramName = (segment: string) => (segment === '*' ? '*' : segment.slice(1).replace(/\(.*$/, ''));
const isParam = (segment: string) => segment.startsWith(':') || segment === '*';

interface Walk {
  key: string;
  method: string;
  url: string;
  /** `:name` segments (and `*`) of the url, in order. */
  params: string[];
  paramSchemas: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  /** The body schema (null when the route declares none: it may still read a body, as uploads do). */
  body: JsonSchema | null;
  takesBody: boolean;
}

function walkOf(route: RegisteredRoute): Walk {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return {
    key: routeKey(route.method, route.url),
    method: route.method,
    url: route.url,
    params: route.url.split('/').filter(isParam).map(paramName),
    paramSchemas: propertiesOf(jsonSchemaOf(schema.params)),
    query: propertiesOf(jsonSchemaOf(schema.querystring)),
    body: jsonSchemaOf(schema.body),
    takesBody: stateChanging.has(route.method),
  };
}

/** The url with each param replaced by its (already encoded) value. */
function fill(template: string, values: Record<string, string>): string {
  return template
    .split('/')
    .map((s) => (isParam(s) ? (values[paramName(s)] ?? '') : s))
    .join('/');
}

/** Hosts (and Origins) generated requests come from: ours, the second school, unknown, cross-site. */
const sites: { host: string; origin?: string | null }[] = [
  { host: ownSite.host },
  { host: ownSite.host, origin: null },
  { host: ownSite.host.toUpperCase() },
  { host: secondSchoolHost },
  { host: 'unknown.invalid' },
  { host: ownSite.host, origin: 'http://evil.invalid' },
  { host: ownSite.host, origin: 'null' },
  { host: 'localhost:99999' },
  { host: '[::1' },
  { host: 'localhost.:8080' },
  { host: `${'a'.repeat(300)}.example` },
  { host: '' },
];

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let dataDir: string;
/**
 * Who "signed in" is: the demo learner, whose courses, classes and exams open the member-only
 * paths to junk. Junk may log it out, expire its sessions or rename it: it signs in again by
 * phone (see repairAfter). This file's database is its own, so no other file sees the changes.
 */
const learner = { id: 0, phone: demoAccounts.learner.phone, password: demoAccounts.learner.password, cookie: '' };
let walks: Walk[];
/** Real values per route and param (from the parent list when there is one), first one first. */
const samples = new Map<string, Record<string, string[]>>();
/** Every route a junk request reached (routed, whatever the answer), recorded by the app. */
const exercised = new Set<string>();
/** Marks the walk's own requests, so sign-ins, restores and list reads do not count as coverage. */
const walkHeader = 'x-bad-input-walk';
/** Each school's dev settings before the walk (by host), put back whenever junk changes them. */
const devSettings = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  // Uploads that get through land here, not in a shared folder.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'school-bad-input-'));
  t = await createTestApp(
    { dataDir },
    {
      beforeReady: (app) => {
        app.addHook('onResponse', async (request) => {
          if (request.headers[walkHeader] !== undefined && request.routeOptions.url !== undefined) {
            exercised.add(routeKey(request.method, request.routeOptions.url));
          }
        });
      },
    },
  );
  await signInAgain();
  const me = await t.app.inject({ url: '/api/users/current', headers: { ...ownSite, cookie: learner.cookie } });
  learner.id = (me.json() as { id: number }).id;

  for (const host of new Set(sites.map((site) => site.host.toLowerCase()))) {
    // An empty patch changes nothing and answers the school's current settings.
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/dev/system-config',
      headers: { host, origin: `http://${host}` },
      payload: {},
    });
    // A junk host may be refused before the route: nothing to put back there.
    if (res.statusCode !== 200) continue;
    const { systemConfig, blockedIps, tenantStatus } = res.json();
    devSettings.set(host, {
      accessConfig: systemConfig.accessConfig,
      wechatOfficialConfig: systemConfig.wechatOfficialConfig,
      enabledFeatures: systemConfig.enabledFeatures,
      blockedIps,
      tenantStatus,
    });
  }

  walks = registeredRoutes(t.app)
    .filter((route) => !notWalked.some((rule) => rule.matches(route)))
    .map(walkOf);
  for (const walk of walks) samples.set(walk.key, await sampleParams(walk));
});

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const listCache = new Map<string, unknown[]>();

/** Items of a list answer (`{ items: [...] }` or an array), or none. */
async function listItems(url: string): Promise<unknown[]> {
  const cached = listCache.get(url);
  if (cached) return cached;
  const res = await t.app.inject({ url, headers: { ...ownSite, cookie: learner.cookie } });
  let items: unknown[] = [];
  if (res.statusCode === 200) {
    const body = res.json() as unknown;
    if (Array.isArray(body)) items = body;
    else if (body && typeof body === 'object' && Array.isArray((body as { items?: unknown }).items)) {
      items = (body as { items: unknown[] }).items;
    }
  }
  listCache.set(url, items);
  return items;
}

/**
 * Real values for each param where the parent collection lists some (`/api/courses/:uid` →
 * the uids GET /api/courses lists), else the learner's own id or phone, so junk in a body or
 * query reaches past "not found".
 */
async function sampleParams(walk: Walk): Promise<Record<string, string[]>> {
  const values: Record<string, string[]> = {};
  const segments = walk.url.split('/');
  for (const [i, segment] of segments.entries()) {
    if (!isParam(segment)) continue;
    const name = paramName(segment);
    const parent = segments.slice(0, i).join('/');
    let found: string[] = [];
    if (registeredRoutes(t.app).some((r) => r.method === 'GET' && r.url === parent)) {
      const firsts = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v[0] ?? '']));
      found = (await listItems(fill(parent, firsts)))
        .map((item) => (item && typeof item === 'object' ? (item as Record<string, unknown>)[name] : undefined))
        .filter((v) => typeof v === 'string' || typeof v === 'number')
        .slice(0, 6)
        .map((v) => encodeSegment(String(v)));
    }
    if (found.length === 0) {
      guessed.add(`${walk.key} ${name}`);
      const type = walk.paramSchemas[name]?.type;
      found = [name === 'phone' ? learner.phone : type === 'integer' || type === 'number' ? String(learner.id) : 'x'];
    }
    values[name] = found;
  }
  return values;
}

/** Params no list gave a real value for (a guess stands in), as "route name". */
const guessed = new Set<string>();

/**
 * Links the API hands out (an upload answers `/api/files/…`) are real values for the params
 * of the routes they name: the walk picks them up as it goes, replacing a guess.
 */
function harvest(body: string): void {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return;
  }
  const links: string[] = [];
  const visit = (v: unknown, depth: number) => {
    if (links.length >= 20 || depth > 6) return;
    if (typeof v === 'string' && v.startsWith('/api/')) links.push(v.split(/[?#]/)[0] ?? v);
    else if (v !== null && typeof v === 'object') for (const item of Object.values(v)) visit(item, depth + 1);
  };
  visit(value, 0);
  for (const link of links) {
    const parts = link.split('/');
    for (const walk of walks) {
      const template = walk.url.split('/');
      if (walk.params.length === 0 || template.length !== parts.length) continue;
      const found: Record<string, string> = {};
      const matches = template.every((segment, i) => {
        const part = parts[i] ?? '';
        if (!isParam(segment)) return segment === part;
        found[paramName(segment)] = part;
        return part !== '';
      });
      const pools = samples.get(walk.key);
      if (!matches || !pools) continue;
      for (const [name, v] of Object.entries(found)) {
        if (guessed.delete(`${walk.key} ${name}`)) pools[name] = [];
        const pool = (pools[name] ??= []);
        if (!pool.includes(v) && pool.length < 6) pool.push(v);
      }
    }
  }
}

const firstSamples = (walk: Walk) =>
  Object.fromEntries(Object.entries(samples.get(walk.key) ?? {}).map(([k, v]) => [k, v[0] ?? 'x']));

// ---------------------------------------------------------------------------------------------
// Sending

type Who = 'anonymous' | 'signed in' | 'junk cookie';

interface Plan extends BodyPlan {
  /** What is junk about this request, for the report. */
  label: string;
  /** A method the route does not have (the route's own when unset). */
  method?: string;
  url: string;
  who: Who;
  host?: string;
  /** Undefined: the host's own origin; null: no Origin header. */
  origin?: string | null;
  cookie?: string;
  contentEncoding?: string;
  /** Other junk headers (accept-language, if-none-match…). */
  headers?: Record<string, string>;
  ip?: string;
  /** Junk the framework's router and parsers answer the same whoever sends it: sent anonymous only. */
  framework?: boolean;
}

interface Failure {
  route: string;
  who: Who;
  input: string;
  status: number;
  problem: string;
  code: string | undefined;
  body: string;
}

async function send(walk: Walk, plan: Plan): Promise<Failure | null> {
  const host = plan.host ?? ownSite.host;
  const headers: Record<string, string> = { ...plan.headers, host, [walkHeader]: '1' };
  const origin = plan.origin === undefined ? `http://${host}` : plan.origin;
  if (origin !== null) headers.origin = origin;
  if (plan.who === 'signed in') headers.cookie = learner.cookie;
  if (plan.who === 'junk cookie' && plan.cookie !== undefined) headers.cookie = plan.cookie;
  if (plan.contentType !== undefined) headers['content-type'] = plan.contentType;
  if (plan.contentEncoding !== undefined) headers['content-encoding'] = plan.contentEncoding;

  const res = await t.app.inject({
    method: (plan.method ?? walk.method) as 'GET',
    url: plan.url,
    headers,
    ...(plan.payload === undefined ? {} : { payload: plan.payload }),
    ...(plan.ip === undefined ? {} : { remoteAddress: plan.ip }),
  });
  await repairAfter(walk, plan, res.statusCode);

  if (res.statusCode < 300 && String(res.headers['content-type']).startsWith('application/json')) harvest(res.body);

  const problem = badAnswer(plan.method ?? walk.method, res);
  if (problem === null) return null;
  return {
    route: walk.key,
    who: plan.who,
    input: plan.label,
    status: res.statusCode,
    problem,
    code: codeOf(res.body),
    body: res.body.length > 200 ? `${res.body.slice(0, 200)}…` : res.body,
  };
}

/** Undoes what accepted junk may have changed that later requests depend on. */
async function repairAfter(walk: Walk, plan: Plan, status: number): Promise<void> {
  if (!walk.takesBody || status >= 400) return;
  const host = (plan.host ?? ownSite.host).toLowerCase();
  const settings = devSettings.get(host);
  if (walk.url.startsWith('/api/dev/') && settings) {
    // Junk may have stopped the school, blocked an address or turned a feature off.
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/dev/system-config',
      headers: { host, origin: `http://${host}` },
      payload: settings,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (plan.who === 'signed in') {
    // Logout, expired sessions, a changed name: sign in again.
    const res = await t.app.inject({ url: '/api/users/current', headers: { ...ownSite, cookie: learner.cookie } });
    if (res.statusCode !== 200) await signInAgain();
  }
}

/**
 * A new session for the learner, by phone (junk may have renamed it). Junk password guesses
 * (a wrong password to check, say) throttle the account: wait that out on the test clock.
 * Should the learner stay locked out all the same, carry on as a new learner.
 */
async function signInAgain(): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...ownSite },
      // An address of its own: the junk's failed logins never rate-limit this one.
      remoteAddress: '10.8.0.1',
      payload: { username: learner.phone, password: learner.password },
    });
    if (res.statusCode === 200) {
      learner.cookie = sessionCookieFrom(res);
      return;
    }
    if (res.statusCode !== 429) break;
    t.clock.advance((Number(res.headers['retry-after']) || 60) * 1000 + 1000);
  }
  const account = await newAccount(t);
  Object.assign(learner, { id: account.id, phone: account.phone, password: account.password, cookie: account.cookie });
}

/** All failures, grouped by cause (problem and code), one example per route: the assertion message. */
function report(failures: Failure[]): string {
  const causes = new Map<string, Map<string, Failure[]>>();
  for (const f of failures) {
    const cause = `${f.problem}${f.code === undefined ? '' : ` [${f.code}]`}`;
    const routes = causes.get(cause) ?? new Map<string, Failure[]>();
    routes.set(f.route, [...(routes.get(f.route) ?? []), f]);
    causes.set(cause, routes);
  }
  const lines = [`${failures.length} bad answers to bad input, ${causes.size} causes:`];
  for (const [cause, routes] of causes) {
    const count = [...routes.values()].reduce((n, list) => n + list.length, 0);
    lines.push(`\n• ${cause}: ${count} answers on ${routes.size} routes`);
    for (const [route, list] of routes) {
      const inputs = [...new Set(list.map((f) => `${f.who}: ${f.input}`))];
      lines.push(`    ${route} (${list.length}) e.g. ${inputs.slice(0, 2).join(' | ')}`);
    }
    const example = [...routes.values()][0]?.[0];
    if (example) lines.push(`    answer: ${example.status} ${example.body}`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Fixed hostile cases

const nul = 'a\u0000b';
const long = 'a'.repeat(5000);

/** Param values (as sent in the path) every route's every param gets. */
const hostileSegments = [
  encodeSegment(nul),
  '%00',
  encodeSegment('\u0001'),
  encodeSegment('a\u007fb'),
  encodeSegment(long),
  '%c0%af',
  'x'.repeat(101),
  '1'.repeat(101),
  '%',
  '%zz',
  '%ed%a0%80',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '1e309',
  'NaN',
  '%25',
  '_',
  encodeSegment("' OR '1'='1"),
  encodeSegment('中文'),
  '%2e%2e',
  '%2f',
];

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function fixedCases(walk: Walk): Omit<Plan, 'who'>[] {
  const sample = firstSamples(walk);
  const base = fill(walk.url, sample);
  const cases: Omit<Plan, 'who'>[] = [];

  for (const param of walk.params) {
    for (const segment of hostileSegments) {
      cases.push({ label: `${param}=${show(segment)}`, url: fill(walk.url, { ...sample, [param]: segment }) });
    }
  }

  const withQuery = (query: string, label: string) => cases.push({ label, url: `${base}?${query}` });
  for (const key of Object.keys(walk.query)) {
    withQuery(`${key}=${encodeSegment(nul)}`, `?${key}="a\\u0000b"`);
    withQuery(`${key}=${long}`, `?${key}=(5000 chars)`);
    withQuery(`${key}=%c0%af`, `?${key}=%c0%af`);
    withQuery(`${key}=%ed%a0%80`, `?${key}=%ed%a0%80`);
    withQuery(`${key}=%`, `?${key}=%`);
    withQuery(`${key}=1&${key}=2`, `?${key}=1&${key}=2`);
    withQuery(`${key}[a]=1`, `?${key}[a]=1`);
    withQuery(`${key}=`, `?${key}=`);
  }
  withQuery('a%00b=1', '?"a\\u0000b"=1');
  withQuery(`${'k'.repeat(5000)}=1`, '?(5000-char key)=1');
  withQuery('__proto__[polluted]=1&constructor[prototype][polluted]=1', '?__proto__[polluted]=1…');
  withQuery(Array.from({ length: 3000 }, (_, i) => `k${i}=${i}`).join('&'), '?(3000 keys)');

  // The same url with a method it does not have.
  const own = new Set(
    registeredRoutes(t.app)
      .filter((r) => r.url === walk.url)
      .map((r) => r.method),
  );
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((m) => !own.has(m))) {
    cases.push({
      label: `method ${method}`,
      method,
      url: base,
      contentType: 'application/json',
      payload: '{}',
      framework: true,
    });
  }

  if (!walk.takesBody) return cases;

  const withBody = (body: BodyPlan & { contentEncoding?: string; framework?: boolean }, label: string) =>
    cases.push({ label, url: base, ...body });
  const example = exampleOf(walk.body ?? { type: 'object' }) ?? {};
  const minimal = exampleOf(walk.body ?? { type: 'object' }, 0, true) ?? {};
  // Each field, nested ones too: control characters, an overlong string, wrong types.
  for (const at of leafPaths(example).filter((p) => p.length > 0)) {
    const name = at.join('.');
    const spoil = (value: unknown) => setAt(example, at, value);
    withBody(json(spoil(nul)), `${name}="a\\u0000b" in ${show(example)}`);
    withBody(json(spoil('\u0000')), `${name}="\\u0000"`);
    withBody(json(spoil('a\u0001b')), `${name}="a\\u0001b"`);
    withBody(json(spoil('a\u007fb')), `${name}="a\\u007fb"`);
    withBody(json(spoil(long)), `${name}=(5000 chars)`);
    withBody(json(spoil('\ud800')), `${name}="\\ud800" (lone surrogate)`);
    withBody(json(spoil(null)), `${name}=null`);
    withBody(json(spoil({ [nul]: nul })), `${name}={"a\\u0000b":"a\\u0000b"}`);
    withBody(json(spoil([nul])), `${name}=["a\\u0000b"]`);
    withBody(json(spoil(-1)), `${name}=-1`);
    withBody(json(spoil(2 ** 53 + 2)), `${name}=2^53+2`);
    const huge = JSON.stringify(spoil('<huge>')).replace('"<huge>"', '1e309');
    withBody({ contentType: 'application/json', payload: huge }, `${name}=1e309`);
    if (at.length === 1)
      withBody(formEncoded(spoil(nul) as Record<string, unknown>), `form-encoded, ${name}="a\\u0000b"`);
    // The same in a body of the required fields only: nothing else in it for the service to refuse first.
    for (const [value, text] of [
      [nul, '"a\\u0000b"'],
      ['a\u0001b', '"a\\u0001b"'],
      [long, '(5000 chars)'],
      ['\ud800', '"\\ud800"'],
    ] as const) {
      withBody(json(setAt(minimal, at, value)), `${name}=${text} in ${show(minimal)} (required fields only)`);
    }
  }
  // Records (z.record): odd keys with valid values.
  for (const [at, valueSchema] of recordPaths(walk.body ?? undefined)) {
    const value = exampleOf(valueSchema);
    for (const key of [nul, '\ud800', '\u0000', long, '__proto__', '']) {
      withBody(json(setAt(example, at, { [key]: value })), `${at.join('.')} with key ${show(key)}`);
    }
  }
  withBody(json(example), `the example body ${show(example)}`);
  withBody(json(minimal), `the required fields only ${show(minimal)}`);
  withBody(
    json({ ...(example as object), [nul]: nul, '\ud800': 1, [long]: 1 }),
    'extra keys: NUL, lone surrogate, 5000 chars',
  );
  for (const payload of malformedJson) {
    withBody({ contentType: 'application/json', payload, framework: true }, `JSON ${show(payload)}`);
  }
  for (const value of [null, [], [example], 'text', 0, true]) withBody(json(value), `JSON body ${show(value)}`);
  for (const contentType of wrongContentTypes) {
    // Forms and multipart have parsers (and so reach handlers); the rest has none.
    const framework =
      !contentType.startsWith('application/x-www-form-urlencoded') && !contentType.startsWith('multipart/');
    withBody({ contentType, payload: JSON.stringify(example), framework }, `content-type ${show(contentType)}`);
  }
  withBody({ contentType: 'application/json', payload: `{"a":"${'a'.repeat(1_100_000)}"}` }, 'a 1.1 MB JSON body');
  withBody({}, 'no body');
  withBody({ payload: JSON.stringify(example) }, 'a body without a content type');

  // Multipart, for the upload routes and for every other route that must refuse it.
  const part = (over: Partial<FilePart> = {}): FilePart => ({
    name: 'file',
    filename: 'a.png',
    type: 'image/png',
    content: png,
    ...over,
  });
  const b = '----school-junk';
  withBody(multipart([part()], b, 'ok'), 'multipart, a small PNG');
  withBody(multipart([part({ filename: nul })], b, 'ok'), 'multipart, filename "a\\u0000b"');
  withBody(multipart([part({ filename: `${long}.png` })], b, 'ok'), 'multipart, a 5000-char filename');
  withBody(multipart([part({ filename: '../../etc/passwd' })], b, 'ok'), 'multipart, filename ../../etc/passwd');
  withBody(multipart([part({ name: nul })], b, 'ok'), 'multipart, field "a\\u0000b"');
  withBody(multipart([part({ name: long })], b, 'ok'), 'multipart, a 5000-char field name');
  withBody(multipart([part({ type: nul })], b, 'ok'), 'multipart, type "a\\u0000b"');
  withBody(multipart([part({ type: long })], b, 'ok'), 'multipart, a 5000-char type');
  withBody(multipart([part({ content: Buffer.from(nul) })], b, 'ok'), 'multipart, content "a\\u0000b" as image/png');
  withBody(multipart([part({ filename: null, content: Buffer.from(nul) })], b, 'ok'), 'multipart, a field "a\\u0000b"');
  withBody(multipart([part({ filename: null })], b, 'ok'), 'multipart, a field instead of a file');
  withBody(multipart([part({ name: 'other', filename: null }), part()], b, 'ok'), 'multipart, a field then the file');
  withBody(multipart([part(), part()], b, 'ok'), 'multipart, two files');
  withBody(multipart([], b, 'ok'), 'multipart, no parts');
  withBody(multipart([part()], b, 'truncated'), 'multipart, truncated');
  withBody(multipart([part()], b, 'no-boundary'), 'multipart without a boundary');
  withBody(multipart([part()], b, 'wrong-boundary'), 'multipart, the wrong boundary');
  withBody(multipart([part()], b, 'no-final'), 'multipart, no closing boundary');
  withBody({ contentType: `multipart/form-data; boundary=${b}`, payload: nul }, 'multipart header, body "a\\u0000b"');
  const fields = Array.from({ length: 12 }, (_, i) =>
    part({ name: `f${i}`, filename: null, content: Buffer.from('x') }),
  );
  withBody(multipart([...fields, part()], b, 'ok'), 'multipart, 12 fields then the file');
  withBody(
    { ...multipart([part()], b, 'ok'), contentEncoding: 'gzip' },
    'multipart, content-encoding gzip (it is not)',
  );
  withBody({ ...json(example), contentEncoding: 'br' }, 'JSON, content-encoding br (it is not)');
  if (walk.body === null && walk.method === 'POST') {
    // A route without a body schema may read a file: one byte over the largest upload.
    const tooBig = Buffer.concat([png, Buffer.alloc(limits.uploadMaxBytes + 1 - png.length)]);
    withBody(multipart([part({ content: tooBig })], b, 'ok'), 'multipart, a file one byte over the upload limit');
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Generated requests

const junkCookies = [
  'sid=',
  'sid=x',
  'sid=%00',
  `sid=${'a'.repeat(5000)}`,
  'sid=""',
  'sid=a; sid=b',
  '=; =',
  'sid=%c0%af',
  `sid=${Buffer.from('{"id":1}').toString('base64')}`,
];

/** Headers every route reads before its handler, or may: language, caching, compression, captcha. */
const junkHeaders = fc.record(
  {
    'accept-language': fc.constantFrom(
      'en',
      'zh-CN,zh;q=0.9',
      '*',
      'en;q=abc',
      ';;;',
      'x'.repeat(300),
      'en-US;q=2, cn',
    ),
    'accept-encoding': fc.constantFrom('br;q=abc, gzip;q=NaN', 'zstd', 'identity;q=0, *;q=0', 'x'.repeat(300), ','),
    'if-none-match': fc.constantFrom('*', '"', 'W/"', `W/"${'x'.repeat(5000)}"`, ',,,'),
    'if-modified-since': fc.constantFrom('yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', '99999999999'),
    accept: fc.constantFrom('text/html', '*/*;q=abc', 'application/xml', ''),
    [captchaHeader]: fc.constantFrom('', 'x', 'x'.repeat(5000), '%00'),
  },
  { requiredKeys: [] },
);

function planArb(walk: Walk): fc.Arbitrary<Plan> {
  const pools = samples.get(walk.key) ?? {};
  const params = fc.record(
    Object.fromEntries(walk.params.map((p) => [p, segmentArb(walk.paramSchemas[p], pools[p] ?? ['x'])])),
  );
  // Real values, so body and query junk reaches past "not found" (a member's course, say).
  const realParams = fc.record(
    Object.fromEntries(walk.params.map((p) => [p, fc.constantFrom(...(pools[p] ?? ['x']))])),
  );
  // Routes that take no body get one now and then all the same.
  const body: fc.Arbitrary<BodyPlan> = walk.takesBody
    ? bodyArb(walk.body)
    : fc.oneof({ weight: 6, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: bodyArb(null) });
  return fc
    .record({
      who: fc.constantFrom<Who>('anonymous', 'signed in', 'signed in', 'junk cookie'),
      cookie: fc.constantFrom(...junkCookies),
      site: fc.oneof(
        { weight: 4, arbitrary: fc.constant(sites[0]!) },
        { weight: 3, arbitrary: fc.constantFrom(...sites) },
      ),
      ip: fc.integer({ min: 1, max: 250 }).map((n) => `10.9.0.${n}`),
      headers: fc.option(junkHeaders, { nil: undefined }),
      params: fc.oneof(params, realParams),
      query: fc.option(queryArb(walk.query), { nil: undefined }),
      body,
    })
    .map((r) => {
      const url = `${fill(walk.url, r.params)}${r.query === undefined ? '' : `?${r.query}`}`;
      const label = [
        show(url),
        r.site.host === ownSite.host ? '' : `host ${r.site.host}`,
        r.site.origin === undefined ? '' : `origin ${show(r.site.origin)}`,
        r.who === 'junk cookie' ? `cookie ${show(r.cookie)}` : '',
        r.headers === undefined || Object.keys(r.headers).length === 0 ? '' : `headers ${show(r.headers)}`,
        r.body.contentType === undefined ? '' : `content-type ${show(r.body.contentType)}`,
        r.body.payload === undefined ? '' : `body ${show(r.body.payload)}`,
      ]
        .filter((part) => part !== '')
        .join(', ');
      return {
        label,
        url,
        who: r.who,
        host: r.site.host,
        ...(r.site.origin === undefined ? {} : { origin: r.site.origin }),
        cookie: r.cookie,
        ...(r.headers === undefined ? {} : { headers: r.headers as Record<string, string> }),
        ip: r.ip,
        ...r.body,
      };
    });
}

// ---------------------------------------------------------------------------------------------

describe('every endpoint under bad input', () => {
  it(
    'answers fixed hostile input on every route with a coded 4xx or a success, never a 5xx',
    async () => {
      const failures: Failure[] = [];
      for (const walk of walks) {
        // HEAD runs the GET handler and sends no body: anonymous is enough there, as for junk
        // the router and body parsers answer alike for everyone (methods, content types, JSON).
        for (const plan of fixedCases(walk)) {
          const people: Who[] = walk.method === 'HEAD' || plan.framework ? ['anonymous'] : ['anonymous', 'signed in'];
          for (const who of people) {
            const failure = await send(walk, { ...plan, who });
            if (failure) failures.push(failure);
          }
        }
      }
      expect(failures.length, report(failures)).toBe(0);
    },
    passTimeout,
  );

  it(
    'answers generated junk on every route with a coded 4xx or a success, never a 5xx',
    async () => {
      const failures: Failure[] = [];
      for (const walk of walks) {
        let last: Failure | null = null;
        const details = await fc.check(
          fc.asyncProperty(planArb(walk), async (plan) => {
            const failure = await send(walk, plan);
            if (failure) last = failure;
            return failure === null;
          }),
          // Shrinking is bounded, so a broken endpoint cannot stall the file.
          { numRuns: runsFor(walk), interruptAfterTimeLimit: 4000, markInterruptAsFailure: false },
        );
        if (details.failed && last !== null) {
          const found: Failure = last;
          failures.push({
            ...found,
            input: `${found.input} (seed ${details.seed}, path "${details.counterexamplePath}")`,
          });
        }
      }
      expect(failures.length, report(failures)).toBe(0);
    },
    passTimeout,
  );

  it('walks every registered route but the allow-listed ones', () => {
    // Runs after the two passes above: it checks what they reached, as the app routed it.
    const expected = registeredRoutes(t.app)
      .filter((route) => !notWalked.some((rule) => rule.matches(route)))
      .map((route) => routeKey(route.method, route.url));
    expect(expected.length).toBeGreaterThan(40);
    const missing = expected.filter((key) => !exercised.has(key));
    const allowed = notWalked.map((rule) => rule.why).join('; ');
    expect(missing, `routes no junk request reached (not walked on purpose: ${allowed})`).toEqual([]);
  });
});
