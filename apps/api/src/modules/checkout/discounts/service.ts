/**
 * Discount codes (decision 038): the owner's list, made and changed here; a code checked and
 * applied to a cart with the domain's rules, its uses counted from the orders placed with it.
 * `codeForCart` runs inside the order's transaction with the code's row locked, so two shoppers
 * racing for its last use are served one after the other: one gets it.
 */
import type { Discount } from '@makhana/domain/contracts/owner';
import {
  DISCOUNT_MESSAGES,
  type DiscountableLine,
  type DiscountedCart,
  type DiscountFields,
  DiscountRefused,
  type DiscountRule,
  discountCart,
  discountRefusal,
  ruleValue,
} from '@makhana/domain/discounts';
import { paiseToRupees, rupeesToPaise } from '@makhana/domain/money';
import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { markChanged } from '../../../db/after-commit';
import type { Database, Executor } from '../../../db/client';
import { discounts, orders } from '../../../db/schema';
import { isUniqueViolation } from '../../../lib/db-errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import type { CatalogueCache } from '../../catalogue';
import { isPaidOrder, isSaleOrder, keptPaise } from '../orders/rules';

export type DiscountRow = typeof discounts.$inferSelect;

export const DISCOUNT_SAVED = 'Discount saved';
export const DISCOUNTS_FETCHED = 'Discounts fetched successfully';
export const DISCOUNT_APPLIED = 'Discount applied';

export function ruleOf(row: DiscountRow): DiscountRule {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotalPaise: row.minSubtotalPaise,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    firstOrderOnly: row.firstOrderOnly,
    productIds: row.productIds,
    active: row.active,
  };
}

/** The after-commit topic of a write to the codes: their kept rows are dropped in every process. */
export const DISCOUNTS_CHANGED = 'discounts';

/** The codes' rows, as every checkout that carries a code reads them. */
export interface DiscountCodes {
  /** the row of `code` (upper case), or null when there is none */
  row(code: string): Promise<DiscountRow | null>;
}

/**
 * The codes' rows kept in `cache` a few seconds: a code changes only by the owner's hand, and each
 * change (marked `DISCOUNTS_CHANGED`) drops it from every process before the owner's answer, while
 * a shop selling with a code reads it twice a checkout (the summary's price, then Place Order's).
 * Loaded outside any order's transaction, so readers sharing a load never share a failed one.
 */
export function keptDiscountCodes(db: Database, cache: CatalogueCache): DiscountCodes {
  return {
    row: (code) =>
      cache.get(
        `code:${code}`,
        async () => (await db.select().from(discounts).where(eq(discounts.code, code)))[0] ?? null,
      ),
  };
}

/** An order holding a use of its code: placed with it and not cancelled (nor expired). */
const holdsAUse = (discountId: string) =>
  and(eq(orders.discountId, discountId), ne(orders.status, 'Cancelled'));

/** A code that cannot be used, as the API answers it: the field it is about named. */
function refused(error: DiscountRefused, field: string): Error {
  const fault = [{ field, message: error.message }];
  return error.status === 400
    ? new BadRequestError(`${field}: ${error.message}`, fault)
    : new ConflictError(error.message, fault);
}

/**
 * The code checked for this customer and cart, and the cart with it applied. Only what the code
 * limits is counted, and in an order's transaction (`lock`) only that is made to wait: a code with
 * a total limit locks its row, so its uses are counted with every earlier order that took one
 * committed (two shoppers racing for its last use: one gets it); a limit per customer or a first
 * order only waits for that customer's other orders with the code alone; a code with no limit
 * makes no checkout wait for another. Throws the 400 or 409 a shopper reads, naming `field`.
 */
export async function codeForCart(
  executor: Executor,
  codes: DiscountCodes,
  options: {
    code: string;
    userId: string;
    lines: readonly DiscountableLine[];
    usualShippingPaise: number;
    field: string;
    lock: boolean;
    now?: Date;
  },
): Promise<{ row: DiscountRow; cart: DiscountedCart }> {
  const unknown = () => refused(new DiscountRefused(DISCOUNT_MESSAGES.unknown, 400), options.field);
  let row: DiscountRow | undefined = (await codes.row(options.code)) ?? undefined;
  if (!row) throw unknown();
  const perCustomer = row.maxUsesPerCustomer !== null || row.firstOrderOnly;
  if (options.lock && row.maxUses !== null) {
    // The kept row may be seconds old; the locked one is what this order's count must agree with.
    [row] = await executor
      .select()
      .from(discounts)
      .where(eq(discounts.code, options.code))
      .for('update');
    if (!row) throw unknown();
  } else if (options.lock && perCustomer) {
    await executor.execute(
      sql`select pg_advisory_xact_lock(hashtext(${row.id}), hashtext(${options.userId}))`,
    );
  }
  const holding = async (where: SQL | undefined) =>
    Number(
      (await executor.select({ n: sql<number>`count(*)::int` }).from(orders).where(where))[0]?.n ??
        0,
    );
  const uses = row.maxUses === null ? 0 : await holding(holdsAUse(row.id));
  const usesByCustomer =
    row.maxUsesPerCustomer === null
      ? 0
      : await holding(and(holdsAUse(row.id), eq(orders.userId, options.userId)));
  const hasOrdered = row.firstOrderOnly
    ? (
        await executor
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.userId, options.userId), isPaidOrder))
          .limit(1)
      ).length > 0
    : false;
  const rule = ruleOf(row);
  const refusal = discountRefusal(rule, options.lines, {
    now: options.now ?? new Date(),
    uses,
    usesByCustomer,
    hasOrdered,
  });
  if (refusal) throw refused(refusal, options.field);
  const cart = discountCart(rule, options.lines, options.usualShippingPaise);
  if (cart.discountPaise === 0) {
    throw refused(new DiscountRefused(DISCOUNT_MESSAGES.nothingOff, 409), options.field);
  }
  return { row, cart };
}

