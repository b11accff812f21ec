import { DEFAULT_GST_RATE } from '@makhana/domain/declarations';
import { rupeesToPaise } from '@makhana/domain/money';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  bannerImages,
  banners,
  productImages,
  products,
  productVariants,
} from '../../../db/schema';
import {
  DEMO_BANNER_IMAGES,
  DEMO_MANUFACTURER,
  DEMO_PRODUCTS,
  demoProductImages,
} from './demo-catalogue';

/** Serialises seeding across processes that start together on one PostgreSQL server. */
const SEED_LOCK = 72_657_002;

/**
 * Loads the demo catalogue when the products table is empty. Returns whether it did.
 * Runs in one transaction, so a crash leaves either the whole catalogue or nothing.
 */
export async function seedDemoCatalogue(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(products);
    if (Number(count) > 0) return false;

    // Newest first is the listing order, so the first product of the list is the newest.
    const now = Date.now();
    for (const [index, demo] of DEMO_PRODUCTS.entries()) {
      const first = demo.weights[0];
      if (!first) throw new Error(`demo product ${demo.slug} has no weights`);
      const at = new Date(now - index * 60_000);
      const [row] = await tx
        .insert(products)
        .values({
          name: demo.name,
          description: demo.description,
          brand: 'Mithila Makhana',
          categoryType: demo.categoryType,
          packOfBox: demo.packOfBox,
          pricePaise: rupeesToPaise(first.price),
          variant: demo.variant,
          inStock: true,
          shelfLife: demo.shelfLife,
          modelNumber: `MM-${demo.code}-${String(index + 1).padStart(2, '0')}`,
          countryOfOrigin: 'India',
          healthBenefits: demo.healthBenefits,
          containerType: demo.containerType,
          dietaryPreference: demo.dietaryPreference,
          sku: `MM-${demo.code}`,
          hsnCode: demo.hsnCode,
          gstRate: DEFAULT_GST_RATE,
          ingredients: demo.ingredients,
          allergens: demo.allergens,
          nutrition: demo.nutrition,
          vegetarian: true,
          manufacturer: DEMO_MANUFACTURER,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: products.id });
      if (!row) throw new Error('insert returned no row');
      await tx.insert(productVariants).values(
        demo.weights.map((w) => ({
          productId: row.id,
          weightGrams: w.weight,
          pricePaise: rupeesToPaise(w.price),
          sku: `MM-${demo.code}-${w.weight}`,
          stock: w.stock,
        })),
      );
      await tx.insert(productImages).values(
        demoProductImages(demo.slug).map((url, position) => ({
          productId: row.id,
          url,
          position,
        })),
      );
    }

    const [{ bannerCount } = { bannerCount: 0 }] = await tx
      .select({ bannerCount: sql<number>`count(*)::int` })
      .from(banners);
    if (Number(bannerCount) === 0) {
      const [banner] = await tx.insert(banners).values({}).returning({ id: banners.id });
      if (!banner) throw new Error('insert returned no row');
      await tx
        .insert(bannerImages)
        .values(
          DEMO_BANNER_IMAGES.map((url, position) => ({ bannerId: banner.id, url, position })),
        );
    }
    return true;
  });
}
