import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { complaints, contactMessages } from '../../db/schema';
import { testConfig, useTestApp } from '../../test/app';
import { insertOrderRow, ownerToken } from '../../test/order-fixtures';
import { call, mailsTo } from '../../test/requests';
import { seedDemoShopSettings } from '../shop';
import { signTicketKey } from './tickets';

const OWNER = 'owner@mithila.test';
const api = useTestApp({ owner: true, env: { OWNER_EMAIL: OWNER, RATE_LIMIT_STRICT_MAX: '1000' } });

const ASHA = 'asha@example.com';
const CONTACT = {
  from_name: 'Asha Kumari',
  reply_to: 'Asha@Example.com',
  phone: '98765 43210',
  message: 'Do you ship to Pune?',
};

async function contact(app: FastifyInstance = api.app, body: object = CONTACT) {
  const response = await call(app, 'POST', '/supports/contact-us', { body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.ticketNumber as string;
}

/** The key of the newest ticket link mailed to `email`, as the storefront reads it off the link. */
function mailedKey(email: string, ticketNumber: string): string {
  const link = mailsTo(api.outboxDir, email)
    .map((mail) => mail.text ?? '')
    .reverse()
    .join('\n')
    .match(new RegExp(`/support/ticket/${ticketNumber}#key=([0-9]+\\.[A-Za-z0-9_-]+)`));
  if (!link?.[1]) throw new Error(`no link to ${ticketNumber} mailed to ${email}`);
  return link[1];
}

const thread = (ticketNumber: string, options: Parameters<typeof call>[3] = {}) =>
  call(api.app, 'GET', `/supports/ticket/${ticketNumber}`, options);

let owner: string;
beforeEach(async () => {
  owner = await ownerToken(api.app);
});

describe('a contact message or complaint is a ticket', () => {
  it('numbers tickets consecutively across both kinds and answers the number', async () => {
    const first = await contact();
    const form = new FormData();
    for (const [field, value] of Object.entries({
      from_name: 'Asha Kumari',
      reply_to: ASHA,
      order_id: 'MM-1001',
      issue_type: 'Damaged Product',
      query: 'The pouch arrived torn.',
    }))
      form.append(field, value);
    const png = await sharp({
      create: { width: 2, height: 2, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    form.append('invoice', new Blob([png], { type: 'image/png' }), 'invoice.png');
    const complained = await api.app.inject({
      method: 'POST',
      url: '/api/v1/supports/raise-complaint',
      payload: form,
    });
    expect(complained.statusCode, complained.body).toBe(200);
    const second = complained.json().data.ticketNumber as string;
    // Once the owner has an invoice prefix, it leads: MM-T-000123.
    await seedDemoShopSettings(api.db);
    const third = await contact();
    for (const number of [first, second]) expect(number).toMatch(/^T-\d{6}$/);
    expect(third).toMatch(/^MM-T-\d{6}$/);
    const serial = (number: string) => Number(number.slice(-6));
    expect(serial(second)).toBe(serial(first) + 1);
    expect(serial(third)).toBe(serial(second) + 1);
    const [row] = await api.db
      .select({ ticketNumber: complaints.ticketNumber })
      .from(complaints)
      .where(eq(complaints.ticketNumber, second));
    expect(row).toBeDefined();
  });

  it('gives twenty messages sent at once twenty different numbers', async () => {
    const numbers = await Promise.all(Array.from({ length: 20 }, () => contact()));
    expect(new Set(numbers).size).toBe(20);
  });

  it('acknowledges at once with the number, the promise and a link that opens the thread', async () => {
    const ticketNumber = await contact();
    const ack = mailsTo(api.outboxDir, ASHA).at(-1);
    expect(ack?.headers.get('subject')).toBe(`We have your message: ticket ${ticketNumber}`);
    expect(ack?.text).toContain(ticketNumber);
    expect(ack?.text).toContain(
      'We reply within 24 hours on business days, and resolve every request within one month.',
    );
    const ownerMail = mailsTo(api.outboxDir, OWNER).at(-1);
    expect(ownerMail?.headers.get('subject')).toContain(`(ticket ${ticketNumber})`);

    const key = mailedKey(ASHA, ticketNumber);
    const opened = await thread(ticketNumber, { headers: { 'x-ticket-key': key } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.json().data).toMatchObject({
      ticketNumber,
      kind: 'contact',
      subject: 'Message',
      status: 'Open',
      messages: [{ by: 'customer', message: 'Do you ship to Pune?' }],
    });
    // The API's documented query parameter opens it the same.
    const byQuery = await thread(`${ticketNumber}?token=${encodeURIComponent(key)}`);
    expect(byQuery.statusCode).toBe(200);
  });
});

describe("who opens a ticket's thread", () => {
  it('refuses a visitor without the key, a wrong key, and another ticket’s key with a 404', async () => {
    const mine = await contact();
    const other = await contact(api.app, { ...CONTACT, reply_to: 'ravi@example.com' });
    const otherKey = mailedKey('ravi@example.com', other);
    const attempts: Record<string, string>[] = [
      {},
      { 'x-ticket-key': otherKey },
      { 'x-ticket-key': `${otherKey.split('.')[0]}.${'A'.repeat(43)}` },
      { 'x-ticket-key': 'not-a-key' },
    ];
    for (const headers of attempts) {
      const response = await thread(mine, { headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Support request not found');
    }
    expect((await thread('MM-T-999999', { token: owner })).statusCode).toBe(404);
    expect((await thread('../../etc', { token: owner })).statusCode).toBe(404);
  });

  it('says an expired key has expired', async () => {
    const ticketNumber = await contact();
    const thirtyOneDaysAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    const secret = testConfig(api.dataDir).authSecret;
    const old = signTicketKey(secret, ticketNumber, thirtyOneDaysAgo);
    const response = await thread(ticketNumber, { headers: { 'x-ticket-key': old } });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(
      'This link has expired. Sign in to see your support requests, or write to us again.',
    );
    const fresh = signTicketKey(secret, ticketNumber, new Date(Date.now() - 29 * 24 * 3600 * 1000));
    expect((await thread(ticketNumber, { headers: { 'x-ticket-key': fresh } })).statusCode).toBe(
      200,
    );
  });

  it('answers a session that ran out with a 401, so the page renews it; a key still opens the thread', async () => {
    const ticketNumber = await contact();
    const key = mailedKey(ASHA, ticketNumber);
    // A second app on the same database whose sessions last a second.
    const shortLived = await api.startApp({
      env: { OWNER_EMAIL: OWNER, RATE_LIMIT_STRICT_MAX: '1000', ACCESS_TOKEN_TTL_SECONDS: '1' },
    });
    const ranOut = await ownerToken(shortLived);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const read = await call(shortLived, 'GET', `/supports/ticket/${ticketNumber}`, {
      token: ranOut,
    });
    expect(read.statusCode).toBe(401);
    expect(read.json().message).toBe('Session expired. Please log in again.');
    const reply = await call(shortLived, 'POST', `/supports/reply/${ticketNumber}`, {
      token: ranOut,
      body: { message: 'We ship to Pune in 5-7 days.' },
    });
    expect(reply.statusCode).toBe(401);
    const withKey = await call(shortLived, 'GET', `/supports/ticket/${ticketNumber}`, {
      token: ranOut,
      headers: { 'x-ticket-key': key },
    });
    expect(withKey.statusCode, withKey.body).toBe(200);
    expect(withKey.json().data.messages).toHaveLength(1);
  });

  it("opens a customer's own tickets without a key, and lists them newest first", async () => {
    const first = await contact();
    const second = await contact();
    await contact(api.app, { ...CONTACT, reply_to: 'ravi@example.com' });
    const asha = await api.signInCustomer(ASHA);
    const listed = await call(api.app, 'GET', '/supports/tickets', { token: asha.accessToken });
    expect(listed.statusCode).toBe(200);
    expect(
      listed.json().data.map((ticket: { ticketNumber: string }) => ticket.ticketNumber),
    ).toEqual([second, first]);
    expect((await thread(first, { token: asha.accessToken })).statusCode).toBe(200);

    const ravi = await api.signInCustomer('ravi@example.com');
    expect((await thread(first, { token: ravi.accessToken })).statusCode).toBe(404);
    expect((await thread(first, { token: owner })).statusCode).toBe(200);
    expect((await call(api.app, 'GET', '/supports/tickets')).statusCode).toBe(401);
  });
});

describe('the thread', () => {
  it('carries the owner’s answer to the customer by mail and the customer’s answer back', async () => {
    const ticketNumber = await contact();
    const answered = await call(api.app, 'POST', `/supports/reply/${ticketNumber}`, {
      token: owner,
      body: { message: 'Yes, we deliver to 411001 in 4-6 days.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data.status).toBe('Answered');
    const reply = mailsTo(api.outboxDir, ASHA).at(-1);
    expect(reply?.headers.get('subject')).toBe(`Re: your ticket ${ticketNumber}`);
    expect(reply?.text).toContain('Yes, we deliver to 411001 in 4-6 days.');

    const key = mailedKey(ASHA, ticketNumber);
    const back = await call(api.app, 'POST', `/supports/reply/${ticketNumber}`, {
      headers: { 'x-ticket-key': key },
      body: { message: 'Thank you! Ordering now.' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({
      status: 'Open',
      messages: [
        { by: 'customer', message: 'Do you ship to Pune?' },
        { by: 'owner', message: 'Yes, we deliver to 411001 in 4-6 days.' },
        { by: 'customer', message: 'Thank you! Ordering now.' },
      ],
    });
    expect(mailsTo(api.outboxDir, OWNER).at(-1)?.text).toContain('Thank you! Ordering now.');
  });

  it('opens a resolved ticket again when the customer writes back', async () => {
    const ticketNumber = await contact();
    const [row] = await api.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.ticketNumber, ticketNumber));
    await call(api.app, 'POST', `/supports/resolve/${row?.id}`, {
      token: owner,
      body: { resolved: true },
    });
    expect((await thread(ticketNumber, { token: owner })).json().data.status).toBe('Resolved');
    const back = await call(api.app, 'POST', `/supports/reply/${ticketNumber}`, {
      headers: { 'x-ticket-key': mailedKey(ASHA, ticketNumber) },
      body: { message: 'It happened again.' },
    });
    expect(back.json().data.status).toBe('Open');
  });

  it('refuses an empty reply naming the field, and a stranger’s reply with a 404', async () => {
    const ticketNumber = await contact();
    const empty = await call(api.app, 'POST', `/supports/reply/${ticketNumber}`, {
      token: owner,
      body: { message: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'message', message: 'Please write your reply' }]);
    const stranger = await call(api.app, 'POST', `/supports/reply/${ticketNumber}`, {
      body: { message: 'Let me in' },
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('a complaint about an order', () => {
  it('links the ticket to the order both ways and to the signed-in customer', async () => {
    const asha = await api.signInCustomer(ASHA);
    const order = await insertOrderRow(api.db, asha.user._id, 53_700);
    const form = new FormData();
    for (const [field, value] of Object.entries({
      from_name: 'Asha Kumari',
      // Another address than the account's: the account still owns the complaint it sent.
      reply_to: 'asha.work@example.com',
      order_id: order.orderNumber.toLowerCase(),
      issue_type: 'Damaged Product',
      query: 'The pouch arrived torn.',
    }))
      form.append(field, value);
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    form.append('invoice', new Blob([png], { type: 'image/png' }), 'invoice.png');
    const sent = await api.app.inject({
      method: 'POST',
      url: '/api/v1/supports/raise-complaint',
      payload: form,
      headers: { authorization: `Bearer ${asha.accessToken}` },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const ticketNumber = sent.json().data.ticketNumber;
    await contact();

    const opened = await thread(ticketNumber, { token: asha.accessToken });
    expect(opened.json().data).toMatchObject({
      subject: 'Damaged Product',
      order: { _id: order.id, orderNumber: order.orderNumber },
    });
    const ofOrder = await call(api.app, 'GET', `/supports/inbox?order=${order.id}`, {
      token: owner,
    });
    expect(ofOrder.json().data.map((m: { ticketNumber: string }) => m.ticketNumber)).toEqual([
      ticketNumber,
    ]);
    const none = await call(api.app, 'GET', `/supports/inbox?order=${crypto.randomUUID()}`, {
      token: owner,
    });
    expect(none.json().data).toEqual([]);
  });
});

describe("the owner's inbox", () => {
  it('marks tickets late for an answer and for a resolution, and counts them', async () => {
    const fresh = await contact();
    const waiting = await contact();
    const old = await contact();
    const hours = (n: number) => sql`now() - make_interval(hours => ${n})`;
    await api.db
      .update(contactMessages)
      .set({ awaitingReplySince: hours(25), createdAt: hours(25) })
      .where(eq(contactMessages.ticketNumber, waiting));
    await api.db
      .update(contactMessages)
      .set({ awaitingReplySince: null, createdAt: hours(31 * 24) })
      .where(eq(contactMessages.ticketNumber, old));
    const inbox = await call(api.app, 'GET', '/supports/inbox', { token: owner });
    const byNumber = new Map(
      inbox.json().data.map((message: { ticketNumber: string }) => [message.ticketNumber, message]),
    );
    expect(byNumber.get(fresh)).toMatchObject({
      status: 'Open',
      replyOverdue: false,
      resolutionOverdue: false,
    });
    expect(byNumber.get(waiting)).toMatchObject({ replyOverdue: true, resolutionOverdue: false });
    expect(byNumber.get(old)).toMatchObject({
      status: 'Answered',
      replyOverdue: false,
      resolutionOverdue: true,
    });
    const figures = await call(api.app, 'GET', '/admins/dashboard', { token: owner });
    expect(figures.json().data).toMatchObject({
      openSupport: 3,
      supportReplyOverdue: 1,
      supportResolutionOverdue: 1,
    });
  });
});
