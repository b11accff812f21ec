import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtp, startLocalSmtp } from '../../adapters/mail/local-smtp';
import { parseMail } from '../../adapters/mail/parse-mail';
import { complaints, contactMessages } from '../../db/schema';
import { tempDataDir, useTestApp } from '../../test/app';

const OWNER = 'owner@mithila.test';
const ENV = { OWNER_EMAIL: OWNER, RATE_LIMIT_STRICT_MAX: '1000' };

const api = useTestApp({ env: ENV });
let failing: FastifyInstance;
let smtp: LocalSmtp;
const failingData = tempDataDir();
const outbox = api.outboxDir;

beforeAll(async () => {
  smtp = await startLocalSmtp();
  smtp.refuse.add(OWNER);
  // Its SMTP server refuses the owner's address: every mail to the owner fails.
  failing = await api.startApp({
    dataDir: failingData.dir,
    env: { ...ENV, SMTP_URL: smtp.url },
  });
});
afterAll(async () => {
  await smtp?.close();
  failingData.remove();
});

/** The mails in the outbox, oldest first. */
function outboxMails(): string[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(path.join(outbox, name), 'utf8'));
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
/** A valid 1×1 RGB PNG. */
function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0xe8, 0xb8, 0x3a]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CONTACT = {
  from_name: 'Asha Kumari',
  reply_to: 'Asha@Example.com',
  phone: '98765 43210',
  message: 'Do you ship to Pune?',
};
const COMPLAINT = {
  from_name: 'Asha Kumari',
  reply_to: 'asha@example.com',
  order_id: 'MM-1001',
  issue_type: 'Damaged Product',
  query: 'The pouch arrived torn.',
};

const contact = (target: FastifyInstance, payload: object) =>
  target.inject({ method: 'POST', url: '/api/v1/supports/contact-us', payload });

function complaintForm(
  fields: Record<string, string> = COMPLAINT,
  file: { bytes: Buffer; name: string; type: string } | null = {
    bytes: tinyPng(),
    name: 'invoice.png',
    type: 'image/png',
  },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('invoice', new Blob([file.bytes], { type: file.type }), file.name);
  return form;
}

const complain = (target: FastifyInstance, form: FormData) =>
  target.inject({ method: 'POST', url: '/api/v1/supports/raise-complaint', payload: form });

describe('POST /api/v1/supports/contact-us', () => {
  it('stores the message and mails the owner with Reply-To set to the shopper', async () => {
    const before = outboxMails().length;
    const response = await contact(api.app, CONTACT);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Message sent successfully!',
    });
    const rows = await api.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fromName: 'Asha Kumari',
      replyTo: 'asha@example.com',
      phone: '98765 43210',
      message: 'Do you ship to Pune?',
    });
    expect(rows[0]?.mailedAt).toBeInstanceOf(Date);
    expect(response.json().data).toEqual({ ticketNumber: rows[0]?.ticketNumber });

    // The owner's mail, then the shopper's acknowledgement (tickets.test.ts reads that one).
    const mails = outboxMails();
    expect(mails).toHaveLength(before + 2);
    const mail = parseMail(mails.at(-2) as string);
    expect(mail.headers.get('to')).toBe(OWNER);
    expect(mail.headers.get('reply-to')).toBe('asha@example.com');
    expect(mail.headers.get('subject')).toBe(
      `Contact message from Asha Kumari (ticket ${rows[0]?.ticketNumber})`,
    );
    expect(mail.text).toContain('Do you ship to Pune?');
    expect(mail.text).toContain('98765 43210');
  });

  it('refuses every missing field with a 400 naming it', async () => {
    for (const field of Object.keys(CONTACT)) {
      const payload: Record<string, string> = { ...CONTACT };
      delete payload[field];
      const response = await contact(api.app, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(new RegExp(`^${field}: `)),
      });
    }
    const badEmail = await contact(api.app, { ...CONTACT, reply_to: 'not-an-email' });
    expect(badEmail.json().message).toBe('reply_to: Valid email required');
    const tooLong = await contact(api.app, { ...CONTACT, message: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^message: /);
    expect(await api.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('keeps the message and answers 200 when the mail fails', async () => {
    const response = await contact(failing, CONTACT);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Message sent successfully!');
    const rows = await api.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.mailedAt).toBeNull();
  });
});

