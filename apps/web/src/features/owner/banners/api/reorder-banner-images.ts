import type { Banner } from '@makhana/domain/product';
import { apiRequest } from '../../../../lib/api-client';
import { ownerBannerThunk } from './owner-banner-thunk';

/** POST /banners/reorderBannerImages: the carousel's pictures in their new order. */
export function postBannerImageOrder(images: string[]): Promise<Banner[]> {
  return apiRequest<Banner[]>('/banners/reorderBannerImages', { method: 'POST', body: { images } });
}

export const reorderBannerImages = ownerBannerThunk('reorderBannerImages', postBannerImageOrder);
