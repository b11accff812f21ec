import { randomBytes } from 'node:crypto';
import { parseRendition, renditionName, renditionUrls } from '@makhana/domain/images';
import type { Banner, Product } from '@makhana/domain/product';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Rendition } from '../../../adapters/images/image-pipeline';
import type { ImageStorage } from '../../../adapters/storage/storage';
import type { Database, Executor } from '../../../db/client';
import { bannerImages, banners, orderItems, productImages, products } from '../../../db/schema';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { listBanners } from '../banners/service';
import { catalogueChanged } from '../products/catalogue-cache';
import { getProduct, PRODUCT_NOT_FOUND } from '../products/service';

export const IMAGES_ADDED = 'Images added successfully';
export const IMAGE_DELETED = 'Images delete successfully';
export const IMAGES_REORDERED = 'Images reordered successfully';
export const IMAGE_ALT_SAVED = 'Picture description saved';
export const BANNER_IMAGES_ADDED = 'Banner images added successfully';
export const BANNER_IMAGE_DELETED = 'Banner image deleted';
export const BANNER_IMAGES_REORDERED = 'Banner images reordered successfully';
export const IMAGE_NOT_FOUND = 'Image not found';
const SAME_PICTURES = 'List every picture once, in the new order';
const STORAGE_DOWN = 'The pictures could not be stored; try again in a moment';

export interface ImageServiceDeps {
  db: Database;
  storage: ImageStorage;
  /** a file left behind is logged, never an error for the owner: no row refers to it */
  warn(error: unknown, message: string): void;
}

type Folder = 'products' | 'banners';

/**
 * Stores every rendition of every picture and gives each picture's URL (its largest rendition).
 * All or nothing: when one put fails, the files already stored are deleted.
 */
async function storePictures(
  deps: ImageServiceDeps,
  folder: Folder,
  pictures: Rendition[][],
): Promise<string[]> {
  const stored: string[] = [];
  const urls: string[] = [];
  try {
    for (const renditions of pictures) {
      const id = randomBytes(16).toString('hex');
      let url = '';
      for (const rendition of renditions) {
        const key = `${folder}/${renditionName(id, rendition.width)}`;
        url = await deps.storage.put(key, rendition.data, 'image/webp');
        stored.push(key);
      }
      urls.push(url);
    }
    return urls;
  } catch (error) {
    await deleteKeys(deps, stored);
    deps.warn(error, 'storing pictures failed');
    throw new ServiceUnavailableError(`images: ${STORAGE_DOWN}`, [
      { field: 'images', message: STORAGE_DOWN },
    ]);
  }
}

async function deleteKeys(deps: ImageServiceDeps, keys: string[]): Promise<void> {
  await deps.storage.delete(keys).catch((error) => deps.warn(error, 'stored pictures kept'));
}

/**
 * Deletes the files of pictures no row refers to any more: every rendition of a picture the
 * pipeline made. Others (the demo's pictures, a URL elsewhere) are left where they are.
 */
async function deletePictureFiles(deps: ImageServiceDeps, urls: string[]): Promise<void> {
  const keys: string[] = [];
  for (const url of urls) {
    for (const rendition of renditionUrls(url) ?? []) {
      const key = deps.storage.keyOf(rendition.url);
      if (key) keys.push(key);
    }
  }
  if (keys.length > 0) await deleteKeys(deps, keys);
}

/**
 * Deletes the stored files of pictures whose rows are gone (a deleted product's), unless a
 * product, a banner or an order line still shows them. Never throws: a file left over is logged.
 */
export async function deleteUnusedPictures(deps: ImageServiceDeps, urls: string[]): Promise<void> {
  const unused: string[] = [];
  for (const url of urls) if (!(await urlInUse(deps.db, url))) unused.push(url);
  await deletePictureFiles(deps, unused);
}

/** Runs `write` after storing the pictures; the files go again when it fails. */
async function withStoredPictures<T>(
  deps: ImageServiceDeps,
  folder: Folder,
  pictures: Rendition[][],
  write: (urls: string[]) => Promise<T>,
): Promise<T> {
  const urls = await storePictures(deps, folder, pictures);
  try {
    return await write(urls);
  } catch (error) {
    await deletePictureFiles(deps, urls);
    throw error;
  }
}

