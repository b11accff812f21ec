import type { Product } from '@makhana/domain/product';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { apiRequest, errorMessage } from '../lib/api-client';

/** GET /products/getProductDetails/{id}: one product, for its page. */
export function getProduct(id: string): Promise<Product> {
  return apiRequest<Product>(`/products/getProductDetails/${encodeURIComponent(id)}`);
}

export const fetchProductById = createAsyncThunk<Product, string, { rejectValue: string }>(
  'product/fetchProductById',
  async (id, { rejectWithValue }) => {
    try {
      return await getProduct(id);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);
