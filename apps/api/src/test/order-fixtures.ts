/** Products, customers, the owner and orders for the checkout, payment, owner and race tests. */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rupeesToPaise } from '@makhana/domain/money';
import { allocateRefund, type RefundPart } from '@makhana/domain/refunds';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parseMail } from '../adapters/mail/parse-mail';
import { hmacHex, paymentSignature } from '../adapters/payments/signatures';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, DEV_AUTH_SECRET } from '../config/config';
import type { Database } from '../db/client';
import {
  orderItems,
  orderStatusEvents,
  orders,
  outbox as outboxTable,
  productImages,
  products,
  productVariants,
  stockReservations,
} from '../db/schema';
import { SessionService } from '../modules/accounts';
import { forgetCachedReads } from './app';
import { call, insertUser } from './requests';

export const DEV_KEY_SECRET = 'simulated-key-secret-development-only';
export const DEV_WEBHOOK_SECRET = 'simulated-webhook-secret-development-only';

export const ADDRESS = {
  firstName: 'Asha',
  lastName: 'Kumari',
  email: 'asha@example.com',
  phone: '9876543210',
  address: '12 Station Road',
  city: 'Darbhanga',
  state: 'Bihar',
  pincode: '846004',
};

/** An address of the customer's book, every field as the address form sends it. */
export const SAVED_ADDRESS = {
  name: 'Asha Kumari',
  street: '12 Station Road',
  city: 'Darbhanga',
  state: 'Bihar',
  country: 'India',
  pincode: '846004',
  phoneNumber: '9876543210',
  alternateNumber: '',
  landmark: 'Near Lalbagh Chowk',
  email: 'asha@example.com',
  locality: 'Lalbagh',
  label: 'Home',
};

export interface TestVariant {
  productId: string;
  variantId: string;
  name: string;
  sku: string;
  weight: number;
  price: number;
}

let seq = 0;

/** A product with one variant per weight; price in rupees. */
export async function insertProduct(
  db: Database,
  options: {
    name?: string;
    inStock?: boolean;
    variants: { weight: number; price: number; stock: number }[];
    /** the product's declarations for its invoice: a listed product's, unless given */
    hsnCode?: string;
    gstRate?: number;
  },
): Promise<[TestVariant, ...TestVariant[]]> {
  seq += 1;
  const name = options.name ?? `Test Makhana ${seq}`;
  const [product] = await db
    .insert(products)
    .values({
      name,
      description: 'Roasted fox nuts',
      brand: 'Mithila Makhana',
      categoryType: 'Snacks',
      pricePaise: rupeesToPaise(options.variants[0]!.price),
      inStock: options.inStock ?? true,
      shelfLife: 6,
      sku: `T${seq}`,
      hsnCode: options.hsnCode ?? '2008',
      gstRate: options.gstRate ?? 5,
    })
    .returning();
  await db
    .insert(productImages)
    .values({ productId: product!.id, url: `/uploads/test-${seq}.svg`, position: 0 });
  const rows = await db
    .insert(productVariants)
    .values(
      options.variants.map((v) => ({
        productId: product!.id,
        weightGrams: v.weight,
        pricePaise: rupeesToPaise(v.price),
        sku: `T${seq}-${v.weight}`,
        stock: v.stock,
      })),
    )
    .returning();
  const variants = rows.map((row) => ({
    productId: product!.id,
    variantId: row.id,
    name,
    sku: row.sku,
    weight: row.weightGrams,
    price: row.pricePaise / 100,
  }));
  if (variants.length === 0) throw new Error('a product needs a variant');
  return variants as [TestVariant, ...TestVariant[]];
}

/** An access token for a customer row, from a session started the way sign-in starts one. */
export async function customerToken(db: Database, userId: string): Promise<string> {
  const sessions = new SessionService(db, {
    authSecret: DEV_AUTH_SECRET,
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
    ownerSessionHours: 12,
    ownerIdleMinutes: 30,
  });
  return (await sessions.start('customer', userId)).accessToken;
}

/** A signed-in customer: user row and an access token from a real session. */
export async function customer(db: Database, email?: string) {
  const user = await insertUser(db, email);
  return { user, token: await customerToken(db, user.id) };
}

