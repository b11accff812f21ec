import { describe, expect, it } from 'vitest';
import { decodeWords } from '../../test/order-fixtures';
import { composeMail, parseMailbox } from './compose';
import { parseMail } from './parse-mail';

const shop = parseMailbox('"Mithila Makhana Co." <care@mithilamakhana.in>');
const text = [
  'Thank you for your order!',
  '',
  'Load Makhana 100g x 2: ₹1,698',
  '. a line that starts with a dot',
  `${'a long line of words '.repeat(8)}ending in spaces   `,
  'a lone carriage return\rends this line',
].join('\n');
/** The text as it reads back: every line break a CRLF. */
const sent = (value: string) => value.replace(/\r\n|\r|\n/g, '\r\n');
const html = '<p style="margin:0">Subtotal ₹2,996 &amp; free shipping</p>';

const raw = (mail: { raw: Buffer }) => mail.raw.toString('utf8');
const headOf = (message: string) => message.slice(0, message.indexOf('\r\n\r\n'));

describe('composeMail', () => {
  it('writes headers and a text and an HTML part that read back as they were given', () => {
    const now = new Date('2026-11-27T07:32:07Z');
    const mail = composeMail(
      shop,
      { to: 'asha@example.in', replyTo: 'ravi@example.in', subject: 'Order confirmed', text, html },
      now,
    );
    expect(mail.envelope).toEqual({ from: 'care@mithilamakhana.in', to: ['asha@example.in'] });

    const message = raw(mail);
    const parsed = parseMail(message);
    expect(parsed.headers.get('from')).toBe('"Mithila Makhana Co." <care@mithilamakhana.in>');
    expect(parsed.headers.get('to')).toBe('asha@example.in');
    expect(parsed.headers.get('reply-to')).toBe('ravi@example.in');
    expect(parsed.headers.get('subject')).toBe('Order confirmed');
    expect(parsed.headers.get('date')).toBe('Fri, 27 Nov 2026 07:32:07 +0000');
    expect(parsed.headers.get('mime-version')).toBe('1.0');
    expect(parsed.headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@mithilamakhana\.in>$/);
    expect(parsed.headers.get('content-type')).toMatch(/^multipart\/alternative;/);
    expect(parsed.text).toBe(sent(text));
    expect(parsed.html).toBe(html);

    // Every line ends in CRLF and stays within SMTP's recommended 78 characters.
    expect(message).not.toMatch(/[^\r]\n|\r[^\n]/);
    for (const line of message.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('encodes words outside ASCII in the subject and in names, and they decode back', () => {
    const sender = parseMailbox('मिथिला मखाना <care@mithilamakhana.in>');
    const subject = `Order confirmed: ${'मखाना '.repeat(12)}MM-261127-9789`;
    const parsed = parseMail(
      raw(composeMail(sender, { to: 'asha@example.in', subject, text, html })),
    );
    expect(parsed.headers.get('subject')).toMatch(/=\?UTF-8\?Q\?/i);
    expect(decodeWords(parsed.headers.get('subject') ?? '')).toBe(subject);
    expect(decodeWords(parsed.headers.get('from') ?? '')).toBe(
      'मिथिला मखाना <care@mithilamakhana.in>',
    );
  });

  it('keeps a line break in a subject from starting a header of its own', () => {
    const message = raw(
      composeMail(shop, {
        to: 'asha@example.in',
        subject: 'Hello\r\nBcc: everyone@example.in',
        text,
        html,
      }),
    );
    const head = headOf(message);
    expect(head).not.toMatch(/^Bcc:/im);
    expect(parseMail(message).headers.get('subject')).toBe('Hello  Bcc: everyone@example.in');
  });

  it.each([
    'asha@example.in\r\nBcc: everyone@example.in',
    'asha@example.in, ravi@example.in',
    'Asha <asha@example.in>',
    'asha@exa mple.in',
    'not an address',
    `${'a'.repeat(250)}@example.in`,
  ])('refuses %j as a recipient or a reply-to', (to) => {
    expect(() => composeMail(shop, { to, subject: 'x', text, html })).toThrow(
      'not one mail address',
    );
    expect(() =>
      composeMail(shop, { to: 'asha@example.in', replyTo: to, subject: 'x', text, html }),
    ).toThrow('not one mail address');
  });

  it.each([
    [
      '"Mithila Makhana Co." <care@mithilamakhana.in>',
      'Mithila Makhana Co.',
      'care@mithilamakhana.in',
    ],
    ['Mithila <care@mithilamakhana.in>', 'Mithila', 'care@mithilamakhana.in'],
    ['"Say \\"hi\\"" <care@mithilamakhana.in>', 'Say "hi"', 'care@mithilamakhana.in'],
    [' care@mithilamakhana.in ', '', 'care@mithilamakhana.in'],
  ])('reads the sender %j', (value, name, address) => {
    expect(parseMailbox(value)).toEqual({ name, address });
  });

  it.each([
    '"Shop\r\nBcc: all@example.in" <care@mithilamakhana.in>',
    'Shop <care@mithilamakhana.in',
    'Shop <care@mithila makhana.in>',
    'care@mithilamakhana.in, sales@mithilamakhana.in',
    'Mithila Makhana',
    '',
  ])('refuses the sender %j', (value) => {
    expect(() => parseMailbox(value)).toThrow('not one mail address');
  });

  it('attaches files as base64 parts beside the text and the HTML', () => {
    const picture = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));
    const message = raw(
      composeMail(shop, {
        to: 'owner@example.in',
        subject: 'Complaint',
        text,
        html,
        attachments: [
          { filename: 'invoice.png', content: picture, contentType: 'image/png' },
          { filename: '../odd name";.pdf', content: Buffer.from('%PDF'), contentType: 'a b' },
        ],
      }),
    );
    const mixed = parseMail(message).headers.get('content-type') ?? '';
    expect(mixed).toMatch(/^multipart\/mixed;/);
    const boundary = mixed.match(/boundary="([^"]+)"/)?.[1] ?? '';
    const [alternative, invoice, odd] = message
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => part.replace(/^\r\n/, '').replace(/\r\n$/, ''));

    const inner = parseMail(alternative ?? '');
    expect(inner.text).toBe(sent(text));
    expect(inner.html).toBe(html);

    expect(headOf(invoice ?? '')).toContain('Content-Type: image/png; name=invoice.png');
    expect(headOf(invoice ?? '')).toContain(
      'Content-Disposition: attachment; filename=invoice.png',
    );
    const body = (invoice ?? '').slice((invoice ?? '').indexOf('\r\n\r\n') + 4);
    expect(Buffer.from(body.replace(/\r\n/g, ''), 'base64')).toEqual(picture);

    // A name the shop did not expect becomes a plain token; an unknown type, plain bytes.
    expect(headOf(odd ?? '')).toContain(
      'Content-Type: application/octet-stream; name=.._odd_name__.pdf',
    );
  });
});
