import { expect, test as base, type Page } from '@playwright/test';

/*
 * The `test` every journey uses: Playwright's, plus a watch on the page's console for
 * Content-Security-Policy refusals. The server sends a strict policy (decision record 010);
 * a screen that needs something it forbids fails its journey instead of breaking silently.
 * And a watch for hydration failures: a server-rendered screen (decision 015) the browser
 * could not take over as it was would be thrown away and rendered again (React's production
 * build reports it as error #418-#425 or a message naming hydration).
 * And a watch for message ids shown without their text: a screen whose route does not load the
 * bundle holding them (decision 017) would show `rule.password.required` instead of a sentence.
 * And `page.goto` and `page.reload` that end once the app has taken over the page's first screen:
 * a screen the server rendered (decision 015, issue 28) is on view before its code runs, and a
 * tap on it before then would do nothing (a learner on a slow phone waits a moment; a journey
 * would go on as if the tap had happened).
 */
const hydrationFailure = /Minified React error #4(1[89]|2[0-5])\b|hydrat/i;

const missingMessage = /^No (cn|en) text for the message /;

/** Until the app's code has taken the page over (apps/web/src/lib/use-interactive.ts); at once on a page without the app. */
export async function untilInteractive(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.getElementById('root') === null || document.documentElement.hasAttribute('data-interactive'),
      undefined,
      { timeout: 15_000 },
    )
    // A page whose app never starts is the journey's own to notice, by what it then expects.
    .catch(() => undefined);
}

/**
 * Makes the page's `goto` and `reload` end once the app has taken the page over. Every journey's
 * page has it; a journey that makes its own page (a profile on disk) gives it to that page too.
 */
export function navigationsUntilInteractive(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil || options.waitUntil === 'load') await untilInteractive(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (!options?.waitUntil || options.waitUntil === 'load') await untilInteractive(page);
    return response;
  };
  return page;
}

export const test = base.extend<{ contentSecurityPolicyWatch: void; hydrationWatch: void; messageWatch: void }>({
  page: async ({ page }, use) => {
    await use(navigationsUntilInteractive(page));
  },
  messageWatch: [
    async ({ context }, use) => {
      const missing: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && missingMessage.test(message.text())) missing.push(message.text());
      });
      await use();
      expect(missing, 'message ids shown without their text').toEqual([]);
    },
    { auto: true },
  ],
  hydrationWatch: [
    async ({ context }, use) => {
      const failures: string[] = [];
      // Named with the screen it happened on: the journey goes through many.
      const at = (page: Page | null) => page?.url().replace(/^https?:\/\/[^/]+/, '') ?? '?';
      context.on('weberror', (error) => {
        if (hydrationFailure.test(error.error().message))
          failures.push(`${at(error.page())}: ${error.error().message}`);
      });
      context.on('console', (message) => {
        if (message.type() === 'error' && hydrationFailure.test(message.text())) {
          failures.push(`${at(message.page())}: ${message.text()}`);
        }
      });
      await use();
      expect(failures, 'hydration failures').toEqual([]);
    },
    { auto: true },
  ],
  contentSecurityPolicyWatch: [
    async ({ context }, use) => {
      const refusals: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          refusals.push(`${message.location().url}: ${message.text()}`);
        }
      });
      await use();
      expect(refusals, 'Content-Security-Policy refusals').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
