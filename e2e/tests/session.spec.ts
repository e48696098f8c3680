import { type BrowserContext } from '@playwright/test';
import { notificationPaths } from '@school/contract/notification-paths';
import { expect, test } from './fixtures.js';
import {
  accounts,
  announcedNotice,
  logIn,
  loginWithPassword,
  pathOf,
  resetSystemConfig,
  screenHeading,
  text,
  toast,
} from './support.js';

// Password login, remember-me, the 401 flow of an expired session, and signing out (docs/product.md#session).

const rememberMeSeconds = 10 * 24 * 60 * 60;

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'sid');
  expect(cookie, 'the sid session cookie').toBeDefined();
  return cookie!;
}

test.afterEach(async ({ request }) => {
  await resetSystemConfig(request);
});

test('logging in by password shows the learner on the Me page', async ({ page }) => {
  await page.goto('/mobile/login');
  await expect(screenHeading(page)).toHaveText(text.en.loginHeading);

  await loginWithPassword(page, accounts.learner);

  // Nothing to return to: the homepage.
  await expect.poll(() => pathOf(page)).toMatch(/^\/mobile\/?$/);
  await page.goto('/mobile/me');
  await expect(page.getByRole('heading', { name: accounts.learner.nickname })).toBeVisible();
  await expect(page.getByText('Username: learner')).toBeVisible();
});

test('without remember me the cookie lasts for the browser session', async ({ page, context }) => {
  await logIn(page, accounts.newbie);
  const cookie = await sessionCookie(context);
  expect(cookie.expires).toBe(-1);
  expect(cookie.httpOnly).toBe(true);
});

test('remember me keeps the cookie for 10 days', async ({ page, context }) => {
  await logIn(page, accounts.newbie, { rememberMe: true });
  const cookie = await sessionCookie(context);
  const expected = Date.now() / 1000 + rememberMeSeconds;
  expect(Math.abs(cookie.expires - expected)).toBeLessThan(120);
  expect(cookie.httpOnly).toBe(true);
});

test('a wrong password shows the catalogue notice in a Toast (en)', async ({ page }) => {
  await page.goto('/mobile/login');
  await loginWithPassword(page, { username: accounts.learner.username, password: 'not-the-password' });

  await expect(toast(page, text.en.badCredential)).toBeVisible();
  await expect(announcedNotice(page)).toHaveText(text.en.badCredential);
  await expect(screenHeading(page)).toHaveText(text.en.loginHeading);
  expect(pathOf(page)).toBe('/mobile/login');
  // The Toast goes away by itself.
  await expect(toast(page, text.en.badCredential)).toBeHidden();
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('a wrong password shows the catalogue notice in a Toast (cn)', async ({ page }) => {
    await page.goto('/mobile/login');
    await expect(screenHeading(page)).toHaveText(text.cn.loginHeading);
    await loginWithPassword(page, { username: accounts.learner.username, password: 'not-the-password' });

    await expect(toast(page, text.cn.badCredential)).toBeVisible();
    await expect(announcedNotice(page)).toHaveText(text.cn.badCredential);
    expect(pathOf(page)).toBe('/mobile/login');
  });
});

test('an expired session goes to login and comes back to the page after logging in', async ({ page }) => {
  await logIn(page, accounts.learner);
  // The Me tab's badge asks for its count a few seconds after the app starts: answered before
  // the session ends, or its 401 (rather than the reload's) would sign the learner out first.
  const badgeCounted = page.waitForResponse((r) => new URL(r.url()).pathname === notificationPaths.unreadCount);
  await page.goto('/mobile/me');
  await expect(page.getByRole('heading', { name: accounts.learner.nickname })).toBeVisible();
  await badgeCounted;

  // The server forgets the session; the browser keeps its cookie and its stored user.
  const expired = await page.request.post('/api/dev/sessions/expire');
  expect(expired.status()).toBe(204);

  // The reloaded app asks for the stored learner again, gets the 401 and leaves for login. docs/product.md#session's one-second
  // wait is a timer the api-client unit test checks with a fake clock: a browser run only times the machine.
  const unauthorized = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/users/current' && r.status() === 401,
  );
  await page.reload();
  await unauthorized;
  await page.waitForURL('**/mobile/login');
  await expect(screenHeading(page)).toHaveText(text.en.loginHeading);
  // The stored user was cleared and the page remembered (JSON in localStorage, the first storage backend).
  const stored = await page.evaluate(() => ({
    user: localStorage.getItem('user'),
    lastUrl: localStorage.getItem('lastUrl'),
  }));
  expect(stored).toEqual({ user: null, lastUrl: JSON.stringify('/me') });

  await loginWithPassword(page, accounts.learner);
  await page.waitForURL('**/mobile/me');
  await expect(page.getByRole('heading', { name: accounts.learner.nickname })).toBeVisible();
});

test('signing out from the Me page (after confirming) lands on login and ends the session', async ({ page }) => {
  await logIn(page, accounts.learner);
  await page.goto('/mobile/me');
  await expect(page.getByRole('heading', { name: accounts.learner.nickname })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('You will need to log in again to continue learning.')).toBeVisible();

  // Cancel keeps the learner signed in.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: accounts.learner.nickname })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();

  await page.waitForURL('**/mobile/login');
  await expect(screenHeading(page)).toHaveText(text.en.loginHeading);
  const current = await page.request.get('/api/auth/current');
  expect(current.status()).toBe(200);
  expect(await current.json()).toEqual({ user: null });

  // The Me page shows the guest prompt again.
  await page.goto('/mobile/me');
  await expect(page.getByRole('heading', { name: text.en.guestTitle })).toBeVisible();
});