/** The development owner (a file's `owner: true`) signed in through the login route. */
export async function ownerToken(app: FastifyInstance): Promise<string> {
  const response = await call(app, 'POST', '/admins/onlyAdminTo/login', {
    body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`owner login: ${response.body}`);
  return response.json().data.accessToken;
}

export function cartLine(variant: TestVariant, quantity: number) {
  return {
    id: variant.productId,
    name: variant.name,
    image: '',
    weight: variant.weight,
    sku: variant.sku,
    price: variant.price,
    quantity,
  };
}

/** The createOrder payload the storefront sends, with the figures it would compute. */
export function orderPayload(lines: ReturnType<typeof cartLine>[], address = ADDRESS) {
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const shippingCost = subtotal > 500 ? 0 : 50;
  return {
    items: lines,
    shippingCost,
    totalAmount: subtotal + shippingCost,
    shippingAddress: address,
    paymentMethod: 'Prepaid',
  };
}

export async function placeOrder(
  app: FastifyInstance,
  token: string,
  lines: ReturnType<typeof cartLine>[],
): Promise<LightMyRequestResponse> {
  return call(app, 'POST', '/orders/createOrder', { token, body: orderPayload(lines) });
}

/** Places an order and opens its payment; returns the order id and the gateway order id. */
export async function orderWithPayment(
  app: FastifyInstance,
  token: string,
  lines: ReturnType<typeof cartLine>[],
): Promise<{ orderId: string; gatewayOrderId: string; amount: number }> {
  const created = await placeOrder(app, token, lines);
  if (created.statusCode !== 200) throw new Error(`createOrder: ${created.body}`);
  const orderId = created.json().data._id as string;
  const started = await call(app, 'POST', '/orders/razorpayPayment', { token, body: { orderId } });
  if (started.statusCode !== 200) throw new Error(`razorpayPayment: ${started.body}`);
  return { orderId, gatewayOrderId: started.json().data.id, amount: started.json().data.amount };
}

/**
 * A new customer's order, paid through the simulated window unless `paid` is false, once what
 * the payment sets off (stock, mails) is done. Without a variant, one pack of a new product.
 */
export async function simulatedOrder(
  api: { app: FastifyInstance; db: Database },
  options: { variant?: TestVariant; quantity?: number; paid?: boolean } = {},
): Promise<{ orderId: string; token: string }> {
  const buyer = await customer(api.db);
  let variant = options.variant;
  if (!variant) {
    [variant] = await insertProduct(api.db, {
      variants: [{ weight: 250, price: 449, stock: 10 }],
    });
    await forgetCachedReads(api.app);
  }
  const { orderId, gatewayOrderId } = await orderWithPayment(api.app, buyer.token, [
    cartLine(variant, options.quantity ?? 1),
  ]);
  if (options.paid !== false) await paySimulated(api.app, buyer.token, gatewayOrderId);
  await api.app.orders.idle();
  return { orderId, token: buyer.token };
}

/** Pays a gateway order through the simulated window, as its Pay button does. */
export async function paySimulated(
  app: FastifyInstance,
  token: string,
  gatewayOrderId: string,
): Promise<void> {
  const paid = await call(app, 'POST', '/payments/simulated/pay', {
    token,
    body: { razorpay_order_id: gatewayOrderId },
  });
  if (paid.statusCode !== 200) throw new Error(`simulated pay: ${paid.body}`);
}

let numbered = 0;
/**
 * An order row written straight to the table, as the payment flow leaves one: paid and Confirmed
 * for `totalPaise` with free shipping, unless `states` say otherwise. No lines, no reservations.
 */
export async function insertOrderRow(
  db: Database,
  userId: string,
  totalPaise: number,
  states: Partial<typeof orders.$inferInsert> = {},
) {
  numbered += 1;
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `MM-TEST-${numbered}`,
      userId,
      subtotalPaise: totalPaise,
      shippingCostPaise: 0,
      totalAmountPaise: totalPaise,
      shippingAddress: { ...ADDRESS, country: 'India' },
      paymentStatus: 'completed',
      status: 'Confirmed',
      ...states,
    })
    .returning();
  return row!;
}

/**
 * A sale as the payment flow leaves one, written straight to the tables: a new customer's order
 * paid at `paidAt` (its history's `paid` move), `quantity` packs of `variant` at its price under
 * HSN 2008 at 5 %, and `shippingPaise`; `totalPaise`, when given, an order whose lines and shipping
 * do not add up to it. Not invoiced: the tests of invoicing issue what they need.
 */
export async function soldOrderRow(
  db: Database,
  variant: TestVariant,
  options: {
    paidAt: string;
    address?: typeof ADDRESS;
    quantity?: number;
    shippingPaise?: number;
    totalPaise?: number;
  },
): Promise<string> {
  const { paidAt, address = ADDRESS, quantity = 1, shippingPaise = 0 } = options;
  const pricePaise = rupeesToPaise(variant.price);
  const buyer = await customer(db);
  const order = await insertOrderRow(
    db,
    buyer.user.id,
    options.totalPaise ?? pricePaise * quantity + shippingPaise,
    {
      paidAt: new Date(paidAt),
      shippingCostPaise: shippingPaise,
      shippingAddress: { ...address, country: 'India' },
    },
  );
  await db.insert(orderItems).values({
    orderId: order.id,
    productId: variant.productId,
    name: variant.name,
    variantWeight: variant.weight,
    sku: variant.sku,
    quantity,
    priceAtPurchasePaise: pricePaise,
    hsnCode: '2008',
    gstRate: 5,
  });
  await db.insert(orderStatusEvents).values({
    orderId: order.id,
    event: 'paid',
    actor: 'gateway',
    fromStatus: 'Pending',
    toStatus: 'Confirmed',
    createdAt: new Date(paidAt),
  });
  return order.id;
}

