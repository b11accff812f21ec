import type { Banner } from '@makhana/domain/product';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { fetchBanners } from '../api/get-banners';
import { bannerReducer, OWNER_BANNER_OPERATION } from './banner-slice';

// The owner feature's operations as the slice knows them: by their type's prefix.
const operation = (name: string) =>
  createAsyncThunk<Banner[], unknown, { rejectValue: { message: string } }>(
    `${OWNER_BANNER_OPERATION}/${name}`,
    async () => [],
  );
const addBannerImages = operation('addBannerImages');
const deleteBannerImage = operation('deleteBannerImage');

const loaded = bannerReducer(
  undefined,
  fetchBanners.fulfilled([{ _id: 'b1', images: ['/a.webp', '/b.webp'] }], 'load'),
);

describe('banner slice: the owner operations', () => {
  it('stores the list each operation answers', () => {
    const pending = bannerReducer(loaded, addBannerImages.pending('op', []));
    expect(pending.loading).toBe(true);
    const state = bannerReducer(
      pending,
      addBannerImages.fulfilled(
        [{ _id: 'b1', images: ['/a.webp', '/b.webp', '/c.webp'] }],
        'op',
        [],
      ),
    );
    expect(state.loading).toBe(false);
    expect(state.banners[0]?.images).toEqual(['/a.webp', '/b.webp', '/c.webp']);
  });

  it("keeps the list and stores the server's message on a refusal", () => {
    const state = bannerReducer(
      loaded,
      deleteBannerImage.rejected(null, 'op', '/a.webp', { message: 'Image not found' }),
    );
    expect(state.error).toBe('Image not found');
    expect(state.banners[0]?.images).toEqual(['/a.webp', '/b.webp']);
  });
});
