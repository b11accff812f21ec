import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseMail } from '../../adapters/mail/parse-mail';
import { orderStatusEvents, taxDocuments } from '../../db/schema';
import { useTestApp } from '../../test/app';
import {
  ADDRESS,
  captureEvent,
  cartLine,
  customer,
  insertOrderRow,
  insertProduct,
  orderPayload,
  ownerToken,
  paySimulated,
  sendWebhook,
  soldOrderRow,
  type TestVariant,
} from '../../test/order-fixtures';
import { call } from '../../test/requests';
import { seedDemoShopSettings } from '../shop';
import { backfillInvoices, issueCreditNote, issueInvoice } from './issue';

const api = useTestApp({ owner: true, env: { RATE_LIMIT_MAX: '100000' } });

const DELHI = { ...ADDRESS, city: 'New Delhi', state: 'Delhi', pincode: '110001' };

let pouch: TestVariant;
let tin: TestVariant;
beforeEach(async () => {
  // The demo seller: Bihar, GSTIN 10AAAAA0000A1ZH, invoice prefix MM.
  await seedDemoShopSettings(api.db);
  [pouch] = await insertProduct(api.db, {
    name: 'Roasted Makhana',
    variants: [{ weight: 100, price: 149, stock: 500 }],
  });
  [tin] = await insertProduct(api.db, {
    name: 'Makhana Tin',
    hsnCode: '08019',
    variants: [{ weight: 500, price: 299, stock: 500 }],
  });
});

/** A new customer's order to `address`, paid through the simulated window; its id and token. */
async function paidOrder(
  lines: ReturnType<typeof cartLine>[],
  address = ADDRESS,
  app: FastifyInstance = api.app,
) {
  const buyer = await customer(api.db);
  const created = await call(app, 'POST', '/orders/createOrder', {
    token: buyer.token,
    body: orderPayload(lines, address),
  });
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().data._id as string;
  const started = await call(app, 'POST', '/orders/razorpayPayment', {
    token: buyer.token,
    body: { orderId },
  });
  await paySimulated(app, buyer.token, started.json().data.id);
  await app.orders.idle();
  return { orderId, token: buyer.token, userId: buyer.user.id };
}

const orderOf = async (orderId: string, token: string) =>
  (await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token })).json().data;

