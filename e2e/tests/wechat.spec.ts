import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { fakeWechatAppId } from '../fake-wechat.js';
import { currentUser, expectRememberedCookie, fillSignUpForm, registerByApi } from './accounts-support.js';
import { newLearner } from './catalogue-support.js';
import type { Lang } from './exams-support.js';
import {
  expectAccessible,
  loginWithPassword,
  patchSystemConfig,
  pathOf,
  resetSystemConfig,
  screenHeading,
  tapSize,
  text,
  toast,
} from './support.js';

// Decision 007: WeChat official-account login inside the WeChat browser, against the fake WeChat API
// the config starts (e2e/fake-wechat.ts: an OAuth code stands for one WeChat user, always the
// same). WeChat's authorize page is played here: it sends the browser back with a code.

test.use({ userAgent: `${devices['iPhone 13'].userAgent} MicroMessenger/8.0.40(0x1800282a) NetType/WIFI Language/en` });

test.beforeEach(async ({ request }) => {
  await patchSystemConfig(request, { wechatOfficialConfig: { enable: true } });
});

test.afterEach(async ({ request }) => {
  await resetSystemConfig(request);
});

/** A stand-in for WeChat's JS-SDK that records what the app asks of it. */
const fakeJsSdk = `
window.__wxCalls = [];
window.wx = {
  config: function (c) { window.__wxCalls.push(['config', c]); },
  ready: function (callback) { callback(); },
  error: function () {},
  updateAppMessageShareData: function (d) { window.__wxCalls.push(['appMessage', d]); },
  updateTimelineShareData: function (d) { window.__wxCalls.push(['timeline', d]); },
};`;

/**
 * Plays WeChat: its authorize page answers at once with a redirect back to the app carrying
 * `code()` and the app's own state; the JS-SDK script is the fake above.
 */
async function playWechat(page: Page, code: () => string): Promise<void> {
  await page.route('https://res.wx.qq.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeJsSdk }),
  );
  await page.route('https://open.weixin.qq.com/**', async (route) => {
    const authorize = new URL(route.request().url());
    expect(authorize.pathname).toBe('/connect/oauth2/authorize');
    expect(authorize.searchParams.get('appid')).toBe(fakeWechatAppId);
    const back = new URL(authorize.searchParams.get('redirect_uri') ?? '');
    back.searchParams.set('code', code());
    back.searchParams.set('state', authorize.searchParams.get('state') ?? '');
    await route.fulfill({ status: 302, headers: { location: back.toString() } });
  });
}

/** /login inside WeChat is loginHome: tick the agreement, log in with WeChat. */
async function startWechatLogin(page: Page): Promise<void> {
  await page.goto('/mobile/login');
  await page.waitForURL('**/mobile/login/home');
  const button = page.getByRole('button', { name: 'Log in with WeChat' });
  await expect(button).toBeVisible();
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await button.click();
}

async function expectOnBindUser(page: Page): Promise<void> {
  await page.waitForURL('**/mobile/oauth/bind/user');
  await expect(screenHeading(page)).toHaveText('Bind account');
  await expect(page.getByRole('heading', { name: 'Bind your account' })).toBeVisible();
}

async function expectSignedInHome(page: Page, username: string): Promise<void> {
  await expect.poll(() => pathOf(page)).toMatch(/^\/mobile\/?$/);
  await expect(screenHeading(page)).toHaveText(text.en.homeHeading);
  expect(await currentUser(page)).toMatchObject({ username });
}

/** The texts of Me's WeChat row and the WeChat account screen (apps/web/src/features/me messages). */
const wechatText = {
  en: {
    name: 'WeChat',
    bound: 'Bound',
    notBound: 'Not bound',
    heading: 'WeChat',
    none: 'No WeChat account is bound yet.',
    bind: 'Bind WeChat',
    boundText: 'Your account is bound to a WeChat account.',
    boundToast: 'WeChat bound',
    unbind: 'Unbind WeChat',
    unbindTitle: 'Unbind WeChat?',
  },
  cn: {
    name: '微信',
    bound: '已绑定',
    notBound: '未绑定',
    heading: '微信',
    none: '还没有绑定微信。',
    bind: '绑定微信',
    boundText: '你的账号已绑定微信。',
    boundToast: '微信已绑定',
    unbind: '解绑微信',
    unbindTitle: '解绑微信？',
  },
} as const;

/** Me's WeChat row: its name, then the state. */
const wechatRow = (lang: Lang, state: string) => new RegExp(`^${wechatText[lang].name}\\s*${state}$`);

