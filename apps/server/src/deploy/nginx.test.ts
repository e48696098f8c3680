import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect as http2Connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { limits } from '@school/contract/validation';
import { operatorPaths } from '@school/contract/health';
import { apiPaths } from '@school/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../demo-data/demo-accounts.js';
import { freePort, nginxBinary } from '../testing/nginx.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/*
 * Decision 020: the shipped nginx configuration (deploy/nginx), rendered as docs/deploy.md says, in
 * front of two server processes: `nginx -t` accepts it, HTTPS with HTTP/2 answers, requests are
 * spread over both processes and go on to the other when one is gone, the processes see the
 * client's address (not one the client made up), and a body over the server's limit is refused.
 * Debian's nginx (installed by .ci/run); openssl makes the self-signed certificate.
 */

const execFileAsync = promisify(execFile);
const deployDir = fileURLToPath(new URL('../../../../deploy/nginx/', import.meta.url));

interface Served {
  t: TestApp;
  port: number;
  seen: number;
}

let dir: string;
let nginx: ChildProcess | null = null;
let cert: Buffer;
const processes: Served[] = [];
const ports = { http: 0, https: 0 };

async function startProcess(): Promise<Served> {
  const served = { port: 0, seen: 0 } as Served;
  served.t = await createTestApp(
    { trustProxy: ['127.0.0.1'] },
    {
      beforeReady: (app) => {
        app.addHook('onRequest', async () => void (served.seen += 1));
        // What the process believes the client's address is.
        app.get('/test/client-address', { config: { skipTenant: true } }, async (request) => ({ ip: request.ip }));
      },
    },
  );
  served.port = Number(new URL(await served.t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  return served;
}

/** An HTTPS request to nginx over HTTP/1.1 (the certificate is ours). */
function viaNginx(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: Buffer } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: ports.https,
        method,
        path: url,
        ca: cert,
        servername: 'localhost',
        headers: { host: `localhost:${ports.https}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe.runIf(nginxBinary !== null)('the shipped nginx configuration', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'school-nginx-'));
    await execFileAsync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ]);
    cert = await readFile(path.join(dir, 'cert.pem'));
    processes.push(await startProcess(), await startProcess());
    ports.http = await freePort();
    ports.https = await freePort();
    const { nginxMainConfig, renderNginxConfig } = (await import(
      pathToFileURL(path.join(deployDir, 'render.mjs')).href
    )) as {
      renderNginxConfig(settings: Record<string, string>): string;
      nginxMainConfig(dir: string, site: string): string;
    };
    const site = renderNginxConfig({
      SCHOOL_UPSTREAM_SERVERS: processes
        .map((p) => `server 127.0.0.1:${p.port} max_fails=1 fail_timeout=2s;`)
        .join(' '),
      SCHOOL_SERVER_NAMES: 'localhost',
      SCHOOL_HTTP_PORT: String(ports.http),
      SCHOOL_HTTPS_PORT: String(ports.https),
      SCHOOL_TLS_CERTIFICATE: path.join(dir, 'cert.pem'),
      SCHOOL_TLS_CERTIFICATE_KEY: path.join(dir, 'key.pem'),
    });
    await writeFile(path.join(dir, 'school.conf'), site);
    // The main file stands in for Debian's /etc/nginx/nginx.conf, kept to this folder.
    await writeFile(path.join(dir, 'nginx.conf'), nginxMainConfig(dir, path.join(dir, 'school.conf')));
    await execFileAsync(nginxBinary!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')]);
    nginx = spawn(nginxBinary!, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (
        await viaNginx('GET', operatorPaths.healthz).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all(processes.map((p) => p.t.close()));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers over HTTPS with HTTP/2, and sends plain HTTP to HTTPS', async () => {
    const session = http2Connect(`https://localhost:${ports.https}`, { ca: cert });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': operatorPaths.readyz });
        stream.on('response', (headers) => resolve(Number(headers[':status'])));
        stream.on('error', reject);
        stream.resume();
      });
      expect(status).toBe(200);
      expect(session.alpnProtocol).toBe('h2');
    } finally {
      session.close();
    }
    const redirect = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      httpRequest(
        { host: '127.0.0.1', port: ports.http, path: '/mobile/courses', headers: { host: 'localhost' } },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode!, location: res.headers.location });
        },
      )
        .on('error', reject)
        .end();
    });
    expect(redirect).toEqual({ status: 301, location: 'https://localhost/mobile/courses' });
  });

  it('spreads requests over both processes', async () => {
    const before = processes.map((p) => p.seen);
    for (let i = 0; i < 20; i++) expect((await viaNginx('GET', apiPaths.tenantCurrent)).status).toBe(200);
    processes.forEach((p, i) => expect(p.seen - before[i]!, `process ${i}`).toBeGreaterThan(0));
  });

  it('tells the processes the client’s address, never one the client sent', async () => {
    const res = await viaNginx('GET', '/test/client-address', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(JSON.parse(res.body)).toEqual({ ip: '127.0.0.1' });
  });

  it('lets a browser’s sign-in through: its Origin is the host it wrote, port included', async () => {
    const res = await viaNginx('POST', apiPaths.login, {
      headers: { origin: `https://localhost:${ports.https}`, 'content-type': 'application/json' },
      body: Buffer.from(
        JSON.stringify({ username: demoAccounts.learner.username, password: demoAccounts.learner.password }),
      ),
    });
    expect(res.status, res.body).toBe(200);
    const forged = await viaNginx('POST', apiPaths.login, {
      headers: { origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      body: Buffer.from(
        JSON.stringify({ username: demoAccounts.learner.username, password: demoAccounts.learner.password }),
      ),
    });
    expect(forged.status).toBe(403);
  });

  it('refuses a body over the server’s upload limit before any process sees it', async () => {
    const before = processes.map((p) => p.seen);
    const tooBig = Buffer.alloc(limits.uploadMaxBytes + 2 * 1024 * 1024);
    const res = await viaNginx('POST', apiPaths.files, {
      headers: { 'content-type': 'application/octet-stream' },
      body: tooBig,
    });
    expect(res.status).toBe(413);
    expect(processes.map((p) => p.seen)).toEqual(before);
  });

  it('sends every request to the other process once one is gone', async () => {
    await processes[0]!.t.app.close();
    for (let i = 0; i < 10; i++) expect((await viaNginx('GET', apiPaths.tenantCurrent)).status).toBe(200);
  });
});
