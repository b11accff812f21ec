import type { ApiSuccess } from '@makhana/domain/api';
import type { OwnerShopSettings, ShopIdentity } from '@makhana/domain/contracts/shop';
import { createSlice } from '@reduxjs/toolkit';
import { fetchShopIdentity } from '../api/get-shop-identity';
import { apiWriteDone } from './api-writes';

/** The owner's save of who sells (features/owner/api/shop-settings.ts), by its endpoint's name. */
const ownerSavedSettings = apiWriteDone<ApiSuccess<OwnerShopSettings>>(['saveShopSettings']);

export interface ShopState {
  /** who sells, as the footer and the grievance page show it; null before any is known */
  identity: ShopIdentity | null;
  /** asked for already (a served page brings it): not asked again */
  asked: boolean;
}

const initialState: ShopState = { identity: null, asked: false };

const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchShopIdentity.pending, (state) => {
        state.asked = true;
      })
      .addCase(fetchShopIdentity.fulfilled, (state, action) => {
        state.identity = action.payload;
      })
      .addCase(fetchShopIdentity.rejected, (state) => {
        // Asked again on the next page that shows it.
        state.asked = false;
      })
      // The owner's own pages show what was just saved, not what the page loaded with.
      .addMatcher(ownerSavedSettings, (state, action) => {
        const {
          invoicePrefix: _private,
          savedAt: _at,
          missing: _missing,
          ...identity
        } = action.payload.data;
        state.identity = identity;
        state.asked = true;
      });
  },
});

export const shopReducer = shopSlice.reducer;
