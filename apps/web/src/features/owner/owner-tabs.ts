/** The owner dashboard's tabs, in the order they show. */
export const OWNER_TABS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'products', label: 'Products' },
  { id: 'users', label: 'Users' },
  { id: 'orders', label: 'Orders' },
  { id: 'discounts', label: 'Discounts' },
  { id: 'support', label: 'Support' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'banners', label: 'Banners' },
  { id: 'security', label: 'Security' },
  { id: 'settings', label: 'Settings' },
] as const;

export type OwnerTabId = (typeof OWNER_TABS)[number]['id'];

function tabNamed(value: unknown): OwnerTabId | null {
  if (typeof value !== 'string') return null;
  const wanted = value.trim().toLowerCase();
  // "Manage Banner Images" is the spec's own name for the banners section.
  if (wanted === 'manage banner images') return 'banners';
  const tab = OWNER_TABS.find((t) => t.id === wanted || t.label.toLowerCase() === wanted);
  return tab?.id ?? null;
}

/**
 * The open tab: `?tab=` in the address, else a `section` carried in the navigation state (by id or
 * label), else Dashboard.
 */
export function activeOwnerTab(search: URLSearchParams, state: unknown): OwnerTabId {
  const fromUrl = tabNamed(search.get('tab'));
  if (fromUrl) return fromUrl;
  const section =
    typeof state === 'object' && state !== null && 'section' in state
      ? (state as { section: unknown }).section
      : null;
  return tabNamed(section) ?? 'dashboard';
}