/** Razorpay's webhook event about a payment of a gateway order, as Razorpay sends it. */
export function captureEvent(
  gatewayOrderId: string,
  paymentId: string,
  amount: number,
  event = 'payment.captured',
) {
  return {
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          order_id: gatewayOrderId,
          amount,
          currency: 'INR',
          status: event === 'payment.failed' ? 'failed' : 'captured',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** Posts a webhook event signed as Razorpay signs it (with another secret when given). */
export function sendWebhook(
  app: FastifyInstance,
  body: object,
  options: { eventId?: string; secret?: string } = {},
) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/api/v1/orders/razorpay-webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(options.secret ?? DEV_WEBHOOK_SECRET, raw),
      'x-razorpay-event-id': options.eventId ?? `evt_${randomUUID()}`,
    },
    payload: raw,
  });
}

/** What a browser holds after paying: the signed triple of Razorpay Checkout. */
export function signedPayment(
  gatewayOrderId: string,
  paymentId: string,
  keySecret = DEV_KEY_SECRET,
) {
  return {
    razorpay_order_id: gatewayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(keySecret, gatewayOrderId, paymentId),
  };
}

/** Free stock of a sku as the public catalogue shows it. */
export async function shownStock(app: FastifyInstance, sku: string): Promise<number> {
  const list = await call(app, 'GET', '/products/getProductDetails');
  for (const product of list.json().data) {
    for (const v of product.quantity) if (v.sku === sku) return v.stock;
  }
  throw new Error(`no ${sku}`);
}

export async function stockOf(db: Database, variantId: string): Promise<number> {
  const [row] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

/** An order's recorded moves, oldest first. */
/** The moves of an order's history the owner made (shipped, delivered, refunded), oldest first. */
export async function ownerMoves(db: Database, orderId: string) {
  return db
    .select()
    .from(orderStatusEvents)
    .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.actor, 'owner')))
    .orderBy(asc(orderStatusEvents.createdAt));
}

/** Every move of an order's history, oldest first. */
export async function historyRows(db: Database, orderId: string) {
  return db
    .select()
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.createdAt));
}

/** The outbox rows of an order's consequences not yet carried out, in the order they were queued. */
export async function queuedConsequences(db: Database, orderId: string) {
  return db
    .select()
    .from(outboxTable)
    .where(eq(outboxTable.orderId, orderId))
    .orderBy(asc(outboxTable.createdAt), asc(outboxTable.topic));
}

/** Time passes for the outbox: every row still there is due for its next attempt. */
export async function outboxWaitOver(db: Database): Promise<void> {
  await db.update(outboxTable).set({ availableAt: sql`now()` });
}

export async function reservationStatuses(db: Database, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ status: stockReservations.status })
    .from(stockReservations)
    .where(eq(stockReservations.orderId, orderId));
  return rows.map((r) => r.status);
}

export async function orderRow(db: Database, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

export async function countRows(db: Database, table: typeof orders | typeof stockReservations) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row!.n);
}

/** Moves an order's expiry (and its reservations') into the past. */
export async function expireNow(db: Database, orderId: string): Promise<void> {
  const past = new Date(Date.now() - 60_000);
  await db.update(orders).set({ expiresAt: past }).where(eq(orders.id, orderId));
  await db
    .update(stockReservations)
    .set({ expiresAt: past })
    .where(eq(stockReservations.orderId, orderId));
}

/** Every mail in an outbox folder, oldest first. */
export function outbox(dir: string) {
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => {
    const mail = parseMail(readFileSync(path.join(dir, f), 'utf8'));
    return {
      to: mail.headers.get('to') ?? '',
      subject: decodeWords(mail.headers.get('subject') ?? ''),
      text: mail.text ?? '',
    };
  });
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) of a header. */
export function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) => {
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

/** The parts of a refund of everything an order cost, as `allocateRefund` makes them. */
export async function wholeOrderParts(db: Database, orderId: string): Promise<RefundPart[]> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  return allocateRefund(
    {
      lines: items.map((item) => ({
        id: item.id,
        quantity: item.quantity,
        unitPricePaise: item.priceAtPurchasePaise,
      })),
      shippingPaise: order?.shippingCostPaise ?? 0,
    },
    [],
    {},
  );
}

/**
 * A pouch of Roasted Makhana 100 g at ₹149 and a Makhana Tin 500 g at ₹199, ten of each: two
 * pouches and a tin come to ₹497, under free shipping, so an order of them pays ₹50 for it.
 */
export async function insertPouchAndTin(api: {
  app: FastifyInstance;
  db: Database;
}): Promise<{ pouch: TestVariant; tin: TestVariant }> {
  const [pouch] = await insertProduct(api.db, {
    name: 'Roasted Makhana',
    variants: [{ weight: 100, price: 149, stock: 10 }],
  });
  const [tin] = await insertProduct(api.db, {
    name: 'Makhana Tin',
    variants: [{ weight: 500, price: 199, stock: 10 }],
  });
  await forgetCachedReads(api.app);
  return { pouch: pouch!, tin: tin! };
}
