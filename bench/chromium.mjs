// The browser the bench scripts drive: Debian Chromium (CHROMIUM_PATH picks another) with the
// flags the browser journeys use (e2e/playwright.config.ts).
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
