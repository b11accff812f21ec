import type { OwnerProductSort } from '@makhana/domain/contracts/owner';

/** The orders the server reads the owner's products in (`?sort=`); newest first unless chosen. */
export const SORTS = {
  newest: 'Newest first',
  name: 'Name (A to Z)',
  'price-asc': 'Price (low to high)',
  'price-desc': 'Price (high to low)',
  'stock-asc': 'Stock (lowest first)',
} as const satisfies Record<OwnerProductSort, string>;
export type ProductSort = keyof typeof SORTS;

/** The sort select: newest is the list's default, so it leaves `?sort=` out of the address. */
export const SORT_OPTIONS = Object.entries(SORTS).map(([value, label]) => ({
  value: value === 'newest' ? '' : value,
  label,
}));