describe('the tax invoice of a paid order', () => {
  it('is issued when the order is paid: CGST and SGST for a delivery in Bihar', async () => {
    // 2 × ₹149 = ₹298 and shipping ₹50 (under ₹500): the pouches are the principal supply.
    const { orderId, token } = await paidOrder([cartLine(pouch, 2)]);
    const { invoice } = await orderOf(orderId, token);
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^MM\/\d{4}\/000001$/),
      placeOfSupply: { state: 'Bihar', code: '10' },
      taxType: 'CGST+SGST',
      // 29800: half 709.52 → 710, taxable 28380; 5000: half 119.05 → 119, taxable 4762.
      taxableValue: 283.8 + 47.62,
      cgst: 7.1 + 1.19,
      sgst: 7.1 + 1.19,
      igst: 0,
      total: 348,
      lines: [
        {
          description: 'Roasted Makhana 100 g',
          hsnCode: '2008',
          quantity: 2,
          unitPrice: 149,
          gstRate: 5,
          taxableValue: 283.8,
          cgst: 7.1,
          sgst: 7.1,
          total: 298,
        },
        { description: 'Shipping', hsnCode: '2008', quantity: 1, gstRate: 5, total: 50 },
      ],
    });
  });

  it('bears IGST for a delivery to Delhi, shipping under the line of the highest value', async () => {
    // ₹149 and ₹299: under ₹500, so shipping is charged, under the tin's HSN code.
    const { orderId, token } = await paidOrder([cartLine(pouch, 1), cartLine(tin, 1)], DELHI);
    const { invoice, totalAmount } = await orderOf(orderId, token);
    expect(invoice.taxType).toBe('IGST');
    expect(invoice.placeOfSupply).toEqual({ state: 'Delhi', code: '07' });
    expect(invoice.cgst + invoice.sgst).toBe(0);
    expect(invoice.total).toBe(totalAmount);
    expect(invoice.lines.at(-1)).toMatchObject({ description: 'Shipping', hsnCode: '08019' });
  });

  it('is issued once, however many times its consequence runs', async () => {
    const { orderId } = await paidOrder([cartLine(pouch, 1)]);
    const first = await issueInvoice(api.db, orderId);
    const again = await issueInvoice(api.db, orderId);
    expect(again?.number).toBe(first?.number);
    const rows = await api.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
    expect(rows).toHaveLength(1);
  });

  it('is not issued for a payment that came after the stock was gone', async () => {
    const buyer = await customer(api.db);
    const order = await insertOrderRow(api.db, buyer.user.id, 14_900, {
      paidAt: new Date(),
      needsRefund: true,
      status: 'Cancelled',
    });
    await api.db.insert(orderStatusEvents).values({
      orderId: order.id,
      event: 'paid_sold_out',
      actor: 'gateway',
      fromStatus: 'Pending',
      toStatus: 'Cancelled',
    });
    expect(await issueInvoice(api.db, order.id)).toBeNull();
  });

  it('numbers 50 orders paid at once on two processes 1 to 50, with no gap and no twin', async () => {
    const second = await api.startApp({ env: { RATE_LIMIT_MAX: '100000' } });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => customer(api.db)));
    const payments = [];
    for (const buyer of buyers) {
      const created = await call(api.app, 'POST', '/orders/createOrder', {
        token: buyer.token,
        body: orderPayload([cartLine(pouch, 1)]),
      });
      const orderId = created.json().data._id as string;
      const started = await call(api.app, 'POST', '/orders/razorpayPayment', {
        token: buyer.token,
        body: { orderId },
      });
      payments.push({
        orderId,
        gatewayOrderId: started.json().data.id,
        amount: started.json().data.amount,
      });
    }
    const answers = await Promise.all(
      payments.map((payment, index) =>
        sendWebhook(
          index % 2 === 0 ? api.app : second,
          captureEvent(
            payment.gatewayOrderId,
            `pay_Inv${String(index).padStart(10, '0')}`,
            payment.amount,
          ),
        ),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    await Promise.all([api.app.orders.idle(), second.orders.idle()]);
    const serials = (
      await api.db
        .select({ serial: taxDocuments.serial, number: taxDocuments.number })
        .from(taxDocuments)
        .where(eq(taxDocuments.kind, 'invoice'))
        .orderBy(asc(taxDocuments.serial))
    ).map((row) => row.serial);
    expect(serials).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('starts a new series on 1 April in India, even a second after 31 March ends', async () => {
    const issued = async (paidAt: string) =>
      (await issueInvoice(api.db, await soldBefore(paidAt)))?.number;
    expect(await issued('2027-03-31T18:29:59+00:00')).toBe('MM/2627/000001');
    expect(await issued('2027-03-31T18:30:00+00:00')).toBe('MM/2728/000001');
    expect(await issued('2027-03-31T18:29:58+00:00')).toBe('MM/2627/000002');
  });

  it('back-fills orders paid before invoices existed in the order they were paid', async () => {
    const later = await soldBefore('2026-06-02T10:00:00Z');
    const earlier = await soldBefore('2026-06-01T10:00:00Z');
    const broken = await soldBefore('2026-06-01T12:00:00Z', 10_000);
    const reported: string[] = [];
    expect(await backfillInvoices(api.db, (orderId) => reported.push(orderId))).toBe(2);
    expect(reported).toEqual([broken]);
    const numbers = await api.db
      .select({ orderId: taxDocuments.orderId, number: taxDocuments.number })
      .from(taxDocuments)
      .orderBy(asc(taxDocuments.serial));
    expect(numbers).toEqual([
      { orderId: earlier, number: 'MM/2627/000001' },
      { orderId: later, number: 'MM/2627/000002' },
    ]);
    // Run again, it finds nothing new to invoice.
    expect(await backfillInvoices(api.db, () => {})).toBe(0);
  });
});

/** A sale of one ₹149 pouch paid at `paidAt`; `totalPaise` other than that makes one that does not add up. */
const soldBefore = (paidAt: string, totalPaise?: number) =>
  soldOrderRow(api.db, pouch, { paidAt, totalPaise });

