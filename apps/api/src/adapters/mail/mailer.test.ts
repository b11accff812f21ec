import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SITE } from '@makhana/domain/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../../config/config';
import { tempDataDir } from '../../test/app';
import { type LocalSmtp, startLocalSmtp } from './local-smtp';
import { createMailer } from './mailer';
import { parseMail } from './parse-mail';
import { renderMail } from './template';

const data = tempDataDir();
let smtp: LocalSmtp;

beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp?.close();
  data.remove();
});

const content = renderMail({
  heading: 'Your code',
  paragraphs: ['Use this code to sign in:', 'It is valid for 10 minutes.'],
  highlight: '123456',
  footnote: "Didn't ask for it? Ignore this mail. <b>not markup</b>",
});

describe('mail template', () => {
  it('renders the brand, the highlight and escapes HTML', () => {
    expect(content.text).toContain('123456');
    expect(content.text).toContain(SITE.brand);
    expect(content.html).toContain('123456');
    expect(content.html).toContain(SITE.brand);
    expect(content.html).toContain('&lt;b&gt;not markup&lt;/b&gt;');
    expect(content.html).not.toMatch(/<img|<link|src=/i);
  });
});

describe('outbox mailer', () => {
  it('writes each mail as a parseable .eml with a text and an HTML part, in sending order', async () => {
    const outbox = path.join(data.dir, 'outbox');
    const mailer = createMailer({ smtpUrl: null, from: DEFAULT_MAIL_FROM, outboxDir: outbox });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'asha@example.com', subject: 'First', ...content });
    await mailer.send({ to: 'asha@example.com', subject: 'Second', ...content });
    mailer.close();

    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const [first, second] = files.map((f) => parseMail(readFileSync(path.join(outbox, f), 'utf8')));
    expect(first!.headers.get('subject')).toBe('First');
    expect(second!.headers.get('subject')).toBe('Second');
    expect(first!.headers.get('from')).toBe(DEFAULT_MAIL_FROM);
    expect(first!.headers.get('to')).toBe('asha@example.com');
    expect(first!.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(first!.text).toContain('123456');
    expect(first!.html).toContain(`<h1 style=`);
    expect(first!.html).toContain('123456');
  });
});

describe('SMTP mailer', () => {
  it('delivers through a real SMTP server', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: DEFAULT_MAIL_FROM,
      outboxDir: '/nonexistent',
    });
    expect(mailer.kind).toBe('smtp');
    await mailer.send({ to: 'ravi@example.com', subject: 'Hello over SMTP', ...content });
    mailer.close();

    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0]!;
    expect(message.from).toBe(SITE.supportEmail);
    expect(message.to).toEqual(['ravi@example.com']);
    const parsed = parseMail(message.raw);
    expect(parsed.headers.get('subject')).toBe('Hello over SMTP');
    expect(parsed.text).toContain('123456');
    expect(parsed.html).toContain('123456');
  });

  it('carries the composed message unchanged, a line that starts with a dot too', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: DEFAULT_MAIL_FROM,
      outboxDir: '/nonexistent',
    });
    const text = 'First line\n.\n..two dots\n. and a dot with words';
    await mailer.send({ to: 'dots@example.com', subject: 'Dots', text, html: content.html });
    mailer.close();

    const message = smtp.received.at(-1)!;
    expect(message.to).toEqual(['dots@example.com']);
    const parsed = parseMail(message.raw);
    expect(parsed.text).toBe(text.replace(/\n/g, '\r\n'));
    expect(parsed.html).toBe(content.html.replace(/\n/g, '\r\n'));
    const head = message.raw.slice(0, message.raw.indexOf('\r\n\r\n'));
    // nodemailer carries the bytes: it adds no header of its own (a second Message-ID, say).
    expect(head.match(/^message-id:/gim)).toHaveLength(1);
    expect(head.match(/^[a-z-]+:/gim)?.map((name) => name.toLowerCase())).toEqual([
      'from:',
      'to:',
      'subject:',
      'message-id:',
      'date:',
      'mime-version:',
      'content-type:',
    ]);
  });

  it('sends one mail after another on the connection it keeps open', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: DEFAULT_MAIL_FROM,
      outboxDir: '/nonexistent',
    });
    const before = { received: smtp.received.length, connections: smtp.connections() };
    for (const to of ['asha@example.com', 'ravi@example.com', 'meera@example.com']) {
      await mailer.send({ to, subject: 'One of three', ...content });
    }
    mailer.close();

    expect(smtp.received.slice(before.received).map((m) => m.to)).toEqual([
      ['asha@example.com'],
      ['ravi@example.com'],
      ['meera@example.com'],
    ]);
    expect(smtp.connections() - before.connections).toBe(1);
  });

  it('rejects when the server refuses the recipient', async () => {
    smtp.refuse.add('gone@example.com');
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: DEFAULT_MAIL_FROM,
      outboxDir: '/nonexistent',
    });
    await expect(
      mailer.send({ to: 'gone@example.com', subject: 'x', ...content }),
    ).rejects.toThrow();
    mailer.close();
  });
});
