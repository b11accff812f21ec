/**
 * Stock held and sold through reservation records (docs/decisions/009). An order holds units with
 * `active` reservations until it expires; payment turns them `committed` and takes the units off
 * the shelf in the same transaction; cancelling or expiring turns them `released`. Free stock is
 * the shelf minus the live holds (`liveHold`). This file is the only writer of
 * `stock_reservations`. Every function here runs inside the caller's transaction, and variant
 * rows are always locked in sku order so two writers never deadlock.
 */
import { and, asc, eq, gt, inArray, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/client';
import { parsedJson, rawRows } from '../../../db/raw';
import { products, productVariants, stockReservations } from '../../../db/schema';
import { returnToShelf, takeFromShelfWith } from '../../catalogue';

/**
 * A live hold: a reservation that still keeps its units from other buyers (active and not yet
 * expired). `r` is the alias the reservations table has in raw SQL.
 */
export const liveHold = (r: SQL = sql.raw('r')) =>
  sql`(${r}.status = 'active' and ${r}.expires_at > now())`;

/** The same rule as a condition on the reservations table, for the query builder. */
export const isLiveHold = and(
  eq(stockReservations.status, 'active'),
  gt(stockReservations.expiresAt, sql`now()`),
)!;

/**
 * Units each variant's live holds keep, as a subquery with `variantId` and `held`: the catalogue
 * asks for these instead of reading the reservations table to show free stock.
 */
export function heldUnitsByVariant(db: Executor, alias = 'held_stock') {
  return db
    .select({
      variantId: stockReservations.variantId,
      held: sql<number>`sum(${stockReservations.quantity})::int`.as('held'),
    })
    .from(stockReservations)
    .where(isLiveHold)
    .groupBy(stockReservations.variantId)
    .as(alias);
}

/** Whether any order ever held one of these variants: such a weight is kept for its orders. */
export async function variantsEverHeld(db: Executor, variantIds: string[]): Promise<Set<string>> {
  if (variantIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ variantId: stockReservations.variantId })
    .from(stockReservations)
    .where(inArray(stockReservations.variantId, variantIds));
  return new Set(rows.map((r) => r.variantId));
}

export interface LockedVariant {
  id: string;
  sku: string;
  productId: string;
  weightGrams: number;
  pricePaise: number;
  stock: number;
  productName: string;
  /** the owner's switch on the product */
  inStock: boolean;
  /** the owner deleted the product or removed this weight: no longer sold */
  withdrawn: boolean;
}

const variantColumns = {
  id: productVariants.id,
  sku: productVariants.sku,
  productId: productVariants.productId,
  weightGrams: productVariants.weightGrams,
  pricePaise: productVariants.pricePaise,
  stock: productVariants.stock,
  productName: products.name,
  inStock: products.inStock,
  withdrawn: sql<boolean>`(${products.deletedAt} is not null or ${productVariants.removedAt} is not null)`,
};

/** Locks the variants a condition picks, always in sku order so two writers never deadlock. */
function lockVariantsWhere(tx: Transaction, condition: SQL): Promise<LockedVariant[]> {
  return tx
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(condition)
    .orderBy(asc(productVariants.sku))
    .for('update', { of: productVariants });
}

/** A variant an order line takes, locked, with its product's main picture for the line. */
export interface OrderableVariant extends LockedVariant {
  image: string;
  /** the product's declarations the invoice needs, as they are at the sale */
  hsnCode: string;
  gstRate: number;
}

/**
 * A cart's skus as a relation to join the variants to, through their unique btree index. Asked
 * `sku in (...)` or `sku = any(...)`, PostgreSQL may take the owner's trigram index on sku instead:
 * its cost is judged from statistics only a vacuum writes, so on a table whose every stock change
 * adds versions (the stock is indexed, so no such update is a HOT one) it read every version of
 * the weights asked for, 12 to 24 ms after 11,000 checkouts, where the unique index took 0.3 to
 * 1.5 ms. A join on a unique index reads one row a sku whatever the statistics say. One parameter
 * for every sku, so one statement text serves every cart and PostgreSQL keeps one generic plan.
 */
const wantedSkus = (skus: string[]) =>
  sql`unnest(${sql.param([...new Set(skus)])}::text[]) as wanted(sku)
    join product_variants v on v.sku = wanted.sku
    join products p on p.id = v.product_id`;

/** What pricing a cart reads of each of its weights, over `wantedSkus`. */
const pricedColumnsSql =
  sql.raw(`v.sku, v.product_id as "productId", v.weight_grams as "weightGrams",
  v.price_paise as "pricePaise", p.name as "productName",
  (p.deleted_at is not null or v.removed_at is not null) as withdrawn`);

