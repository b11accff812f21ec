import type { ShopIdentity } from '@makhana/domain/contracts/shop';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { ApiError, apiRequest, errorMessage } from '../lib/api-client';

/** GET /shop/identity: who sells; null while the shop has set none out. */
export async function getShopIdentity(): Promise<ShopIdentity | null> {
  try {
    return await apiRequest<ShopIdentity>('/shop/identity');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const fetchShopIdentity = createAsyncThunk<
  ShopIdentity | null,
  void,
  { rejectValue: string }
>(
  'shop/fetchIdentity',
  async (_, { rejectWithValue }) => {
    try {
      return await getShopIdentity();
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
  {
    // Several parts of a page ask at once (the footer, the contact details): one request serves.
    condition: (_, { getState }) => !(getState() as { shop: { asked: boolean } }).shop.asked,
  },
);
