import type { Banner } from '@makhana/domain/product';
import { createSlice } from '@reduxjs/toolkit';
import { fetchBanners } from '../api/get-banners';
import { apiWriteDone } from './api-writes';

/**
 * The owner's banner writes, by the names of their endpoints (features/owner/api/banners.ts): each
 * answers the whole list, which the home carousel shows at once.
 */
export const OWNER_BANNER_WRITES = [
  'addBannerImages',
  'deleteBannerImage',
  'reorderBannerImages',
] as const;

const ownerBannersWritten = apiWriteDone<Banner[]>(OWNER_BANNER_WRITES);

export interface BannerState {
  banners: Banner[];
  loading: boolean;
  error: string | null;
}

const initialState: BannerState = { banners: [], loading: false, error: null };

const bannerSlice = createSlice({
  name: 'banner',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchBanners.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchBanners.fulfilled, (state, action) => {
        state.loading = false;
        state.banners = action.payload;
      })
      .addCase(fetchBanners.rejected, (state, action) => {
        state.loading = false;
        if (!action.meta.aborted) state.error = action.payload ?? 'Server error';
      })
      .addMatcher(ownerBannersWritten, (state, action) => {
        state.banners = action.payload;
      });
  },
});

export const bannerReducer = bannerSlice.reducer;
