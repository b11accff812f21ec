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
import { formatRupees, paiseToRupees, rupeesToPaise } from '@makhana/domain/money';
import { NEW_ORDER } from '@makhana/domain/order-state';
import { checkoutAddressSchema, MESSAGES } from '@makhana/domain/validation';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PincodeDirectory } from '../../../adapters/pincode/pincode-directory';
import type { Transaction } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema';
import { isUniqueViolation } from '../../../lib/db-errors';
import { BadRequestError, ConflictError } from '../../../lib/errors';
import { verifyPincode } from '../pincodes/service';
import {
  freeStockOf,
  type LockedVariant,
  lockVariantsBySku,
  mainImages,
  readVariantsBySku,
  reserve,
  unitsHeldBy,
} from '../stock/reservations';
import type { OrderContext } from './context';
import { orderNumber } from './order-number';
import { type OrderView, withItems } from './service';

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

const cartLineSchema = z.object({
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
export const createOrderSchema = z.object({
  items: z
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
    }),
  shippingCost: money('Shipping cost'),
  totalAmount: money('Total amount'),
  shippingAddress: checkoutAddressSchema,
  paymentMethod: z
    .literal(PAYMENT_METHOD, { error: `Only ${PAYMENT_METHOD} payment is accepted` })
    .default(PAYMENT_METHOD),
});
export type CreateOrderInput = z.output<typeof createOrderSchema>;

function describe(name: string, weight: number): string {
  return `${name} ${weight}g`;
}

/**
 * The cart checked against the variants: each line still sold as the browser saw it, and every
 * price, the shipping and the total as the browser computed them. Throws the refusal otherwise.
 */
function priceCart(input: CreateOrderInput, variants: LockedVariant[]) {
  const bySku = new Map(variants.map((v) => [v.sku, v]));

  const unavailable: ApiFieldError[] = [];
  const lines = input.items.map((item, index) => {
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
  const shippingPaise = rupeesToPaise(shippingFor(paiseToRupees(subtotalPaise)));
  const totalPaise = subtotalPaise + shippingPaise;
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
  return { lines, subtotalPaise, shippingPaise, totalPaise };
}

/**
 * Places an order: checks the pincode, takes every price from the database and refuses the order
 * when the browser's figures differ, then, in one transaction, writes the order and its lines and,
 * with the variant rows locked, checks the cart again, checks free stock and writes the
 * reservations. Nothing is written on a refusal. Every buyer of a weight waits for its lock, so
 * the lock is taken last, for the few statements that need it.
 */
export async function createOrder(
  ctx: OrderContext,
  directory: PincodeDirectory,
  userId: string,
  input: CreateOrderInput,
): Promise<OrderView> {
  const { place } = await verifyPincode(directory, input.shippingAddress.pincode);
  if (!place) {
    throw new BadRequestError(MESSAGES.serviceablePincode, [
      { field: 'shippingAddress.pincode', message: MESSAGES.notDeliverable },
    ]);
  }

  const view = await ctx.db.transaction(async (tx) => {
    const [{ pending } = { pending: 0 }] = await tx
      .select({ pending: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.status, 'Pending'),
          eq(orders.paymentStatus, 'pending'),
          gt(orders.expiresAt, sql`now()`),
        ),
      );
    if (Number(pending) >= MAX_PENDING_ORDERS) throw new ConflictError(TOO_MANY_PENDING);

    const skus = input.items.map((item) => item.sku);
    const { lines, subtotalPaise, shippingPaise, totalPaise } = priceCart(
      input,
      await readVariantsBySku(tx, skus),
    );
    const order = await insertOrder(tx, {
      userId,
      subtotalPaise,
      shippingCostPaise: shippingPaise,
      totalAmountPaise: totalPaise,
      currency: CURRENCY,
      shippingAddress: { ...input.shippingAddress, country: COUNTRY },
      paymentMethod: PAYMENT_METHOD,
      status: NEW_ORDER.status,
      paymentStatus: NEW_ORDER.paymentStatus,
      needsRefund: NEW_ORDER.needsRefund,
      expiresAt: sql`now() + make_interval(mins => ${ctx.settings.pendingOrderMinutes})`,
    });
    const images = await mainImages(
      tx,
      lines.map((l) => l.variant.productId),
    );
    await tx.insert(orderItems).values(
      lines.map(({ item, variant, index }) => ({
        orderId: order.id,
        productId: variant.productId,
        variantId: variant.id,
        name: variant.productName,
        image: images.get(variant.productId) ?? '',
        variantWeight: variant.weightGrams,
        sku: variant.sku,
        quantity: item.quantity,
        priceAtPurchasePaise: variant.pricePaise,
        position: index,
      })),
    );
    const [result] = await withItems(tx, [order]);

    const variants = await lockVariantsBySku(tx, skus);
    // The owner may have changed a price or taken a weight away since the lines were read.
    const locked = priceCart(input, variants).lines;
    if (locked.some((line, i) => line.variant.id !== lines[i]!.variant.id)) {
      throw new ConflictError(ITEMS_UNAVAILABLE);
    }

    // Checked with the variant rows locked, so two orders of one customer cannot both pass.
    const held = await unitsHeldBy(
      tx,
      userId,
      variants.map((v) => v.id),
      ctx.settings.pendingOrderMinutes,
    );
    const hoarded: { index: number; what: string; left: number }[] = [];
    for (const { item, index, variant } of locked) {
      const left = Math.max(0, MAX_UNITS_HELD_PER_SKU - (held.get(variant.id) ?? 0));
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

    const free = await freeStockOf(tx, variants);
    const short: { index: number; message: string; text: string }[] = [];
    for (const { item, index, variant } of locked) {
      const left = variant.inStock ? (free.get(variant.id) ?? 0) : 0;
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

    await reserve(
      tx,
      order.id,
      locked.map(({ item, variant }) => ({ variantId: variant.id, quantity: item.quantity })),
      order.expiresAt!,
    );
    return result!;
  });

  await ctx.catalogue.invalidate();
  return view;
}

/** A new order's values; its expiry is computed by the database's clock. */
type NewOrder = Omit<typeof orders.$inferInsert, 'orderNumber' | 'expiresAt'> & { expiresAt: SQL };

/** Inserts with a fresh order number, retrying inside a savepoint when a number is taken. */
async function insertOrder(tx: Transaction, values: NewOrder) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const number = orderNumber(new Date(), attempt < 5 ? 4 : 6);
    try {
      return await tx.transaction(async (savepoint) => {
        const [row] = await savepoint
          .insert(orders)
          .values({ ...values, orderNumber: number })
          .returning();
        return row!;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new ConflictError('Could not number the order. Please try again.');
}
