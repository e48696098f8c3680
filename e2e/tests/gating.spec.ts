import { expect, test } from './fixtures.js';
import {
  accounts,
  loginWithPassword,
  patchSystemConfig,
  pathOf,
  resetSystemConfig,
  screenHeading,
  text,
} from './support.js';

// docs/product.md#access-gating and the 403 ipBlocked flow, switched on through the dev routes.

test.afterEach(async ({ request }) => {
  await resetSystemConfig(request);
});

test.describe('mobile channel (enableWap) off', () => {
  for (const path of ['/mobile/', '/mobile/me', '/mobile/login', '/mobile/tailwind']) {
    test(`${path} lands on deviceBlocked`, async ({ page, request }) => {
      await patchSystemConfig(request, { accessConfig: { enableWap: false } });

      await page.goto(path);

      await page.waitForURL('**/mobile/device-blocked');
      await expect(page.getByRole('heading', { name: text.en.deviceBlocked })).toBeVisible();
      await expect(screenHeading(page)).toHaveText('No access');
      await expect(page.getByRole('navigation', { name: text.en.tabBar })).toHaveCount(0);
    });
  }

  test.describe('in Chinese', () => {
    test.use({ locale: 'zh-CN' });

    test('the deviceBlocked page speaks Chinese', async ({ page, request }) => {
      await patchSystemConfig(request, { accessConfig: { enableWap: false } });
      await page.goto('/mobile/me');
      await page.waitForURL('**/mobile/device-blocked');
      await expect(page.getByRole('heading', { name: text.cn.deviceBlocked })).toBeVisible();
    });
  });

  test('turned on again, deviceBlocked goes to the homepage', async ({ page, request }) => {
    await patchSystemConfig(request, { accessConfig: { enableWap: false } });
    await page.goto('/mobile/me');
    await page.waitForURL('**/mobile/device-blocked');
    await expect(page.getByRole('heading', { name: text.en.deviceBlocked })).toBeVisible();

    await patchSystemConfig(request, { accessConfig: { enableWap: true } });
    await page.goto('/mobile/device-blocked');

    await expect.poll(() => pathOf(page)).toMatch(/^\/mobile\/?$/);
    await expect(screenHeading(page)).toHaveText(text.en.homeHeading);
    await expect(page.getByRole('navigation', { name: text.en.tabBar })).toBeVisible();
  });
});

test.describe('open access off', () => {
  test.beforeEach(async ({ request }) => {
    await patchSystemConfig(request, { accessConfig: { enableOpenAccess: false } });
  });

  test('an anonymous learner opening /me lands on loginHome and returns to /me after logging in', async ({ page }) => {
    await page.goto('/mobile/me');

    await page.waitForURL('**/mobile/login/home');
    await expect(screenHeading(page)).toHaveText(text.en.loginHeading);

    await loginWithPassword(page, accounts.learner);
    await page.waitForURL('**/mobile/me');
    await expect(page.getByRole('heading', { name: accounts.learner.nickname })).toBeVisible();
  });

  test('the homepage also goes to loginHome', async ({ page }) => {
    await page.goto('/mobile/');
    await page.waitForURL('**/mobile/login/home');
    await expect(page.getByLabel('Username or phone number')).toBeVisible();
  });

  test('the agreement pages and the login page stay reachable', async ({ page }) => {
    await page.goto('/mobile/me/agreement/terms');
    await expect(screenHeading(page)).toHaveText('Terms of Service');
    await expect(
      page.getByRole('main').getByText('Welcome to the online learning service of Demo School'),
    ).toBeVisible();
    expect(pathOf(page)).toBe('/mobile/me/agreement/terms');

    await page.goto('/mobile/me/agreement/privacy');
    await expect(screenHeading(page)).toHaveText('Privacy Policy');
    expect(pathOf(page)).toBe('/mobile/me/agreement/privacy');

    await page.goto('/mobile/login');
    await expect(page.getByLabel('Username or phone number')).toBeVisible();
    // The gate has had the config: still on login, not sent on to loginHome.
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
    expect(pathOf(page)).toBe('/mobile/login');

    // The login form's agreement link works for an anonymous learner too.
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL('**/mobile/me/agreement/terms');
    await expect(screenHeading(page)).toHaveText('Terms of Service');
  });
});

test.describe('blocked IP', () => {
  test('opening the app ends on the ipBlocked page', async ({ page, request }) => {
    await patchSystemConfig(request, { blockedIps: ['127.0.0.1'] });

    await page.goto('/mobile/');

    await page.waitForURL('**/mobile/403/ip');
    await expect(page.getByRole('heading', { name: text.en.ipBlocked })).toBeVisible();
    await expect(screenHeading(page)).toHaveText('No access');
    await expect(page.getByRole('navigation', { name: text.en.tabBar })).toHaveCount(0);
  });

  test('unblocked again, "Try again" leads to a working homepage', async ({ page, request }) => {
    await patchSystemConfig(request, { blockedIps: ['127.0.0.1'] });
    await page.goto('/mobile/');
    await page.waitForURL('**/mobile/403/ip');

    await resetSystemConfig(request);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/mobile\/?$/);
    await expect(screenHeading(page)).toHaveText(text.en.homeHeading, { timeout: 3_000 });
    await expect(page.getByRole('navigation', { name: text.en.tabBar })).toBeVisible({ timeout: 3_000 });
  });
});
