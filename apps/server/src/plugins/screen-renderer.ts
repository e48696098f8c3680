import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedScreen, ScreenRenderRequest } from '@school/contract/paths';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { redactUrl } from '../lib/request-log.js';

/*
 * The web build's renderer of the public screens (apps/web/src/app/entry-server.tsx, decision
 * 015), loaded from the build beside the app's files. Its API calls come back here through the
 * server's own routes (inject), as a visitor of the page's school, from the page's address and in
 * its language: access rules and the visitor cache apply as to any call.
 */

export type RenderScreen = (request: FastifyRequest) => Promise<RenderedScreen | null>;

type Transport = (url: string, init: { method?: string }) => Promise<Response>;

interface RendererModule {
  createScreenRenderer(transport: Transport): Promise<{
    render(request: ScreenRenderRequest): Promise<RenderedScreen | null>;
  }>;
}

/** A GET of our own API as a visitor of this request's school, from its address, in its language. */
export function askAsVisitor(
  app: FastifyInstance,
  request: FastifyRequest,
  url: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    headers: { host: request.host, 'accept-language': request.headers['accept-language'] ?? '' },
    remoteAddress: request.ip,
  });
}

const bodiless = new Set([204, 304]);

/** The renderer in `webDistDir/server`, or null when the build has none (the browser renders every screen). */
export async function loadScreenRenderer(app: FastifyInstance, webDistDir: string): Promise<RenderScreen | null> {
  const entry = path.join(webDistDir, 'server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const rendering = new AsyncLocalStorage<FastifyRequest>();
  let renderer: Awaited<ReturnType<RendererModule['createScreenRenderer']>>;
  try {
    const { createScreenRenderer } = (await import(pathToFileURL(entry).href)) as RendererModule;
    renderer = await createScreenRenderer(transport);
  } catch (error) {
    // A broken renderer must not stop the server: every screen is then rendered by the browser.
    app.log.error({ err: error, entry }, 'server renderer failed to load: the browser renders every screen');
    return null;
  }

  async function transport(url: string, init: { method?: string }): Promise<Response> {
    const request = rendering.getStore();
    // A render only reads; anything else would act for a visitor who asked for nothing.
    if (!request || (init.method ?? 'GET') !== 'GET') throw new Error('a server render may only read');
    const reply = await askAsVisitor(app, request, url);
    return new Response(bodiless.has(reply.statusCode) ? null : reply.rawPayload, {
      status: reply.statusCode,
      headers: { 'content-type': String(reply.headers['content-type'] ?? '') },
    });
  }

  return async (request) => {
    const url = request.url.slice('/mobile'.length) || '/';
    try {
      return await rendering.run(request, () =>
        renderer.render({ url, origin: `${request.protocol}://${request.host}`, locale: request.locale }),
      );
    } catch (error) {
      // The page still works: the browser renders the screen as it did before.
      request.log.warn({ err: error, url: redactUrl(url) }, 'server render failed: the browser renders this screen');
      return null;
    }
  };
}
