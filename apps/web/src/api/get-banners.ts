import type { Banner } from '@makhana/domain/product';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { apiRequest, errorMessage } from '../lib/api-client';

/** GET /banners/getBannerDetails: the home page's carousel. */
export function getBanners(): Promise<Banner[]> {
  return apiRequest<Banner[]>('/banners/getBannerDetails');
}

export const fetchBanners = createAsyncThunk<Banner[], void, { rejectValue: string }>(
  'banner/fetchBanners',
  async (_, { rejectWithValue }) => {
    try {
      return await getBanners();
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);
