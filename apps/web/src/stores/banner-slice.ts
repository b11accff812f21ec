import type { Banner } from '@makhana/domain/product';
import { createSlice, type UnknownAction } from '@reduxjs/toolkit';
import { fetchBanners } from '../api/get-banners';

/**
 * The owner's banner operations (add, delete, reorder) are thunks of the owner feature typed
 * `banner/owner/<operation>` that answer the whole list; the home carousel follows it at once.
 */
export const OWNER_BANNER_OPERATION = 'banner/owner';

type OwnerAction<P> = UnknownAction & { payload: P };

function ownerOperation<P>(phase: 'pending' | 'fulfilled' | 'rejected') {
  return (action: UnknownAction): action is OwnerAction<P> =>
    action.type.startsWith(`${OWNER_BANNER_OPERATION}/`) && action.type.endsWith(`/${phase}`);
}

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
      .addMatcher(ownerOperation<undefined>('pending'), (state) => {
        state.loading = true;
        state.error = null;
      })
      .addMatcher(ownerOperation<Banner[]>('fulfilled'), (state, action) => {
        state.loading = false;
        state.banners = action.payload;
      })
      .addMatcher(ownerOperation<{ message: string } | undefined>('rejected'), (state, action) => {
        state.loading = false;
        state.error = action.payload?.message ?? 'Server error';
      });
  },
});

export const bannerReducer = bannerSlice.reducer;
