import { noFilters, type ProductFilters } from '@makhana/domain/filters';
import type { Product } from '@makhana/domain/product';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { apiRequest, errorMessage } from '../lib/api-client';

export interface ProductState {
  product: Product | null;
  productDetails: Product[];
  loading: boolean;
  error: string | null;
  filters: ProductFilters;
}

const initialState: ProductState = {
  product: null,
  productDetails: [],
  loading: false,
  error: null,
  filters: noFilters,
};

export const fetchProducts = createAsyncThunk<Product[], void, { rejectValue: string }>(
  'product/fetchProducts',
  async (_, { rejectWithValue }) => {
    try {
      return await apiRequest<Product[]>('/products/getProductDetails');
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

export const fetchProductById = createAsyncThunk<Product, string, { rejectValue: string }>(
  'product/fetchProductById',
  async (id, { rejectWithValue }) => {
    try {
      return await apiRequest<Product>(`/products/getProductDetails/${encodeURIComponent(id)}`);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    setProduct(state, action: PayloadAction<Product | null>) {
      state.product = action.payload;
    },
    setFilter(state, action: PayloadAction<{ key: keyof ProductFilters; value: string }>) {
      state.filters[action.payload.key] = action.payload.value;
    },
    resetFilters(state) {
      state.filters = noFilters;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchProducts.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchProducts.fulfilled, (state, action) => {
        state.loading = false;
        state.productDetails = action.payload;
      })
      .addCase(fetchProducts.rejected, (state, action) => {
        state.loading = false;
        if (!action.meta.aborted) state.error = action.payload ?? 'Server error';
      })
      // One product's load reports through its own promise: a failed deep link must not mark the
      // catalogue as failed.
      .addCase(fetchProductById.fulfilled, (state, action) => {
        state.product = action.payload;
      });
  },
});

export const { setProduct, setFilter, resetFilters } = productSlice.actions;
export const productReducer = productSlice.reducer;
