import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  accounts,
  expectAccessible,
  expectPopupsSettled,
  logIn,
  patchSystemConfig,
  resetSystemConfig,
  screenHeading,
  tapSize,
  text,
} from './support.js';

// docs/architecture.md#quality-bars: axe finds no serious or critical violation on any shell screen.

test.afterEach(async ({ request }) => {
  await resetSystemConfig(request);
});

/** Opens a screen and waits until its content (not a skeleton) is on screen. */
async function open(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, exact: typeof name === 'string' })).toBeVisible();
};

test.describe('English', () => {
  const screens: Array<[string, string, (page: Page) => Promise<void>]> = [
    [
      'home',
      '/mobile/',
      async (page) => {
        await expect(screenHeading(page)).toHaveText(text.en.homeHeading);
        await expect(page.getByRole('navigation', { name: text.en.tabBar })).toBeVisible();
        // The micro page's blocks, not its skeleton.
        await expect(page.getByRole('main').getByText(text.en.homeNotice)).toBeVisible();
      },
    ],
    ['me (logged out)', '/mobile/me', heading(text.en.guestTitle)],
    ['login', '/mobile/login', async (page) => expect(page.getByLabel('Username or phone number')).toBeVisible()],
    [
      'agreement',
      '/mobile/me/agreement/terms',
      async (page) => expect(page.getByRole('main').getByText(/Welcome to the online learning service/)).toBeVisible(),
    ],
    ['ip blocked', '/mobile/403/ip', heading(text.en.ipBlocked)],
    ['tailwind', '/mobile/tailwind', heading('Colours')],
  ];

  for (const [name, path, ready] of screens) {
    test(name, async ({ page }) => {
      await open(page, path, ready);
      await expectAccessible(page);
    });
  }

  test('me (logged in)', async ({ page }) => {
    await logIn(page, accounts.learner);
    await open(page, '/mobile/me', heading(accounts.learner.nickname));
    await expectAccessible(page);
  });

  test('sign-out dialog', async ({ page }) => {
    await logIn(page, accounts.learner);
    await open(page, '/mobile/me', heading(accounts.learner.nickname));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign out?' })).toBeVisible();
    await expectPopupsSettled(page);
    await expectAccessible(page);
  });

  test('small links and buttons are tapped over 44 px: Forgot password, a course card’s Continue', async ({ page }) => {
    await page.goto('/mobile/login');
    const forgot = page.getByRole('link', { name: 'Forgot password?' });
    await expect(forgot).toBeVisible();
    expect((await tapSize(forgot)).height).toBeGreaterThanOrEqual(44);
    await logIn(page, accounts.learner);
    await page.goto('/mobile/learning/courses');
    const go = page.getByTestId('my-course-continue').first();
    await expect(go).toBeVisible();
    expect((await tapSize(go)).height).toBeGreaterThanOrEqual(44);
  });

  test('device blocked', async ({ page, request }) => {
    await patchSystemConfig(request, { accessConfig: { enableWap: false } });
    await open(page, '/mobile/device-blocked', heading(text.en.deviceBlocked));
    await expectAccessible(page);
  });
});

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('home', async ({ page }) => {
    await open(page, '/mobile/', async (p) => {
      await expect(screenHeading(p)).toHaveText(text.cn.homeHeading);
      await expect(p.getByRole('main').getByText(text.cn.homeNotice)).toBeVisible();
    });
    await expectAccessible(page);
  });

  test('login', async ({ page }) => {
    await open(page, '/mobile/login', async (p) => expect(p.getByLabel('用户名或手机号')).toBeVisible());
    await expectAccessible(page);
  });
});
