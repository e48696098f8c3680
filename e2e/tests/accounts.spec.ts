import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  currentUser,
  expectRememberedCookie,
  fillSignUpForm,
  latestSmsCode,
  registerByApi,
  tinyPng,
} from './accounts-support.js';
import {
  accounts,
  expectAccessible,
  logIn,
  loginWithPassword,
  pathOf,
  resetSystemConfig,
  screenHeading,
  text,
  toast,
} from './support.js';

// Decisions 006 and 007: the accounts journeys on real sessions (register, profile, password and
// SMS login, username / mobile / password changes, the return after a login-required page) and
// axe on their screens. Every journey has phone numbers of its own (one code per phone a minute).

test.afterEach(async ({ request }) => {
  await resetSystemConfig(request);
});

/** Phones as the server shows them (docs/product.md#formats: 139****0101). */
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

const saved = { en: 'Saved successfully' } as const;

/** The Me page of a signed-in learner, showing `nickname`. */
async function openMe(page: Page, nickname: string) {
  await page.goto('/mobile/me');
  await expect(page.getByRole('heading', { name: nickname })).toBeVisible();
}

test('register by SMS, set the profile, sign out, log in with remember me for 10 days', async ({ page, context }) => {
  const account = { phone: '13900000101', nickname: 'Reg One', username: 'e2eReg101', password: 'Passw0rd101' };

  await page.goto('/mobile/register');
  await expect(screenHeading(page)).toHaveText('Create an account');
  await fillSignUpForm(page, account);
  await expect(page.getByText('This username is available')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  // Signed in right away, and sent home.
  await expect.poll(() => pathOf(page)).toMatch(/^\/mobile\/?$/);
  expect(await currentUser(page)).toMatchObject({ username: account.username, phone: masked(account.phone) });

  // Profile: avatar (compressed here, uploaded, saved), nickname, gender, introduction.
  await page.goto('/mobile/me/profile');
  await expect(screenHeading(page)).toHaveText('Profile');
  await page
    .getByLabel('Avatar', { exact: true })
    .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(toast(page, saved.en)).toBeVisible();
  await expect(page.getByRole('main').locator('img')).toBeVisible();
  await expect.poll(async () => (await currentUser(page))?.avatar).toBeTruthy();
  const avatarUrl = String((await currentUser(page))?.avatar);
  const avatar = await page.request.get(avatarUrl);
  expect(avatar.status()).toBe(200);
  expect(avatar.headers()['x-content-type-options']).toBe('nosniff');

  await page.getByRole('link', { name: /^Nickname/ }).click();
  await expect(screenHeading(page)).toHaveText('Nickname');
  const nickname = page.getByLabel('Nickname', { exact: true });
  await expect(nickname).toHaveValue(account.nickname);
  await nickname.fill('Reg Renamed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(screenHeading(page)).toHaveText('Profile');
  await expect(page.getByRole('link', { name: /^Nickname/ })).toContainText('Reg Renamed');

  await page.getByRole('button', { name: /^Gender/ }).click();
  const genders = page.getByRole('dialog', { name: 'Choose your gender' });
  await expect(genders).toBeVisible();
  await genders.getByRole('radio', { name: 'Female' }).click();
  await expect(page.getByRole('button', { name: /^Gender/ })).toContainText('Female');

  await page.getByRole('link', { name: /^Introduction/ }).click();
  await expect(screenHeading(page)).toHaveText('Introduction');
  const introduction = page.getByLabel('Introduction', { exact: true });
  await expect(introduction).toBeVisible();
  await introduction.fill('I like learning online.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(screenHeading(page)).toHaveText('Profile');
  await expect(page.getByRole('link', { name: /^Introduction/ })).toContainText('I like learning online.');
  expect(await currentUser(page)).toMatchObject({
    nickname: 'Reg Renamed',
    gender: 'FEMALE',
    introduction: 'I like learning online.',
  });

  // Sign out from the Me page.
  await openMe(page, 'Reg Renamed');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/mobile/login');
  expect(await currentUser(page)).toBeNull();

  // Password login with remember me: a persistent cookie for 10 days.
  await expect(screenHeading(page)).toHaveText(text.en.loginHeading);
  await loginWithPassword(page, { username: account.username, password: account.password, rememberMe: true });
  await expect(page).not.toHaveURL(/\/mobile\/login/);
  await expectRememberedCookie(context);
  await openMe(page, 'Reg Renamed');
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('SMS quick login with the learner’s phone (cn)', async ({ page }) => {
    const phone = '13800138000';
    await page.goto('/mobile/login');
    await expect(screenHeading(page)).toHaveText(text.cn.loginHeading);
    await page.getByRole('tab', { name: '验证码登录' }).click();
    const phoneField = page.getByLabel('手机号', { exact: true });
    await expect(phoneField).toBeVisible();
    await phoneField.fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
    const code = await latestSmsCode(page.request, phone);
    await page.getByLabel('验证码', { exact: true }).fill(code);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '登录', exact: true }).click();

    await expect.poll(() => pathOf(page)).toMatch(/^\/mobile\/?$/);
    expect(await currentUser(page)).toMatchObject({ username: accounts.learner.username });
    await openMe(page, accounts.learner.nickname);
  });
});

test('change username, bind another mobile and change the password', async ({ page, context, request }) => {
  const account = { phone: '13900000301', nickname: 'Sec Three', username: 'e2eSec301', password: 'Passw0rd301' };
  const newPhone = '13900000302';
  await registerByApi(request, account);
  await logIn(page, account);
  await openMe(page, account.nickname);

  // Username: the rules as you type, a taken name, then a free one.
  await page.getByRole('link', { name: /^Username/ }).click();
  await expect(screenHeading(page)).toHaveText('Username');
  const username = page.getByLabel('Username', { exact: true });
  await expect(username).toHaveValue(account.username);
  await username.fill('_e2e301');
  await expect(page.getByText('Username must not start or end with an underscore or a dot')).toBeVisible();
  await username.fill(accounts.newbie.username);
  await expect(page.getByText('This name is already taken')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(screenHeading(page)).toHaveText('Username');
  await username.fill('e2eRenamed301');
  await expect(page.getByText('This username is available')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Username: e2eRenamed301')).toBeVisible();

  // Mobile: a number bound to another account is refused; a free one is bound with its code.
  await page.getByRole('link', { name: /^Mobile number/ }).click();
  await expect(screenHeading(page)).toHaveText('Mobile number');
  await expect(page.getByText(`Current number: ${masked(account.phone)}`)).toBeVisible();
  const phone = page.getByLabel('New mobile number', { exact: true });
  await phone.fill('13800138000');
  await page.getByRole('button', { name: 'Send code' }).click();
  // Said on the field (and in a Toast).
  await expect(phone).toHaveAccessibleDescription('This phone number is already bound to another account');
  await phone.fill(newPhone);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await latestSmsCode(page.request, newPhone);
  await page.getByLabel('Verification code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Username: e2eRenamed301')).toBeVisible();
  expect(await currentUser(page)).toMatchObject({ phone: masked(newPhone) });

  // Password: the confirmation must match; then the new one logs in.
  await page.getByRole('link', { name: /^Password/ }).click();
  await expect(screenHeading(page)).toHaveText('Reset password');
  const current = page.getByLabel('Current password', { exact: true });
  await expect(current).toBeVisible();
  await current.fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('NewPassw0rd301');
  await page.getByLabel('Confirm password', { exact: true }).fill('NewPassw0rd999');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password', { exact: true }).fill('NewPassw0rd301');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Username: e2eRenamed301')).toBeVisible();

  await context.clearCookies();
  await page.goto('/mobile/login');
  await loginWithPassword(page, { username: 'e2eRenamed301', password: account.password });
  await expect(toast(page, text.en.badCredential)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('NewPassw0rd301');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/mobile\/login/);
  expect(await currentUser(page)).toMatchObject({ username: 'e2eRenamed301', phone: masked(newPhone) });
});

