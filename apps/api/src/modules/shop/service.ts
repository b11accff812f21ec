import {
  type OwnerShopSettings,
  REQUIRED_IDENTITY,
  type RequiredIdentity,
  type ShopIdentity,
} from '@makhana/domain/contracts/shop';
import { SITE } from '@makhana/domain/site';
import type { ShopSettings } from '@makhana/domain/validation';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { shopSettings } from '../../db/schema';
import { type CatalogueCache, catalogueChanged } from '../catalogue';

/**
 * The demo's identity: the storefront's own names and address, and numbers anyone can tell are
 * not real (a GSTIN of PAN AAAAA0000A, an FSSAI number of zeros). Well formed, so the pages and
 * invoices that print them look as they will; never "saved" by an owner, so a shop in production
 * refuses orders until its owner replaces them.
 */
export const DEMO_SHOP_SETTINGS: ShopSettings = {
  legalName: `${SITE.brand} (demo: not a real company)`,
  tradeName: SITE.brand,
  address: {
    street: `${SITE.address.line1}, ${SITE.address.line2}`,
    city: SITE.address.city,
    state: 'Bihar',
    pincode: SITE.address.pincode,
  },
  gstin: '10AAAAA0000A1ZH',
  fssaiLicence: '00000000000000',
  consumerCare: {
    name: 'Consumer Care',
    address: `${SITE.address.line1}, ${SITE.address.city}, ${SITE.address.state} ${SITE.address.pincode}`,
    phone: '9876543210',
    email: SITE.supportEmail,
  },
  grievanceOfficer: {
    name: 'Demo Grievance Officer',
    designation: 'Grievance Officer',
    phone: '9876543210',
    email: SITE.supportEmail,
  },
  invoicePrefix: 'MM',
};

const EMPTY: ShopSettings = {
  legalName: '',
  tradeName: '',
  address: { street: '', city: '', state: 'Bihar', pincode: '' },
  gstin: '',
  fssaiLicence: '',
  consumerCare: { name: '', address: '', phone: '', email: '' },
  grievanceOfficer: { name: '', designation: '', phone: '', email: '' },
  invoicePrefix: '',
};

/** The cache's key of the identity: public pages read it, a save drops it in every process. */
const IDENTITY_KEY = 'shop-identity';

async function readRow(db: Executor) {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 'shop'));
  return row ?? null;
}

/** What the owner's form shows: the settings kept (empty ones before any), and what is missing. */
export async function ownerShopSettings(db: Database): Promise<OwnerShopSettings> {
  const row = await readRow(db);
  return {
    ...(row?.settings ?? EMPTY),
    savedAt: row?.savedAt?.toISOString() ?? null,
    missing: row?.savedAt ? [] : [...REQUIRED_IDENTITY],
  };
}

/** Saves the owner's settings, whole; the pages that print the identity show it at once. */
export async function saveShopSettings(
  db: Database,
  settings: ShopSettings,
): Promise<OwnerShopSettings> {
  await db.transaction(async (tx) => {
    await tx
      .insert(shopSettings)
      .values({ id: 'shop', settings, savedAt: sql`now()` })
      .onConflictDoUpdate({
        target: shopSettings.id,
        set: { settings, savedAt: sql`now()`, updatedAt: sql`now()` },
      });
    catalogueChanged(tx);
  });
  return ownerShopSettings(db);
}

/** Fills the demo's identity into a shop that has none; never over what is there. */
export async function seedDemoShopSettings(db: Database): Promise<boolean> {
  const inserted = await db
    .insert(shopSettings)
    .values({ id: 'shop', settings: DEMO_SHOP_SETTINGS })
    .onConflictDoNothing()
    .returning({ id: shopSettings.id });
  return inserted.length > 0;
}

export interface ShopIdentityRead {
  /** what shoppers see: null before any identity was kept (demo or owner's) */
  identity: ShopIdentity | null;
  /** what the owner has not saved of what a shop in production needs to take orders */
  missing: RequiredIdentity[];
}

/** The identity as the public pages and the checkout read it: kept a few seconds, like the catalogue. */
export function readShopIdentity(db: Database, cache: CatalogueCache): Promise<ShopIdentityRead> {
  return cache.get(IDENTITY_KEY, async () => {
    const row = await readRow(db);
    if (!row) return { identity: null, missing: [...REQUIRED_IDENTITY] };
    const { invoicePrefix: _kept, ...identity } = row.settings;
    return { identity, missing: row.savedAt ? [] : [...REQUIRED_IDENTITY] };
  });
}
