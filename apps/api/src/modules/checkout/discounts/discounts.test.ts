/**
 * Discount codes through HTTP on a real database: the owner's list, a code applied to a cart with
 * each reason it can be refused, orders placed with a code (their lines' shares, the invoice and
 * a credit note of what was paid), the limits under concurrent checkouts, and a use given back.
 */
import { DISCOUNT_MESSAGES } from '@makhana/domain/discounts';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderItems, taxDocumentLines, taxDocuments } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  ADDRESS,
  cartLine,
  customer,
  expireNow,
  insertPouchAndTin,
  insertProduct,
  orderRow,
  outbox,
  ownerToken,
  paySimulated,
  type TestVariant,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { seedDemoShopSettings } from '../../shop';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000' },
  owner: true,
  poolSize: 8,
});

let pouch: TestVariant;
let tin: TestVariant;
let owner: string;
beforeEach(async () => {
  await seedDemoShopSettings(api.db);
  ({ pouch, tin } = await insertPouchAndTin(api));
  owner = await ownerToken(api.app);
});

type Line = ReturnType<typeof cartLine>;

const makeCode = (body: object) =>
  call(api.app, 'POST', '/admins/discounts', {
    token: owner,
    body: { kind: 'percent', value: 10, ...body },
  });

async function code(body: object): Promise<{ _id: string; code: string }> {
  const made = await makeCode(body);
  expect(made.statusCode, made.body).toBe(200);
  return made.json().data;
}

const apply = (token: string, codeText: string, items: Line[]) =>
  call(api.app, 'POST', '/orders/apply-discount', { token, body: { code: codeText, items } });

/** Place Order with the figures the checkout's summary showed for the code. */
async function placeWithCode(token: string, codeText: string, items: Line[]) {
  const priced = await apply(token, codeText, items);
  if (priced.statusCode !== 200) return priced;
  const { shippingCost, totalAmount } = priced.json().data;
  return call(api.app, 'POST', '/orders/createOrder', {
    token,
    body: {
      items,
      discountCode: codeText,
      shippingCost,
      totalAmount,
      shippingAddress: ADDRESS,
      paymentMethod: 'Prepaid',
    },
  });
}

