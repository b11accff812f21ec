import type { Banner } from '@makhana/domain/product';
import { apiRequest } from '../../../../lib/api-client';
import { ownerBannerThunk } from './owner-banner-thunk';

/** POST /banners/deleteBannerImage: one picture, by its URL. */
export function postBannerImageDelete(imageUrl: string): Promise<Banner[]> {
  return apiRequest<Banner[]>('/banners/deleteBannerImage', { method: 'POST', body: { imageUrl } });
}

export const deleteBannerImage = ownerBannerThunk('deleteBannerImage', postBannerImageDelete);
