/*
 * What the browser gives the app and the server must lend it while it renders a public screen
 * (app/entry-server.tsx, decision 015). In the browser build `import.meta.env.SSR` is false and
 * none of this is used, so the bundler drops it.
 */

/** Answers one API call made during a server render, for the request being rendered. */
export type ServerTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ServerTransport | null = null;
let origin = 'http://localhost';
let userAgent = '';

export function setServerTransport(next: ServerTransport): void {
  transport = next;
}

/** The page's own origin during a render (renders run one at a time: entry-server.tsx). */
export function setServerOrigin(next: string): void {
  origin = next;
}

export function serverOrigin(): string {
  return origin;
}

/** The browser's user agent as the page's request named it (WeChat's browser renders some screens its own way). */
export function setServerUserAgent(next: string): void {
  userAgent = next;
}

export function serverUserAgent(): string {
  return userAgent;
}

export const serverFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  if (!transport) throw new Error('server render without a transport');
  return transport(String(input), init ?? {});
}) as typeof fetch;
