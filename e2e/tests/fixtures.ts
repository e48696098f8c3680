import { expect, test as base } from '@playwright/test';

/*
 * The `test` every journey uses: Playwright's, plus a watch on the page's console for
 * Content-Security-Policy refusals. The server sends a strict policy (decision record 010);
 * a screen that needs something it forbids fails its journey instead of breaking silently.
 */
export const test = base.extend<{ contentSecurityPolicyWatch: void }>({
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