/**
 * Locks the variants with these skus (`SELECT ... FOR UPDATE`, in sku order), each with its
 * product and the product's main picture, in one statement. Missing skus are absent.
 */
export async function lockVariantsForOrder(
  tx: Transaction,
  skus: string[],
): Promise<OrderableVariant[]> {
  if (skus.length === 0) return [];
  const rows = await rawRows(
    tx,
    sql`select ${pricedColumnsSql}, v.id, v.stock, p.in_stock as "inStock",
          p.hsn_code as "hsnCode", p.gst_rate as "gstRate",
          coalesce((select i.url from product_images i where i.product_id = v.product_id
            order by i.position, i.created_at limit 1), '') as image
        from ${wantedSkus(skus)}
        order by v.sku
        for update of v`,
  );
  return rows as unknown as OrderableVariant[];
}

/** What a cart's price needs of a variant: no stock, no picture, no declarations. */
export type PricedVariant = Omit<LockedVariant, 'id' | 'stock' | 'inStock'>;

/** The variants with these skus as a price preview reads them, unlocked. */
export async function variantsForPricing(
  executor: Executor,
  skus: string[],
): Promise<PricedVariant[]> {
  if (skus.length === 0) return [];
  const rows = await rawRows(executor, sql`select ${pricedColumnsSql} from ${wantedSkus(skus)}`);
  return rows as unknown as PricedVariant[];
}

/** What an order about to be placed must respect, read once its variants are locked. */
export interface Holds {
  /** the customer's unpaid, unexpired orders */
  pending: number;
  /** units of each variant held by unexpired active reservations, every customer's */
  held: Map<string, number>;
  /** units of each variant this customer holds, released holds of the last window included */
  heldByCustomer: Map<string, number>;
}

/**
 * The customer's pending orders, and the units held of each variant, by everyone and by the
 * customer (what their unexpired active reservations hold, plus what any of their reservations
 * made in the last `windowMinutes` held before a cancellation or expiry released it, so
 * cancelling and ordering again cannot renew a hold forever; sold units never count). One
 * statement, run after the lock so it sees every hold committed before it.
 */
export async function holdsFor(
  tx: Transaction,
  userId: string,
  variantIds: string[],
  windowMinutes: number,
): Promise<Holds> {
  const ids = variantIds.length > 0 ? variantIds : [''];
  const [row] = await rawRows(
    tx,
    sql`select
          (select count(*)::int from orders o where o.user_id = ${userId} and o.status = 'Pending'
            and o.payment_status = 'pending' and o.expires_at > now()) as pending,
          (select coalesce(json_object_agg(h.variant_id, h.units), '{}') from (
            select r.variant_id, sum(r.quantity)::int as units from stock_reservations r
            where r.variant_id in ${ids} and ${liveHold()}
            group by r.variant_id) h) as held,
          (select coalesce(json_object_agg(h.variant_id, h.units), '{}') from (
            select r.variant_id, sum(r.quantity)::int as units
            from stock_reservations r join orders o on o.id = r.order_id
            where o.user_id = ${userId} and r.variant_id in ${ids} and r.status <> 'committed'
              and (${liveHold()}
                or r.created_at > now() - make_interval(mins => ${windowMinutes}))
            group by r.variant_id) h) as mine`,
  );
  const units = (value: unknown) =>
    new Map(
      Object.entries(parsedJson<Record<string, unknown>>(value, {})).map(([id, n]) => [
        id,
        Number(n),
      ]),
    );
  return {
    pending: Number(row?.pending ?? 0),
    held: units(row?.held),
    heldByCustomer: units(row?.mine),
  };
}

/**
 * The holds of an order placed in the same statement, as the body of a data-modifying CTE: one
 * `active` reservation per row of `lines` (with `variant_id` and `quantity`), expiring with the
 * order (`order`, with `id` and `expires_at`).
 */
export function reserveWithOrder(order: SQLWrapper, lines: SQLWrapper): SQL {
  return sql`insert into stock_reservations (id, order_id, variant_id, quantity, expires_at)
    select gen_random_uuid()::text, ${order}.id, ${lines}.variant_id, ${lines}.quantity, ${order}.expires_at
    from ${order} cross join ${lines}`;
}

/** Locks the variants with these ids, in sku order like every other writer. */
export async function lockVariantsById(tx: Transaction, ids: string[]): Promise<LockedVariant[]> {
  if (ids.length === 0) return [];
  return lockVariantsWhere(tx, inArray(productVariants.id, [...new Set(ids)]));
}

/**
 * The variants an order holds, locked in sku order like every other writer, as the body of a CTE
 * giving each one's `id` and `stock`: a capture locks them in the statement that reads the order's
 * lines. A locked row's `stock` is its latest committed value, even when the lock was waited for.
 */
