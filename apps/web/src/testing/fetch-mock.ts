import { vi } from 'vitest';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/**
 * A `fetch` stand-in answering by URL: each handler may answer or pass (undefined). Unanswered
 * calls fail the test loudly with a 599.
 */
export function routedFetch(...routes: Route[]) {
  return vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    for (const route of routes) {
      const answer = await route(url, init);
      if (answer) return answer;
    }
    return new Response(`unexpected ${init?.method ?? 'GET'} ${url.pathname}${url.search}`, { status: 599 });
  });
}

/** The calls a fetch mock received, as `METHOD /path?query` strings. */
export function callsOf(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}
