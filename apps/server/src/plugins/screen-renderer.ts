import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedScreen, ScreenRenderRequest } from '@school/contract/paths';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { redactUrl } from '../lib/request-log.js';

/*
 * The web build's renderer of the screens (apps/web/src/app/entry-server.tsx, decision 015),
 * loaded from the build beside the app's files. Its API calls come back here through the
 * server's own routes (inject), for the page's school, from the page's address and in its
 * language, and with the page's session cookie when it has a learner (issue 28): access rules,
 * the visitor cache and every learner-only check apply as to any call.
 */

/** A rendered screen, and the API addresses its render read (each answered 200). */
export interface RenderedPage extends RenderedScreen {
  reads: string[];
}

/** `signedIn`: the page came with a session cookie; the screen is then rendered for its learner. */
export type RenderScreen = (request: FastifyRequest, signedIn: boolean) => Promise<RenderedPage | null>;

/** The route at a page's address, whether or not the server renders its screen (decision 031). */
export type ScreenRoute = (request: FastifyRequest, signedIn: boolean) => string | null;

export interface ScreenRendering {
  render: RenderScreen;
  routeOf: ScreenRoute;
}

type Transport = (url: string, init: { method?: string }) => Promise<Response>;

interface RendererModule {
  createScreenRenderer(transport: Transport): Promise<{
    render(request: ScreenRenderRequest): Promise<RenderedScreen | null>;
    routeOf(url: string, signedIn: boolean): string | null;
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

/**
 * A GET of our own API for this page's learner: as `askAsVisitor`, with the page's session
 * cookie, so the answer is theirs (or a 401 once the session has ended).
 */
function askAsPageLearner(app: FastifyInstance, request: FastifyRequest, url: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    headers: {
      host: request.host,
      'accept-language': request.headers['accept-language'] ?? '',
      cookie: request.headers.cookie ?? '',
    },
    remoteAddress: request.ip,
  });
}

const bodiless = new Set([204, 304]);

/** The renderer in `webDistDir/server`, or null when the build has none (the browser renders every screen). */
export async function loadScreenRenderer(app: FastifyInstance, webDistDir: string): Promise<ScreenRendering | null> {
  const entry = path.join(webDistDir, 'server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const rendering = new AsyncLocalStorage<{ request: FastifyRequest; signedIn: boolean; reads: Set<string> }>();
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
    const page = rendering.getStore();
    // A render only reads; anything else would act for a learner who asked for nothing.
    if (!page || (init.method ?? 'GET') !== 'GET') throw new Error('a server render may only read');
    const reply = await (page.signedIn ? askAsPageLearner : askAsVisitor)(app, page.request, url);
    if (reply.statusCode === 200) page.reads.add(url);
    return new Response(bodiless.has(reply.statusCode) ? null : reply.rawPayload, {
      status: reply.statusCode,
      headers: { 'content-type': String(reply.headers['content-type'] ?? '') },
    });
  }

  const appUrl = (request: FastifyRequest) => request.url.slice('/mobile'.length) || '/';
  const render: RenderScreen = async (request, signedIn) => {
    const url = appUrl(request);
    const reads = new Set<string>();
    try {
      const screen = await rendering.run({ request, signedIn, reads }, () =>
        renderer.render({
          url,
          origin: `${request.protocol}://${request.host}`,
          locale: request.locale,
          signedIn,
          userAgent: request.headers['user-agent'] ?? '',
        }),
      );
      return screen && { ...screen, reads: [...reads] };
    } catch (error) {
      // The page still works: the browser renders the screen as it did before.
      request.log.warn({ err: error, url: redactUrl(url) }, 'server render failed: the browser renders this screen');
      return null;
    }
  };
  const routeOf: ScreenRoute = (request, signedIn) => {
    try {
      return renderer.routeOf(appUrl(request), signedIn);
    } catch {
      // An address the router cannot read: the page names no files, and the browser copes.
      return null;
    }
  };
  return { render, routeOf };
}
