import { isErrorCode } from '@school/contract/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from './db/seed.js';
import { createTestApp, type TestApp } from './testing/test-app.js';
import { login, ownSite } from './testing/site.js';

/*
 * DESIGN.md §6 "Bad input": every catalogue endpoint answers generated junk — odd query values,
 * path segments and bodies — with 2xx or a 4xx carrying a catalogue code, never a 5xx.
 */

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await login(t, demoAccounts.learner);
});
afterAll(async () => {
  await t.close();
});

// Strings a careless or hostile client sends: numbers out of range, SQL and LIKE wildcards,
// Chinese, control characters, very long values.
const junk = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom('-1', '0', '1.5', '2147483648', '99999999999999999999', 'NaN', '%', '_', "'; drop table courses; --"),
  fc.integer().map(String),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const queryOf = (keys: string[]) =>
  fc.dictionary(fc.constantFrom(...keys), junk, { maxKeys: keys.length }).map((entries) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(entries)) search.append(key, value);
    return search.toString();
  });

const listQueryKeys = ['page', 'pageSize', 'keyword', 'categoryId', 'tagId', 'sort', 'recommended', 'tab', 'type'];
const listPaths = [
  '/api/courses',
  '/api/classrooms',
  '/api/exams',
  '/api/articles',
  '/api/search',
  '/api/categories',
  '/api/tags',
  '/api/courses/javascript-from-zero/comments',
  '/api/courses/javascript-from-zero/notes',
  '/api/classrooms/frontend-bootcamp/announcements',
];
const detailPaths = (segment: string) => [
  `/api/courses/${segment}`,
  `/api/classrooms/${segment}`,
  `/api/exams/${segment}`,
  `/api/articles/${segment}`,
  `/api/classrooms/frontend-bootcamp/announcements/${segment}`,
];

function expectCleanAnswer(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what} → ${res.body}`).toBeLessThan(500);
  if (res.statusCode >= 400) expect(isErrorCode(JSON.parse(res.body).code), `${what} → ${res.body}`).toBe(true);
}

describe('catalogue endpoints under generated bad input', () => {
  it('lists answer any query with a page or a coded 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...listPaths),
        queryOf(listQueryKeys),
        fc.boolean(),
        async (path, query, signedIn) => {
          const url = `${path}?${query}`;
          const res = await t.app.inject({ url, headers: signedIn ? { cookie } : {} });
          expectCleanAnswer(res, url);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('details answer any path segment with the item or a coded 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(junk, async (raw) => {
        const segment = encodeURIComponent(raw);
        for (const url of detailPaths(segment)) expectCleanAnswer(await t.app.inject({ url }), url);
      }),
      { numRuns: 60 },
    );
  });

  it('joins and comments answer any body with a result or a coded 4xx', async () => {
    const body = fc.oneof(
      fc.record(
        { score: fc.oneof(junk, fc.integer(), fc.double()), content: fc.oneof(junk, fc.constant(null)) },
        { requiredKeys: [] },
      ),
      fc.anything().map((value) => ({ value })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/courses/javascript-from-zero/comments',
          '/api/classrooms/spoken-english-class/comments',
          '/api/courses/javascript-from-zero/join',
          '/api/exams/python-quiz/join',
        ),
        body,
        async (url, payload) => {
          const res = await t.app.inject({ method: 'POST', url, headers: { ...ownSite, cookie }, payload });
          expectCleanAnswer(res, `POST ${url} ${JSON.stringify(payload)}`);
        },
      ),
      { numRuns: 80 },
    );
  });
});
