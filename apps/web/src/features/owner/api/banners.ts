import type { ApiSuccess } from '@makhana/domain/api';
import type { Banner } from '@makhana/domain/product';
import { apiSlice } from '../../../lib/api-slice';
import { picturesCall } from './products';

const bannersOf = (answer: ApiSuccess<Banner[]>) => answer.data;

/**
 * The owner's writes to the home carousel's pictures. Each answers the whole list, which the shop's
 * banner slice stores at once (`OWNER_BANNER_WRITES`).
 */
export const ownerBannersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Several pictures at once, on the first banner (made when there is none). */
    addBannerImages: build.mutation<Banner[], readonly File[]>({
      query: (files) => picturesCall('/banners/addBannerImage', files),
      transformResponse: bannersOf,
    }),
    /** One picture, by its URL, with every stored width. */
    deleteBannerImage: build.mutation<Banner[], string>({
      query: (imageUrl) => ({
        path: '/banners/deleteBannerImage',
        method: 'POST',
        body: { imageUrl },
      }),
      transformResponse: bannersOf,
    }),
    /** The carousel's pictures in their new order. */
    reorderBannerImages: build.mutation<Banner[], string[]>({
      query: (images) => ({
        path: '/banners/reorderBannerImages',
        method: 'POST',
        body: { images },
      }),
      transformResponse: bannersOf,
    }),
  }),
});

export const {
  useAddBannerImagesMutation,
  useDeleteBannerImageMutation,
  useReorderBannerImagesMutation,
} = ownerBannersApi;
