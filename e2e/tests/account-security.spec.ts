import { expect, test } from './fixtures.js';
import { currentUser, registerByApi } from './accounts-support.js';
import { expectAccessible, logIn, screenHeading, tapSize, toast } from './support.js';

// docs/product.md#account-and-security: an email is bound through the link the dev mail outbox
// keeps (EMAIL_PROVIDER=dev-outbox), in Chinese. WeChat's binding is in wechat.spec.ts.

test.use({ locale: 'zh-CN' });

test('绑定邮箱：发送链接，打开邮件里的链接即绑定', async ({ page, request }) => {
  // Four screens each checked by axe, a sign-in and a mail round trip.
  test.setTimeout(60_000);
  const account = { phone: '13900000601', nickname: '邮箱同学', username: 'e2eMail601', password: 'Passw0rd601' };
  await registerByApi(request, account);
  await logIn(page, account);
  const email = 'e2e.mail601@example.com';

  await page.goto('/mobile/me');
  const row = page.getByRole('link', { name: /^邮箱\s*未绑定$/ });
  expect((await tapSize(row)).height).toBeGreaterThanOrEqual(44);
  await row.click();
  await page.waitForURL('**/mobile/me/account/email');
  await expect(screenHeading(page)).toHaveText('邮箱');
  await expect(page.getByText('你的账号还没有绑定邮箱。')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('邮箱', { exact: true }).fill(email);
  const send = page.getByRole('button', { name: '发送链接' });
  expect((await tapSize(send)).height).toBeGreaterThanOrEqual(44);
  await send.click();
  await expect(page.getByRole('heading', { name: '请查收邮件' })).toBeVisible();
  await expect(page.getByText(`链接已发送至 ${email}。`)).toBeVisible();
  await expect(page.getByText('请在 30 分钟内打开，过期失效；只有最新的链接有效。')).toBeVisible();
  // The spec's notice, then axe on the settled screen (a fading toast is no contrast to judge).
  const sentNotice = toast(page, '邮件已发送，请及时查收');
  await expect(sentNotice).toBeVisible();
  await expect(sentNotice).toBeHidden();
  await expectAccessible(page);

  // The mail, as the dev outbox keeps it: its link opens the confirm page on this server.
  const mail = await page.request.get('/api/dev/mail/latest', { params: { to: email } });
  expect(mail.status()).toBe(200);
  const { text: body, subject } = (await mail.json()) as { text: string; subject: string };
  expect(subject).toContain('请确认绑定邮箱');
  const link = /https?:\/\/\S+/.exec(body)?.[0] ?? '';
  expect(new URL(link).pathname).toBe('/mobile/me/account/email/confirm');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '邮箱已绑定' })).toBeVisible();
  await expect(page.getByText(`${email} 现在是你账号的邮箱。`)).toBeVisible();
  await expectAccessible(page);
  expect(await currentUser(page)).toMatchObject({ username: account.username, email });

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '邮箱未绑定' })).toBeVisible();
  await expect(page.getByText('链接已过期或已使用，请重新发送')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/mobile/me');
  await expect(page.getByRole('link', { name: new RegExp(`^邮箱\\s*${email.replace(/\./g, '\\.')}$`) })).toBeVisible();
});