/** The product's row, locked for this transaction's picture changes; a 404 when there is none or it was deleted. */
async function lockProduct(tx: Executor, productId: string): Promise<void> {
  if (!isUuid(productId)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .for('update');
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
}

/** Checks `wanted` is `current` in another order: each URL once, none added, none left out. */
function checkSameSet(current: string[], wanted: string[]): void {
  const set = new Set(wanted);
  if (
    set.size !== wanted.length ||
    wanted.length !== current.length ||
    current.some((url) => !set.has(url))
  ) {
    throw new BadRequestError(`images: ${SAME_PICTURES}`, [
      { field: 'images', message: SAME_PICTURES },
    ]);
  }
}

/** 404 before any picture is encoded, for an id that names no product. */
export async function assertProductExists(db: Database, productId: string): Promise<void> {
  if (!isUuid(productId)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
}

/** Pictures after the product's others; `alts[n]` is the n-th one's text (empty: the default). */
export async function addProductImages(
  deps: ImageServiceDeps,
  productId: string,
  pictures: Rendition[][],
  alts: readonly string[] = [],
): Promise<Product> {
  await withStoredPictures(deps, 'products', pictures, (urls) =>
    deps.db.transaction(async (tx) => {
      await lockProduct(tx, productId);
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
        .from(productImages)
        .where(eq(productImages.productId, productId));
      const next = Number(last?.position ?? -1) + 1;
      await tx
        .insert(productImages)
        .values(
          urls.map((url, i) => ({ productId, url, position: next + i, alt: alts[i] || null })),
        );
      catalogueChanged(tx);
    }),
  );
  return getProduct(deps.db, productId);
}

/** The owner names what a picture shows; empty text goes back to the default. */
export async function setProductImageAlt(
  deps: ImageServiceDeps,
  productId: string,
  imageUrl: string,
  alt: string,
): Promise<Product> {
  await deps.db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const changed = await tx
      .update(productImages)
      .set({ alt: alt || null })
      .where(and(eq(productImages.productId, productId), eq(productImages.url, imageUrl)))
      .returning({ id: productImages.id });
    if (changed.length === 0) throw new NotFoundError(IMAGE_NOT_FOUND);
    catalogueChanged(tx);
  });
  return getProduct(deps.db, productId);
}

export async function deleteProductImage(
  deps: ImageServiceDeps,
  productId: string,
  imageUrl: string,
): Promise<Product> {
  await deps.db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const rows = await tx
      .select({ id: productImages.id, url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.createdAt));
    const doomed = rows.find((row) => row.url === imageUrl);
    if (!doomed) throw new NotFoundError(IMAGE_NOT_FOUND);
    await tx.delete(productImages).where(eq(productImages.id, doomed.id));
    await renumber(
      tx,
      productImages,
      rows.filter((row) => row !== doomed),
    );
    catalogueChanged(tx);
  });
  // The row is gone first: a file that cannot be deleted is only left over, never a broken picture.
  await deleteUnusedPictures(deps, [imageUrl]);
  return getProduct(deps.db, productId);
}

export async function reorderProductImages(
  deps: ImageServiceDeps,
  productId: string,
  images: string[],
): Promise<Product> {
  await deps.db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const rows = await tx
      .select({ id: productImages.id, url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    checkSameSet(
      rows.map((row) => row.url),
      images,
    );
    const byUrl = new Map(rows.map((row) => [row.url, row]));
    await renumber(
      tx,
      productImages,
      images.map((url) => byUrl.get(url) as { id: string }),
    );
    catalogueChanged(tx);
  });
  return getProduct(deps.db, productId);
}

/** Positions 0, 1, 2… in the order given. */
async function renumber(
  tx: Executor,
  table: typeof productImages | typeof bannerImages,
  rows: { id: string }[],
): Promise<void> {
  for (const [position, row] of rows.entries()) {
    await tx.update(table).set({ position }).where(eq(table.id, row.id));
  }
}

/**
 * Whether a product, a banner or an order line still shows this picture: an order keeps the
 * picture as bought, so its files stay for as long as an order line names them.
 */
