import type { ApiFieldError } from '@makhana/domain/api';
import { rupeesToPaise } from '@makhana/domain/money';
import type { Product } from '@makhana/domain/product';
import type { ProductInput } from '@makhana/domain/validation';
import { and, asc, eq, inArray, isNull, like, notInArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { products, productVariants } from '../../../db/schema';
import { isUniqueViolation } from '../../../lib/db-errors';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { heldStock, variantsEverHeld } from '../../checkout';
import { catalogueChanged } from './catalogue-cache';
import { getProduct, PRODUCT_NOT_FOUND } from './service';

export const SKU_TAKEN = 'This sku is already in use';

export interface OwnerWriteContext {
  db: Database;
}

type VariantRow = typeof productVariants.$inferSelect;
type VariantInput = ProductInput['quantity'][number];

function productColumns(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    brand: input.brand,
    categoryType: input.categoryType,
    packOfBox: input.packOfBox,
    pricePaise: rupeesToPaise(input.price),
    variant: input.variant,
    inStock: input.listed,
    shelfLife: input.shelfLife,
    modelNumber: input.modelNumber,
    countryOfOrigin: input.countryOfOrigin,
    healthBenefits: input.healthBenefits,
    containerType: input.containerType,
    dietaryPreference: input.dietaryPreference,
    sku: input.sku,
    hsnCode: input.hsnCode,
    gstRate: input.gstRate,
    ingredients: input.ingredients,
    allergens: input.allergens,
    nutrition: input.nutrition,
    vegetarian: input.vegetarian,
    manufacturer: input.manufacturer,
    packer: input.packer,
  };
}

/** A product with its weights; the answer is the product as the shop now shows it. */
export async function addProduct(ctx: OwnerWriteContext, input: ProductInput): Promise<Product> {
  const id = await inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(products)
      .values(productColumns(input))
      .returning({ id: products.id });
    if (!row) throw new Error('insert returned no row');
    await writeVariants(tx, row.id, input, []);
    catalogueChanged(tx);
    return row.id;
  });
  return getProduct(ctx.db, id);
}

/**
 * Replaces a product's fields and weights. A weight that stays keeps its row (and its id, which
 * reservations and order lines point at): it is matched by sku, else by weight.
 */
export async function updateProduct(
  ctx: OwnerWriteContext,
  id: string,
  input: ProductInput,
): Promise<Product> {
  if (!isUuid(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  await inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ ...productColumns(input), updatedAt: new Date() })
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .returning({ id: products.id });
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
    // Locked in sku order, as checkout locks them, so the two never deadlock.
    const existing = await tx
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.sku))
      .for('update');
    await writeVariants(tx, id, input, existing);
    catalogueChanged(tx);
  });
  return getProduct(ctx.db, id);
}

/**
 * Hides a product from the shop for good. Its rows stay: order lines already hold their own name,
 * picture and price, and a pending order can still be paid for what it holds.
 */
export async function deleteProduct(ctx: OwnerWriteContext, id: string): Promise<{ _id: string }> {
  if (!isUuid(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .returning({ id: products.id });
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
    catalogueChanged(tx);
    return { _id: row.id };
  });
}

/** A unique index that trips under a race is the same refusal as the check before it. */
async function inTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(SKU_TAKEN);
    throw error;
  }
}

/** Which existing row each weight of the body keeps: its sku first, then its weight. */
function matchVariants(variants: VariantInput[], existing: VariantRow[]): (VariantRow | null)[] {
  const used = new Set<string>();
  const take = (row: VariantRow | undefined) => {
    if (!row) return null;
    used.add(row.id);
    return row;
  };
  const bySku = new Map(existing.map((row) => [row.sku, row]));
  const matched = variants.map((v) => (v.sku ? take(bySku.get(v.sku)) : null));
  const byWeight = (v: VariantInput, removed: boolean) =>
    existing.find(
      (row) =>
        !used.has(row.id) && row.weightGrams === v.weight && (row.removedAt !== null) === removed,
    );
  return matched.map((row, index) => {
    if (row) return row;
    const v = variants[index]!;
    return take(byWeight(v, false) ?? byWeight(v, true));
  });
}

/** `MM-CLASSIC` from a product sku or name: capitals, digits and single dashes. */
function skuBase(input: ProductInput): string {
  const from = input.sku || input.name;
  const base = from
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return base || 'SKU';
}