describe("the owner's discount codes", () => {
  it('makes, lists and changes codes; a used one keeps what it gave', async () => {
    const made = await code({ code: 'first10', minSubtotal: 100, maxUsesPerCustomer: 1 });
    expect(made).toMatchObject({
      code: 'FIRST10',
      kind: 'percent',
      value: 10,
      minSubtotal: 100,
      maxUses: null,
      maxUsesPerCustomer: 1,
      active: true,
      uses: 0,
      revenue: 0,
    });
    const taken = await makeCode({ code: 'First10' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: 'code', message: DISCOUNT_MESSAGES.codeTaken }]);
    const bad = await makeCode({ code: 'FIRST-10' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'code', message: DISCOUNT_MESSAGES.code }]);
    const customerTried = await call(api.app, 'GET', '/admins/discounts', {
      token: (await customer(api.db)).token,
    });
    expect(customerTried.statusCode).toBe(401);

    // Used once, by a paid order: its uses and what it brought are listed.
    const buyer = await customer(api.db);
    const placed = await placeWithCode(buyer.token, 'FIRST10', [cartLine(pouch, 2)]);
    expect(placed.statusCode, placed.body).toBe(200);
    const started = await call(api.app, 'POST', '/orders/razorpayPayment', {
      token: buyer.token,
      body: { orderId: placed.json().data._id },
    });
    await paySimulated(api.app, buyer.token, started.json().data.id);
    const listed = await call(api.app, 'GET', '/admins/discounts', { token: owner });
    // Two pouches at ₹149 less 10%, and ₹50 shipping: ₹318.20.
    expect(listed.json().data).toEqual([expect.objectContaining({ uses: 1, revenue: 318.2 })]);

    const update = (body: object) =>
      call(api.app, 'POST', `/admins/discounts/${made._id}`, {
        token: owner,
        body: { code: 'FIRST10', kind: 'percent', value: 10, minSubtotal: 100, ...body },
      });
    const richer = await update({ value: 50 });
    expect(richer.statusCode).toBe(409);
    expect(richer.json().errors).toEqual([
      { field: 'value', message: DISCOUNT_MESSAGES.usedCannotChange },
    ]);
    // Codes are kept between checkouts: each change of the owner's is seen by the next one.
    const later = await customer(api.db);
    expect((await apply(later.token, 'FIRST10', [cartLine(pouch, 2)])).statusCode).toBe(200);
    const off = await update({ active: false, maxUsesPerCustomer: 1 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ active: false, uses: 1 });
    const refused = await apply(later.token, 'FIRST10', [cartLine(pouch, 2)]);
    expect(refused.json().errors).toEqual([{ field: 'code', message: DISCOUNT_MESSAGES.off }]);
    expect((await apply(later.token, 'NEWCODE', [cartLine(pouch, 2)])).statusCode).toBe(400);
    await code({ code: 'NEWCODE' });
    expect((await apply(later.token, 'NEWCODE', [cartLine(pouch, 2)])).statusCode).toBe(200);
    const missing = await call(api.app, 'POST', '/admins/discounts/not-an-id', {
      token: owner,
      body: { code: 'X1Y2Z3', kind: 'freeShipping' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a code at checkout', () => {
  it('prices the cart with the discount spread over its lines, to the paisa', async () => {
    await code({ code: 'SAVE7', value: 7 });
    const buyer = await customer(api.db);
    const items = [cartLine(pouch, 3), cartLine(tin, 1)];
    const priced = await apply(buyer.token, 'save7', items);
    expect(priced.statusCode, priced.body).toBe(200);
    // ₹646 of goods, 7% off is ₹45.22: ₹31.29 of the pouches, ₹13.93 of the tin; free shipping.
    expect(priced.json().data).toEqual({
      code: 'SAVE7',
      label: 'SAVE7: 7% off',
      subtotal: 646,
      discount: 45.22,
      shippingCost: 0,
      totalAmount: 600.78,
      lines: [
        { sku: pouch.sku, discount: 31.29 },
        { sku: tin.sku, discount: 13.93 },
      ],
    });

    const placed = await placeWithCode(buyer.token, 'SAVE7', items);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    expect(order).toMatchObject({
      totalAmount: 600.78,
      subtotal: 646,
      discount: { code: 'SAVE7', amount: 45.22 },
    });
    expect(order.items.map((item: { discount: number }) => item.discount)).toEqual([31.29, 13.93]);

    // A cart the shop no longer sells as the browser has it is refused before any code is priced.
    const stale = await apply(buyer.token, 'SAVE7', [
      { ...cartLine(pouch, 1), price: 99 },
      { ...cartLine(tin, 1), sku: 'NO-SUCH-WEIGHT' },
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([
      { field: 'items.1.sku', message: 'This item is no longer available' },
    ]);
    const repriced = await apply(buyer.token, 'SAVE7', [{ ...cartLine(pouch, 1), price: 99 }]);
    expect(repriced.statusCode).toBe(409);
    expect(repriced.json().errors).toEqual([
      {
        field: 'items.0.price',
        message: `The price of ${pouch.name} ${pouch.weight}g is now ₹149`,
      },
    ]);

    // Paid: the invoice's lines are taxed on what they cost, and add up to what was paid.
    const started = await call(api.app, 'POST', '/orders/razorpayPayment', {
      token: buyer.token,
      body: { orderId: order._id },
    });
    await paySimulated(api.app, buyer.token, started.json().data.id);
    await api.app.orders.idle();
    const [invoice] = await api.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order._id), eq(taxDocuments.kind, 'invoice')));
    expect(invoice?.totalPaise).toBe(60_078);
    const lines = await api.db
      .select()
      .from(taxDocumentLines)
      .where(eq(taxDocumentLines.documentId, invoice!.id))
      .orderBy(taxDocumentLines.position);
    expect(lines.map((line) => [line.discountPaise, line.totalPaise])).toEqual([
      [3_129, 44_700 - 3_129],
      [1_393, 19_900 - 1_393],
    ]);
    expect(
      lines.reduce(
        (sum, line) => sum + line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise,
        0,
      ),
    ).toBe(60_078);

    const confirmation = outbox(api.outboxDir).find((mail) =>
      mail.subject.startsWith(`Order confirmed: ${order.orderNumber}`),
    );
    expect(confirmation?.text).toContain(
      'Subtotal ₹646, discount SAVE7 -₹45.22, shipping Free, total ₹600.78 (GST included).',
    );

    // Cancelled within the day: the credit note gives back what was paid, not the list price.
    const cancelled = await call(api.app, 'POST', `/orders/cancel/${order._id}`, {
      token: buyer.token,
      body: { reason: 'Ordered by mistake' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.refundedAmount).toBe(600.78);
    await api.app.orders.idle();
    const [note] = await api.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order._id), eq(taxDocuments.kind, 'credit_note')));
    expect(note?.totalPaise).toBe(60_078);
  });

  it('refuses each code that cannot be used, saying why', async () => {
    const now = Date.now();
    const iso = (offset: number) => new Date(now + offset).toISOString();
    await code({ code: 'OLDCODE', startsAt: iso(-86_400_000), endsAt: iso(-60_000) });
    await code({ code: 'LATER', startsAt: iso(86_400_000) });
    await code({ code: 'BIGCART', minSubtotal: 1000 });
    await code({ code: 'TINSONLY', productIds: [tin.productId] });
    await code({ code: 'FIRSTONLY', firstOrderOnly: true });
    await code({ code: 'SWITCHED', active: false });
    await code({ code: 'ONCEEACH', maxUsesPerCustomer: 1 });
    const buyer = await customer(api.db);
    const pouches = [cartLine(pouch, 1)];

    const refusal = async (codeText: string) => {
      const answer = await apply(buyer.token, codeText, pouches);
      return { status: answer.statusCode, errors: answer.json().errors };
    };
    const says = (message: string, status = 409) => ({
      status,
      errors: [{ field: 'code', message }],
    });
    expect(await refusal('NOSUCH')).toEqual(says(DISCOUNT_MESSAGES.unknown, 400));
    expect(await refusal('NO SUCH')).toEqual(says(DISCOUNT_MESSAGES.unknown, 400));
    expect(await refusal('OLDCODE')).toEqual(says(DISCOUNT_MESSAGES.expired));
    const later = await refusal('LATER');
    expect(later.status).toBe(409);
    expect(later.errors[0].message).toMatch(/^This code can be used from \d{1,2} \w{3} \d{4}, /);
    expect(await refusal('BIGCART')).toEqual(says(DISCOUNT_MESSAGES.minimum('₹1,000')));
    expect(await refusal('TINSONLY')).toEqual(says(DISCOUNT_MESSAGES.notForTheseProducts));
    expect(await refusal('SWITCHED')).toEqual(says(DISCOUNT_MESSAGES.off));

    // A first order with FIRSTONLY is fine; once paid, the next is not a first order.
    expect((await apply(buyer.token, 'FIRSTONLY', pouches)).statusCode).toBe(200);
    const placed = await placeWithCode(buyer.token, 'ONCEEACH', pouches);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await refusal('ONCEEACH')).toEqual(says(DISCOUNT_MESSAGES.alreadyUsed));
    const started = await call(api.app, 'POST', '/orders/razorpayPayment', {
      token: buyer.token,
      body: { orderId: placed.json().data._id },
    });
    await paySimulated(api.app, buyer.token, started.json().data.id);
    expect(await refusal('FIRSTONLY')).toEqual(says(DISCOUNT_MESSAGES.firstOrderOnly));

    // Place Order re-checks: a code refused there names discountCode, and nothing is written.
    const stale = await call(api.app, 'POST', '/orders/createOrder', {
      token: buyer.token,
      body: {
        items: pouches,
        discountCode: 'OLDCODE',
        shippingCost: 50,
        totalAmount: 199,
        shippingAddress: ADDRESS,
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([
      { field: 'discountCode', message: DISCOUNT_MESSAGES.expired },
    ]);
  });

  it('waives the shipping for a free-shipping code, and takes an amount off the products it is for', async () => {
    await code({ code: 'SHIPFREE', kind: 'freeShipping' });
    await code({ code: 'TIN50', kind: 'amount', value: 50, productIds: [tin.productId] });
    const buyer = await customer(api.db);
    const free = await apply(buyer.token, 'SHIPFREE', [cartLine(pouch, 1)]);
    expect(free.json().data).toMatchObject({
      subtotal: 149,
      discount: 50,
      shippingCost: 0,
      totalAmount: 149,
      lines: [{ sku: pouch.sku, discount: 0 }],
    });
    const placed = await placeWithCode(buyer.token, 'SHIPFREE', [cartLine(pouch, 1)]);
    expect(placed.json().data).toMatchObject({
      shippingCost: 0,
      totalAmount: 149,
      discount: { code: 'SHIPFREE', amount: 50 },
    });
    const tinOff = await apply(buyer.token, 'TIN50', [cartLine(pouch, 1), cartLine(tin, 1)]);
    expect(tinOff.json().data).toMatchObject({
      discount: 50,
      totalAmount: 149 + 199 - 50 + 50,
      lines: [
        { sku: pouch.sku, discount: 0 },
        { sku: tin.sku, discount: 50 },
      ],
    });
    // The browser's figures must be the code's: the summary and Place Order agree.
    const without = await call(api.app, 'POST', '/orders/createOrder', {
      token: buyer.token,
      body: {
        items: [cartLine(tin, 1)],
        discountCode: 'TIN50',
        shippingCost: 50,
        totalAmount: 249,
        shippingAddress: ADDRESS,
      },
    });
    expect(without.statusCode).toBe(409);
    expect(without.json().errors).toEqual([{ field: 'totalAmount', message: 'The total is ₹199' }]);
  });
});

describe("a code's limits", () => {
  it('gives its last uses to as many of 20 concurrent checkouts as it has, and one use to each customer', async () => {
    await code({ code: 'FIVEONLY', maxUses: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => customer(api.db)));
    // Each buys a product of their own, so nothing but the code makes them wait for each other.
    const own: TestVariant[] = [];
    for (const index of buyers.keys()) {
      const [variant] = await insertProduct(api.db, {
        name: `Makhana ${index}`,
        variants: [{ weight: 100, price: 149, stock: 5 }],
      });
      own.push(variant!);
    }
    await forgetCachedReads(api.app);
    const quotes = await Promise.all(
      buyers.map((buyer, index) => apply(buyer.token, 'FIVEONLY', [cartLine(own[index]!, 1)])),
    );
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        call(api.app, 'POST', '/orders/createOrder', {
          token: buyer.token,
          body: {
            items: [cartLine(own[index]!, 1)],
            discountCode: 'FIVEONLY',
            shippingCost: quotes[index]!.json().data.shippingCost,
            totalAmount: quotes[index]!.json().data.totalAmount,
            shippingAddress: ADDRESS,
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(DISCOUNT_MESSAGES.usedUp);
    }

    await code({ code: 'ONEEACH', maxUsesPerCustomer: 1 });
    // One customer, five carts of different products at once: one use between them.
    const one = await customer(api.db);
    const carts = own.slice(0, 5).map((variant) => [cartLine(variant, 1)]);
    const quoted = await Promise.all(carts.map((items) => apply(one.token, 'ONEEACH', items)));
    const tries = await Promise.all(
      carts.map((items, index) =>
        call(api.app, 'POST', '/orders/createOrder', {
          token: one.token,
          body: {
            items,
            discountCode: 'ONEEACH',
            shippingCost: quoted[index]!.json().data.shippingCost,
            totalAmount: quoted[index]!.json().data.totalAmount,
            shippingAddress: ADDRESS,
          },
        }),
      ),
    );
    expect(tries.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  });

  it('gets its use back when the order is cancelled or expires', async () => {
    await code({ code: 'JUSTONE', maxUses: 1 });
    const [first, second] = [await customer(api.db), await customer(api.db)];
    const placed = await placeWithCode(first.token, 'JUSTONE', [cartLine(pouch, 1)]);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data._id as string;
    expect((await apply(second.token, 'JUSTONE', [cartLine(pouch, 1)])).json().message).toBe(
      DISCOUNT_MESSAGES.usedUp,
    );

    // Unpaid past its time: the sweeper expires it, and the use is free again.
    await expireNow(api.db, orderId);
    await api.app.orders.sweep();
    expect((await orderRow(api.db, orderId)).status).toBe('Cancelled');
    const again = await placeWithCode(second.token, 'JUSTONE', [cartLine(pouch, 1)]);
    expect(again.statusCode, again.body).toBe(200);
    const lines = await api.db
      .select({ discount: orderItems.discountPaise })
      .from(orderItems)
      .where(eq(orderItems.orderId, again.json().data._id));
    expect(lines).toEqual([{ discount: 1_490 }]);

    // Closing its window cancels it too.
    const failed = await call(api.app, 'POST', '/orders/mark-failed', {
      token: second.token,
      body: { orderId: again.json().data._id },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect((await apply(first.token, 'JUSTONE', [cartLine(pouch, 1)])).statusCode).toBe(200);
  });
});
