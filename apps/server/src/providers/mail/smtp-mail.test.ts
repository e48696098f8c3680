import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMail } from './smtp-mail.js';

/*
 * The SMTP adapter against a tiny SMTP server on 127.0.0.1 (node:net): enough of RFC 5321 for
 * nodemailer to deliver one message (EHLO, AUTH PLAIN, MAIL FROM, RCPT TO, DATA, QUIT), keeping
 * what it was told.
 */

interface Received {
  from: string;
  to: string[];
  data: string;
  auth: string | null;
}

interface FakeSmtp {
  port: number;
  received: Received[];
  /** Refuse every recipient (a mailbox that does not exist). */
  refuseRecipients: boolean;
  close(): Promise<void>;
}

async function startFakeSmtp(): Promise<FakeSmtp> {
  const sockets = new Set<Socket>();
  const fake: FakeSmtp = { port: 0, received: [], refuseRecipients: false, close: async () => {} };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '', auth: null };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          fake.received.push(current);
          current = { from: '', to: [], data: '', auth: current.auth };
          reply('250 2.0.0 queued');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-fake.smtp\r\n250-AUTH PLAIN\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 fake.smtp');
        else if (verb === 'AUTH') {
          current.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
          reply('235 2.7.0 authenticated');
        } else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (fake.refuseRecipients) reply('550 5.1.1 no such mailbox');
          else {
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.port = typeof address === 'object' && address !== null ? address.port : 0;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return fake;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

describe('the SMTP mail adapter', () => {
  async function setUp(user: string | null) {
    const fake = await startFakeSmtp();
    cleanups.push(() => fake.close());
    const mail = createSmtpMail({
      host: '127.0.0.1',
      port: fake.port,
      secure: false,
      user,
      password: user === null ? null : 'mail-password',
      from: 'Demo School <no-reply@school.example>',
    });
    cleanups.push(() => mail.close());
    return { fake, mail };
  }

  const link = 'https://school.example/mobile/me/account/email/confirm?token=abcDEF123_-xyz';

  it('delivers the message with its link to the mail server, logging in when a user is set', async () => {
    const { fake, mail } = await setUp('mailer');
    await mail.send({
      tenantId: 1,
      to: 'learner@example.com',
      subject: 'Demo School: confirm your email',
      text: `Open this link to confirm:\n\n${link}\n`,
      html: `<p><a href="${link}">${link}</a></p>`,
    });
    expect(fake.received).toHaveLength(1);
    const [message] = fake.received;
    expect(message!.from).toBe('no-reply@school.example');
    expect(message!.to).toEqual(['learner@example.com']);
    expect(message!.auth).toBe('\0mailer\0mail-password');
    expect(message!.data).toMatch(/^Subject: Demo School: confirm your email$/m);
    expect(message!.data).toMatch(/^From: Demo School <no-reply@school\.example>$/m);
    // Plain text and HTML alternatives; the link survives the transfer encoding whole.
    expect(message!.data).toContain('multipart/alternative');
    expect(message!.data).toContain(link);
  });

  it('fails when the server refuses the recipient', async () => {
    const { fake, mail } = await setUp(null);
    fake.refuseRecipients = true;
    await expect(
      mail.send({ tenantId: 1, to: 'gone@example.com', subject: 's', text: link, html: `<p>${link}</p>` }),
    ).rejects.toThrow();
    expect(fake.received).toHaveLength(0);
  });
});