async function skusInUse(tx: Transaction, prefix: string): Promise<Set<string>> {
  const rows = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(like(productVariants.sku, `${prefix}%`));
  return new Set(rows.map((r) => r.sku));
}

async function writeVariants(
  tx: Transaction,
  productId: string,
  input: ProductInput,
  existing: VariantRow[],
): Promise<void> {
  const variants = input.quantity;
  const kept = matchVariants(variants, existing);

  // A sku is the owner's, or kept from the row it matched; an empty one is assigned below.
  const skus = variants.map((v, i) => v.sku || kept[i]?.sku || '');
  const refusals: ApiFieldError[] = [];
  const seen = new Set<string>();
  for (const [index, sku] of skus.entries()) {
    if (sku && seen.has(sku)) refusals.push({ field: `quantity.${index}.sku`, message: SKU_TAKEN });
    if (sku) seen.add(sku);
  }
  const given = [...seen];
  if (given.length > 0) {
    const others = await tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(
        and(
          inArray(productVariants.sku, given),
          existing.length > 0
            ? notInArray(
                productVariants.id,
                existing.map((row) => row.id),
              )
            : undefined,
        ),
      );
    const taken = new Set(others.map((r) => r.sku));
    for (const [index, sku] of skus.entries()) {
      if (taken.has(sku)) refusals.push({ field: `quantity.${index}.sku`, message: SKU_TAKEN });
    }
  }
  if (refusals.length > 0) {
    refusals.sort((a, b) => a.field.localeCompare(b.field, 'en', { numeric: true }));
    throw new ConflictError(`${refusals[0]!.field}: ${SKU_TAKEN}`, refusals);
  }

  if (skus.some((sku) => sku === '')) {
    const base = skuBase(input);
    const inUse = await skusInUse(tx, base);
    for (const s of skus) inUse.add(s);
    for (const [index, v] of variants.entries()) {
      if (skus[index]) continue;
      let sku = `${base}-${v.weight}`;
      for (let n = 2; inUse.has(sku); n += 1) sku = `${base}-${v.weight}-${n}`;
      inUse.add(sku);
      skus[index] = sku;
    }
  }

  // Rows that leave: removed for good, unless an order points at them; then hidden and kept.
  const keptIds = new Set(kept.flatMap((row) => (row ? [row.id] : [])));
  const leaving = existing.filter((row) => !keptIds.has(row.id) && row.removedAt === null);
  const ordered = await variantsEverHeld(
    tx,
    leaving.map((row) => row.id),
  );
  const hide = leaving.filter((row) => ordered.has(row.id)).map((row) => row.id);
  const drop = leaving.filter((row) => !ordered.has(row.id)).map((row) => row.id);
  const now = new Date();
  if (hide.length > 0) {
    await tx
      .update(productVariants)
      .set({ removedAt: now, updatedAt: now })
      .where(inArray(productVariants.id, hide));
  }
  if (drop.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, drop));

  // Kept rows that change weight step out of the way first, so two weights can swap.
  const moving = kept.filter(
    (row, index): row is VariantRow => row !== null && row.weightGrams !== variants[index]!.weight,
  );
  if (moving.length > 0) {
    await tx
      .update(productVariants)
      .set({ removedAt: now })
      .where(
        inArray(
          productVariants.id,
          moving.map((row) => row.id),
        ),
      );
  }

  // The owner sets the units free to sell, as the answer shows them; units held by pending orders
  // stay on the shelf on top, so paying for them never takes the shelf below zero.
  const held = await heldStock(tx, [...keptIds]);
  for (const [index, v] of variants.entries()) {
    const row = kept[index];
    const values = {
      weightGrams: v.weight,
      pricePaise: rupeesToPaise(v.price),
      sku: skus[index]!,
      stock: v.stock + (row ? (held.get(row.id) ?? 0) : 0),
      ...(v.lowStockBelow === undefined ? {} : { lowStockBelow: v.lowStockBelow }),
      ...(v.shippingWeight === undefined ? {} : { shippingGrams: v.shippingWeight }),
    };
    if (row) {
      await tx
        .update(productVariants)
        .set({ ...values, removedAt: null, updatedAt: now })
        .where(eq(productVariants.id, row.id));
    } else {
      await tx.insert(productVariants).values({ ...values, productId });
    }
  }
}