export function lockVariantsOfOrder(orderId: string): SQL {
  return sql`select v.id, v.stock from product_variants v
    where v.id in (select r.variant_id from stock_reservations r where r.order_id = ${orderId})
    order by v.sku
    for update of v`;
}

/** Units of each variant held by unexpired active reservations, leaving out one order's own. */
export async function heldStock(
  tx: Transaction,
  variantIds: string[],
  exceptOrderId?: string,
): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({
      variantId: stockReservations.variantId,
      held: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int`,
    })
    .from(stockReservations)
    .where(
      and(
        inArray(stockReservations.variantId, variantIds),
        isLiveHold,
        exceptOrderId ? ne(stockReservations.orderId, exceptOrderId) : undefined,
      ),
    )
    .groupBy(stockReservations.variantId);
  return new Map(rows.map((r) => [r.variantId, Number(r.held)]));
}

/** Free units of each locked variant: shelf minus what other pending orders hold, never below zero. */
export async function freeStockOf(
  tx: Transaction,
  variants: Pick<LockedVariant, 'id' | 'stock'>[],
  exceptOrderId?: string,
): Promise<Map<string, number>> {
  const held = await heldStock(
    tx,
    variants.map((v) => v.id),
    exceptOrderId,
  );
  return new Map(variants.map((v) => [v.id, Math.max(0, v.stock - (held.get(v.id) ?? 0))]));
}

/**
 * Sells what an order holds, as data-modifying CTEs for the statement that writes the order's new
 * state (`writeState`'s `alongside`): each reservation not yet committed becomes `committed` and
 * its units leave the shelf. The caller has locked the variant rows and checked the stock; the
 * table's CHECK (stock >= 0) stops anything that slipped through.
 */
export function commitReservationsWith(orderId: string): SQL {
  const committed = sql.identifier('committed');
  return sql`${committed} as (
      update stock_reservations set status = 'committed', updated_at = now()
      where order_id = ${orderId} and status <> 'committed'
      returning variant_id, quantity
    ), shelf as (${takeFromShelfWith(committed)})`;
}

/**
 * Gives back what an order still holds, as a data-modifying CTE for the statement that writes its
 * new state. Sold (committed) units stay sold.
 */
export function releaseWith(orderId: string): SQL {
  return sql`${sql.identifier('released')} as (
      update stock_reservations set status = 'released', updated_at = now()
      where order_id = ${orderId} and status = 'active'
    )`;
}

/**
 * A sold order's units go back on the shelf: its committed reservations become released, so
 * they are counted back exactly once. A late capture whose stock was gone never committed any
 * (its hold was released when it was cancelled), so nothing comes back for it.
 */
export async function restockSold(tx: Transaction, orderId: string): Promise<void> {
  const sold = await tx
    .select({ variantId: stockReservations.variantId })
    .from(stockReservations)
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, 'committed')));
  if (sold.length === 0) return;
  await lockVariantsById(
    tx,
    sold.map((r) => r.variantId),
  );
  const released = await tx
    .update(stockReservations)
    .set({ status: 'released' })
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, 'committed')))
    .returning({ variantId: stockReservations.variantId, quantity: stockReservations.quantity });
  for (const row of released) await returnToShelf(tx, row.variantId, row.quantity);
}

/**
 * Some of a sold order's units go back on the shelf (a refund of lines the owner marked as
 * restocked): each variant's committed reservation gives up that many units, so a later restock
 * of the whole order counts them back only once. Never more than the order still has sold.
 */
export async function restockUnits(
  tx: Transaction,
  orderId: string,
  units: { variantId: string; quantity: number }[],
): Promise<void> {
  if (units.length === 0) return;
  await lockVariantsById(
    tx,
    units.map((unit) => unit.variantId),
  );
  for (const unit of units) {
    const rows = await rawRows(
      tx,
      sql`with sold as (
            select id, quantity from stock_reservations
            where order_id = ${orderId} and variant_id = ${unit.variantId} and status = 'committed'
            limit 1 for update
          ), taken as (
            update stock_reservations r
              set quantity = case when r.quantity > ${unit.quantity}::int
                    then r.quantity - ${unit.quantity}::int else r.quantity end,
                  status = case when r.quantity > ${unit.quantity}::int
                    then 'committed' else 'released' end,
                  updated_at = now()
              from sold where r.id = sold.id
              returning least(sold.quantity, ${unit.quantity}::int) as back
          )
          select coalesce(sum(back), 0)::int as back from taken`,
    );
    const back = Number(rows[0]?.back ?? 0);
    if (back > 0) await returnToShelf(tx, unit.variantId, back);
  }
}
