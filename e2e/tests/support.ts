import { AxeBuilder } from '@axe-core/playwright';
import type { DevSystemConfigPatch } from '@school/contract/dev';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The demo school's settings; every spec puts them back after each test. */
export const defaultSystemConfig: DevSystemConfigPatch = {
  accessConfig: { enableWap: true, enableOpenAccess: true },
  wechatOfficialConfig: { enable: false },
  blockedIps: [],
  tenantStatus: 'RUNNING',
};

/** Flips tenant settings through the dev routes (present only with DEV_ROUTES on). */
export async function patchSystemConfig(request: APIRequestContext, patch: DevSystemConfigPatch): Promise<void> {
  const res = await request.put('/api/dev/system-config', { data: patch });
  expect(res.status(), await res.text()).toBe(200);
}

export async function resetSystemConfig(request: APIRequestContext): Promise<void> {
  await patchSystemConfig(request, defaultSystemConfig);
}

/** Serious and critical axe violations on the current screen (none are allowed). */
export async function expectAccessible(page: Page): Promise<void> {
  // Legacy mode runs axe in the page itself. The default opens a blank page per check to merge
  // iframe results (about 1.5 s each on CI, ~90 checks); our screens have no iframes.
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

/** Labels of the shell as the learner sees them, in both languages (apps/web/src/**\/messages). */
export const text = {
  en: {
    tabBar: 'Main',
    homeTab: 'Home',
    meTab: 'Me',
    meHeading: 'Me',
    homeHeading: 'Home',
    loginHeading: 'Log in',
    guestTitle: 'You are not logged in',
    languageGroup: 'Language',
    badCredential: 'Invalid login ID or password',
    deviceBlocked: 'Mobile access is turned off',
    ipBlocked: 'Access from your network is blocked',
    tenantName: 'Demo School',
    homeNotice: 'all courses of the new term are online',
  },
  cn: {
    tabBar: '主导航',
    homeTab: '首页',
    meTab: '我的',
    meHeading: '我的',
    homeHeading: '首页',
    loginHeading: '登录',
    guestTitle: '您还未登录',
    languageGroup: '语言',
    badCredential: '登录账号或密码错误',
    deviceBlocked: '移动端访问已关闭',
    ipBlocked: '您所在的网络已被禁止访问',
    tenantName: '演示学校',
    homeNotice: '新学期课程已全部上线',
  },
} as const;

export const accounts = {
  learner: { username: 'learner', password: 'learner123', nickname: '学员小明' },
  newbie: { username: 'newbie', password: 'newbie123', nickname: 'newbie' },
} as const;

/** The page's top-bar heading (every screen has exactly one h1). */
export function screenHeading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** Fills and submits the login screen's username/password form (English or Chinese). */
export async function loginWithPassword(
  page: Page,
  { username, password, rememberMe = false }: { username: string; password: string; rememberMe?: boolean },
): Promise<void> {
  await page.getByLabel(/^(username or phone number|用户名或手机号)$/i).fill(username);
  await page.getByLabel(/^(password|密码)$/i).fill(password);
  if (rememberMe) await page.getByRole('checkbox', { name: /remember me|记住我/i }).check();
  await page.getByRole('checkbox', { name: /I have read and agree|我已阅读并同意/i }).check();
  await page.getByRole('button', { name: /^(log in|登录)$/i }).click();
}

/** Opens the login screen and signs in; ends once the app has left /login. */
export async function logIn(
  page: Page,
  account: { username: string; password: string },
  options: { rememberMe?: boolean } = {},
): Promise<void> {
  await page.goto('/mobile/login');
  await loginWithPassword(page, { ...account, ...options });
  await expect(page).not.toHaveURL(/\/mobile\/login/);
}

/**
 * How tall and wide an element is to a finger: probed with elementFromPoint through its centre,
 * so a hit area drawn past its edges (a ::before reaching out) counts, and a cover on top does not.
 */
export function tapSize(locator: Locator): Promise<{ width: number; height: number }> {
  return locator.evaluate((element) => {
    // elementFromPoint sees only the viewport: a row below the fold is measured in view.
    element.scrollIntoView({ block: 'center' });
    const rect = element.getBoundingClientRect();
    const cx = rect.left + rect.width / 2;
    const cy = rect.top + rect.height / 2;
    const hits = (x: number, y: number) => {
      const found = document.elementFromPoint(x, y);
      return found !== null && (found === element || element.contains(found));
    };
    const reach = (step: (d: number) => [number, number]) => {
      let d = 0;
      while (d < 60 && hits(...step(d + 1))) d += 1;
      return d;
    };
    return {
      width: reach((d) => [cx - d, cy]) + reach((d) => [cx + d, cy]) + 1,
      height: reach((d) => [cx, cy - d]) + reach((d) => [cx, cy + d]) + 1,
    };
  });
}

/** How many lines an element's text takes (its height over its line height): 1 when it did not wrap. */
export function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
    const range = document.createRange();
    range.selectNodeContents(element);
    return Math.round(range.getBoundingClientRect().height / line);
  });
}

/** Path and query of the page's URL, e.g. `/mobile/me?pathFrom=tab`. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * A notice as the learner sees it: antd-mobile's Toast. Its container is aria-hidden (the app
 * repeats every notice in a visually hidden live region, `announcedNotice`), so it is found by
 * its class.
 */
export function toast(page: Page, message: string): Locator {
  return page.locator('.adm-toast-main').getByText(message, { exact: true });
}

/** The live region that announces every notice to screen readers. */
export function announcedNotice(page: Page): Locator {
  return page.getByTestId('notice-announcer');
}

/**
 * What fades in when a popup opens: its mask, its dialog element and, below that, the part
 * antd-mobile animates (a center popup fades and scales the dialog's child, not the dialog).
 */
const popupParts = '.adm-mask, [role="dialog"], [role="dialog"] > *';

/**
 * Waits until the open popups (dialogs, sheets) and their masks have finished fading in, so axe
 * measures colour contrast on the settled screen, not mid-animation. Only the displayed ones: a
 * sheet closed earlier (the exam's answer card) stays in the page, hidden at opacity 0.
 */
export async function expectPopupsSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (parts) =>
          Array.from(document.querySelectorAll(parts))
            .filter((element) => element.getClientRects().length > 0)
            .every((element) => {
              let opacity = 1;
              for (let node: Element | null = element; node; node = node.parentElement) {
                opacity *= Number(getComputedStyle(node).opacity);
              }
              return opacity === 1;
            }),
        popupParts,
      ),
    )
    .toBe(true);
}

/** API paths the page asks for from now on (no query string). */
export function apiCallsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // Pictures (a pack's covers and icons are served under /api/images/) are not data the page asks for.
    if (url.pathname.startsWith('/api/') && request.resourceType() !== 'image') calls.push(url.pathname);
  });
  return calls;
}