test.describe('return after login', () => {
  // Guards a fixed race: the gate's redirect, rendered again while the login chunk loaded, saved
  // the login page itself as lastUrl and `from`, so the learner landed on the homepage.
  test('an anonymous visitor of a login-required page logs in and comes back to it', async ({ page }) => {
    await page.goto('/mobile/me/profile');
    await page.waitForURL('**/mobile/login');
    await expect(screenHeading(page)).toHaveText(text.en.loginHeading);
    await loginWithPassword(page, accounts.newbie);
    await page.waitForURL('**/mobile/me/profile');
    await expect(screenHeading(page)).toHaveText('Profile');
    await expect(page.getByRole('link', { name: /^Nickname/ })).toContainText(accounts.newbie.nickname);
  });
});

test.describe('axe on the accounts screens', () => {
  test('login, both tabs (en)', async ({ page }) => {
    await page.goto('/mobile/login');
    await expect(page.getByLabel('Username or phone number')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Phone code' }).click();
    await expect(page.getByLabel('Phone number', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('register (en)', async ({ page }) => {
    await page.goto('/mobile/register');
    await expect(page.getByLabel('Confirm password', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('profile, username, mobile and password screens (en)', async ({ page }) => {
    await logIn(page, accounts.learner);
    await page.goto('/mobile/me/profile');
    await expect(page.getByRole('link', { name: /^Nickname/ })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/mobile/me/account/username');
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(accounts.learner.username);
    await expectAccessible(page);
    await page.goto('/mobile/me/account/mobile');
    await expect(page.getByLabel('New mobile number', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/mobile/me/account/reset/password');
    await expect(page.getByLabel('Current password', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('forgot password, signed out (en)', async ({ page }) => {
    await page.goto('/mobile/me/account/reset/password');
    await expect(screenHeading(page)).toHaveText('Forgot password');
    await expect(page.getByLabel('Verification code', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test.describe('in Chinese', () => {
    test.use({ locale: 'zh-CN' });

    test('login, both tabs (cn)', async ({ page }) => {
      await page.goto('/mobile/login');
      await expect(page.getByLabel('用户名或手机号')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('tab', { name: '验证码登录' }).click();
      await expect(page.getByLabel('手机号', { exact: true })).toBeVisible();
      await expectAccessible(page);
    });

    test('register (cn)', async ({ page }) => {
      await page.goto('/mobile/register');
      await expect(screenHeading(page)).toHaveText('注册账号');
      await expect(page.getByLabel('确认密码', { exact: true })).toBeVisible();
      await expectAccessible(page);
    });
  });
});
