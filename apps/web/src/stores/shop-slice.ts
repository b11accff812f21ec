import type { ShopIdentity } from '@makhana/domain/contracts/shop';
import { createSlice } from '@reduxjs/toolkit';
import { fetchShopIdentity } from '../api/get-shop-identity';

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
      });
  },
});

export const shopReducer = shopSlice.reducer;
