import { noFilters, type ProductFilters } from '@makhana/domain/filters';
import type { Product } from '@makhana/domain/product';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { fetchProductById } from '../api/get-product';
import { fetchProducts } from '../api/get-products';
import { apiWriteDone } from './api-writes';

/**
 * The owner's product writes, by the names of their endpoints (features/owner/api/products.ts):
 * the catalogue and the current product follow their answers, so the shop shows a change at once.
 */
export const OWNER_PRODUCT_WRITES = [
  'addProduct',
  'updateProduct',
  'addProductImages',
  'deleteProductImage',
  'reorderProductImages',
  'setProductImageAlt',
  'deleteProduct',
] as const;

/** Each write answers the product as the server now holds it; a delete, the product's id. */
const ownerProductWritten = apiWriteDone<Product | string>(OWNER_PRODUCT_WRITES);

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

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    setProduct(state, action: PayloadAction<Product | null>) {
      state.product = action.payload;
    },
    /** The catalogue's address chooses the filters; the page keeps this copy in step with it. */
    setFilters(state, action: PayloadAction<ProductFilters>) {
      state.filters = action.payload;
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
      // catalogue as failed. Its fresh figures (a new rating after a review) replace the
      // catalogue's copy too, so the cards agree with the page.
      .addCase(fetchProductById.fulfilled, (state, action) => {
        state.product = action.payload;
        const index = state.productDetails.findIndex((p) => p._id === action.payload._id);
        if (index !== -1) state.productDetails[index] = action.payload;
      })
      .addMatcher(ownerProductWritten, (state, action) => {
        const result = action.payload;
        if (typeof result === 'string') {
          state.productDetails = state.productDetails.filter((p) => p._id !== result);
          if (state.product?._id === result) state.product = null;
          return;
        }
        if (state.product?._id === result._id) state.product = result;
        const index = state.productDetails.findIndex((p) => p._id === result._id);
        if (index === -1) state.productDetails.unshift(result);
        else state.productDetails[index] = result;
      });
  },
});

export const { setProduct, setFilters } = productSlice.actions;
export const productReducer = productSlice.reducer;