async function expectWechatBoundOnMe(page: Page, nickname: string, lang: Lang = 'en'): Promise<void> {
  await page.goto('/mobile/me');
  await expect(page.getByRole('heading', { name: nickname })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^${wechatText[lang].name}`) })).toHaveText(
    wechatRow(lang, wechatText[lang].bound),
  );
}

test('an unbound WeChat user binds an existing account, then the same WeChat logs straight in', async ({
  page,
  context,
  request,
}) => {
  const account = { phone: '13900000501', nickname: 'Wx Bind', username: 'e2eWxBind501', password: 'Passw0rd501' };
  await registerByApi(request, account);
  await playWechat(page, () => 'e2e-code-bind-501');

  await startWechatLogin(page);
  await expectOnBindUser(page);
  await expectAccessible(page);
  await page.getByLabel('Username or phone number', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Bind WeChat to this account?' })).toBeVisible();
  await expect(page.getByText(`From now on WeChat logs you in to the account “${account.username}”.`)).toBeVisible();
  await page.getByRole('button', { name: 'Bind account' }).click();

  await expectSignedInHome(page, account.username);
  // OAuth login and bind remember the learner (rememberMe=true).
  await expectRememberedCookie(context);
  // The share card is configured in WeChat: signed SDK config, then app-message and timeline.
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __wxCalls?: [string, Record<string, unknown>][] }).__wxCalls),
    )
    .toEqual(
      expect.arrayContaining([
        ['config', expect.objectContaining({ appId: fakeWechatAppId })],
        ['appMessage', expect.objectContaining({ title: text.en.tenantName })],
        ['timeline', expect.objectContaining({ title: text.en.tenantName })],
      ]),
    );
  await expectWechatBoundOnMe(page, account.nickname);

  // Sign out; the same WeChat user is now bound and logs straight in.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/mobile\/login/);
  expect(await currentUser(page)).toBeNull();
  await startWechatLogin(page);
  await expectSignedInHome(page, account.username);
  await expectRememberedCookie(context);
});

test('another WeChat user registers a new account bound to WeChat', async ({ page, context }) => {
  const account = { phone: '13900000502', nickname: 'Wx New', username: 'e2eWxNew502', password: 'Passw0rd502' };
  await playWechat(page, () => 'e2e-code-register-502');

  await startWechatLogin(page);
  await expectOnBindUser(page);
  await page.getByRole('link', { name: 'Register' }).click();
  await page.waitForURL('**/mobile/oauth/bind/register');
  await expect(page.getByRole('heading', { name: 'Create an account for WeChat' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bind other account ?' })).toBeVisible();
  await expect(page.getByLabel('Confirm password', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await fillSignUpForm(page, account);
  await page.getByRole('button', { name: 'Register and bind' }).click();

  await expectSignedInHome(page, account.username);
  await expectRememberedCookie(context);
  await expectWechatBoundOnMe(page, account.nickname);
});

for (const lang of ['en', 'cn'] as const) {
  test.describe(lang === 'en' ? 'English' : 'Chinese', () => {
    test.use({
      locale: lang === 'en' ? 'en-US' : 'zh-CN',
      userAgent: `${devices['iPhone 13'].userAgent} MicroMessenger/8.0.40(0x1800282a) NetType/WIFI Language/${lang === 'en' ? 'en' : 'zh_CN'}`,
    });
    test('a signed-in learner binds WeChat from Account and security, then unbinds it', async ({ page, request }) => {
      await bindFromAccountJourney(page, request, lang, lang === 'en' ? 65 : 66);
    });
  });
}

async function bindFromAccountJourney(page: Page, request: APIRequestContext, lang: Lang, n: number): Promise<void> {
  test.setTimeout(60_000);
  const t = wechatText[lang];
  const account = await newLearner(request, n);
  // A WeChat user of this learner's own: each language and each repeat binds a fresh one.
  await playWechat(page, () => `e2e-code-account-${account.username}`);
  await page.goto('/mobile/login?account=1');
  await loginWithPassword(page, account);
  await expect(page).not.toHaveURL(/\/mobile\/login/);

  await page.goto('/mobile/me');
  const row = page.getByRole('link', { name: wechatRow(lang, t.notBound) });
  expect((await tapSize(row)).height).toBeGreaterThanOrEqual(44);
  await row.click();
  await page.waitForURL('**/mobile/me/account/wechat');
  await expect(screenHeading(page)).toHaveText(t.heading);
  await expect(page.getByText(t.none)).toBeVisible();
  await expectAccessible(page);

  // WeChat's authorize page sends the learner back here with a code: the WeChat is theirs now.
  await page.getByRole('button', { name: t.bind }).click();
  await expect(page.getByText(t.boundText)).toBeVisible();
  const boundNotice = toast(page, t.boundToast);
  await expect(boundNotice).toBeVisible();
  expect(pathOf(page)).toBe('/mobile/me/account/wechat');
  expect(await currentUser(page)).toMatchObject({ username: account.username, wechatBound: true });
  await expect(boundNotice).toBeHidden();
  await expectAccessible(page);
  await expectWechatBoundOnMe(page, account.nickname, lang);

  // The account has a password and a phone: WeChat may go, after a confirmation.
  await page.getByRole('link', { name: wechatRow(lang, t.bound) }).click();
  const unbind = page.getByRole('button', { name: t.unbind });
  expect((await tapSize(unbind)).height).toBeGreaterThanOrEqual(44);
  await unbind.click();
  await page.getByRole('dialog', { name: t.unbindTitle }).getByRole('button', { name: t.unbind }).click();
  await expect(page.getByText(t.none)).toBeVisible();
  expect(await currentUser(page)).toMatchObject({ wechatBound: false });
}
