import { type Page, type TestInfo } from '@playwright/test';
import { newLearner } from './catalogue-support.js';
import { expect, test } from './fixtures.js';
import { courseLessons } from './lessons-support.js';
import { expectAccessible, logIn, screenHeading, type text } from './support.js';

/*
 * Comfort (docs/product.md#appearance): the dark theme and the largest text size chosen in Me →
 * Settings, kept on the device and on <html> before any of the app's code runs (a server-rendered
 * page shows in them with the app's scripts blocked), then the home, a course, a lesson, the exam
 * screen and an order in them: axe clean, nothing wider than the phone, a screenshot of each
 * attached. Each language uses a learner of its own (`newLearner` 56 and 57).
 */

type Lang = keyof typeof text;

const comfortText = {
  en: { me: 'Me', theme: 'Appearance', dark: 'Dark', size: 'Text size', largest: 'Extra large' },
  cn: { me: '我的', theme: '外观', dark: '深色', size: '字体大小', largest: '特大' },
} as const;

/** --color-canvas of the dark theme (apps/web/src/app/app.css), as the browser reports it. */
const darkCanvas = 'rgb(15, 18, 23)';
const lightCanvas = 'rgb(244, 246, 249)';

/** A course with a price for the order, and the free course whose lessons the learner opens. */
const paidCourse = 'typescript-in-practice';
const freeCourse = 'javascript-from-zero';
const exam = 'node-basics-test';

function pageLook(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme ?? null,
    textSize: document.documentElement.dataset.textSize ?? null,
    canvas: getComputedStyle(document.documentElement).backgroundColor,
    rootFontSize: getComputedStyle(document.documentElement).fontSize,
  }));
}