describe('POST /api/v1/supports/raise-complaint', () => {
  it('stores the complaint and the invoice and mails the owner with it attached', async () => {
    const before = outboxMails().length;
    const response = await complain(api.app, complaintForm());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Complaint submitted successfully!',
    });
    const rows = await api.db.select().from(complaints);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      fromName: 'Asha Kumari',
      replyTo: 'asha@example.com',
      orderId: 'MM-1001',
      issueType: 'Damaged Product',
      query: 'The pouch arrived torn.',
    });
    expect(row?.mailedAt).toBeInstanceOf(Date);
    expect(row?.invoiceUrl).toMatch(/^complaints\/[0-9a-f-]{36}\.png$/);
    const stored = path.join(api.dataDir, 'private', String(row?.invoiceUrl));
    // Written again from its pixels: the same picture, the same format.
    const kept = readFileSync(stored);
    const pixels = await sharp(kept).raw().toBuffer({ resolveWithObject: true });
    expect(pixels.info).toMatchObject({ format: 'raw', width: 1, height: 1 });
    expect([...pixels.data]).toEqual([0xe8, 0xb8, 0x3a]);
    expect((await sharp(kept).metadata()).format).toBe('png');
    const served = await api.app.inject({ url: `/uploads/${row?.invoiceUrl}` });
    expect(served.statusCode).toBe(404);

    const mails = outboxMails();
    expect(mails).toHaveLength(before + 2);
    const raw = mails.at(-2) as string;
    const mail = parseMail(raw);
    expect(mail.headers.get('to')).toBe(OWNER);
    expect(mail.headers.get('reply-to')).toBe('asha@example.com');
    expect(mail.headers.get('subject')).toContain('MM-1001');
    expect(raw).toMatch(/Content-Disposition: attachment; filename=invoice\.png/i);
    expect(raw.replace(/\r?\n/g, '')).toContain(kept.toString('base64'));
  });

  it("keeps a phone photo's invoice without its metadata, and refuses bytes that do not decode", async () => {
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#d9c7a0' },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Asha Kumari', Copyright: 'Asha', Model: 'Phone 12' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const sent = await complain(
      api.app,
      complaintForm(COMPLAINT, { bytes: photo, name: 'invoice.jpg', type: 'image/jpeg' }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await api.db.select().from(complaints);
    const kept = readFileSync(path.join(api.dataDir, 'private', String(row?.invoiceUrl)));
    const metadata = await sharp(kept).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(metadata.exif).toBeUndefined();
    expect(kept.includes('Asha Kumari')).toBe(false);

    const broken = await complain(
      api.app,
      complaintForm(COMPLAINT, {
        bytes: Buffer.concat([tinyPng().subarray(0, 20), Buffer.from('not the rest of a picture')]),
        name: 'invoice.png',
        type: 'image/png',
      }),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      message: 'invoice: The invoice is not a readable picture',
      errors: [{ field: 'invoice', message: 'The invoice is not a readable picture' }],
    });
    expect(await api.db.select().from(complaints)).toHaveLength(1);
  });

  it('refuses a text file named .png, a missing file and an SVG', async () => {
    const fake = await complain(
      api.app,
      complaintForm(COMPLAINT, {
        bytes: Buffer.from('just some text, not an image'),
        name: 'invoice.png',
        type: 'image/png',
      }),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toMatch(/^invoice: /);

    const svg = await complain(
      api.app,
      complaintForm(COMPLAINT, {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
        name: 'invoice.svg',
        type: 'image/svg+xml',
      }),
    );
    expect(svg.statusCode).toBe(400);

    const none = await complain(api.app, complaintForm(COMPLAINT, null));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('invoice: Please attach your invoice as an image');

    const json = await api.app.inject({
      method: 'POST',
      url: '/api/v1/supports/raise-complaint',
      payload: COMPLAINT,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/^invoice: /);
    expect(await api.db.select().from(complaints)).toHaveLength(0);
  });

  it('refuses every missing field with a 400 naming it', async () => {
    for (const field of Object.keys(COMPLAINT)) {
      const fields: Record<string, string> = { ...COMPLAINT };
      delete fields[field];
      const response = await complain(api.app, complaintForm(fields));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^${field}: `));
    }
    const badIssue = await complain(api.app, complaintForm({ ...COMPLAINT, issue_type: 'Bored' }));
    expect(badIssue.json().message).toBe('issue_type: Please choose an issue type');
    expect(await api.db.select().from(complaints)).toHaveLength(0);
  });

  it('answers an invoice over 5 MB in the envelope, never a 500', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await complain(
      api.app,
      complaintForm(COMPLAINT, { bytes: big, name: 'invoice.png', type: 'image/png' }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'invoice: The invoice must be at most 5 MB',
    });
  });

  it('keeps the complaint and answers 200 when the mail fails', async () => {
    const response = await complain(failing, complaintForm());
    expect(response.statusCode).toBe(200);
    const rows = await api.db.select().from(complaints);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.mailedAt).toBeNull();
    const [row] = await api.db
      .select({ invoiceUrl: complaints.invoiceUrl })
      .from(complaints)
      .where(eq(complaints.id, rows[0]?.id as string));
    expect(row?.invoiceUrl).toMatch(/^complaints\//);
  });
});
