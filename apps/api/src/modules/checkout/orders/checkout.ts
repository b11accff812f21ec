import type { ApiFieldError } from '@makhana/domain/api';
import { shippingFor } from '@makhana/domain/cart';
import {
  CART_QUANTITY_MAX,
  CART_QUANTITY_MIN,
  COUNTRY,
  CURRENCY,
  MAX_UNITS_HELD_PER_SKU,
  PAYMENT_METHOD,
} from '@makhana/domain/constants';
import type { PricedCart } from '@makhana/domain/contracts/checkout';
import {
  type DiscountableLine,
  discountCodeSchema,
  discountLabel,
} from '@makhana/domain/discounts';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@makhana/domain/money';
import { NEW_ORDER } from '@makhana/domain/order-state';
import { IDEMPOTENCY_WINDOW_HOURS, type ShippingAddress } from '@makhana/domain/orders';
import { checkoutAddressSchema, MESSAGES } from '@makhana/domain/validation';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PincodeDirectory } from '../../../adapters/pincode/pincode-directory';
import type { Transaction } from '../../../db/client';
import { parsedJson, type RawRow, rawRows, tableRow } from '../../../db/raw';
import { orderItems, orders } from '../../../db/schema';
import { isUniqueViolation } from '../../../lib/db-errors';
import { BadRequestError, ConflictError } from '../../../lib/errors';
import { catalogueChanged } from '../../catalogue';
import { codeForCart, type DiscountCodes, ruleOf } from '../discounts/service';
import { verifyPincode } from '../pincodes/service';
import {
  holdsFor,
  lockVariantsForOrder,
  type OrderableVariant,
  type PricedVariant,
  reserveWithOrder,
  variantsForPricing,
} from '../stock/reservations';
import type { OrderContext } from './context';
import { orderNumber } from './order-number';
import { type OrderView, orderView, toOrderView } from './service';

export const MAX_ORDER_LINES = 50;
/** Unpaid orders one customer may hold at once: stops one account holding the shelf. */
export const MAX_PENDING_ORDERS = 5;

export const PRICES_CHANGED = 'Prices have changed. Please review your cart.';
export const ITEMS_UNAVAILABLE =
  'Some items in your cart are no longer available. Please review your cart.';
export const TOO_MANY_PENDING =
  'You have too many unpaid orders. Please complete or cancel one before placing another.';
export const ORDER_CREATED = 'Order created successfully';
export const tooManyHeld = (what: string) =>
  `You can hold at most ${MAX_UNITS_HELD_PER_SKU} of ${what} at a time. Complete or wait for your pending orders.`;

const money = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .finite(`${field} must be a number`)
    .nonnegative(`${field} cannot be negative`);

