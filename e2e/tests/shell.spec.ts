import { apiPaths } from '@school/contract/paths';
import { expect, test } from './fixtures.js';
import { apiCallsOf, pathOf, resetSystemConfig, screenHeading, text } from './support.js';

// The app shell (docs/product.md#tab-bar, #languages): first load, tab navigation, language.

test.afterEach(async ({ request }) => {
  await resetSystemConfig(request);
});

const layoutLoad: string[] = [apiPaths.tenantCurrent, apiPaths.systemConfig, apiPaths.tabs];

test('first load shows the school name as the title and the tab bar with Home current', async ({ page }) => {
  const calls = apiCallsOf(page);
  await page.goto('/mobile/');

  await expect(page).toHaveTitle(text.en.tenantName);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(screenHeading(page)).toHaveText(text.en.homeHeading);

  const tabBar = page.getByRole('navigation', { name: text.en.tabBar });
  await expect(tabBar).toBeVisible();
  await expect(tabBar.getByRole('link')).toHaveText(['Home', 'Courses', 'Learning', 'Me']);
  await expect(tabBar.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
  // Exactly one tab is current.
  await expect(tabBar.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(tabBar.getByRole('link', { name: 'Me', exact: true })).not.toHaveAttribute('aria-current');
  // The page carried the layout load (decision 014): none of it was asked for again.
  expect(calls.filter((path) => layoutLoad.includes(path))).toEqual([]);
});

test('tabs navigate with pathFrom=tab and move the highlight', async ({ page }) => {
  await page.goto('/mobile/');
  const tabBar = page.getByRole('navigation', { name: text.en.tabBar });

  await tabBar.getByRole('link', { name: 'Me', exact: true }).tap();
  await expect.poll(() => pathOf(page)).toBe('/mobile/me?pathFrom=tab');
  await expect(screenHeading(page)).toHaveText(text.en.meHeading);
  await expect(page).toHaveTitle(text.en.meHeading);
  await expect(tabBar.getByRole('link', { name: 'Me', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(tabBar.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current');

  await tabBar.getByRole('link', { name: 'Home', exact: true }).tap();
  await expect.poll(() => pathOf(page)).toBe('/mobile/home/1?pathFrom=tab');
  await expect(screenHeading(page)).toHaveText(text.en.homeHeading);
  await expect(page).toHaveTitle(text.en.tenantName);
  await expect(tabBar.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(tabBar.getByRole('link', { name: 'Me', exact: true })).not.toHaveAttribute('aria-current');
});

test('an unknown path lands on the homepage', async ({ page }) => {
  await page.goto('/mobile/no-such-page');

  // React Router writes the basename without its trailing slash; both are the homepage.
  await expect.poll(() => pathOf(page)).toMatch(/^\/mobile\/?$/);
  await expect(screenHeading(page)).toHaveText(text.en.homeHeading);
  const tabBar = page.getByRole('navigation', { name: text.en.tabBar });
  await expect(tabBar.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
});

test.describe('language', () => {
  test('an en-US browser gets English', async ({ page }) => {
    await page.goto('/mobile/me');

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(screenHeading(page)).toHaveText(text.en.meHeading);
    await expect(page.getByRole('heading', { name: text.en.guestTitle })).toBeVisible();
    await expect(page.getByRole('navigation', { name: text.en.tabBar }).getByRole('link')).toHaveText([
      'Home',
      'Courses',
      'Learning',
      'Me',
    ]);
  });

  test.describe('zh-CN browser', () => {
    test.use({ locale: 'zh-CN' });

    test('gets Chinese: title, <html lang>, tab names and screen texts', async ({ page }) => {
      const calls = apiCallsOf(page);
      await page.goto('/mobile/');

      await expect(page).toHaveTitle(new RegExp(text.cn.tenantName));
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(screenHeading(page)).toHaveText(text.cn.homeHeading);
      const tabBar = page.getByRole('navigation', { name: text.cn.tabBar });
      await expect(tabBar.getByRole('link')).toHaveText(['首页', '课程', '学习', '我的']);
      await expect(tabBar.getByRole('link', { name: text.cn.homeTab, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );

      // Made in Chinese for a Chinese browser: taken as they are.
      expect(calls.filter((path) => layoutLoad.includes(path))).toEqual([]);

      await tabBar.getByRole('link', { name: text.cn.meTab, exact: true }).click();
      await expect(screenHeading(page)).toHaveText(text.cn.meHeading);
      await expect(page.getByRole('heading', { name: text.cn.guestTitle })).toBeVisible();
    });

    test('the switch to English on the Me page persists across reloads', async ({ page }) => {
      await page.goto('/mobile/me');
      await expect(screenHeading(page)).toHaveText(text.cn.meHeading);

      const languages = page.getByRole('group', { name: text.cn.languageGroup });
      await languages.getByRole('button', { name: 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(screenHeading(page)).toHaveText(text.en.meHeading);
      await expect(
        page.getByRole('group', { name: text.en.languageGroup }).getByRole('button', { name: 'English' }),
      ).toHaveAttribute('aria-pressed', 'true');

      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(screenHeading(page)).toHaveText(text.en.meHeading);
      await expect(page.getByRole('heading', { name: text.en.guestTitle })).toBeVisible();

      // Also on a fresh load of another page, the school's own texts included.
      await page.goto('/mobile/');
      await expect(page).toHaveTitle(text.en.tenantName);
      await expect(
        page.getByRole('navigation', { name: text.en.tabBar }).getByRole('link', { name: 'Me', exact: true }),
      ).toBeVisible();
    });
  });

  test('the switch to Chinese on the Me page persists across reloads', async ({ page }) => {
    await page.goto('/mobile/me');
    await expect(screenHeading(page)).toHaveText(text.en.meHeading);

    await page.getByRole('group', { name: text.en.languageGroup }).getByRole('button', { name: '中文' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(screenHeading(page)).toHaveText(text.cn.meHeading);
    await expect(page).toHaveTitle(text.cn.meHeading);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(screenHeading(page)).toHaveText(text.cn.meHeading);
    await expect(
      page.getByRole('group', { name: text.cn.languageGroup }).getByRole('button', { name: '中文' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/mobile/');
    await expect(page).toHaveTitle(new RegExp(text.cn.tenantName));
    await expect(page.getByRole('navigation', { name: text.cn.tabBar }).getByRole('link')).toHaveText([
      '首页',
      '课程',
      '学习',
      '我的',
    ]);
  });
});
