import { expect, test } from './fixtures.js';
import { newLearner, noticesGone } from './catalogue-support.js';
import { announcedNotice, expectAccessible, logIn, screenHeading, tapSize } from './support.js';

/*
 * Favourites (docs/product.md#favourites), in Chinese: a learner stars a course from its page,
 * finds it in Me → 我的收藏, unstars it on the page, and the list is empty again. A fresh
 * learner, so the list holds only what this journey stars.
 */

const course = 'python-for-beginners';

test.use({ locale: 'zh-CN' });

test('收藏一门课程，在“我的收藏”里找到它，取消收藏后列表清空', async ({ page, request }) => {
  const account = await newLearner(request, 52);
  await logIn(page, account);

  // The course page's star: off, a full finger wide, pressed once tapped, said aloud.
  await page.goto(`/mobile/courses/${course}`);
  const title = (await page.getByTestId('course-title').textContent())!.trim();
  const star = page.getByRole('button', { name: '收藏', exact: true });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  const size = await tapSize(star);
  expect(size.width).toBeGreaterThanOrEqual(44);
  expect(size.height).toBeGreaterThanOrEqual(44);
  await star.click();
  const starred = page.getByRole('button', { name: '取消收藏', exact: true });
  await expect(starred).toHaveAttribute('aria-pressed', 'true');
  await expect(announcedNotice(page)).toHaveText('已收藏');
  await noticesGone(page);
  await expectAccessible(page);

  // Me → 我的收藏: the course, as the catalogue's card.
  await page.goto('/mobile/me');
  await page.getByRole('link', { name: '我的收藏' }).click();
  await expect(page).toHaveURL(/\/mobile\/me\/favourites/);
  await expect(screenHeading(page)).toHaveText('我的收藏');
  await expect(page.getByRole('tab', { name: '课程' })).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByTestId('favourite-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(title);
  // A page, not a tab: a way back.
  await expect(page.getByRole('button', { name: '返回' })).toBeVisible();
  await expectAccessible(page);
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 812 });
    const overflow = await cards.first().evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(overflow, `the card fits at ${width} px`).toBe(false);
  }

  // Nothing else starred: the exams tab says so, with a way to find exams.
  await page.getByRole('tab', { name: '考试' }).click();
  await expect(page.getByText('还没有收藏的考试')).toBeVisible();
  await expect(page.getByRole('link', { name: '去发现考试' })).toHaveAttribute('href', '/mobile/single/exams');
  await expectAccessible(page);
  await page.getByRole('tab', { name: '课程' }).click();
  await expect(cards).toHaveCount(1);

  // The card leads back to the course, where the star is on; unstarring there empties the list.
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/mobile/courses/${course}`));
  await page.getByRole('button', { name: '取消收藏', exact: true }).click();
  await expect(page.getByRole('button', { name: '收藏', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(announcedNotice(page)).toHaveText('已取消收藏');
  await page.goBack();
  await expect(screenHeading(page)).toHaveText('我的收藏');
  await expect(page.getByText('还没有收藏的课程')).toBeVisible();
  await expect(cards).toHaveCount(0);
  await noticesGone(page);
  await expectAccessible(page);
});