describe('GET /orders/invoice/{orderId}', () => {
  it("gives the order's customer and the owner a PDF a text extractor reads; others a 404", async () => {
    const { orderId, token } = await paidOrder([cartLine(pouch, 2)], DELHI);
    const { invoice } = await orderOf(orderId, token);
    const answer = await call(api.app, 'GET', `/orders/invoice/${orderId}`, { token });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const fileName = `invoice-${invoice.number.replaceAll('/', '-')}.pdf`;
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(answer.rawPayload);
    for (const expected of [
      'Tax Invoice',
      invoice.number,
      'GSTIN 10AAAAA0000A1ZH',
      'Place of supply:',
      'Delhi (07)',
      'Tax is payable on reverse charge:',
      '₹348.00',
      'Rupees Three Hundred Forty-Eight Only',
      'Roasted Makhana 100 g',
    ]) {
      expect(text).toContain(expected);
    }

    const owner = await ownerToken(api.app);
    expect(
      (await call(api.app, 'GET', `/orders/invoice/${orderId}`, { token: owner })).statusCode,
    ).toBe(200);
    const stranger = await customer(api.db);
    const refused = await call(api.app, 'GET', `/orders/invoice/${orderId}`, {
      token: stranger.token,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Invoice not found');
    expect((await call(api.app, 'GET', `/orders/invoice/${orderId}`)).statusCode).toBe(401);
  });

  it('is attached to the confirmation mail as its PDF', async () => {
    const { orderId, token } = await paidOrder([cartLine(pouch, 1)]);
    const { invoice, orderNumber, shippingAddress } = await orderOf(orderId, token);
    const confirmation = mailsTo(shippingAddress.email).find(
      (mail) => mail.headers.get('subject') === `Order confirmed: ${orderNumber}`,
    );
    expect(confirmation?.text).toContain(
      `Your GST tax invoice ${invoice.number} is attached, and your order page keeps it for download.`,
    );
    const fileName = `invoice-${invoice.number.replaceAll('/', '-')}.pdf`;
    const text = pdfText(attachmentOf(confirmation?.raw ?? '', fileName));
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(invoice.number);
    expect(text).toContain(`₹${invoice.total.toFixed(2)}`);
  });
});

describe('a credit note for money given back', () => {
  it('reverses the whole invoice when the owner refunds, as a PDF and in the refund mail', async () => {
    const { orderId, token } = await paidOrder([cartLine(pouch, 2)]);
    const owner = await ownerToken(api.app);
    const refunded = await call(api.app, 'POST', `/orders/refund/${orderId}`, {
      token: owner,
      body: { reason: 'Out of stock after all' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await api.app.orders.idle();
    const { invoice, creditNotes, shippingAddress } = await orderOf(orderId, token);
    expect(creditNotes).toEqual([
      {
        ...invoice,
        number: 'MMC/2627/000001'.replace('2627', invoice.number.split('/')[1]),
        issuedAt: expect.any(String),
        invoiceNumber: invoice.number,
      },
    ]);

    const pdf = await call(api.app, 'GET', `/orders/credit-note/${orderId}`, { token });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const fileName = `credit-note-${creditNotes[0].number.replaceAll('/', '-')}.pdf`;
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Credit Note',
      creditNotes[0].number,
      'Against invoice:',
      invoice.number,
    ]) {
      expect(text).toContain(expected);
    }
    expect(
      (await call(api.app, 'GET', `/orders/credit-note/${orderId}?n=2`, { token })).statusCode,
    ).toBe(404);
    expect(
      (await call(api.app, 'GET', `/orders/credit-note/${orderId}?n=1`, { token: owner }))
        .statusCode,
    ).toBe(200);

    const mail = mailsTo(shippingAddress.email).find((m) =>
      m.headers.get('subject')?.startsWith('Your refund'),
    );
    expect(mail?.text).toContain(`The credit note ${creditNotes[0].number}`);
    expect(mail?.raw).toMatch(new RegExp(`filename=${fileName.replace('.', '\\.')}`, 'i'));
  });

  it('gives none for a payment that never bought anything', async () => {
    const buyer = await customer(api.db);
    const order = await insertOrderRow(api.db, buyer.user.id, 14_900, { needsRefund: true });
    expect(
      await issueCreditNote(api.db, order.id, {
        reference: crypto.randomUUID(),
        at: new Date(),
        parts: [{ item: 'shipping', quantity: 1, amountPaise: 14_900, restock: false }],
      }),
    ).toBeNull();
  });
});

/** The text of a PDF as `pdftotext` (poppler) reads it. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mm-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bytes of a mail's attachment, by its file name. */
function attachmentOf(raw: string, fileName: string): Buffer {
  const head = `Content-Disposition: attachment; filename=${fileName}\r\nContent-Transfer-Encoding: base64\r\n\r\n`;
  const start = raw.indexOf(head);
  if (start < 0) throw new Error(`the mail has no attachment ${fileName}`);
  const body = raw.slice(start + head.length, raw.indexOf('\r\n--', start));
  return Buffer.from(body.replaceAll('\r\n', ''), 'base64');
}

function mailsTo(email: string) {
  const dir = api.outboxDir;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = readFileSync(path.join(dir, name), 'utf8');
      return { raw, ...parseMail(raw) };
    })
    .filter((mail) => mail.headers.get('to') === email);
}
