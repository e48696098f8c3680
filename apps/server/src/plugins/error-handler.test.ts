import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady(app) {
        const typed = app.withTypeProvider<ZodTypeProvider>();
        typed.get('/api/test/crash', async () => {
          throw new Error('connection to db-primary.internal:5432 failed for user admin');
        });
        typed.get(
          '/api/test/bad-shape',
          { schema: { response: { 200: z.object({ name: z.string() }) } } },
          async () => {
            return { name: 42 } as unknown as { name: string };
          },
        );
        typed.get('/api/test/app-error', async () => {
          throw new AppError('courseNotFound');
        });
        typed.get('/api/test/http-error', async () => {
          throw Object.assign(new Error('duplicate key value violates unique constraint'), { statusCode: 409 });
        });
        typed.post(
          '/api/test/echo',
          { schema: { body: z.object({ n: z.number().int() }) } },
          async (request) => request.body,
        );
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

describe('the error handler', () => {
  it('answers an unknown /api route with a 404 notFound JSON body, in the learner language', async () => {
    const res = await t.app.inject({ url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 'notFound', message: 'Resource not found, please check the request URL' });
    const cn = await t.app.inject({ method: 'DELETE', url: '/api/nothing', headers: { 'accept-language': 'zh-CN' } });
    expect(cn.json()).toEqual({ code: 'notFound', message: '资源不存在，请检查请求地址' });
  });

  it('hides the internals of a crash behind internalServerError', async () => {
    const res = await t.app.inject({ url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internalServerError',
      message: 'Internal server error, please retry or contact the administrator',
    });
    expect(res.body).not.toMatch(/db-primary|5432|user admin|stack/);
  });

  it('treats a response that breaks its schema as a server error, without details', async () => {
    const res = await t.app.inject({ url: '/api/test/bad-shape' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('internalServerError');
    expect(res.body).not.toContain('name');
  });

  it('answers an AppError with its catalogue status and message', async () => {
    const res = await t.app.inject({ url: '/api/test/app-error', headers: { 'accept-language': 'zh' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'courseNotFound', message: '课程不存在' });
  });

  it('maps a bare HTTP status to its catalogue code without echoing the error text', async () => {
    const res = await t.app.inject({ url: '/api/test/http-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'The data already exists' });
  });

  it('names the field of a validation failure; no rule when zod wrote the message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { n: 'one' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validationFailed', message: 'Please check what you entered', field: 'n' });
  });

  it("answers the router's own errors with a catalogue code, never echoing the URL", async () => {
    const badUrl = await t.app.inject({ url: '/api/courses/%c0%af' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ code: 'badRequest', message: 'Bad request, please check the request URL' });
    expect(badUrl.headers['cache-control']).toBe('no-store');
    const longId = await t.app.inject({ url: `/api/courses/${'a'.repeat(101)}` });
    expect(longId.statusCode).toBe(404);
    expect(longId.json()).toMatchObject({ code: 'notFound' });
    expect(longId.headers['cache-control']).toBe('no-store');
    expect(longId.body).not.toContain('aaaa');
  });

  it('answers a body over the size limit with badRequest', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ n: 1, pad: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('badRequest');
  });
});

describe('GET /api/health', () => {
  it('answers ok, even for a stopped school', async () => {
    const stop = await t.app.inject({
      method: 'PUT',
      url: '/api/dev/system-config',
      payload: { tenantStatus: 'STOPPED' },
    });
    expect(stop.statusCode, stop.body).toBe(200);
    // The school is really stopped: a route that resolves the school refuses.
    const gated = await t.app.inject({ url: '/api/decorations/tabs/list' });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('tenantStopped');
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    } finally {
      const start = await t.app.inject({
        method: 'PUT',
        url: '/api/dev/system-config',
        payload: { tenantStatus: 'RUNNING' },
      });
      expect(start.statusCode).toBe(200);
    }
  });
});

describe('without a web build', () => {
  it('still redirects / and answers /mobile/ with a 404, the API being served alone', async () => {
    const root = await t.app.inject({ url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/mobile/');
    expect((await t.app.inject({ url: '/mobile/' })).statusCode).toBe(404);
  });
});
