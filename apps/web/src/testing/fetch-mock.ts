import { expect, vi } from 'vitest';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

// Requests no route answered, since the last check (setup-tests.ts checks after every test).
const unexpected: string[] = [];

/**
 * A `fetch` stand-in answering by URL: each handler may answer or pass (undefined). An
 * unanswered call fails as a network error would, and is recorded: the UI may well swallow the
 * error (an error state, a silent retry), so the test fails afterwards all the same.
 */
export function routedFetch(...routes: Route[]) {
  return vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    for (const route of routes) {
      const answer = await route(url, init);
      if (answer) return answer;
    }
    const call = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    unexpected.push(`${call} (in "${expect.getState().currentTestName ?? 'no test'}")`);
    throw new TypeError(`unmocked request: ${call}`);
  });
}

/** Throws if a routed fetch met a request none of its routes answered since the last check. */
export function assertNoUnexpectedRequests(): void {
  if (unexpected.length === 0) return;
  const calls = unexpected.splice(0);
  throw new Error(`Requests no route of routedFetch answered:\n- ${calls.join('\n- ')}`);
}

/** The calls a fetch mock received, as `METHOD /path?query` strings. */
export function callsOf(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}
