import { lowestStock, type Product } from '@makhana/domain/product';

export const SORTS = {
  newest: 'Newest first',
  name: 'Name (A to Z)',
  'price-asc': 'Price (low to high)',
  'price-desc': 'Price (high to low)',
  'stock-asc': 'Stock (lowest first)',
} as const;
export type ProductSort = keyof typeof SORTS;

/** Products whose name, flavour or any sku (the product's or a variant's) holds the words. */
export function searchProducts(products: readonly Product[], query: string): Product[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...products];
  return products.filter((product) => {
    const text = [product.name, product.variant, product.sku, ...product.quantity.map((v) => v.sku)]
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

const byName = (a: Product, b: Product) => a.name.localeCompare(b.name, 'en-IN');

export function sortProducts(products: readonly Product[], sort: ProductSort): Product[] {
  const sorted = [...products];
  switch (sort) {
    case 'name':
      return sorted.sort(byName);
    case 'price-asc':
      return sorted.sort((a, b) => a.price - b.price || byName(a, b));
    case 'price-desc':
      return sorted.sort((a, b) => b.price - a.price || byName(a, b));
    case 'stock-asc':
      return sorted.sort((a, b) => lowestStock(a) - lowestStock(b) || byName(a, b));
    default:
      return sorted.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || byName(a, b));
  }
}
