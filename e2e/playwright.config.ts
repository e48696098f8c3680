import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeWechatAppId, fakeWechatAppSecret, startFakeWechat } from './fake-wechat.js';

// Browser journeys run against the real built server on a fresh embedded database.
const port = Number(process.env.E2E_PORT ?? 8191);
export const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database per run, made by the runner process and removed when it exits.
// Workers load this file too: they inherit the directory through the environment.
let dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) {
  const created = mkdtempSync(join(tmpdir(), 'school-e2e-'));
  process.env.E2E_DATA_DIR = dataDir = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}
// The fake WeChat API the server talks to, started by the runner; workers inherit its address.
let wechatApiBase = process.env.E2E_WECHAT_API_BASE;
if (!wechatApiBase) {
  process.env.E2E_WECHAT_API_BASE = wechatApiBase = startFakeWechat().url;
}
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    ...devices['iPhone 13'],
    browserName: 'chromium',
    viewport: { width: 375, height: 812 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The start every deployment uses (deploy/school, docs/deploy.md).
    command: '../deploy/school start',
    url: `${baseURL}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_ROUTES: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WECHAT_API_BASE: wechatApiBase,
      WECHAT_APP_ID: fakeWechatAppId,
      WECHAT_APP_SECRET: fakeWechatAppSecret,
    },
  },
});
