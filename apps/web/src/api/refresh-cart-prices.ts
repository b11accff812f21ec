import type { Product } from '@makhana/domain/product';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { fetchProducts } from './get-products';
import { type OrderThunkConfig, refusal } from './order-thunk';

/**
 * Reloads the catalogue (fetchProducts) so the cart can take today's prices, after a refused or
 * abandoned order; the cart slice applies the answer.
 */
export const refreshCartPrices = createAsyncThunk<Product[], void, OrderThunkConfig>(
  'cart/refreshPrices',
  async (_, { dispatch, rejectWithValue }) => {
    try {
      return await dispatch(fetchProducts()).unwrap();
    } catch (reason) {
      return rejectWithValue(refusal(typeof reason === 'string' ? new Error(reason) : reason));
    }
  },
);
