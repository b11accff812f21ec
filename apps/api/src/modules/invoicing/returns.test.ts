import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import {
  ADDRESS,
  customer,
  insertProduct,
  ownerToken,
  soldOrderRow,
  type TestVariant,
  wholeOrderParts,
} from '../../test/order-fixtures';
import { call } from '../../test/requests';
import { seedDemoShopSettings } from '../shop';
import { issueCreditNote, issueInvoice } from './issue';

const api = useTestApp({ owner: true });

const DELHI = { ...ADDRESS, city: 'New Delhi', state: 'Delhi', pincode: '110001' };
let pouch: TestVariant;
let owner: string;
beforeEach(async () => {
  await seedDemoShopSettings(api.db);
  [pouch] = await insertProduct(api.db, {
    name: 'Roasted Makhana',
    variants: [{ weight: 100, price: 149, stock: 500 }],
  });
  owner = await ownerToken(api.app);
});

/** A sale paid at `paidAt`, `quantity` packs of ₹149 and `shippingPaise`, invoiced. */
async function sale(paidAt: string, address = ADDRESS, quantity = 1, shippingPaise = 0) {
  const orderId = await soldOrderRow(api.db, pouch, { paidAt, address, quantity, shippingPaise });
  const invoice = await issueInvoice(api.db, orderId);
  return { orderId, invoice: invoice! };
}

const returnsOf = (month: string, token = owner) =>
  call(api.app, 'GET', `/orders/gst-returns?month=${month}`, { token });

describe('GET /orders/gst-returns', () => {
  it('adds up the month by place of supply and rate, and by HSN, credit notes subtracted', async () => {
    // Two packs with ₹49 shipping in Bihar; one pack to Delhi; one Bihar sale refunded in full.
    const bihar = await sale('2026-11-03T06:00:00Z', ADDRESS, 2, 4_900);
    await sale('2026-11-10T06:00:00Z', DELHI);
    const refunded = await sale('2026-11-12T06:00:00Z');
    await issueCreditNote(api.db, refunded.orderId, {
      reference: crypto.randomUUID(),
      at: new Date('2026-11-13T06:00:00Z'),
      parts: await wholeOrderParts(api.db, refunded.orderId),
    });
    // Outside the month in India: 1 December 00:00 IST is 30 November 18:30 UTC.
    await sale('2026-11-30T18:30:00Z');

    const answer = await returnsOf('2026-11');
    expect(answer.statusCode, answer.body).toBe(200);
    const returns = answer.json().data;
    // Bihar: 29800 (half 710, taxable 28380) + shipping 4900 (half 117, taxable 4666); the
    // refunded 14900 (half 355, taxable 14190) came and went.
    expect(returns.b2cs).toEqual([
      { placeOfSupply: '07-Delhi', gstRate: 5, taxableValue: 141.9, cgst: 0, sgst: 0, igst: 7.1 },
      {
        placeOfSupply: '10-Bihar',
        gstRate: 5,
        taxableValue: 330.46,
        cgst: 8.27,
        sgst: 8.27,
        igst: 0,
      },
    ]);
    expect(returns.hsn).toEqual([
      {
        hsnCode: '2008',
        description: 'Roasted Makhana 100 g',
        unit: 'NOS',
        quantity: 3,
        totalValue: 496,
        taxableValue: 472.36,
        cgst: 8.27,
        sgst: 8.27,
        igst: 7.1,
      },
    ]);
    expect(returns.documents).toEqual({
      invoices: {
        from: bihar.invoice.number,
        to: refunded.invoice.number,
        count: 3,
        cancelled: 0,
      },
      creditNotes: { from: 'MMC/2627/000001', to: 'MMC/2627/000001', count: 1 },
    });
    const december = (await returnsOf('2026-12')).json().data;
    expect(december.documents.invoices.count).toBe(1);
  });

  it('gives each part as CSV in the offline tool’s columns', async () => {
    await sale('2026-11-03T06:00:00Z', DELHI);
    const csv = await call(
      api.app,
      'GET',
      '/orders/gst-returns?month=2026-11&format=csv&part=b2cs',
      {
        token: owner,
      },
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="gst-b2cs-2026-11.csv"');
    expect(csv.body).toBe(
      '\ufeffType,Place Of Supply,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount\r\n' +
        'OE,07-Delhi,5,141.90,7.10,0.00,0.00,0.00\r\n',
    );
    const hsn = await call(
      api.app,
      'GET',
      '/orders/gst-returns?month=2026-11&format=csv&part=hsn',
      {
        token: owner,
      },
    );
    expect(hsn.body.split('\r\n')[1]).toBe(
      '2008,Roasted Makhana 100 g,NOS-NUMBERS,1,149.00,141.90,7.10,0.00,0.00,0.00',
    );
    const documents = await call(
      api.app,
      'GET',
      '/orders/gst-returns?month=2026-11&format=csv&part=documents',
      { token: owner },
    );
    expect(documents.body).toContain(
      'Invoices for outward supply,MM/2627/000001,MM/2627/000001,1,0',
    );
    const noPart = await call(api.app, 'GET', '/orders/gst-returns?month=2026-11&format=csv', {
      token: owner,
    });
    expect(noPart.statusCode).toBe(400);
  });

  it('is the owner’s alone, and names a bad month', async () => {
    const shopper = await customer(api.db);
    expect((await returnsOf('2026-11', shopper.token)).statusCode).toBe(401);
    expect((await call(api.app, 'GET', '/orders/gst-returns?month=2026-11')).statusCode).toBe(401);
    for (const month of ['2026-13', '26-11', '2026-1', '2026-11-01']) {
      const refused = await returnsOf(month);
      expect(refused.statusCode, month).toBe(400);
      expect(refused.json().errors).toEqual([
        { field: 'month', message: 'month must be a month as YYYY-MM' },
      ]);
    }
  });
});