export const cartLineSchema = z.object({
  id: z.string({ error: 'Product id is required' }).trim().min(1, 'Product id is required').max(64),
  // The browser's copies of the name and picture are not used: the order takes the database's.
  name: z.string().max(500).optional(),
  image: z.string().max(2000).optional(),
  weight: z
    .number({ error: 'Weight must be a number' })
    .int('Weight must be whole grams')
    .positive('Weight must be positive'),
  sku: z.string({ error: 'SKU is required' }).trim().min(1, 'SKU is required').max(100),
  price: money('Price'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(CART_QUANTITY_MIN, `Quantity must be ${CART_QUANTITY_MIN} to ${CART_QUANTITY_MAX}`)
    .max(CART_QUANTITY_MAX, `Quantity must be ${CART_QUANTITY_MIN} to ${CART_QUANTITY_MAX}`),
});

/**
 * The body of `createOrder`. The shipping address's rules, length limits included, are the shared
 * checkout schema's.
 */
/** A cart's lines: at least one, at most 50, each sku once. */
export const cartLinesSchema = z
  .array(cartLineSchema, { error: 'Items are required' })
  .min(1, 'Your cart is empty')
  .max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines`)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.sku)) {
        ctx.addIssue({ code: 'custom', path: [index, 'sku'], message: 'Duplicate cart line' });
      }
      seen.add(item.sku);
    });
  });

export const createOrderSchema = z.object({
  items: cartLinesSchema,
  /** a discount code the shopper applied; the order is refused if it no longer holds */
  discountCode: discountCodeSchema.optional(),
  shippingCost: money('Shipping cost'),
  totalAmount: money('Total amount'),
  shippingAddress: checkoutAddressSchema,
  paymentMethod: z
    .literal(PAYMENT_METHOD, { error: `Only ${PAYMENT_METHOD} payment is accepted` })
    .default(PAYMENT_METHOD),
});
export type CreateOrderInput = z.output<typeof createOrderSchema>;
type CartLine = CreateOrderInput['items'][number];

const IDEMPOTENCY_KEY_MAX = 100;
/** Letters, digits and `-_.:` (a UUID, a ULID, a timestamped name): one class, no backtracking. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;
const KEY_RULE = 'Use 8 to 100 letters, digits, or - _ . :';

/** The headers of `createOrder`: an optional `Idempotency-Key`, checked for length first. */
export const createOrderHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .max(IDEMPOTENCY_KEY_MAX, { message: KEY_RULE, abort: true })
    .regex(IDEMPOTENCY_KEY, KEY_RULE)
    .optional(),
});

/**
 * The order a customer's key made within the window, if any. A key past the window is let go (its
 * order keeps its history, not the key), so it may make a new order.
 */
async function orderOfKey(ctx: OrderContext, userId: string, key: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  if (row.createdAt.getTime() > Date.now() - IDEMPOTENCY_WINDOW_HOURS * 3600 * 1000) return row.id;
  await ctx.db.update(orders).set({ idempotencyKey: null }).where(eq(orders.id, row.id));
  return null;
}

function describe(name: string, weight: number): string {
  return `${name} ${weight}g`;
}

/**
 * The cart checked against the variants: each line still sold as the browser saw it (throws the
 * refusal otherwise), and `changed`, each line whose price is not the one the browser showed.
 */
function cartAsSold<V extends PricedVariant>(items: CartLine[], variants: V[]) {
  const bySku = new Map(variants.map((v) => [v.sku, v]));

  const unavailable: ApiFieldError[] = [];
  const lines = items.map((item, index) => {
    const variant = bySku.get(item.sku);
    if (
      !variant ||
      variant.withdrawn ||
      variant.productId !== item.id ||
      variant.weightGrams !== item.weight
    ) {
      unavailable.push({
        field: `items.${index}.sku`,
        message: 'This item is no longer available',
      });
    }
    return { item, index, variant: variant! };
  });
  if (unavailable.length > 0) throw new ConflictError(ITEMS_UNAVAILABLE, unavailable);

  const changed: ApiFieldError[] = [];
  let subtotalPaise = 0;
  for (const { item, index, variant } of lines) {
    if (rupeesToPaise(item.price) !== variant.pricePaise) {
      changed.push({
        field: `items.${index}.price`,
        message: `The price of ${describe(variant.productName, variant.weightGrams)} is now ${formatRupees(paiseToRupees(variant.pricePaise))}`,
      });
    }
    subtotalPaise += variant.pricePaise * item.quantity;
  }
  const usualShippingPaise = rupeesToPaise(shippingFor(paiseToRupees(subtotalPaise)));
  return { lines, subtotalPaise, usualShippingPaise, changed };
}

/** The cart's lines as a discount reads them. */
const discountable = (lines: ReturnType<typeof cartAsSold>['lines']): DiscountableLine[] =>
  lines.map(({ item, variant }) => ({
    productId: variant.productId,
    quantity: item.quantity,
    unitPricePaise: variant.pricePaise,
  }));

/**
 * The order's figures: the cart as sold, with the code applied when there is one; refused when
 * the browser's shipping or total differ from the server's.
 */
async function priceOrder<V extends OrderableVariant>(
  tx: Transaction,
  codes: DiscountCodes,
  userId: string,
  input: CreateOrderInput,
  variants: V[],
) {
  const sold = cartAsSold(input.items, variants);
  const withCode = input.discountCode
    ? await codeForCart(tx, codes, {
        code: input.discountCode,
        userId,
        lines: discountable(sold.lines),
        usualShippingPaise: sold.usualShippingPaise,
        field: 'discountCode',
        lock: true,
      })
    : null;
  const shippingPaise = withCode?.cart.shippingPaise ?? sold.usualShippingPaise;
  const totalPaise = withCode?.cart.totalPaise ?? sold.subtotalPaise + sold.usualShippingPaise;
  // Every figure the browser had wrong, in one refusal: its lines' prices, the shipping, the total.
  const changed = [...sold.changed];
  if (rupeesToPaise(input.shippingCost) !== shippingPaise) {
    changed.push({
      field: 'shippingCost',
      message: `Shipping is ${formatRupees(paiseToRupees(shippingPaise))}`,
    });
  }
  if (rupeesToPaise(input.totalAmount) !== totalPaise) {
    changed.push({
      field: 'totalAmount',
      message: `The total is ${formatRupees(paiseToRupees(totalPaise))}`,
    });
  }
  if (changed.length > 0) throw new ConflictError(PRICES_CHANGED, changed);
  return {
    lines: sold.lines,
    subtotalPaise: sold.subtotalPaise,
    shippingPaise,
    totalPaise,
    discount: withCode
      ? { id: withCode.row.id, code: withCode.row.code, paise: withCode.cart.discountPaise }
      : null,
    shares: withCode?.cart.shares ?? sold.lines.map(() => 0),
  };
}

/** A cart priced with a discount code, for the checkout's summary before Place Order. */
export async function priceWithCode(
  ctx: OrderContext,
  userId: string,
  input: { code: string; items: CartLine[] },
): Promise<PricedCart> {
  const variants = await variantsForPricing(
    ctx.db,
    input.items.map((item) => item.sku),
  );
  const sold = cartAsSold(input.items, variants);
  if (sold.changed.length > 0) throw new ConflictError(PRICES_CHANGED, sold.changed);
  const { row, cart } = await codeForCart(ctx.db, ctx.discountCodes, {
    code: input.code,
    userId,
    lines: discountable(sold.lines),
    usualShippingPaise: sold.usualShippingPaise,
    field: 'code',
    lock: false,
  });
  return {
    code: row.code,
    label: discountLabel(ruleOf(row)),
    subtotal: paiseToRupees(cart.subtotalPaise),
    discount: paiseToRupees(cart.discountPaise),
    shippingCost: paiseToRupees(cart.shippingPaise),
    totalAmount: paiseToRupees(cart.totalPaise),
    lines: sold.lines.map(({ item }, index) => ({
      sku: item.sku,
      discount: paiseToRupees(cart.shares[index] ?? 0),
    })),
  };
}

/**
 * Places an order: checks the pincode, then, in one transaction, locks the cart's variants, takes
 * every price from the database and refuses the order when the browser's figures differ, checks
 * the customer's holds and the free stock, and writes the order, its lines and its reservations
 * in one statement. Nothing is written on a refusal. Every buyer of a weight waits for its lock,
 * so it is held for two statements and the commit.
 */
export async function createOrder(
  ctx: OrderContext,
  directory: PincodeDirectory,
  userId: string,
  input: CreateOrderInput,
  idempotencyKey: string | null = null,
): Promise<OrderView> {
  if (idempotencyKey) {
    const made = await orderOfKey(ctx, userId, idempotencyKey);
    if (made) return orderView(ctx.db, made);
    try {
      return await placeOrder(ctx, directory, userId, input, idempotencyKey);
    } catch (error) {
      // The same key at the same moment: the request that won made the order; this one answers it.
      if (!isUniqueViolation(error)) throw error;
      const won = await orderOfKey(ctx, userId, idempotencyKey);
      if (!won) throw error;
      return orderView(ctx.db, won);
    }
  }
  return placeOrder(ctx, directory, userId, input, null);
}

async function placeOrder(
  ctx: OrderContext,
  directory: PincodeDirectory,
  userId: string,
  input: CreateOrderInput,
  idempotencyKey: string | null,
): Promise<OrderView> {
  const { place } = await verifyPincode(directory, input.shippingAddress.pincode);
  if (!place) {
    throw new BadRequestError(MESSAGES.serviceablePincode, [
      { field: 'shippingAddress.pincode', message: MESSAGES.notDeliverable },
    ]);
  }

  const view = await ctx.db.transaction(async (tx) => {
    const variants = await lockVariantsForOrder(
      tx,
      input.items.map((item) => item.sku),
    );
    // Read after the lock: every hold committed before it is counted.
    const holds = await holdsFor(
      tx,
      userId,
      variants.map((v) => v.id),
      ctx.settings.pendingOrderMinutes,
    );
    if (holds.pending >= MAX_PENDING_ORDERS) throw new ConflictError(TOO_MANY_PENDING);
    const { lines, subtotalPaise, shippingPaise, totalPaise, discount, shares } = await priceOrder(
      tx,
      ctx.discountCodes,
      userId,
      input,
      variants,
    );

    const hoarded: { index: number; what: string; left: number }[] = [];
    for (const { item, index, variant } of lines) {
      const left = Math.max(
        0,
        MAX_UNITS_HELD_PER_SKU - (holds.heldByCustomer.get(variant.id) ?? 0),
      );
      if (item.quantity > left) {
        hoarded.push({ index, what: describe(variant.productName, variant.weightGrams), left });
      }
    }
    if (hoarded.length > 0) {
      throw new ConflictError(
        tooManyHeld(hoarded[0]!.what),
        hoarded.map((h) => ({
          field: `items.${h.index}.quantity`,
          message: h.left === 0 ? 'You hold the most allowed' : `At most ${h.left} more`,
        })),
      );
    }

    const short: { index: number; message: string; text: string }[] = [];
    for (const { item, index, variant } of lines) {
      const left = variant.inStock
        ? Math.max(0, variant.stock - (holds.held.get(variant.id) ?? 0))
        : 0;
      if (item.quantity <= left) continue;
      const what = describe(variant.productName, variant.weightGrams);
      short.push({
        index,
        text:
          left === 0
            ? `${what} is out of stock.`
            : `Only ${left} left of ${what}. Please update your cart.`,
        message: left === 0 ? 'Out of stock' : `Only ${left} left`,
      });
    }
    if (short.length > 0) {
      throw new ConflictError(
        short[0]!.text,
        short.map((s) => ({ field: `items.${s.index}.quantity`, message: s.message })),
      );
    }

    const placed = await insertOrder(tx, {
      userId,
      idempotencyKey,
      subtotalPaise,
      shippingPaise,
      totalPaise,
      discount,
      shippingAddress: { ...input.shippingAddress, country: COUNTRY },
      pendingOrderMinutes: ctx.settings.pendingOrderMinutes,
      lines: lines.map(({ item, variant, index }) => ({
        product_id: variant.productId,
        variant_id: variant.id,
        name: variant.productName,
        image: variant.image,
        variant_weight: variant.weightGrams,
        sku: variant.sku,
        quantity: item.quantity,
        price_at_purchase_paise: variant.pricePaise,
        discount_paise: shares[index] ?? 0,
        hsn_code: variant.hsnCode,
        gst_rate: variant.gstRate,
        position: index,
      })),
    });
    // Its holds lower the free stock the catalogue shows.
    catalogueChanged(tx);
    return placed;
  });
  return view;
}

interface NewOrder {
  userId: string;
  idempotencyKey: string | null;
  subtotalPaise: number;
  shippingPaise: number;
  totalPaise: number;
  /** the discount code the order was placed with */
  discount: { id: string; code: string; paise: number } | null;
  shippingAddress: ShippingAddress;
  pendingOrderMinutes: number;
  /** the order's lines, keyed by their column names */
  lines: {
    product_id: string;
    variant_id: string;
    name: string;
    image: string;
    variant_weight: number;
    sku: string;
    quantity: number;
    price_at_purchase_paise: number;
    discount_paise: number;
    hsn_code: string;
    gst_rate: number;
    position: number;
  }[];
}

/**
 * Writes a new order, its lines and its reservations in one statement, the expiry from the
 * database's clock. A taken order number writes nothing, and another number is tried.
 */
async function insertOrder(tx: Transaction, order: NewOrder): Promise<OrderView> {
  const lines = JSON.stringify(order.lines);
  for (let attempt = 0; attempt < 10; attempt++) {
    const number = orderNumber(new Date(), attempt < 5 ? 4 : 6);
    const placed = sql.identifier('placed');
    const lineRows = sql.identifier('lines');
    const [row] = await rawRows(
      tx,
      sql`with ${placed} as (
            insert into orders (id, order_number, user_id, subtotal_paise, shipping_cost_paise,
              total_amount_paise, discount_id, discount_code, discount_paise, currency,
              shipping_address, payment_method, status, payment_status, needs_refund,
              expires_at, idempotency_key)
            values (gen_random_uuid()::text, ${number}, ${order.userId}, ${order.subtotalPaise},
              ${order.shippingPaise}, ${order.totalPaise}, ${order.discount?.id ?? null},
              ${order.discount?.code ?? null}, ${order.discount?.paise ?? 0}, ${CURRENCY},
              ${JSON.stringify(order.shippingAddress)}::jsonb, ${PAYMENT_METHOD}, ${NEW_ORDER.status},
              ${NEW_ORDER.paymentStatus}, ${NEW_ORDER.needsRefund},
              now() + make_interval(mins => ${order.pendingOrderMinutes}), ${order.idempotencyKey})
            on conflict (order_number) do nothing
            returning *
          ), ${lineRows} as (
            select * from jsonb_to_recordset(${lines}::jsonb) as l(product_id text,
              variant_id text, name text, image text, variant_weight int, sku text, quantity int,
              price_at_purchase_paise int, discount_paise int, hsn_code text, gst_rate int,
              position int)
          ), items as (
            insert into order_items (id, order_id, product_id, variant_id, name, image,
              variant_weight, sku, quantity, price_at_purchase_paise, discount_paise, hsn_code,
              gst_rate, position)
            select gen_random_uuid()::text, ${placed}.id, l.product_id, l.variant_id, l.name,
              l.image, l.variant_weight, l.sku, l.quantity, l.price_at_purchase_paise,
              l.discount_paise, l.hsn_code, l.gst_rate, l.position
            from ${placed} cross join ${lineRows} l
            returning *
          ), holds as (${reserveWithOrder(placed, lineRows)})
          select ${placed}.*, (select json_agg(items order by items.position) from items) as items
          from ${placed}`,
    );
    if (row) {
      const items = parsedJson<RawRow[]>(row.items, []).map((item) => tableRow(orderItems, item));
      return toOrderView(tableRow(orders, row), items);
    }
  }
  throw new ConflictError('Could not number the order. Please try again.');
}
