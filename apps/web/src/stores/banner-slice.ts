import type { Banner } from '@makhana/domain/product';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { apiRequest, errorMessage } from '../lib/api-client';

export interface BannerState {
  banners: Banner[];
  loading: boolean;
  error: string | null;
}

const initialState: BannerState = { banners: [], loading: false, error: null };

export const fetchBanners = createAsyncThunk<Banner[], void, { rejectValue: string }>(
  'banner/fetchBanners',
  async (_, { rejectWithValue }) => {
    try {
      return await apiRequest<Banner[]>('/banners/getBannerDetails');
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

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
      });
  },
});

export const bannerReducer = bannerSlice.reducer;
