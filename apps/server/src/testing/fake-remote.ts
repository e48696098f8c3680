import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for a remote API (SMS gateways, captcha, WeChat) on 127.0.0.1: adapters are
 * pointed at it through their configurable endpoint, never at the internet. The handler sees
 * each request raw (method, URL, headers, body text) so it can verify signatures the way the
 * real service does, and answers with a status and a JSON body.
 */

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status?: number;
  json: unknown;
}

export interface FakeRemote {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeRemote(
  handler: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeRemote> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve()
        .then(() => handler(recorded))
        .then(
          (answer) => {
            res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
            res.end(JSON.stringify(answer.json));
          },
          (error: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(String(error));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
