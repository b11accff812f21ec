import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SupportMessage } from '@makhana/domain/contracts/owner';
import { describe, expect, it } from 'vitest';
import { complaints, contactMessages, orders } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { ADDRESS, customer, ownerToken } from '../../test/order-fixtures';
import { call } from '../../test/requests';
import { INVOICE_NOT_FOUND, SUPPORT_MESSAGE_NOT_FOUND } from './inbox';
import { INBOX_FETCHED, MESSAGE_REOPENED, MESSAGE_RESOLVED } from './routes';

const api = useTestApp({ env: { RATE_LIMIT_STRICT_MAX: '1000' }, owner: true });

const MISSING = '00000000-0000-4000-8000-00000000abcd';

async function inbox(token: string, query = '') {
  const response = await call(api.app, 'GET', `/supports/inbox${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: SupportMessage[];
    meta: { page: number; limit: number; total: number };
    message: string;
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 10, minute));
/** The inbox's mark for a ticket unresolved over 30 days, from the test's fixed dates. */
const monthOld = (sent: Date) => Date.now() - sent.getTime() > 30 * 24 * 3600 * 1000;

async function contactAt(
  minute: number,
  fields: Partial<typeof contactMessages.$inferInsert> = {},
) {
  const [row] = await api.db
    .insert(contactMessages)
    .values({
      fromName: 'Asha Kumari',
      replyTo: 'asha@example.com',
      phone: '9876543210',
      message: 'Do you ship to Pune?',
      createdAt: at(minute),
      ...fields,
    })
    .returning();
  return row!;
}

async function complaintAt(minute: number, fields: Partial<typeof complaints.$inferInsert> = {}) {
  const [row] = await api.db
    .insert(complaints)
    .values({
      fromName: 'Ravi Das',
      replyTo: 'ravi@example.com',
      orderId: 'MM-1001',
      issueType: 'Damaged Product',
      query: 'The pouch arrived torn.',
      invoiceUrl: null,
      createdAt: at(minute),
      ...fields,
    })
    .returning();
  return row!;
}

/** An invoice file where submitComplaint keeps them, and its complaint. */
async function complaintWithInvoice(bytes: Buffer, ext = 'jpg') {
  const name = `complaints/${randomUUID()}.${ext}`;
  mkdirSync(path.join(api.dataDir, 'private', 'complaints'), { recursive: true });
  writeFileSync(path.join(api.dataDir, 'private', name), bytes);
  return complaintAt(30, { invoiceUrl: name });
}

const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64, 7)]);

describe('GET /supports/inbox', () => {
  it('pages contact messages and complaints together, newest first, across both kinds', async () => {
    // Interleaved in time, so each page mixes both tables.
    const made = [
      await contactAt(1),
      await complaintAt(2),
      await complaintAt(3),
      await contactAt(4),
      await contactAt(5),
      await complaintAt(6),
    ];
    const newestFirst = made.map((m) => m.id).reverse();
    const token = await ownerToken(api.app);

    const all = await inbox(token);
    expect(all.message).toBe(INBOX_FETCHED);
    expect(all.meta).toEqual({ page: 1, limit: 50, total: 6 });
    expect(all.data.map((m) => m._id)).toEqual(newestFirst);
    expect(all.data.map((m) => m.kind)).toEqual([
      'complaint',
      'contact',
      'contact',
      'complaint',
      'complaint',
      'contact',
    ]);
    const pages = [];
    for (const n of [1, 2, 3]) {
      const one = await inbox(token, `?page=${n}&limit=2`);
      expect(one.meta).toEqual({ page: n, limit: 2, total: 6 });
      pages.push(...one.data.map((m) => m._id));
    }
    expect(pages).toEqual(newestFirst);
    expect((await inbox(token, '?page=4&limit=2')).data).toEqual([]);
  });

  it('answers each kind in the SupportMessage shape, a complaint with the order it names', async () => {
    const [order] = await api.db
      .insert(orders)
      .values({
        orderNumber: 'MM-20261101-AB12C',
        subtotalPaise: 10_000,
        shippingCostPaise: 0,
        totalAmountPaise: 10_000,
        shippingAddress: { ...ADDRESS, country: 'India' },
      })
      .returning();
    const message = await contactAt(1);
    const byNumber = await complaintAt(2, { orderId: ' mm-20261101-ab12c ' });
    const byId = await complaintAt(3, { orderId: order!.id });
    const unknown = await complaintAt(4, { orderId: 'MM-NOPE' });
    const withInvoice = await complaintWithInvoice(JPEG);
    const token = await ownerToken(api.app);
    const byKey = new Map((await inbox(token)).data.map((m) => [m._id, m]));

    expect(byKey.get(message.id)).toEqual({
      _id: message.id,
      kind: 'contact',
      fromName: 'Asha Kumari',
      replyTo: 'asha@example.com',
      phone: '9876543210',
      message: 'Do you ship to Pune?',
      issueType: null,
      orderReference: null,
      order: null,
      invoiceUrl: null,
      resolved: false,
      resolvedAt: null,
      createdAt: at(1).toISOString(),
      ticketNumber: expect.stringMatching(/^T-\d{6}$/),
      // Written straight into the table, with nobody waiting on an answer.
      status: 'Answered',
      awaitingReplySince: null,
      replyOverdue: false,
      resolutionOverdue: monthOld(at(1)),
    });
    expect(byKey.get(byNumber.id)).toEqual({
      _id: byNumber.id,
      kind: 'complaint',
      fromName: 'Ravi Das',
      replyTo: 'ravi@example.com',
      phone: null,
      message: 'The pouch arrived torn.',
      issueType: 'Damaged Product',
      orderReference: ' mm-20261101-ab12c ',
      order: { _id: order!.id, orderNumber: 'MM-20261101-AB12C' },
      invoiceUrl: null,
      resolved: false,
      resolvedAt: null,
      createdAt: at(2).toISOString(),
      ticketNumber: expect.stringMatching(/^T-\d{6}$/),
      status: 'Answered',
      awaitingReplySince: null,
      replyOverdue: false,
      resolutionOverdue: monthOld(at(2)),
    });
    expect(byKey.get(byId.id)?.order).toEqual({ _id: order!.id, orderNumber: order!.orderNumber });
    expect(byKey.get(unknown.id)?.order).toBeNull();
    expect(byKey.get(withInvoice.id)?.invoiceUrl).toBe(
      `/api/v1/supports/invoice/${withInvoice.id}`,
    );
  });

  it('narrows to open or resolved, and searches names, e-mails and text, wildcards as text', async () => {
    const open = await contactAt(1, { fromName: 'Meera Jha', replyTo: 'meera_jha@example.com' });
    const done = await complaintAt(2, {
      query: 'Seal broken 100% of the pouches',
      resolvedAt: at(9),
    });
    const other = await contactAt(3, { message: 'Wholesale prices?' });
    const token = await ownerToken(api.app);
    const ids = async (query: string) => (await inbox(token, query)).data.map((m) => m._id);

    expect(await ids('?status=open')).toEqual([other.id, open.id]);
    expect(await ids('?status=resolved')).toEqual([done.id]);
    expect(await ids('?q=MEERA')).toEqual([open.id]);
    expect(await ids('?q=meera_jha%40')).toEqual([open.id]);
    expect(await ids('?q=ravi%40example')).toEqual([done.id]);
    expect(await ids('?q=100%25')).toEqual([done.id]);
    expect(await ids('?q=wholesale')).toEqual([other.id]);
    expect(await ids('?q=jh_')).toEqual([]);
    expect(await ids('?q=seal&status=open')).toEqual([]);
    expect((await inbox(token, '?q=example')).meta.total).toBe(3);
    expect((await inbox(token, '?status=open')).meta.total).toBe(2);
  });

  it('refuses a bad status, page or search naming the field', async () => {
    const token = await ownerToken(api.app);
    for (const [query, field] of [
      ['?status=closed', 'status'],
      ['?page=0', 'page'],
      [`?q=${'a'.repeat(101)}`, 'q'],
      ['?q=a%00b', 'q'],
    ] as const) {
      const response = await call(api.app, 'GET', `/supports/inbox${query}`, { token });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].field, query).toBe(field);
    }
  });
});

describe('POST /supports/resolve/:id', () => {
  it('marks a contact message and a complaint resolved and open again', async () => {
    const message = await contactAt(1);
    const complaint = await complaintAt(2);
    const token = await ownerToken(api.app);
    for (const item of [message, complaint]) {
      const resolve = (resolved: boolean) =>
        call(api.app, 'POST', `/supports/resolve/${item.id}`, { token, body: { resolved } });
      const done = await resolve(true);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        message: MESSAGE_RESOLVED,
        data: { _id: item.id, resolved: true, resolvedAt: expect.any(String) },
      });
      // Resolving again keeps the first time.
      const again = await resolve(true);
      expect(again.json().data.resolvedAt).toBe(done.json().data.resolvedAt);
      const reopened = await resolve(false);
      expect(reopened.json()).toMatchObject({
        message: MESSAGE_REOPENED,
        data: { _id: item.id, resolved: false, resolvedAt: null },
      });
    }
    await call(api.app, 'POST', `/supports/resolve/${complaint.id}`, {
      token,
      body: { resolved: true },
    });
    expect((await inbox(token, '?status=resolved')).data.map((m) => m._id)).toEqual([complaint.id]);
  });

  it('answers 404 for an unknown or malformed id, and 400 naming resolved', async () => {
    const token = await ownerToken(api.app);
    for (const id of [MISSING, 'not-an-id']) {
      const response = await call(api.app, 'POST', `/supports/resolve/${id}`, {
        token,
        body: { resolved: true },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(SUPPORT_MESSAGE_NOT_FOUND);
    }
    const message = await contactAt(1);
    const bad = await call(api.app, 'POST', `/supports/resolve/${message.id}`, {
      token,
      body: { resolved: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('resolved');
  });
});

describe('GET /supports/invoice/:id', () => {
  it('streams the stored invoice to the owner, private and never sniffed', async () => {
    const complaint = await complaintWithInvoice(JPEG);
    const response = await call(api.app, 'GET', `/supports/invoice/${complaint.id}`, {
      token: await ownerToken(api.app),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(JPEG)).toBe(true);
  });

  it('answers 404 for a contact message, a complaint without invoice, a missing file or a stored path that is not ours', async () => {
    const token = await ownerToken(api.app);
    const message = await contactAt(1);
    const bare = await complaintAt(2);
    const gone = await complaintAt(3, { invoiceUrl: `complaints/${randomUUID()}.png` });
    // A row naming a file outside the invoices (never written by the shop) opens nothing.
    mkdirSync(path.join(api.dataDir, 'private'), { recursive: true });
    writeFileSync(path.join(api.dataDir, 'secret.txt'), 'not an invoice');
    const tampered = await complaintAt(4, { invoiceUrl: '../secret.txt' });
    for (const id of [message.id, bare.id, gone.id, tampered.id, MISSING, 'x', '..%2F..%2Fetc']) {
      const response = await call(api.app, 'GET', `/supports/invoice/${id}`, { token });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message, id).toBe(INVOICE_NOT_FOUND);
    }
  });
});

describe('the inbox is the owner’s alone', () => {
  it('refuses a visitor and a customer on every route, the invoice included', async () => {
    const complaint = await complaintWithInvoice(JPEG);
    const { token } = await customer(api.db);
    for (const auth of [{}, { token }, { cookies: { accessToken: token } }]) {
      for (const [method, url, body] of [
        ['GET', '/supports/inbox', undefined],
        ['POST', `/supports/resolve/${complaint.id}`, { resolved: true }],
        ['GET', `/supports/invoice/${complaint.id}`, undefined],
      ] as const) {
        const response = await call(api.app, method, url, { ...auth, body });
        expect([401, 403], `${method} ${url}`).toContain(response.statusCode);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.json().data).toBeNull();
      }
    }
    const [row] = await api.db.select().from(complaints);
    expect(row?.resolvedAt).toBeNull();
  });
});
