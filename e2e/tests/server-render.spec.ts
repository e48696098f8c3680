import { apiPaths } from '@school/contract/paths';
import { apiCourses, catalogueText } from './catalogue-support.js';
import { expect, test } from './fixtures.js';
import { apiCallsOf, expectAccessible, pathOf, screenHeading } from './support.js';

/*
 * Public screens rendered on the server (decision 015): the page arrives with the
 * screen and the answers of what it read, the browser takes it over (hydrates) without asking
 * for that data again, and without JavaScript the screen's content is still there. The fixture
 * fails any journey whose page could not be hydrated as it was sent.
 */

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });
  const l = catalogueText.cn;

  test('the course list and a course arrive rendered and are taken over without asking again', async ({ page }) => {
    const [first] = await apiCourses(page, 'updatedTime', 1, 'cn');
    const calls = apiCallsOf(page);
    await page.goto('/mobile/courses');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page).toHaveTitle(l.courseListHeading);
    const cards = page.getByTestId('course-card');
    await expect(cards.first().getByRole('heading')).toHaveText(first!.title);
    await page.waitForLoadState('networkidle');
    // Neither the layout load nor the list: the page carried them.
    expect(calls).toEqual([]);
    // The page carried the styles its markup uses; the whole stylesheet is now switched on.
    await expect(page.locator('link[data-deferred]').first()).toHaveAttribute('media', 'all');
    await expectAccessible(page);

    // Taken over: a tag filters the list (the first call this page makes).
    const tags = page.getByRole('group', { name: l.tags });
    await tags.getByRole('button', { name: '热门' }).click();
    await expect(tags.getByRole('button', { name: '热门' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/tagId=\d+/);
    await expect.poll(() => calls).toContain(apiPaths.courses);

    // A course, opened afresh: its detail came with the page too.
    calls.length = 0;
    await page.goto(`/mobile/courses/${first!.uid}`);
    await expect(page.getByTestId('course-title')).toHaveText(first!.title);
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    await page.getByRole('button', { name: l.join }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/mobile\/login/);
  });
});

test('without JavaScript a visitor still reads the course list, a course and an article, and searches', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
  const page = await context.newPage();
  const [first] = await apiCourses(page, 'updatedTime', 1, 'en');

  await page.goto('/mobile/courses');
  await expect(screenHeading(page)).toHaveText(catalogueText.en.courseListHeading);
  await expect(page.getByTestId('course-card').first().getByRole('heading')).toHaveText(first!.title);
  // Styled by what the page carries inline: its stylesheets stay switched off without the code.
  await expect(page.locator('link[data-deferred]').first()).toHaveAttribute('media', 'print');
  await expect(page.getByTestId('course-card').first().locator('img').first()).toHaveCSS('position', 'absolute');

  await page.getByTestId('course-card').first().click();
  await expect(page.getByTestId('course-title')).toHaveText(first!.title);
  await expect(page.getByTestId('price-tag').first()).toBeVisible();

  await page.goto('/mobile/articles/1');
  await expect(page.getByRole('article').getByRole('heading').first()).not.toBeEmpty();

  // A search is an ordinary form until the code takes over: the server renders its results.
  await page.goto('/mobile/search');
  await page.getByRole('searchbox').fill(first!.title);
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/type=COURSE&keyword=/);
  await expect(page.getByRole('link', { name: first!.title }).first()).toBeVisible();
  await context.close();
});
