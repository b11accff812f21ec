import type { Product } from '@makhana/domain/product';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { apiRequest, errorMessage } from '../lib/api-client';

/** GET /products/getProductDetails: the whole catalogue. */
export function getProducts(): Promise<Product[]> {
  return apiRequest<Product[]>('/products/getProductDetails');
}

export const fetchProducts = createAsyncThunk<Product[], void, { rejectValue: string }>(
  'product/fetchProducts',
  async (_, { rejectWithValue }) => {
    try {
      return await getProducts();
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);
