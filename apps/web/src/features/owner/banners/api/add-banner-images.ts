import type { Banner } from '@makhana/domain/product';
import { apiUpload } from '../../../../lib/api-client';
import { ownerBannerThunk } from './owner-banner-thunk';

/** POST /banners/addBannerImage: several pictures at once, multipart under `images`. */
export function postBannerImages(files: readonly File[]): Promise<Banner[]> {
  return apiUpload<Banner[]>('/banners/addBannerImage', 'images', files);
}

export const addBannerImages = ownerBannerThunk('addBannerImages', postBannerImages);
