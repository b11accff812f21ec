import { noFilters, type ProductFilters } from '@makhana/domain/filters';
import type { Product } from '@makhana/domain/product';
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { fetchProductById } from '../api/get-product';
import { fetchProducts } from '../api/get-products';

/**
 * The owner's product operations (add, update, add image, delete image, delete) are thunks of the
 * owner feature typed `product/owner/<operation>`; the slice follows them by that prefix, since a
 * slice never imports a feature.
 */
export const OWNER_PRODUCT_OPERATION = 'product/owner';

/** What an owner operation answers: the product as the server now holds it, or the one deleted. */
export type OwnerProductResult = { product: Product } | { deletedId: string };

/** A refused owner operation: the server's message and the fields it named. */
export interface OwnerFailure {
  message: string;
  errors: { field: string; message: string }[];
}

type OwnerAction<P> = UnknownAction & { payload: P };

function ownerOperation<P>(phase: 'pending' | 'fulfilled' | 'rejected') {
  return (action: UnknownAction): action is OwnerAction<P> =>
    action.type.startsWith(`${OWNER_PRODUCT_OPERATION}/`) && action.type.endsWith(`/${phase}`);
}

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
      // catalogue as failed. Its fresh figures (a new rating after a review) replace the
      // catalogue's copy too, so the cards agree with the page.
      .addCase(fetchProductById.fulfilled, (state, action) => {
        state.product = action.payload;
        const index = state.productDetails.findIndex((p) => p._id === action.payload._id);
        if (index !== -1) state.productDetails[index] = action.payload;
      })
      .addMatcher(ownerOperation<undefined>('pending'), (state) => {
        state.loading = true;
        state.error = null;
      })
      // The catalogue and the current product follow at once, so the shop shows the change.
      .addMatcher(ownerOperation<OwnerProductResult>('fulfilled'), (state, action) => {
        state.loading = false;
        const result = action.payload;
        if ('deletedId' in result) {
          state.productDetails = state.productDetails.filter((p) => p._id !== result.deletedId);
          if (state.product?._id === result.deletedId) state.product = null;
          return;
        }
        state.product = result.product;
        const index = state.productDetails.findIndex((p) => p._id === result.product._id);
        if (index === -1) state.productDetails.unshift(result.product);
        else state.productDetails[index] = result.product;
      })
      .addMatcher(ownerOperation<OwnerFailure | undefined>('rejected'), (state, action) => {
        state.loading = false;
        state.error = action.payload?.message ?? 'Server error';
      });
  },
});

export const { setProduct, setFilter, resetFilters } = productSlice.actions;
export const productReducer = productSlice.reducer;
