import type { Product, ProductVariant } from './product';

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

/** The catalogue's orders; featured is the catalogue's own order. */
export const CATALOGUE_SORTS = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Top rated' },
] as const;

export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]['value'];

/** What the catalogue's address chooses: `/products?weight=250&price=0-300&sort=price-asc`. */
export interface CatalogueQuery {
  filters: ProductFilters;
  sort: CatalogueSort;
}

export const CATALOGUE_PATH = '/products';

export function priceInBand(price: number, band: string): boolean {
  const found = PRICE_BANDS.find((b) => b.value === band);
  if (!found) return true;
  return price >= found.min && price <= found.max;
}

/** What the filters read of a product: its card price, flavour, and each weight's price. */
type Filterable = Pick<Product, 'price' | 'variant'> & {
  quantity: readonly Pick<ProductVariant, 'weight' | 'price'>[];
};

/** A product as the catalogue shows it: the weight on its card and that weight's price. */
export interface CatalogueCard<P> {
  product: P;
  /** undefined for a product with no weights */
  weight: number | undefined;
  price: number;
}

/**
 * The card a product shows under the chosen filters, or null when it does not match. A chosen
 * weight is shown with its own price, and the band is judged on that price; with a band and no
 * weight, the cheapest weight in the band. With neither, the first weight and the card price, as
 * on every other card.
 */
export function catalogueCard<P extends Filterable>(
  product: P,
  filters: ProductFilters,
): CatalogueCard<P> | null {
  if (filters.flavor && product.variant !== filters.flavor) return null;
  if (!filters.weight && !filters.price) {
    return { product, weight: product.quantity[0]?.weight, price: product.price };
  }
  const candidates = product.quantity.filter(
    (q) =>
      (!filters.weight || String(q.weight) === filters.weight) &&
      priceInBand(q.price, filters.price),
  );
  if (candidates.length === 0) return null;
  const shown = candidates.reduce((cheapest, q) => (q.price < cheapest.price ? q : cheapest));
  return { product, weight: shown.weight, price: shown.price };
}

/** All chosen filters must match together. */
export function matchesFilters(product: Filterable, filters: ProductFilters): boolean {
  return catalogueCard(product, filters) !== null;
}

export function filterProducts<P extends Filterable>(
  products: readonly P[],
  filters: ProductFilters,
): P[] {
  return products.filter((p) => matchesFilters(p, filters));
}

type Sortable = Filterable & Pick<Product, 'rating'>;

const SORTS: Record<
  CatalogueSort,
  ((a: CatalogueCard<Sortable>, b: CatalogueCard<Sortable>) => number) | null
> = {
  featured: null,
  'price-asc': (a, b) => a.price - b.price,
  'price-desc': (a, b) => b.price - a.price,
  rating: (a, b) =>
    b.product.rating.average - a.product.rating.average ||
    b.product.rating.count - a.product.rating.count,
};

/** The catalogue's cards that match, in the chosen order; equals keep the catalogue's order. */
export function catalogueCards<P extends Sortable>(
  products: readonly P[],
  filters: ProductFilters,
  sort: CatalogueSort,
): CatalogueCard<P>[] {
  const cards = products.flatMap((product) => catalogueCard(product, filters) ?? []);
  const compare = SORTS[sort];
  return compare ? cards.sort(compare) : cards;
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

/** What the catalogue reads of a query string: `URLSearchParams` in either app. */
export interface QueryParams {
  get(name: string): string | null;
}

/**
 * The filters and the sort an address chooses, read against the catalogue: a value it does not
 * offer (a weight no product has, a band or a sort that does not exist) reads as 'All' or
 * featured, so an old or edited link still opens the catalogue.
 */
export function readCatalogueQuery(
  params: QueryParams,
  products: readonly Filterable[],
): CatalogueQuery {
  const weight = params.get('weight') ?? '';
  const flavor = params.get('flavor') ?? '';
  const price = params.get('price') ?? '';
  const sort = CATALOGUE_SORTS.find((s) => s.value === params.get('sort'));
  return {
    filters: {
      weight: weightOptions(products).some((w) => String(w) === weight) ? weight : '',
      flavor: flavorOptions(products).includes(flavor) ? flavor : '',
      price: PRICE_BANDS.some((b) => b.value === price) ? price : '',
    },
    sort: sort?.value ?? 'featured',
  };
}

/** The query string of a choice ('' for none): one address per choice, defaults left out. */
export function catalogueSearch({ filters, sort }: CatalogueQuery): string {
  const pairs: [string, string][] = [
    ['weight', filters.weight],
    ['flavor', filters.flavor],
    ['price', filters.price],
    ['sort', sort === 'featured' ? '' : sort],
  ];
  const search = pairs
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `?${search}` : '';
}
