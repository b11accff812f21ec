import type { RequiredIdentity } from '@makhana/domain/contracts/shop';
import { SITE } from '@makhana/domain/site';
import {
  type ComponentType,
  type KeyboardEvent,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useId,
  useRef,
} from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/seo';
import { useAppSelector } from '../../stores/hooks';
import { useGetShopSettingsQuery } from './api/shop-settings';
import { useGetOpenSupportCountQuery } from './api/support';
import { IdentityProof } from './identity-proof';
import { OwnerLoginPage } from './owner-login-page';
import { activeOwnerTab, OWNER_TABS, type OwnerTabId } from './owner-tabs';

// Each tab is its own chunk: the owner downloads a tab when opening it, shoppers never.
const PANELS: Record<OwnerTabId, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('./dashboard-tab').then((m) => ({ default: m.DashboardTab }))),
  products: lazy(() => import('./products/products-tab').then((m) => ({ default: m.ProductsTab }))),
  users: lazy(() => import('./users-tab').then((m) => ({ default: m.UsersTab }))),
  orders: lazy(() => import('./orders-tab').then((m) => ({ default: m.OrdersTab }))),
  discounts: lazy(() => import('./discounts-tab').then((m) => ({ default: m.DiscountsTab }))),
  support: lazy(() => import('./support-tab').then((m) => ({ default: m.SupportTab }))),
  reviews: lazy(() => import('./reviews-tab').then((m) => ({ default: m.ReviewsTab }))),
  banners: lazy(() => import('./banners/banners-tab').then((m) => ({ default: m.BannersTab }))),
  security: lazy(() => import('./security-tab').then((m) => ({ default: m.SecurityTab }))),
  settings: lazy(() => import('./settings-tab').then((m) => ({ default: m.SettingsTab }))),
};

const IDENTITY_PARTS: Record<RequiredIdentity, string> = {
  legalName: 'legal name',
  address: 'registered address',
  gstin: 'GSTIN',
  fssaiLicence: 'FSSAI licence',
};

const KEY_STEP: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

function PanelFallback() {
  return (
    <div className="space-y-3" aria-busy="true">
      <p className="sr-only">Loading…</p>
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-16 animate-pulse rounded-2xl bg-cream-100" />
      ))}
    </div>
  );
}

function OwnerDashboard() {
  usePageMeta({ title: `Owner dashboard | ${SITE.brand}`, noindex: true });
  const admin = useAppSelector((state) => state.auth.admin);
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const active = activeOwnerTab(search, location.state);
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const Panel = PANELS[active];
  // Asked when the dashboard opens and after a message is resolved or reopened; without it (not
  // answered yet, or failed) the tab is named without a count, and the inbox says what went wrong.
  const { data: openMessages } = useGetOpenSupportCountQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const { data: settings } = useGetShopSettingsQuery();
  const missing = settings?.missing ?? [];

  const open = (tab: OwnerTabId) => {
    if (tab === active) return;
    // A tab's page, words and filters are its own: another tab opens at its start. Opened within
    // the click (not in a transition), so the tab left behind is gone at once: words typed in its
    // search, still waiting to go out, cannot land after the switch and undo it.
    setSearch({ tab }, { replace: true, flushSync: true });
  };

  const labelOf = (tab: (typeof OWNER_TABS)[number]) => {
    if (tab.id !== 'support' || !openMessages) return { text: tab.label };
    const waiting = openMessages.toLocaleString('en-IN');
    return {
      text: `${tab.label} (${waiting})`,
      name: `${tab.label}, ${waiting} unresolved ${openMessages === 1 ? 'message' : 'messages'}`,
    };
  };

  // Arrow keys move between tabs and open the one reached (tabs that follow focus).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEP[event.key];
    if (!step) return;
    event.preventDefault();
    // From the focused tab, so keys pressed faster than the address updates still step one by one.
    const focused = tabs.current.indexOf(event.target as HTMLButtonElement);
    const index = focused >= 0 ? focused : OWNER_TABS.findIndex((tab) => tab.id === active);
    const next = step(index, OWNER_TABS.length);
    const tab = OWNER_TABS[next];
    if (!tab) return;
    open(tab.id);
    tabs.current[next]?.focus();
  };

  return (
    <div className="container-page py-8 sm:py-12">
      <p className="eyebrow">Owner area</p>
      <h1 className="mt-2 font-display text-3xl font-semibold text-forest-800 sm:text-4xl">
        Admin dashboard
      </h1>
      {admin && <p className="mt-1 text-sm text-muted">Signed in as {admin.name || admin.email}</p>}
      {admin && !admin.secondFactor && active !== 'security' && (
        <div
          role="note"
          className="mt-5 flex flex-col gap-3 rounded-2xl border border-saffron-400/60 bg-saffron-100 px-4 py-3 text-sm text-ink sm:flex-row sm:items-center sm:justify-between"
        >
          <p>
            <strong className="font-semibold">Your sign-in is a password alone.</strong> Set up a
            second factor, so a stolen password does not open the shop.
          </p>
          <button
            type="button"
            className="btn-outline shrink-0 bg-white"
            onClick={() => open('security')}
          >
            Set it up
          </button>
        </div>
      )}

      {missing.length > 0 && active !== 'settings' && (
        <div
          role="note"
          data-testid="identity-missing"
          className="mt-5 flex flex-col gap-3 rounded-2xl border border-maroon-600/30 bg-maroon-600/10 px-4 py-3 text-sm text-ink sm:flex-row sm:items-center sm:justify-between"
        >
          <p>
            <strong className="font-semibold">In production the shop takes no order yet.</strong>{' '}
            Save who sells first: {missing.map((part) => IDENTITY_PARTS[part]).join(', ')}.
          </p>
          <button
            type="button"
            className="btn-outline shrink-0 bg-white"
            onClick={() => open('settings')}
          >
            Open Settings
          </button>
        </div>
      )}

      <div
        role="tablist"
        aria-label="Owner dashboard sections"
        onKeyDown={onKeyDown}
        // Pills that wrap on a phone, so every tab is in sight; an underlined bar from a tablet up.
        className="mt-6 flex flex-wrap gap-2 sm:flex-nowrap sm:gap-1 sm:overflow-x-auto sm:border-b sm:border-cream-200"
      >
        {OWNER_TABS.map((tab, index) => {
          const selected = tab.id === active;
          const label = labelOf(tab);
          return (
            <button
              key={tab.id}
              ref={(node) => {
                tabs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              aria-label={label.name}
              tabIndex={selected ? 0 : -1}
              onClick={() => open(tab.id)}
              className={`shrink-0 whitespace-nowrap rounded-full border px-4 py-2 text-sm font-semibold transition-colors sm:-mb-px sm:rounded-none sm:border-0 sm:border-b-2 sm:bg-transparent sm:py-3 ${
                selected
                  ? 'border-forest-700 bg-forest-700 text-cream-50 sm:border-forest-700 sm:text-forest-800'
                  : 'border-cream-200 bg-white text-muted hover:text-ink sm:border-transparent sm:hover:border-cream-200'
              }`}
            >
              {label.text}
            </button>
          );
        })}
      </div>

      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${active}`}
        className="mt-6"
      >
        <Suspense fallback={<PanelFallback />}>
          <Panel />
        </Suspense>
      </div>
      <IdentityProof />
    </div>
  );
}

/** /owner/admin/dashboard: the owner's dashboard, or the owner sign-in for anyone else. */
export function OwnerDashboardPage() {
  const isOwner = useAppSelector((state) => state.auth.isAdminAuthenticated);
  return isOwner ? <OwnerDashboard /> : <OwnerLoginPage />;
}
