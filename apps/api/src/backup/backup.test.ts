import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pngOf } from '../adapters/images/test-images';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, type Environment, REPO_ROOT } from '../config/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client';
import { ensureOwnerAccount } from '../modules/accounts';
import { seedDemoShopSettings } from '../modules/shop';
import { forgetCachedReads, tempDataDir, testApp } from '../test/app';
import { usesPostgres } from '../test/database';
import {
  cartLine,
  customer,
  insertProduct,
  orderPayload,
  ownerToken,
  paySimulated,
  type TestVariant,
} from '../test/order-fixtures';
import { call } from '../test/requests';
import { runBackup } from './backup';
import { BackupError } from './errors';
import { parseCommand } from './main';
import {
  countTables,
  DATABASE_FILES,
  type Manifest,
  type SqlClient,
  shopMigrations,
} from './manifest';
import { restoreDatabase } from './postgres';
import {
  findTool,
  libpqEnvironment,
  majorOf,
  parseToolVersion,
  toolMismatch,
} from './postgres-tools';
import { runRestore } from './restore';

const POSTGRES = usesPostgres();
const SERVER_URL = process.env.TEST_DATABASE_URL ?? '';
const APP_ENV = { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000' };

/** A shop's database and DATA_DIR, on this run's kind of database, and the environment naming them. */
interface Shop {
  dataDir: string;
  /** the environment `npm run backup` and `npm run restore` would see */
  env: Environment;
  url: string | null;
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

async function serverQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A new shop: migrated (a copy of the run's template) or, with `empty`, nothing at all: a bare
 * PostgreSQL database, or a DATA_DIR without a database.
 */
async function newShop(empty: boolean): Promise<Shop> {
  const data = tempDataDir();
  const base = { NODE_ENV: 'test', DATA_DIR: data.dir, SEED_DEMO: '0' };
  if (POSTGRES) {
    const name = `backup_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const template = inject('postgresTemplate');
    await serverQuery(
      `create database "${name}"${!empty && template ? ` template "${template}"` : ''}`,
    );
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    return {
      dataDir: data.dir,
      env: { ...base, DATABASE_URL: url.toString() },
      url: url.toString(),
      open: () => openPostgres(url.toString(), { max: 4 }),
      async remove() {
        await serverQuery(`drop database if exists "${name}" with (force)`);
        data.remove();
      },
    };
  }
  const dbDir = path.join(data.dir, 'db');
  const template = inject('pgliteTemplate');
  if (!empty && template) {
    const copy = await PGlite.create(dbDir, {
      extensions: { pg_trgm },
      loadDataDir: new Blob([readFileSync(template)]),
    });
    await copy.close();
  }
  return {
    dataDir: data.dir,
    env: base,
    url: null,
    open: () => openPglite(dbDir),
    async remove() {
      data.remove();
    },
  };
}

function sqlOf(handle: DatabaseHandle): SqlClient {
  return {
    async rows<T extends Record<string, unknown>>(text: string) {
      return ((await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    },
  };
}

/** Every file under DATA_DIR's uploads/ and private/, by path, with its bytes. */
function storedFiles(dataDir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const folder of ['uploads', 'private']) {
    const dir = path.join(dataDir, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dataDir, file), readFileSync(file));
    }
  }
  return files;
}

/** A multipart form as a browser sends it. */
async function multipart(
  app: FastifyInstance,
  url: string,
  form: FormData,
  token?: string,
): Promise<{ statusCode: number; body: string; json(): { data: unknown } }> {
  const encoded = new Response(form);
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: {
      'content-type': encoded.headers.get('content-type') as string,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

/** A new customer's order of `lines`, paid through the simulated window unless `paid` is false. */
async function order(
  app: FastifyInstance,
  handle: DatabaseHandle,
  lines: ReturnType<typeof cartLine>[],
  paid = true,
) {
  const buyer = await customer(handle.db);
  const created = await call(app, 'POST', '/orders/createOrder', {
    token: buyer.token,
    body: orderPayload(lines),
  });
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().data._id as string;
  const started = await call(app, 'POST', '/orders/razorpayPayment', {
    token: buyer.token,
    body: { orderId },
  });
  if (paid) await paySimulated(app, buyer.token, started.json().data.id);
  await app.orders.idle();
  return { orderId, token: buyer.token };
}

const orderView = async (app: FastifyInstance, orderId: string, token: string) => {
  const response = await call(app, 'GET', `/orders/order-id-details/${orderId}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

/** What the source shop held when it was backed up. */
const source = {
  shop: undefined as Shop | undefined,
  counts: {} as Record<string, number>,
  files: new Map<string, Buffer>(),
  paid: { orderId: '', token: '' },
  customerView: {} as Record<string, unknown>,
  ownerView: {} as Record<string, unknown>,
  productImages: [] as string[],
  productId: '',
};
let work: ReturnType<typeof tempDataDir>;
let backupFile = '';
let backupLines: string[] = [];
let manifest: Manifest;
const shops: Shop[] = [];

beforeAll(async () => {
  work = tempDataDir();
  const shop = await newShop(false);
  shops.push(shop);
  source.shop = shop;
  const handle = await shop.open();
  const app = await testApp({ db: handle.db, dataDir: shop.dataDir, env: APP_ENV });
  try {
    await ensureOwnerAccount(handle.db, { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD });
    // The demo seller: invoices need who sells.
    await seedDemoShopSettings(handle.db);
    const owner = await ownerToken(app);
    const [pouch] = await insertProduct(handle.db, {
      name: 'Roasted Makhana',
      variants: [{ weight: 100, price: 149, stock: 50 }],
    });
    const [tin] = await insertProduct(handle.db, {
      name: 'Makhana Tin',
      hsnCode: '08019',
      variants: [{ weight: 500, price: 299, stock: 50 }],
    });
    const pictures = new FormData();
    pictures.append(
      'images',
      new Blob([new Uint8Array(await pngOf(1400, 900))], { type: 'image/png' }),
      'wide.png',
    );
    pictures.append(
      'images',
      new Blob([new Uint8Array(await pngOf(500, 500))], { type: 'image/png' }),
      'square.png',
    );
    const uploaded = await multipart(
      app,
      `/products/addProductImage/${pouch.productId}`,
      pictures,
      owner,
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    source.productId = pouch.productId;
    source.productImages = (uploaded.json().data as { images: string[] }).images;
    await forgetCachedReads(app);

    source.paid = await order(app, handle, [cartLine(pouch, 2), cartLine(tin as TestVariant, 1)]);
    await order(app, handle, [cartLine(pouch, 1)]);
    await order(app, handle, [cartLine(tin as TestVariant, 1)], false);
    const complaint = new FormData();
    for (const [key, value] of Object.entries({
      from_name: 'Asha Kumari',
      reply_to: 'asha@example.com',
      order_id: 'MM-1001',
      issue_type: 'Damaged Product',
      query: 'The pouch arrived torn.',
    })) {
      complaint.append(key, value);
    }
    complaint.append(
      'invoice',
      new Blob([new Uint8Array(await pngOf(20, 30))], { type: 'image/png' }),
      'invoice.png',
    );
    const complained = await multipart(app, '/supports/raise-complaint', complaint);
    expect(complained.statusCode, complained.body).toBe(200);

    source.customerView = await orderView(app, source.paid.orderId, source.paid.token);
    source.ownerView = await orderView(app, source.paid.orderId, owner);
    source.counts = await countTables(sqlOf(handle));
    source.files = storedFiles(shop.dataDir);
  } finally {
    await app.close();
    await handle.close();
  }

  backupFile = path.join(work.dir, 'shop.tar');
  backupLines = [];
  const result = await runBackup({
    env: shop.env,
    file: 'shop.tar',
    cwd: work.dir,
    say: (line) => backupLines.push(line),
  });
  manifest = result.manifest;
}, 180_000);

afterAll(async () => {
  for (const shop of shops) await shop.remove();
  work?.remove();
});

/** Restores `file` into `shop`, collecting what it prints. */
async function restore(shop: Shop, options: { file?: string; force?: boolean } = {}) {
  const lines: string[] = [];
  const result = await runRestore({
    env: shop.env,
    file: options.file ?? backupFile,
    cwd: work.dir,
    force: options.force ?? false,
    say: (line) => lines.push(line),
  });
  return { ...result, lines };
}

async function ordersIn(shop: Shop): Promise<number> {
  const handle = await shop.open();
  try {
    return (await countTables(sqlOf(handle))).orders ?? 0;
  } finally {
    await handle.close();
  }
}

describe(`npm run backup and npm run restore (${POSTGRES ? 'PostgreSQL' : 'PGlite'})`, () => {
  let target: Shop;

  it('writes one file: the dump, the pictures, the private files and a manifest with every count and checksum', async () => {
    const names: string[] = [];
    await tar.t({ file: backupFile, onReadEntry: (entry) => void names.push(entry.path) });
    const dump = POSTGRES ? DATABASE_FILES.postgres : DATABASE_FILES.pglite;
    expect(names[0]).toBe(dump);
    expect(names.at(-1)).toBe('manifest.json');
    const files = [...source.files.keys()].sort();
    expect(
      files.filter((name) => name.startsWith('uploads/products/')).length,
    ).toBeGreaterThanOrEqual(4);
    expect(files.filter((name) => name.startsWith('private/complaints/'))).toHaveLength(1);
    expect(Object.keys(manifest.files).sort()).toEqual([dump, ...files].sort());
    expect(manifest.tables).toEqual(source.counts);
    expect(manifest.tables).toMatchObject({ orders: 3, complaints: 1 });
    expect(manifest.tables.tax_documents).toBe(2);
    const last = shopMigrations().at(-1);
    expect(manifest.migration).toMatchObject({ tag: last?.tag, createdAt: last?.when });
    expect(manifest.database.kind).toBe(POSTGRES ? 'postgres' : 'pglite');
    expect(manifest.storage).toEqual({ kind: 'local' });
    // Readable by its owner only: it holds every customer's data.
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(backupLines.join('\n')).toMatch(/3 orders, 2 invoices and credit notes, 2 products/);
    expect(readdirSync(work.dir).filter((name) => name.startsWith('.makhana-backup-'))).toEqual([]);
  });

  it('restores it into an empty database and DATA_DIR: every table, a paid order whole, every file byte for byte', async () => {
    target = await newShop(true);
    shops.push(target);
    const restored = await restore(target);
    expect(restored.counts).toEqual(source.counts);
    const printed = restored.lines.join('\n');
    expect(printed).toMatch(/^orders +3 +3$/m);
    expect(printed).toContain(
      `Restored: all ${Object.keys(source.counts).length} tables hold the rows the manifest counted.`,
    );

    const handle = await target.open();
    const app = await testApp({ db: handle.db, dataDir: target.dataDir, env: APP_ENV });
    try {
      expect(await countTables(sqlOf(handle))).toEqual(source.counts);
      // The customer's session came back with the database: the same token reads the same order.
      expect(await orderView(app, source.paid.orderId, source.paid.token)).toEqual(
        source.customerView,
      );
      expect(await orderView(app, source.paid.orderId, await ownerToken(app))).toEqual(
        source.ownerView,
      );
      expect(source.customerView).toMatchObject({
        paymentStatus: 'completed',
        invoice: { number: expect.any(String) },
      });
      // The product page names its pictures, and the shop serves them from the restored files.
      const details = await call(app, 'GET', `/products/getProductDetails/${source.productId}`);
      expect(details.json().data.images).toEqual(source.productImages);
      const picture = await app.inject({ method: 'GET', url: source.productImages[1] as string });
      expect(picture.statusCode).toBe(200);
      expect(
        picture.rawPayload.equals(source.files.get(source.productImages[1]!.slice(1)) as Buffer),
      ).toBe(true);
    } finally {
      await app.close();
      await handle.close();
    }
    const files = storedFiles(target.dataDir);
    expect([...files.keys()].sort()).toEqual([...source.files.keys()].sort());
    for (const [name, bytes] of source.files)
      expect(files.get(name)?.equals(bytes), name).toBe(true);
    expect(readdirSync(target.dataDir).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  }, 120_000);

  it('refuses a database that has orders unless given --force, then replaces it', async () => {
    // An order placed after the restore: --force must bring the backup's three back.
    const handle = await target.open();
    try {
      await handle.db.execute(sql`delete from orders where payment_status <> 'completed'`);
    } finally {
      await handle.close();
    }
    writeFileSync(path.join(target.dataDir, 'uploads', 'added-later.webp'), 'later');
    await expect(restore(target)).rejects.toThrow(
      /has 2 orders\. Restoring replaces all of them with the backup's: run again with --force .*Nothing was changed\./,
    );
    expect(await ordersIn(target)).toBe(2);
    expect(existsSync(path.join(target.dataDir, 'uploads', 'added-later.webp'))).toBe(true);

    const forced = await restore(target, { force: true });
    expect(forced.lines.join('\n')).toContain('has 2 orders; --force: replacing them');
    expect(forced.counts).toEqual(source.counts);
    expect(existsSync(path.join(target.dataDir, 'uploads', 'added-later.webp'))).toBe(false);
  }, 120_000);

  it('refuses a changed, foreign or incomplete file before touching anything', async () => {
    const unpacked = path.join(work.dir, 'unpacked');
    mkdirSync(unpacked);
    await tar.x({ file: backupFile, cwd: unpacked });
    const members = Object.keys(manifest.files);
    const repack = async (name: string, change: () => void, leave: string[] = []) => {
      change();
      const file = path.join(work.dir, name);
      const kept = [...members.filter((member) => !leave.includes(member)), 'manifest.json'];
      await tar.c({ file, cwd: unpacked, portable: true }, kept);
      return file;
    };
    const picture = members.find((name) => name.startsWith('uploads/')) as string;
    const original = readFileSync(path.join(unpacked, picture));
    const changed = await repack('changed.tar', () => {
      const bytes = Buffer.from(original);
      bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
      writeFileSync(path.join(unpacked, picture), bytes);
    });
    await expect(restore(target, { file: changed, force: true })).rejects.toThrow(
      `changed.tar is damaged: ${picture} differs from its checksum in the manifest. Nothing was changed.`,
    );
    writeFileSync(path.join(unpacked, picture), original);
    const incomplete = await repack('incomplete.tar', () => {}, [picture]);
    await expect(restore(target, { file: incomplete, force: true })).rejects.toThrow(
      `${picture}, listed in its manifest, is missing`,
    );
    const added = await repack('added.tar', () => {
      writeFileSync(path.join(unpacked, 'uploads', 'stranger.webp'), 'not in the manifest');
      members.push('uploads/stranger.webp');
    });
    await expect(restore(target, { file: added, force: true })).rejects.toThrow(
      'it holds uploads/stranger.webp, which its manifest does not list',
    );
    members.pop();
    const noManifest = path.join(work.dir, 'no-manifest.tar');
    await tar.c({ file: noManifest, cwd: unpacked, portable: true }, members);
    await expect(restore(target, { file: noManifest, force: true })).rejects.toThrow(
      'no-manifest.tar is not a backup of this shop: it holds no manifest.json.',
    );
    const manifestFile = path.join(unpacked, 'manifest.json');
    const last = shopMigrations().at(-1);
    const newer = await repack('newer.tar', () =>
      writeFileSync(
        manifestFile,
        JSON.stringify({
          ...manifest,
          migration: {
            tag: '0999_from_the_future',
            hash: 'f'.repeat(64),
            createdAt: (last?.when ?? 0) + 1,
          },
        }),
      ),
    );
    await expect(restore(target, { file: newer, force: true })).rejects.toThrow(
      `its database is at migration 0999_from_the_future, which this copy does not have (its last is ${last?.tag}). Update the shop's code first, then restore.`,
    );
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, formatVersion: 2 }));
    await tar.c({ file: path.join(work.dir, 'format-2.tar'), cwd: unpacked }, ['manifest.json']);
    await expect(restore(target, { file: 'format-2.tar', force: true })).rejects.toThrow(
      'format-2.tar is a backup in format 2; this shop reads format 1.',
    );
    const foreign = path.join(work.dir, 'holiday.jpg');
    writeFileSync(foreign, readFileSync(path.join(unpacked, picture)));
    await expect(restore(target, { file: foreign, force: true })).rejects.toThrow(
      /holiday\.jpg is not a backup of this shop, or it is damaged: it cannot be read as a tar archive/,
    );
    const truncated = path.join(work.dir, 'truncated.tar');
    writeFileSync(truncated, readFileSync(backupFile).subarray(0, 20_000));
    await expect(restore(target, { file: truncated, force: true })).rejects.toThrow(BackupError);
    await expect(restore(target, { file: 'missing.tar' })).rejects.toThrow(
      'missing.tar does not exist.',
    );

    // Nothing of the target was touched, not even with --force.
    expect(await ordersIn(target)).toBe(3);
    const files = storedFiles(target.dataDir);
    for (const [name, bytes] of source.files)
      expect(files.get(name)?.equals(bytes), name).toBe(true);
  }, 120_000);

  it('refuses to move a shop between PostgreSQL and the embedded database', async () => {
    const other: Environment = POSTGRES
      ? { ...target.env, DATABASE_URL: undefined }
      : { ...target.env, DATABASE_URL: 'postgres://shop@127.0.0.1:1/none' };
    await expect(
      runRestore({ env: other, file: backupFile, cwd: work.dir, force: true, say: () => {} }),
    ).rejects.toThrow(
      POSTGRES
        ? /This backup holds a PostgreSQL database .* DATABASE_URL is not set/
        : /This backup holds the embedded database \(PGlite\), and DATABASE_URL is set/,
    );
  });

  it('with the pictures in S3, names the bucket and leaves them to it', async () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'mithila-pictures' };
    const lines: string[] = [];
    const made = await runBackup({
      env: { ...source.shop!.env, ...s3 },
      file: 's3.tar',
      cwd: work.dir,
      say: (line) => lines.push(line),
    });
    expect(made.manifest.storage).toEqual({ kind: 's3', bucket: 'mithila-pictures' });
    expect(Object.keys(made.manifest.files).filter((name) => !name.startsWith('private/'))).toEqual(
      [made.manifest.database.file],
    );
    expect(lines.join('\n')).toContain(
      'Pictures: not in this file. They are in the S3 bucket mithila-pictures (STORAGE=s3)',
    );
    const restored = await runRestore({
      env: { ...target.env, ...s3 },
      file: 's3.tar',
      cwd: work.dir,
      force: true,
      say: (line) => lines.push(line),
    });
    expect(restored.counts).toEqual(source.counts);
    expect(lines.join('\n')).toContain(
      "The backup's pictures are not in the file: they are in the S3 bucket mithila-pictures",
    );
    // The target's own pictures folder is the bucket's business: left as it was.
    const files = storedFiles(target.dataDir);
    for (const [name, bytes] of source.files)
      expect(files.get(name)?.equals(bytes), name).toBe(true);
  }, 60_000);

  it.runIf(!POSTGRES)(
    'refuses the embedded database while a shop has it open',
    async () => {
      const running = await target.open();
      try {
        await expect(
          runBackup({ env: target.env, file: 'while-open.tar', cwd: work.dir, say: () => {} }),
        ).rejects.toThrow(/is open: a shop is running on this DATA_DIR .*Stop it/);
        await expect(restore(target, { force: true })).rejects.toThrow(
          /is open: a shop is running/,
        );
        expect(existsSync(path.join(work.dir, 'while-open.tar'))).toBe(false);
      } finally {
        await running.close();
      }
      expect(await ordersIn(target)).toBe(3);
    },
    60_000,
  );

  it.runIf(POSTGRES)('refuses a database the shop is connected to', async () => {
    const running = new pg.Client({
      connectionString: target.url!,
      application_name: 'makhana shop',
    });
    await running.connect();
    try {
      await expect(restore(target, { force: true })).rejects.toThrow(
        /1 other connections are open on the database backup_\w+ \(makhana shop\): stop the shop/,
      );
    } finally {
      await running.end();
    }
  });

  it.runIf(POSTGRES)(
    'leaves the database as it was when a restore fails half way',
    async () => {
      const unpacked = path.join(work.dir, 'half-way');
      mkdirSync(unpacked);
      await tar.x({ file: backupFile, cwd: unpacked });
      const server = {
        version: manifest.database.serverVersion,
        major: majorOf(manifest.database.serverVersion),
      };
      const pgRestore = await findTool('pg_restore', server, process.env, 'the test');
      const psql = await findTool('psql', server, process.env, 'the test');
      /** pg_restore, but `script` decides what psql gets of its SQL and how it ends. */
      const wrapped = (name: string, script: string) => {
        const file = path.join(work.dir, name);
        writeFileSync(
          file,
          `#!/bin/sh\ncase "$1" in --list) exec "${pgRestore.path}" "$@";; esac\n${script}\n`,
          { mode: 0o755 },
        );
        return { ...pgRestore, path: file };
      };
      const failures = [
        // pg_restore dies after psql has dropped the schemas and run the dump's first statements,
        // each of them whole (up to the orders table's), which psql alone would commit.
        [
          wrapped(
            'dies.sh',
            `"${pgRestore.path}" "$@" | sed -n '1,/^-- Name: orders; Type: TABLE/p'\nexit 1`,
          ),
          /dies\.sh failed \(exit 1\); the database was left as it was/,
        ],
        // The dump runs whole, then a statement fails just before psql would commit.
        [
          wrapped('fails.sh', `"${pgRestore.path}" "$@"\necho 'select no_such_function();'`),
          /Restoring into the database failed; it was left as it was:\n.*no_such_function/s,
        ],
      ] as const;
      for (const [tool, message] of failures) {
        await expect(
          restoreDatabase({
            url: target.url!,
            dump: path.join(unpacked, DATABASE_FILES.postgres),
            pgRestore: tool,
            psql,
          }),
        ).rejects.toThrow(message);
        const handle = await target.open();
        try {
          expect(await countTables(sqlOf(handle))).toEqual(source.counts);
        } finally {
          await handle.close();
        }
      }
    },
    60_000,
  );

  it('are the root package scripts, --force given as npm takes it', () => {
    const npm = (args: string[]) =>
      spawnSync('npm', ['--prefix', REPO_ROOT, 'run', '--silent', ...args], {
        // A relative FILE is where the command was typed, not the repository's root.
        cwd: work.dir,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          ...(target.env as Record<string, string>),
        },
        timeout: 120_000,
      });
    const backedUp = npm(['backup', 'again.tar']);
    expect(backedUp.stderr).toBe('');
    expect(backedUp.status).toBe(0);
    expect(backedUp.stdout).toContain(`Wrote ${path.join(work.dir, 'again.tar')}`);

    const refused = npm(['restore', 'again.tar']);
    expect(refused.stderr).toContain('has 3 orders');
    expect(refused.stderr).not.toContain('    at ');
    expect(refused.status).toBe(1);
    // npm keeps `--force` for itself and passes it on as npm_config_force=true.
    const forced = npm(['restore', 'again.tar', '--force']);
    expect(forced.stdout).toContain('has 3 orders; --force: replacing them');
    expect(forced.stdout).toContain('Restored: all');
    expect(forced.status, forced.stderr).toBe(0);
  }, 240_000);
});

describe('the command line', () => {
  it('reads backup [FILE] and restore FILE [--force], and refuses anything else by name', () => {
    expect(parseCommand(['backup'], {})).toEqual({ command: 'backup', file: null });
    expect(parseCommand(['backup', 'shop.tar'], {})).toEqual({
      command: 'backup',
      file: 'shop.tar',
    });
    expect(parseCommand(['restore', 'shop.tar'], {})).toEqual({
      command: 'restore',
      file: 'shop.tar',
      force: false,
    });
    expect(parseCommand(['restore', 'shop.tar', '--force'], {})).toMatchObject({ force: true });
    expect(parseCommand(['restore', 'shop.tar'], { npm_config_force: 'true' })).toMatchObject({
      force: true,
    });
    expect(parseCommand(['restore', '--help'], {})).toEqual({ command: 'help' });
    expect(() => parseCommand(['restore'], {})).toThrow('Name the backup file to restore.');
    expect(() => parseCommand(['restore', 'a.tar', 'b.tar'], {})).toThrow('One file at a time');
    expect(() => parseCommand(['restore', 'a.tar', '--forse'], {})).toThrow(
      'Unknown option --forse',
    );
    expect(() => parseCommand(['backup', '--force'], {})).toThrow('Unknown option --force');
    expect(() => parseCommand(['copy'], {})).toThrow('Expected backup or restore, not copy');
  });
});

describe("PostgreSQL's tools", () => {
  it('get DATABASE_URL through the environment, the password never on the command line', () => {
    expect(
      libpqEnvironment(
        'postgres://shop%40eu:p%40ss%3Aw0rd@db.example.in:6543/makhana?sslmode=verify-full&application_name=shop',
      ),
    ).toEqual({
      PGHOST: 'db.example.in',
      PGPORT: '6543',
      PGUSER: 'shop@eu',
      PGPASSWORD: 'p@ss:w0rd',
      PGDATABASE: 'makhana',
      PGSSLMODE: 'verify-full',
      PGAPPNAME: 'shop',
    });
    expect(libpqEnvironment('postgresql://shop@[::1]/makhana?ssl=true')).toMatchObject({
      PGHOST: '::1',
      PGSSLMODE: 'require',
    });
    expect(() => libpqEnvironment('postgres://shop@db/makhana?pool=5')).toThrow(
      `DATABASE_URL's parameter "pool" is not one PostgreSQL's tools understand`,
    );
  });

  it('must be of the server major version, and say what to install when they are not', () => {
    expect(parseToolVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe('15.20');
    expect(majorOf('15.20')).toBe(15);
    expect(majorOf('9.6.24')).toBe(9.6);
    const server = { version: '16.4', major: 16 };
    expect(
      toolMismatch(
        'pg_dump',
        server,
        [{ path: '/usr/bin/pg_dump', version: '15.20', major: 15 }],
        '`npm run backup`',
      ),
    ).toBe(
      [
        'pg_dump 15.20 (/usr/bin/pg_dump) does not match: `npm run backup` needs pg_dump 16, the major version of the server (PostgreSQL 16.4).',
        "Install PostgreSQL 16's client tools (Debian/Ubuntu: apt install postgresql-client-16; macOS: brew install postgresql@16) or put their folder first on PATH, then run this again.",
      ].join('\n'),
    );
    expect(toolMismatch('pg_restore', server, [], '`npm run restore`')).toMatch(
      /^pg_restore was not found: `npm run restore` needs pg_restore 16/,
    );
  });

  it.runIf(POSTGRES)('refuse a server whose version has no tool here, naming both', async () => {
    // A server version no machine has tools for: every pg_dump found is named as not matching.
    await expect(
      findTool('pg_dump', { version: '99.1', major: 99 }, process.env, '`npm run backup`'),
    ).rejects.toThrow(/^pg_dump 1\d\.\d+ \(.+\) does not match: `npm run backup` needs pg_dump 99/);
  });
});
