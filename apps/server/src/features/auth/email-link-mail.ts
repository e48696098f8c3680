import type { Locale } from '@school/contract/enums';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The email-binding mail, in the learner's language: the link, how long it works, who sent it. */
export function emailLinkMail(input: { locale: Locale; school: string; url: string; minutes: number }): {
  subject: string;
  text: string;
  html: string;
} {
  const { school, url, minutes } = input;
  const lines =
    input.locale === 'cn'
      ? {
          subject: `${school}：请确认绑定邮箱`,
          intro: `你在${school}申请绑定此邮箱。打开下面的链接完成绑定：`,
          expiry: `链接 ${minutes} 分钟内有效，只能使用一次。`,
          ignore: '如果不是你本人操作，请忽略此邮件。',
        }
      : {
          subject: `${school}: confirm your email`,
          intro: `You asked to bind this email to your account at ${school}. Open this link to confirm:`,
          expiry: `The link works for ${minutes} minutes, once.`,
          ignore: 'If this was not you, ignore this email.',
        };
  return {
    subject: lines.subject,
    text: `${lines.intro}\n\n${url}\n\n${lines.expiry}\n${lines.ignore}\n`,
    html:
      `<p>${escapeHtml(lines.intro)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` +
      `<p>${escapeHtml(lines.expiry)}<br>${escapeHtml(lines.ignore)}</p>`,
  };
}