async function urlInUse(db: Executor, url: string): Promise<boolean> {
  if (!parseRendition(url)) return true;
  // Queries run when awaited: the later ones only when the earlier found nothing.
  const holders = [
    db.select({ one: sql`1` }).from(orderItems).where(eq(orderItems.image, url)).limit(1),
    db.select({ one: sql`1` }).from(productImages).where(eq(productImages.url, url)).limit(1),
    db.select({ one: sql`1` }).from(bannerImages).where(eq(bannerImages.url, url)).limit(1),
  ];
  for (const holder of holders) {
    if ((await holder).length > 0) return true;
  }
  return false;
}

// One lock for every banner write, so two first uploads cannot make two banners.
const BANNER_LOCK = sql`select pg_advisory_xact_lock(hashtext('mm:banners'))`;

/** The carousel's banner (the first one), made when there is none yet. */
async function firstBanner(tx: Executor, create: boolean): Promise<string | null> {
  await tx.execute(BANNER_LOCK);
  const [row] = await tx
    .select({ id: banners.id })
    .from(banners)
    .orderBy(asc(banners.createdAt), asc(banners.id))
    .limit(1);
  if (row || !create) return row?.id ?? null;
  const [made] = await tx.insert(banners).values({}).returning({ id: banners.id });
  return made?.id ?? null;
}

export async function addBannerImages(
  deps: ImageServiceDeps,
  pictures: Rendition[][],
): Promise<Banner[]> {
  await withStoredPictures(deps, 'banners', pictures, (urls) =>
    deps.db.transaction(async (tx) => {
      const bannerId = (await firstBanner(tx, true)) as string;
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${bannerImages.position}), -1)::int` })
        .from(bannerImages)
        .where(eq(bannerImages.bannerId, bannerId));
      const next = Number(last?.position ?? -1) + 1;
      await tx
        .insert(bannerImages)
        .values(urls.map((url, i) => ({ bannerId, url, position: next + i })));
      await tx.update(banners).set({ updatedAt: new Date() }).where(eq(banners.id, bannerId));
      catalogueChanged(tx);
    }),
  );
  return listBanners(deps.db);
}

export async function deleteBannerImage(
  deps: ImageServiceDeps,
  imageUrl: string,
): Promise<Banner[]> {
  await deps.db.transaction(async (tx) => {
    await tx.execute(BANNER_LOCK);
    const [doomed] = await tx
      .select({ id: bannerImages.id, bannerId: bannerImages.bannerId })
      .from(bannerImages)
      .where(eq(bannerImages.url, imageUrl))
      .orderBy(asc(bannerImages.createdAt))
      .limit(1);
    if (!doomed) throw new NotFoundError(IMAGE_NOT_FOUND);
    await tx.delete(bannerImages).where(eq(bannerImages.id, doomed.id));
    const rest = await tx
      .select({ id: bannerImages.id })
      .from(bannerImages)
      .where(eq(bannerImages.bannerId, doomed.bannerId))
      .orderBy(asc(bannerImages.position), asc(bannerImages.createdAt));
    await renumber(tx, bannerImages, rest);
    await tx.update(banners).set({ updatedAt: new Date() }).where(eq(banners.id, doomed.bannerId));
    catalogueChanged(tx);
  });
  await deleteUnusedPictures(deps, [imageUrl]);
  return listBanners(deps.db);
}

export async function reorderBannerImages(
  deps: ImageServiceDeps,
  images: string[],
): Promise<Banner[]> {
  await deps.db.transaction(async (tx) => {
    const bannerId = await firstBanner(tx, false);
    const rows = bannerId
      ? await tx
          .select({ id: bannerImages.id, url: bannerImages.url })
          .from(bannerImages)
          .where(eq(bannerImages.bannerId, bannerId))
      : [];
    checkSameSet(
      rows.map((row) => row.url),
      images,
    );
    const byUrl = new Map(rows.map((row) => [row.url, row]));
    await renumber(
      tx,
      bannerImages,
      images.map((url) => byUrl.get(url) as { id: string }),
    );
    catalogueChanged(tx);
  });
  return listBanners(deps.db);
}
