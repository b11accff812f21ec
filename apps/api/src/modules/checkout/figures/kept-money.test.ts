/**
 * One rule for what the shop kept of its sales, read four ways: the dashboard's revenue, the
 * accountant's export, the month's GST returns and each customer's spending. Sales are made,
 * cancelled, refunded in part and returned through the real routes; the four must agree to the
 * paisa with the sum of each order's total less what went back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import {
  cartLine,
  customer,
  insertPouchAndTin,
  orderWithPayment,
  ownerToken,
  paySimulated,
  type TestVariant,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { seedDemoShopSettings } from '../../shop';
import { EXPORT_HEADER } from '../orders/export';
import { indiaDay } from './india-calendar';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000' },
  owner: true,
});

let pouch: TestVariant;
let tin: TestVariant;
let owner: string;
beforeEach(async () => {
  await seedDemoShopSettings(api.db);
  ({ pouch, tin } = await insertPouchAndTin(api));
  owner = await ownerToken(api.app);
});

/** A customer's order of two pouches and a tin, paid through the simulated window. */
async function sale(buyer: Awaited<ReturnType<typeof customer>>) {
  const { orderId, gatewayOrderId } = await orderWithPayment(api.app, buyer.token, [
    cartLine(pouch, 2),
    cartLine(tin, 1),
  ]);
  await paySimulated(api.app, buyer.token, gatewayOrderId);
  await api.app.orders.idle();
  const shown = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, {
    token: buyer.token,
  });
  const order = shown.json().data as {
    orderNumber: string;
    items: { _id: string; name: string }[];
  };
  const pouchLine = order.items.find((item) => item.name === 'Roasted Makhana')!._id;
  return { orderId, orderNumber: order.orderNumber, pouchLine };
}

const asOwner = (method: 'GET' | 'POST', path: string, body?: object) =>
  call(api.app, method, path, { token: owner, ...(body ? { body } : {}) });

async function expectOk(answer: Promise<{ statusCode: number; body: string }>) {
  const settled = await answer;
  expect(settled.statusCode, settled.body).toBe(200);
}

/** Paise from a figure in rupees, exactly. */
const paise = (rupees: number) => Math.round(rupees * 100);

describe('what the shop kept of its sales', () => {
  it('is the same sum on the dashboard, in the export, in the GST returns and in the customers', async () => {
    const asha = await customer(api.db);
    const ravi = await customer(api.db);

    // Kept whole: ₹547 (two pouches at ₹149, a tin at ₹199, ₹50 shipping).
    const kept = await sale(asha);
    // Cancelled by its customer within the day: nothing kept.
    const cancelled = await sale(asha);
    await expectOk(
      call(api.app, 'POST', `/orders/cancel/${cancelled.orderId}`, {
        token: asha.token,
        body: { reason: 'Ordered by mistake' },
      }),
    );
    // ₹20 given back for a late parcel: ₹527 kept.
    const goodwill = await sale(ravi);
    await expectOk(
      asOwner('POST', `/orders/refund/${goodwill.orderId}`, { reason: 'Late', amount: 20 }),
    );
    // Delivered, one pouch returned and refunded: ₹398 kept.
    const returned = await sale(ravi);
    for (const move of [{ status: 'Shipped', trackingNumber: 'DL7' }, { status: 'Delivered' }]) {
      await expectOk(asOwner('POST', `/orders/update-status/${returned.orderId}`, move));
    }
    const form = new FormData();
    form.append('lines', JSON.stringify([{ item: returned.pouchLine, quantity: 1 }]));
    form.append('reason', 'Damaged');
    const asked = await api.app.inject({
      method: 'POST',
      url: `/api/v1/orders/return-request/${returned.orderId}`,
      headers: { authorization: `Bearer ${ravi.token}` },
      payload: form,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returnId = asked.json().data.returns[0].id as string;
    await expectOk(
      asOwner('POST', `/orders/return-decision/${returned.orderId}`, { returnId, approve: true }),
    );
    await expectOk(asOwner('POST', `/orders/return-received/${returned.orderId}`, { returnId }));
    await expectOk(
      asOwner('POST', `/orders/return-refund/${returned.orderId}`, { returnId, restock: true }),
    );
    await api.app.orders.idle();
    const keptPaise = { asha: 54_700, ravi: 52_700 + 39_800 };
    const all = keptPaise.asha + keptPaise.ravi;

    const dashboard = (await asOwner('GET', '/admins/dashboard')).json().data;
    expect(paise(dashboard.revenue)).toBe(all);
    expect(paise(dashboard.monthRevenue)).toBe(all);
    expect(dashboard.totalOrders).toBe(3);

    const day = indiaDay(new Date());
    const month = day.slice(0, 7);
    const csv = (await asOwner('GET', `/orders/export?from=${day}&to=${day}`)).body;
    const [, ...rows] = csv.trim().split('\r\n');
    const column = (name: (typeof EXPORT_HEADER)[number]) => EXPORT_HEADER.indexOf(name);
    const byOrder = new Map<string, { total: number; refunded: number; payment: string }>();
    for (const row of rows) {
      // No cell of these orders' lines holds a comma or a quote (the header's do): a split reads them.
      const cells = row.split(',');
      byOrder.set(cells[column('Order number')]!, {
        total: paise(Number(cells[column('Order total (₹)')])),
        refunded: paise(Number(cells[column('Refunded (₹)')])),
        payment: cells[column('Payment status')]!,
      });
    }
    expect([...byOrder.keys()].sort()).toEqual(
      [kept, cancelled, goodwill, returned].map((o) => o.orderNumber).sort(),
    );
    const keptInExport = [...byOrder.values()].reduce(
      (sum, order) => sum + order.total - order.refunded,
      0,
    );
    expect(keptInExport).toBe(all);
    expect(byOrder.get(cancelled.orderNumber)).toMatchObject({ payment: 'refunded' });

    const returns = (await asOwner('GET', `/orders/gst-returns?month=${month}`)).json().data;
    const gross = (
      returns.b2cs as { taxableValue: number; cgst: number; sgst: number; igst: number }[]
    )
      .map((row) => paise(row.taxableValue) + paise(row.cgst) + paise(row.sgst) + paise(row.igst))
      .reduce((sum, value) => sum + value, 0);
    expect(gross).toBe(all);
    expect(returns.documents.invoices.count).toBe(4);
    expect(returns.documents.creditNotes.count).toBe(3);

    const customers = (await asOwner('GET', '/users/getUserDetails')).json().data as {
      _id: string;
      totalSpent: number;
    }[];
    const spent = (id: string) => paise(customers.find((c) => c._id === id)!.totalSpent);
    expect(spent(asha.user.id)).toBe(keptPaise.asha);
    expect(spent(ravi.user.id)).toBe(keptPaise.ravi);
  });
});
