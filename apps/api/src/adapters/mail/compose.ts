import { randomUUID } from 'node:crypto';
import { encodeWord, encodeWords, foldLines } from 'nodemailer/lib/mime-funcs';
import { encode as encodeQuotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** where the recipient's reply goes (a shopper's address on mails to the owner) */
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailbox {
  name: string;
  address: string;
}

/** A mail as an SMTP server takes it: the envelope's addresses and the message's bytes. */
export interface ComposedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

const LINE = 76;
/** Control characters (CR and LF among them) would end a header and start one of their own. */
const CONTROLS = /\p{Cc}/gu;
const CONTROL = /\p{Cc}/u;
/** A bare address: no spaces, brackets, quotes or separators that could close or add a field. */
const SAFE_ADDRESS = /^[^\s<>()[\]",;:\\@]+@[^\s<>()[\]",;:\\@]+$/;
const MAX_ADDRESS = 254;

const isSafeAddress = (address: string) =>
  address.length <= MAX_ADDRESS && SAFE_ADDRESS.test(address);
const notOneAddress = (value: string) =>
  new Error(`not one mail address: ${JSON.stringify(value.slice(0, 100))}`);

/**
 * One mailbox from '"Name" <a@b.c>', 'Name <a@b.c>' or 'a@b.c'; throws on anything else. Strict
 * on purpose: a lenient parser reads 'a@b.c\r\nBcc: x@y.z' as the address x@y.z.
 */
export function parseMailbox(value: string): Mailbox {
  const mailbox = value.trim();
  if (mailbox.length <= 1_000 && !CONTROL.test(mailbox)) {
    const open = mailbox.lastIndexOf('<');
    if (open < 0 && isSafeAddress(mailbox)) return { name: '', address: mailbox };
    const address = mailbox.slice(open + 1, -1);
    if (open >= 0 && mailbox.endsWith('>') && isSafeAddress(address)) {
      const name = mailbox.slice(0, open).trim();
      const quoted = name.length >= 2 && name.startsWith('"') && name.endsWith('"');
      return { name: quoted ? name.slice(1, -1).replace(/\\(.)/g, '$1') : name, address };
    }
  }
  throw notOneAddress(value);
}

/** A recipient: always a bare address the shop validated when it was given. */
function recipient(address: string): Mailbox {
  if (!isSafeAddress(address)) throw notOneAddress(address);
  return { name: '', address };
}

function formatMailbox({ name, address }: Mailbox): string {
  if (!name) return address;
  // Printable ASCII goes as a quoted string; anything else as encoded words (RFC 2047).
  const phrase = /^[\x20-\x7e]*$/.test(name)
    ? `"${name.replace(/[\\"]/g, '\\$&')}"`
    : encodeWord(name, 'Q', 52);
  return `${phrase} <${address}>`;
}

/** An unstructured header's text: one line, non-ASCII words encoded (RFC 2047). */
const headerText = (value: string) => encodeWords(value.replace(CONTROLS, ' '), 'Q', 52);

/** Folded before a space, so that every line it adds starts with one (a continuation). */
const header = (name: string, value: string) => foldLines(`${name}: ${value}`, LINE);

interface Part {
  headers: string[];
  body: string;
}

/** Text as quoted-printable: readable where it is ASCII, and what spam filters expect of text. */
function textPart(type: 'plain' | 'html', content: string): Part {
  return {
    headers: [
      `Content-Type: text/${type}; charset=utf-8`,
      'Content-Transfer-Encoding: quoted-printable',
    ],
    // Every line break as CRLF: a lone CR or LF is refused by some SMTP servers.
    body: wrapQuotedPrintable(encodeQuotedPrintable(content.replace(/\r\n|\r|\n/g, '\r\n')), LINE),
  };
}

/** A file name as a header token: the shop names its attachments, so anything else is replaced. */
const safeFilename = (name: string) =>
  name.slice(0, 100).replace(/[^A-Za-z0-9._-]/g, '_') || 'attachment';
const MEDIA_TYPE = /^[a-z0-9.+-]{1,64}\/[a-z0-9.+-]{1,64}$/i;

function attachmentPart({ filename, content, contentType }: MailAttachment): Part {
  const name = safeFilename(filename);
  const type =
    contentType && MEDIA_TYPE.test(contentType) ? contentType : 'application/octet-stream';
  return {
    headers: [
      `Content-Type: ${type}; name=${name}`,
      `Content-Disposition: attachment; filename=${name}`,
      'Content-Transfer-Encoding: base64',
    ],
    body: (content.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n'),
  };
}

function multipart(subtype: 'alternative' | 'mixed', parts: Part[]): Part {
  // Random, so no part's encoded content can contain it.
  const boundary = `=_mm_${randomUUID()}`;
  const sections = parts.map(
    (part) => `--${boundary}\r\n${part.headers.join('\r\n')}\r\n\r\n${part.body}`,
  );
  return {
    headers: [`Content-Type: multipart/${subtype};\r\n boundary="${boundary}"`],
    body: `${sections.join('\r\n')}\r\n--${boundary}--`,
  };
}

/**
 * The message as RFC 5322 with MIME: the text and the HTML as multipart/alternative, inside
 * multipart/mixed when files are attached. Built here in one pass of string work rather than by
 * nodemailer's composer, whose streams cost about ten times as much CPU for a paid order's mails;
 * nodemailer's own header and quoted-printable helpers do the encoding.
 */
export function composeMail(from: Mailbox, message: MailMessage, now = new Date()): ComposedMail {
  const to = recipient(message.to);
  const replyTo = message.replyTo ? recipient(message.replyTo) : null;
  const alternative = multipart('alternative', [
    textPart('plain', message.text),
    textPart('html', message.html),
  ]);
  const attachments = message.attachments ?? [];
  const content = attachments.length
    ? multipart('mixed', [alternative, ...attachments.map(attachmentPart)])
    : alternative;
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1);
  const head = [
    header('From', formatMailbox(from)),
    header('To', formatMailbox(to)),
    ...(replyTo ? [header('Reply-To', formatMailbox(replyTo))] : []),
    header('Subject', headerText(message.subject)),
    `Message-ID: <${randomUUID()}@${domain}>`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
    ...content.headers,
  ];
  return {
    envelope: { from: from.address, to: [to.address] },
    raw: Buffer.from(`${head.join('\r\n')}\r\n\r\n${content.body}\r\n`, 'utf8'),
  };
}