/** Axe clean, no sideways scrolling (text cut off or pushed past the edge), and a screenshot attached. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  // Nothing reaching past the phone's right edge (text pushed off screen), named when something does.
  const pastTheEdge = await page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 1;
    // Inside a box that scrolls or clips sideways (a row of tabs), what lies past its edge is meant to.
    const heldBack = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible' && box.getBoundingClientRect().right <= edge) return true;
      }
      return false;
    };
    return (
      Array.from(document.body.querySelectorAll('*'))
        .filter((element) => element.getBoundingClientRect().right > edge && !heldBack(element))
        // Read by screen readers only, never shown.
        .filter((element) => !element.closest('.sr-only'))
        .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`.slice(0, 120))
    );
  });
  expect(pastTheEdge, `${name}: past the right edge`).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name} wider than the phone`,
  ).toBeLessThanOrEqual(375);
  await expectAccessible(page);
}

function comfortJourney(lang: Lang, n: number) {
  const t = comfortText[lang];

  test('dark and extra large text: chosen in Settings, there before the code on reload, on the five screens', async ({
    page,
    request,
  }, testInfo) => {
    // Five screens each checked by axe and photographed, and a sign-in.
    test.setTimeout(90_000);

    // With nothing chosen the theme is the system's, through CSS alone.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/mobile/me');
    await expect(screenHeading(page)).toHaveText(t.me);
    expect(await pageLook(page)).toMatchObject({ theme: null, canvas: darkCanvas });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await pageLook(page)).toMatchObject({ theme: null, canvas: lightCanvas });
    // The settings themselves in the light theme.
    await expectAccessible(page);

    // A visitor's Settings: Dark and Extra large, applied at once.
    await page.getByRole('group', { name: t.theme }).getByRole('button', { name: t.dark }).click();
    await page.getByRole('group', { name: t.size }).getByRole('button', { name: t.largest }).click();
    await expect(page.getByRole('group', { name: t.size }).getByRole('button', { name: t.largest })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // 16 px × 1.3 at 375 px wide.
    expect(await pageLook(page)).toEqual({
      theme: 'dark',
      textSize: 'extra-large',
      canvas: darkCanvas,
      rootFontSize: '20.8px',
    });

    await page.getByRole('group', { name: t.size }).scrollIntoViewIfNeeded();
    await checkScreen(page, testInfo, `me-${lang}`);

    // A server-rendered page with none of the app's code allowed to run still opens dark and large:
    // only the page's own head script has run.
    await page.route(/\/mobile\/(assets\/.*\.js|start-after-paint\.js)$/, (route) => route.abort());
    const answer = await page.goto(`/mobile/courses/${paidCourse}`);
    // The server sent <html> without them (the same page for every visitor's device) and the head script.
    const sent = await answer!.text();
    expect(/<html[^>]*>/.exec(sent)?.[0]).not.toContain('data-');
    expect(sent.indexOf('localStorage')).toBeGreaterThan(0);
    expect(sent.indexOf('localStorage')).toBeLessThan(sent.indexOf('<style>'));
    await expect(page.getByTestId('course-title')).toBeVisible();
    expect(await pageLook(page)).toEqual({
      theme: 'dark',
      textSize: 'extra-large',
      canvas: darkCanvas,
      rootFontSize: '20.8px',
    });
    await page.unrouteAll();

    // The learner's screens in the dark theme at the largest size.
    const account = await newLearner(request, n);
    await logIn(page, account);
    for (const uid of [freeCourse]) {
      expect((await page.request.post(`/api/courses/${uid}/join`)).status()).toBe(201);
    }
    expect((await page.request.post(`/api/exams/${exam}/join`)).status()).toBeLessThan(300);

    await page.goto('/mobile/');
    await expect(page.getByRole('main')).toBeVisible();
    await checkScreen(page, testInfo, `home-${lang}`);

    await page.goto(`/mobile/courses/${paidCourse}`);
    await expect(page.getByTestId('course-title')).toBeVisible();
    await checkScreen(page, testInfo, `course-${lang}`);

    const lessons = await courseLessons(request, freeCourse, lang);
    const video = lessons.find((lesson) => lesson.mediaType === 'VIDEO')!;
    await page.goto(`/mobile/lessons/${video.id}`);
    await expect(page.locator('video')).toBeVisible();
    await checkScreen(page, testInfo, `lesson-video-${lang}`);
    const pdf = lessons.find((lesson) => lesson.mediaType === 'PDF');
    if (pdf) {
      await page.goto(`/mobile/lessons/${pdf.id}`);
      // Its first page, drawn as an image at import (decision 029), loaded.
      await expect(page.getByTestId('pdf-viewer').locator('img').first()).toHaveJSProperty('complete', true);
      await checkScreen(page, testInfo, `lesson-pdf-${lang}`);
    }

    await page.goto(`/mobile/exam/${exam}/test`);
    await page.getByRole('radio').first().check();
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await checkScreen(page, testInfo, `exam-${lang}`);

    const ordered = await page.request.post('/api/orders', {
      data: { productType: 'COURSE', uid: paidCourse, couponId: null, idempotencyKey: crypto.randomUUID() },
    });
    expect(ordered.status(), await ordered.text()).toBe(201);
    const { tradeNo } = (await ordered.json()) as { tradeNo: string };
    await page.goto(`/mobile/orders/${tradeNo}`);
    await expect(page.getByTestId('pay')).toBeVisible();
    await checkScreen(page, testInfo, `order-${lang}`);

    // More of the learner's screens in the dark theme (one language: the colours are the same in both).
    if (lang === 'en') {
      for (const [name, address, ready] of [
        ['course-list', '/mobile/courses?pathFrom=tab', page.getByTestId('course-card').first()],
        ['learning', '/mobile/learning/courses', page.getByRole('link', { name: 'Continue learning' }).first()],
        ['orders', '/mobile/orders', page.getByTestId('order-card').first()],
        ['exam-detail', `/mobile/exam/${exam}`, page.getByTestId('exam-facts')],
        ['article', '/mobile/articles/1', page.getByTestId('article-detail')],
      ] as const) {
        await page.goto(address);
        await expect(ready).toBeVisible();
        await checkScreen(page, testInfo, `${name}-${lang}`);
      }
    }

    // Kept on this device: still dark and large after all these pages.
    expect(await pageLook(page)).toMatchObject({ theme: 'dark', textSize: 'extra-large' });
  });
}

test.describe('in English', () => {
  comfortJourney('en', 56);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });
  comfortJourney('cn', 57);
});
