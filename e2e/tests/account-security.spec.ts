import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { currentUser } from './accounts-support.js';
import { newLearner } from './catalogue-support.js';
import type { Lang } from './exams-support.js';
import { expectAccessible, logIn, screenHeading, tapSize, toast } from './support.js';

// docs/product.md#account-and-security: an email is bound through the link the dev mail outbox
// keeps (EMAIL_PROVIDER=dev-outbox), in English and in Chinese, each with a learner of its own.
// WeChat's binding is in wechat.spec.ts.

/** The texts the journey reads (apps/web/src/features/me messages, the contract's notices, the server's mail). */
const emailText = {
  en: {
    row: (value: string) => new RegExp(`^Email\\s*${value}$`),
    notBound: 'Not bound',
    heading: 'Email',
    none: 'No email is bound to your account yet.',
    label: 'Email',
    send: 'Send link',
    sentTitle: 'Check your inbox',
    sentTo: (email: string) => `We sent a link to ${email}.`,
    sentExpiry: 'Open it within 30 minutes: after that it no longer works. Only the latest link works.',
    sentNotice: 'Email sent, please check it in time',
    subject: 'confirm your email',
    boundTitle: 'Email bound',
    boundText: (email: string) => `${email} is now your account’s email.`,
    failedTitle: 'The email was not bound',
    linkInvalid: 'This link has expired or was used. Send a new one',
  },
  cn: {
    row: (value: string) => new RegExp(`^邮箱\\s*${value}$`),
    notBound: '未绑定',
    heading: '邮箱',
    none: '你的账号还没有绑定邮箱。',
    label: '邮箱',
    send: '发送链接',
    sentTitle: '请查收邮件',
    sentTo: (email: string) => `链接已发送至 ${email}。`,
    sentExpiry: '请在 30 分钟内打开，过期失效；只有最新的链接有效。',
    sentNotice: '邮件已发送，请及时查收',
    subject: '请确认绑定邮箱',
    boundTitle: '邮箱已绑定',
    boundText: (email: string) => `${email} 现在是你账号的邮箱。`,
    failedTitle: '邮箱未绑定',
    linkInvalid: '链接已过期或已使用，请重新发送',
  },
} as const;

for (const lang of ['en', 'cn'] as const) {
  test.describe(lang === 'en' ? 'English' : 'Chinese', () => {
    test.use({ locale: lang === 'en' ? 'en-US' : 'zh-CN' });
    test(
      lang === 'en'
        ? 'binding an email: send the link, open it from the mail and it is bound'
        : '绑定邮箱：发送链接，打开邮件里的链接即绑定',
      async ({ page, request }) => {
        await emailJourney(page, request, lang, lang === 'en' ? 63 : 64);
      },
    );
  });
}

async function emailJourney(page: Page, request: APIRequestContext, lang: Lang, n: number): Promise<void> {
  // Four screens each checked by axe, a sign-in and a mail round trip.
  test.setTimeout(60_000);
  const t = emailText[lang];
  const account = await newLearner(request, n);
  await logIn(page, account);
  const email = `${account.username.toLowerCase()}@example.com`;

  await page.goto('/mobile/me');
  const row = page.getByRole('link', { name: t.row(t.notBound) });
  expect((await tapSize(row)).height).toBeGreaterThanOrEqual(44);
  await row.click();
  await page.waitForURL('**/mobile/me/account/email');
  await expect(screenHeading(page)).toHaveText(t.heading);
  await expect(page.getByText(t.none)).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel(t.label, { exact: true }).fill(email);
  const send = page.getByRole('button', { name: t.send });
  expect((await tapSize(send)).height).toBeGreaterThanOrEqual(44);
  await send.click();
  await expect(page.getByRole('heading', { name: t.sentTitle })).toBeVisible();
  await expect(page.getByText(t.sentTo(email))).toBeVisible();
  await expect(page.getByText(t.sentExpiry)).toBeVisible();
  // The spec's notice, then axe on the settled screen (a fading toast is no contrast to judge).
  const sentNotice = toast(page, t.sentNotice);
  await expect(sentNotice).toBeVisible();
  await expect(sentNotice).toBeHidden();
  await expectAccessible(page);

  // The mail, as the dev outbox keeps it, in the learner's language: its link opens the confirm page on this server.
  const mail = await page.request.get('/api/dev/mail/latest', { params: { to: email } });
  expect(mail.status()).toBe(200);
  const { text: body, subject } = (await mail.json()) as { text: string; subject: string };
  expect(subject).toContain(t.subject);
  const link = /https?:\/\/\S+/.exec(body)?.[0] ?? '';
  expect(new URL(link).pathname).toBe('/mobile/me/account/email/confirm');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: t.boundTitle })).toBeVisible();
  await expect(page.getByText(t.boundText(email))).toBeVisible();
  await expectAccessible(page);
  expect(await currentUser(page)).toMatchObject({ username: account.username, email });

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: t.failedTitle })).toBeVisible();
  await expect(page.getByText(t.linkInvalid)).toBeVisible();
  await expectAccessible(page);

  await page.goto('/mobile/me');
  await expect(page.getByRole('link', { name: t.row(email.replace(/\./g, '\\.')) })).toBeVisible();
}
