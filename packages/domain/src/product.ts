/** A product as the API sends it: prices in whole rupees, ids as strings. */
import type { z } from 'zod';
import type {
  bannerShape,
  productRatingShape,
  productShape,
  productVariantShape,
  reviewShape,
} from './contracts/catalogue';

export type ProductVariant = z.infer<typeof productVariantShape>;
export type ProductRating = z.infer<typeof productRatingShape>;
export type Product = z.infer<typeof productShape>;
export type Banner = z.infer<typeof bannerShape>;
export type Review = z.infer<typeof reviewShape>;

/** A product can be bought when the owner has it on sale and some weight has free stock. */
export function isProductAvailable(product: Pick<Product, 'inStock' | 'quantity'>): boolean {
  return product.inStock && product.quantity.some((v) => v.stock > 0);
}

/** The owner's stock column: the lowest stock across variants, or 0 if none. */
export function lowestStock(product: Pick<Product, 'quantity'>): number {
  if (product.quantity.length === 0) return 0;
  return Math.min(...product.quantity.map((v) => v.stock));
}

/**
 * What picture `index` of a product shows, for its `alt`: the server's text for it (the owner's,
 * else the name and smallest weight), the product's name when there is none.
 */
export function imageAltOf(product: Pick<Product, 'name' | 'imageAlts'>, index: number): string {
  return product.imageAlts[index] || product.name;
}

/** A weight low on stock: its free stock is below the owner's mark for it. */
export function isLowStock(variant: Pick<ProductVariant, 'stock' | 'lowStockBelow'>): boolean {
  return variant.stock < variant.lowStockBelow;
}

/** Average to one decimal, as the reviews section shows it. */
export function roundRating(average: number): number {
  return Math.round(average * 10) / 10;
}
