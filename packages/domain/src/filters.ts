import type { Product } from './product';

export const PRICE_BANDS = [
  { value: '0-300', label: '₹0 - ₹300', min: 0, max: 300 },
  { value: '301-500', label: '₹301 - ₹500', min: 301, max: 500 },
  { value: '501+', label: '₹501 & above', min: 501, max: Number.POSITIVE_INFINITY },
] as const;

export type PriceBand = (typeof PRICE_BANDS)[number]['value'];

/** Each filter is '' for 'All'. */
export interface ProductFilters {
  price: string;
  weight: string;
  flavor: string;
}

export const noFilters: ProductFilters = { price: '', weight: '', flavor: '' };

export const NO_PRODUCTS_MATCH = 'No products found matching your filters.';

export function priceInBand(price: number, band: string): boolean {
  const found = PRICE_BANDS.find((b) => b.value === band);
  if (!found) return true;
  return price >= found.min && price <= found.max;
}

type Filterable = Pick<Product, 'price' | 'variant' | 'quantity'>;

/** All chosen filters must match together. */
export function matchesFilters(product: Filterable, filters: ProductFilters): boolean {
  if (filters.weight && !product.quantity.some((q) => String(q.weight) === filters.weight)) {
    return false;
  }
  if (filters.flavor && product.variant !== filters.flavor) return false;
  if (filters.price && !priceInBand(product.price, filters.price)) return false;
  return true;
}

export function filterProducts<P extends Filterable>(
  products: readonly P[],
  filters: ProductFilters,
): P[] {
  return products.filter((p) => matchesFilters(p, filters));
}

/** Distinct weights across all products, ascending. */
export function weightOptions(products: readonly Filterable[]): number[] {
  const weights = new Set<number>();
  for (const p of products) for (const q of p.quantity) weights.add(q.weight);
  return [...weights].sort((a, b) => a - b);
}

/** Distinct flavours, in the order they first appear. */
export function flavorOptions(products: readonly Filterable[]): string[] {
  return [...new Set(products.map((p) => p.variant).filter((v) => v.trim() !== ''))];
}