function toDiscount(row: DiscountRow, uses: number, keptPaiseSum: number): Discount {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'amount' ? paiseToRupees(row.value) : row.value,
    minSubtotal: paiseToRupees(row.minSubtotalPaise),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    firstOrderOnly: row.firstOrderOnly,
    productIds: row.productIds,
    active: row.active,
    uses,
    revenue: paiseToRupees(keptPaiseSum),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every code, newest first, each with its uses and what the sales placed with it kept. */
export async function listDiscounts(executor: Executor): Promise<Discount[]> {
  const rows = await executor.select().from(discounts).orderBy(desc(discounts.createdAt));
  const figures = await executor
    .select({
      id: orders.discountId,
      uses: sql<number>`(count(*) filter (where ${orders.status} <> 'Cancelled'))::int`,
      kept: sql<number>`coalesce(sum(${keptPaise}) filter (where ${isSaleOrder}), 0)::bigint`,
    })
    .from(orders)
    .where(sql`${orders.discountId} is not null`)
    .groupBy(orders.discountId);
  const byId = new Map(figures.map((row) => [row.id, row]));
  return rows.map((row) => {
    const counted = byId.get(row.id);
    return toDiscount(row, Number(counted?.uses ?? 0), Number(counted?.kept ?? 0));
  });
}

async function discountById(executor: Executor, id: string): Promise<Discount> {
  const all = await listDiscounts(executor);
  const found = all.find((discount) => discount._id === id);
  if (!found) throw new NotFoundError(DISCOUNT_MESSAGES.notFound);
  return found;
}

/** The columns of a discount as the owner set it, paise inside. */
function columnsOf(fields: DiscountFields) {
  return {
    code: fields.code,
    kind: fields.kind,
    value: ruleValue(fields.kind, fields.value),
    minSubtotalPaise: rupeesToPaise(fields.minSubtotal),
    ...(fields.startsAt ? { startsAt: fields.startsAt } : {}),
    endsAt: fields.endsAt ?? null,
    maxUses: fields.maxUses ?? null,
    maxUsesPerCustomer: fields.maxUsesPerCustomer ?? null,
    firstOrderOnly: fields.firstOrderOnly,
    productIds: [...new Set(fields.productIds)],
    active: fields.active,
  };
}

const codeTaken = () =>
  new ConflictError(DISCOUNT_MESSAGES.codeTaken, [
    { field: 'code', message: DISCOUNT_MESSAGES.codeTaken },
  ]);

const discountsChanged = (tx: Executor) => markChanged(tx, DISCOUNTS_CHANGED);

export async function createDiscount(db: Database, fields: DiscountFields): Promise<Discount> {
  try {
    const [row] = await db.transaction(async (tx) => {
      discountsChanged(tx);
      return tx.insert(discounts).values(columnsOf(fields)).returning();
    });
    return toDiscount(row!, 0, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/**
 * Changes a code. Once an order used it, only its end, its limits and whether it is on may
 * change, so the orders placed with it keep their meaning; anything else is a 409.
 */
export async function updateDiscount(
  db: Database,
  id: string,
  fields: DiscountFields,
): Promise<Discount> {
  if (!isUuid(id)) throw new NotFoundError(DISCOUNT_MESSAGES.notFound);
  const next = columnsOf(fields);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(discounts).where(eq(discounts.id, id));
      if (!row) throw new NotFoundError(DISCOUNT_MESSAGES.notFound);
      const [used] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.discountId, id))
        .limit(1);
      if (used) refuseFixedChange(row, next);
      discountsChanged(tx);
      await tx
        .update(discounts)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(discounts.id, id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
  return discountById(db, id);
}

/** A 409 naming the first of a used code's fixed fields that `next` would change. */
function refuseFixedChange(row: DiscountRow, next: ReturnType<typeof columnsOf>): void {
  const fixed = {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotalPaise: row.minSubtotalPaise,
    startsAt: row.startsAt.getTime(),
    firstOrderOnly: row.firstOrderOnly,
    productIds: [...row.productIds].sort().join(','),
  };
  const asked = {
    code: next.code,
    kind: next.kind,
    value: next.value,
    minSubtotalPaise: next.minSubtotalPaise,
    startsAt: (next.startsAt ?? row.startsAt).getTime(),
    firstOrderOnly: next.firstOrderOnly,
    productIds: [...next.productIds].sort().join(','),
  };
  const changed = (Object.keys(fixed) as (keyof typeof fixed)[]).find(
    (key) => fixed[key] !== asked[key],
  );
  if (changed) {
    throw new ConflictError(DISCOUNT_MESSAGES.usedCannotChange, [
      {
        field: changed === 'minSubtotalPaise' ? 'minSubtotal' : changed,
        message: DISCOUNT_MESSAGES.usedCannotChange,
      },
    ]);
  }
}
