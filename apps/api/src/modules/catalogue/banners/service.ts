import type { Banner } from '@makhana/domain/product';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { bannerImages, banners } from '../../../db/schema';

export async function listBanners(db: Executor): Promise<Banner[]> {
  const rows = await db
    .select({ id: banners.id })
    .from(banners)
    .orderBy(asc(banners.createdAt), asc(banners.id));
  if (rows.length === 0) return [];
  const images = await db
    .select({ bannerId: bannerImages.bannerId, url: bannerImages.url })
    .from(bannerImages)
    .where(
      inArray(
        bannerImages.bannerId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(bannerImages.position), asc(bannerImages.createdAt));
  return rows.map((b) => ({
    _id: b.id,
    images: images.filter((i) => i.bannerId === b.id).map((i) => i.url),
  }));
}
