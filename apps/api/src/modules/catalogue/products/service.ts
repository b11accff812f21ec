import type { GstRate } from '@makhana/domain/declarations';
import { defaultImageAlt } from '@makhana/domain/images';
import { paiseToRupees } from '@makhana/domain/money';
import type { Product, ProductVariant } from '@makhana/domain/product';
import { roundRating } from '@makhana/domain/product';
import { defaultShippingGrams } from '@makhana/domain/shipping';
import { unitSalePrice } from '@makhana/domain/unit-price';
import { and, asc, desc, eq, inArray, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { productImages, products, productVariants, reviews } from '../../../db/schema';
import { NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { heldUnitsByVariant } from '../../checkout';

export const PRODUCT_NOT_FOUND = 'Product not found';

/** Free stock: what is on the shelf minus what pending orders hold, never below zero. */
export function freeStock(stock: number, held: number | null): number {
  return Math.max(0, stock - (held ?? 0));
}

/** The same rule in SQL, on a shelf column and a held-units column (null without a hold). */
export const freeStockSql = (stock: SQLWrapper, held: SQLWrapper) =>
  sql<number>`greatest(${stock} - coalesce(${held}, 0), 0)`;

/**
 * Products on show in the API's shape, newest first; `ids` narrows the list. Deleted products and
 * removed variants are left out.
 */
export async function listProducts(db: Executor, ids?: string[]): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(isNull(products.deletedAt), ids ? inArray(products.id, ids) : undefined))
    .orderBy(desc(products.createdAt), asc(products.id));
  if (rows.length === 0) return [];
  const productIds = rows.map((r) => r.id);

  const held = heldUnitsByVariant(db);
  const [variantRows, imageRows, ratingRows] = await Promise.all([
    db
      .select({
        productId: productVariants.productId,
        weight: productVariants.weightGrams,
        pricePaise: productVariants.pricePaise,
        sku: productVariants.sku,
        stock: productVariants.stock,
        lowStockBelow: productVariants.lowStockBelow,
        shippingGrams: productVariants.shippingGrams,
        held: held.held,
      })
      .from(productVariants)
      .leftJoin(held, eq(held.variantId, productVariants.id))
      .where(and(inArray(productVariants.productId, productIds), isNull(productVariants.removedAt)))
      .orderBy(asc(productVariants.weightGrams)),
    db
      .select({
        productId: productImages.productId,
        url: productImages.url,
        alt: productImages.alt,
      })
      .from(productImages)
      .where(inArray(productImages.productId, productIds))
      .orderBy(asc(productImages.position), asc(productImages.createdAt)),
    db
      .select({
        productId: reviews.productId,
        average: sql<number>`avg(${reviews.rating})::float8`,
        count: sql<number>`count(*)::int`,
      })
      .from(reviews)
      .where(inArray(reviews.productId, productIds))
      .groupBy(reviews.productId),
  ]);

  const variantsBy = new Map<string, ProductVariant[]>();
  for (const v of variantRows) {
    const list = variantsBy.get(v.productId) ?? [];
    const price = paiseToRupees(v.pricePaise);
    list.push({
      weight: v.weight,
      price,
      sku: v.sku,
      stock: freeStock(v.stock, v.held),
      lowStockBelow: v.lowStockBelow,
      shippingWeight: v.shippingGrams ?? defaultShippingGrams(v.weight),
      unitSalePrice: unitSalePrice(price, v.weight),
    });
    variantsBy.set(v.productId, list);
  }
  const imagesBy = new Map<string, { url: string; alt: string | null }[]>();
  for (const image of imageRows) {
    const list = imagesBy.get(image.productId) ?? [];
    list.push(image);
    imagesBy.set(image.productId, list);
  }
  const ratingBy = new Map(ratingRows.map((r) => [r.productId, r]));

  return rows.map((p) => {
    const rating = ratingBy.get(p.id);
    const quantity = variantsBy.get(p.id) ?? [];
    const images = imagesBy.get(p.id) ?? [];
    const fallbackAlt = defaultImageAlt(p.name, quantity);
    return {
      _id: p.id,
      name: p.name,
      description: p.description,
      brand: p.brand,
      categoryType: p.categoryType,
      packOfBox: p.packOfBox,
      price: paiseToRupees(p.pricePaise),
      variant: p.variant,
      listed: p.inStock,
      inStock: p.inStock && quantity.some((v) => v.stock > 0),
      images: images.map((image) => image.url),
      imageAlts: images.map((image) => image.alt ?? fallbackAlt),
      shelfLife: p.shelfLife,
      modelNumber: p.modelNumber,
      countryOfOrigin: p.countryOfOrigin,
      healthBenefits: p.healthBenefits,
      containerType: p.containerType,
      dietaryPreference: p.dietaryPreference,
      sku: p.sku,
      hsnCode: p.hsnCode,
      // The column's check keeps it to a slab.
      gstRate: p.gstRate as GstRate,
      ingredients: p.ingredients,
      allergens: p.allergens,
      nutrition: p.nutrition,
      vegetarian: p.vegetarian,
      manufacturer: p.manufacturer,
      packer: p.packer,
      quantity,
      rating: {
        average: rating ? roundRating(Number(rating.average)) : 0,
        count: rating ? Number(rating.count) : 0,
      },
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  });
}

/** One product; a missing or malformed id is the same 404 (ids are UUIDs). */
export async function getProduct(db: Executor, id: string): Promise<Product> {
  if (!isUuid(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const [product] = await listProducts(db, [id]);
  if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return product;
}
