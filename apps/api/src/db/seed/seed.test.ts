import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRICE_BANDS, priceInBand } from '@makhana/domain/filters';
import { renditionUrls } from '@makhana/domain/images';
import { isProductAvailable } from '@makhana/domain/product';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/config';
import { verifyPassword } from '../../lib/password';
import { setOwnerPassword } from '../../modules/accounts';
import {
  DEMO_PRODUCTS,
  listBanners,
  listProducts,
  seedDemoCatalogue,
} from '../../modules/catalogue';
import { useTestDatabase } from '../../test/app';
import { usesPostgres } from '../../test/database';
import { admins, products } from '../schema';
import { copyDemoImages, seedAtStart } from './seed';

const api = useTestDatabase();

const owner = { email: 'owner@mithilamakhana.in', password: 'makhana-owner-dev' };

describe('demo catalogue', () => {
  it('runs on the database this run asked for', () => {
    expect(api.database.kind).toBe(usesPostgres() ? 'postgres' : 'pglite');
  });

  it('loads 9 products once, however often it runs', async () => {
    expect(await seedDemoCatalogue(api.db)).toBe(true);
    expect(await seedDemoCatalogue(api.db)).toBe(false);
    await seedAtStart(api.db, {
      isProduction: false,
      seedDemo: true,
      uploadsDir: api.dataDir,
      admin: owner,
    });
    const [row] = await api.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(row?.n).toBe(9);
    expect(await listBanners(api.db)).toHaveLength(1);
  });

  it('runs safely when several starts seed at the same time', async () => {
    const results = await Promise.all([1, 2, 3].map(() => seedDemoCatalogue(api.db)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await listProducts(api.db)).toHaveLength(9);
  });

  it('fills every field believably, in catalogue order', async () => {
    await seedDemoCatalogue(api.db);
    const list = await listProducts(api.db);
    expect(list.map((p) => p.name)).toEqual(DEMO_PRODUCTS.map((p) => p.name));
    expect(list.map((p) => p.variant)).toEqual([
      'Classic Salted',
      'Himalayan Pink Salt',
      'Peri Peri',
      'Cheese',
      'Mint',
      'Caramel',
      'Plain',
      'Cream & Onion',
      'Tangy Tomato',
    ]);
    for (const p of list) {
      expect(p.brand).toBe('Mithila Makhana');
      expect(p.countryOfOrigin).toBe('India');
      expect(p.description.split('. ').length).toBeGreaterThanOrEqual(2);
      for (const field of [
        'categoryType',
        'modelNumber',
        'healthBenefits',
        'containerType',
        'dietaryPreference',
        'sku',
      ] as const) {
        expect(p[field], field).not.toBe('');
      }
      expect(p.shelfLife).toBeGreaterThan(0);
      expect(p.packOfBox).toBeGreaterThan(0);
      expect(p.quantity.length).toBeGreaterThanOrEqual(2);
      expect(p.quantity.length).toBeLessThanOrEqual(4);
      // Card price = the smallest weight's price; weights ascend; each sku names its weight.
      expect(p.price).toBe(p.quantity[0]?.price);
      expect(p.quantity.map((q) => q.weight)).toEqual(
        [...p.quantity.map((q) => q.weight)].sort((a, b) => a - b),
      );
      for (const q of p.quantity) {
        expect([50, 100, 250, 500]).toContain(q.weight);
        expect(Number.isInteger(q.price)).toBe(true);
        expect(q.sku).toBe(`${p.sku}-${q.weight}`);
      }
      expect(p.images).toHaveLength(2);
      expect(p.images[0]).toMatch(/^\/uploads\/demo\/products\/[0-9a-f]{32}-960\.webp$/);
    }
    const classic = list.find((p) => p.name === 'Classic Roasted Makhana');
    expect(classic?.quantity.find((q) => q.weight === 100)?.sku).toBe('MM-CLS-100');
  });

  it('hits every price band and has exactly one product out of stock', async () => {
    await seedDemoCatalogue(api.db);
    const list = await listProducts(api.db);
    for (const band of PRICE_BANDS) {
      expect(
        list.some((p) => priceInBand(p.price, band.value)),
        band.value,
      ).toBe(true);
    }
    const unavailable = list.filter((p) => !isProductAvailable(p));
    expect(unavailable.map((p) => p.name)).toEqual(['Tangy Tomato Makhana']);
    expect(unavailable[0]?.quantity.every((q) => q.stock === 0)).toBe(true);
    for (const p of list.filter((x) => x !== unavailable[0])) {
      for (const q of p.quantity) {
        expect(q.stock).toBeGreaterThanOrEqual(20);
        expect(q.stock).toBeLessThanOrEqual(150);
      }
    }
  });

  it('adds one banner with three pictures, in order', async () => {
    await seedDemoCatalogue(api.db);
    const [banner] = await listBanners(api.db);
    expect(banner?.images).toHaveLength(3);
    expect(new Set(banner?.images).size).toBe(3);
    for (const image of banner?.images ?? []) {
      expect(image).toMatch(/^\/uploads\/demo\/banners\/[0-9a-f]{32}-1280\.webp$/);
    }
  });
});

describe('start-up data', () => {
  it('creates the owner once, with a hashed password', async () => {
    const first = await seedAtStart(api.db, {
      isProduction: false,
      seedDemo: false,
      uploadsDir: api.dataDir,
      admin: owner,
    });
    const second = await seedAtStart(api.db, {
      isProduction: false,
      seedDemo: false,
      uploadsDir: api.dataDir,
      admin: { email: 'other@example.com', password: 'another-password' },
    });
    expect(first).toMatchObject({ owner: 'created', catalogue: false });
    expect(second.owner).toBe('exists');
    const rows = await api.db.select().from(admins);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(owner.email);
    expect(await verifyPassword(owner.password, rows[0]?.passwordHash ?? '')).toBe(true);
    expect(await listProducts(api.db)).toEqual([]);
  });

  it('refuses a production start while the owner keeps the development password', async () => {
    // First started in development, with the development owner.
    await seedAtStart(api.db, {
      isProduction: false,
      seedDemo: false,
      uploadsDir: api.dataDir,
      admin: owner,
    });
    const production = {
      isProduction: true,
      seedDemo: false,
      uploadsDir: api.dataDir,
      admin: { email: owner.email, password: 'a-real-owner-password' },
    };
    const refused = seedAtStart(api.db, production);
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(seedAtStart(api.db, production)).rejects.toThrow(
      `The owner account ${owner.email} still has the development password, which production refuses. Set a new one with \`npm run owner:password\``,
    );
    // Development starts on as before.
    await seedAtStart(api.db, { ...production, isProduction: false });

    await setOwnerPassword(api.db, owner.email, 'a-real-owner-password');
    await expect(seedAtStart(api.db, production)).resolves.toMatchObject({ owner: 'exists' });
  });

  it('names a development owner that is not the configured one', async () => {
    await setOwnerPassword(api.db, 'old-owner@example.com', owner.password);
    await expect(
      seedAtStart(api.db, {
        isProduction: true,
        seedDemo: false,
        uploadsDir: api.dataDir,
        admin: { email: 'owner@shop.example.in', password: 'a-real-owner-password' },
      }),
    ).rejects.toThrow('(with ADMIN_EMAIL=old-owner@example.com');
  });

  it('copies whatever demo pictures exist, renditions under their uploads names, and tolerates none', async () => {
    const source = path.join(api.dataDir, 'source');
    mkdirSync(path.join(source, 'products'), { recursive: true });
    writeFileSync(
      path.join(source, 'products', 'x-1.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    writeFileSync(path.join(source, 'products', 'x-1-320.webp'), 'RIFF');
    const uploads = path.join(api.dataDir, 'uploads');
    expect(await copyDemoImages(uploads, source)).toBe(true);
    expect(readFileSync(path.join(uploads, 'demo', 'products', 'x-1.svg'), 'utf8')).toContain(
      '<svg',
    );
    const renamed = readdirSync(path.join(uploads, 'demo', 'products')).filter((name) =>
      name.endsWith('.webp'),
    );
    expect(renamed).toEqual([expect.stringMatching(/^[0-9a-f]{32}-320\.webp$/)]);
    expect(await copyDemoImages(uploads, path.join(api.dataDir, 'missing'))).toBe(false);
  });

  it('has every rendition of every picture the demo catalogue names', async () => {
    const uploads = path.join(api.dataDir, 'uploads-real');
    await copyDemoImages(uploads);
    await seedDemoCatalogue(api.db);
    const pictures = [
      ...(await listProducts(api.db)).flatMap((p) => p.images),
      ...(await listBanners(api.db)).flatMap((b) => b.images),
    ];
    expect(pictures).toHaveLength(DEMO_PRODUCTS.length * 2 + 3);
    for (const picture of pictures) {
      const renditions = renditionUrls(picture);
      expect(renditions, picture).not.toBeNull();
      for (const { url } of renditions ?? []) {
        const file = path.join(uploads, url.replace(/^\/uploads\//, ''));
        expect(statSync(file).size, url).toBeGreaterThan(1000);
      }
    }
  });
});
