import { createAsyncThunk } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { fetchProducts } from '../api/get-products';
import { classic, makeProduct, periPeri } from '../test/shop-fixtures';
import {
  OWNER_PRODUCT_OPERATION,
  type OwnerFailure,
  type OwnerProductResult,
  productReducer,
  setProduct,
} from './product-slice';

// The owner feature's operations as the slice knows them: by their type's prefix.
const operation = (name: string) =>
  createAsyncThunk<OwnerProductResult, unknown, { rejectValue: OwnerFailure }>(
    `${OWNER_PRODUCT_OPERATION}/${name}`,
    async () => ({ deletedId: '' }),
  );
const addProduct = operation('addProduct');
const updateProduct = operation('updateProduct');
const deleteProduct = operation('deleteProduct');

const loaded = productReducer(undefined, fetchProducts.fulfilled([classic, periPeri], 'load'));
const body = {} as never;

describe('product slice: the owner operations', () => {
  it('sets loading while one runs and clears the last error', () => {
    const failed = { ...loaded, error: 'Earlier failure' };
    const state = productReducer(failed, addProduct.pending('op', body));
    expect(state.loading).toBe(true);
    expect(state.error).toBeNull();
  });

  it('stores the added product, first in the catalogue (newest first)', () => {
    const added = makeProduct({ _id: 'prod-new', name: 'Mint Makhana' });
    const state = productReducer(loaded, addProduct.fulfilled({ product: added }, 'op', body));
    expect(state.loading).toBe(false);
    expect(state.product).toEqual(added);
    expect(state.productDetails.map((p) => p._id)).toEqual(['prod-new', classic._id, periPeri._id]);
  });

  it('stores the updated product in place', () => {
    const changed = { ...periPeri, price: 399 };
    const state = productReducer(
      loaded,
      updateProduct.fulfilled({ product: changed }, 'op', { id: periPeri._id, body }),
    );
    expect(state.product).toEqual(changed);
    expect(state.productDetails).toEqual([classic, changed]);
  });

  it('takes a deleted product out of the catalogue and of the current product', () => {
    const showing = productReducer(loaded, setProduct(periPeri));
    const state = productReducer(
      showing,
      deleteProduct.fulfilled({ deletedId: periPeri._id }, 'op', periPeri._id),
    );
    expect(state.productDetails).toEqual([classic]);
    expect(state.product).toBeNull();
  });

  it("stores the server's message on a refusal and keeps the catalogue", () => {
    const state = productReducer(
      loaded,
      addProduct.rejected(null, 'op', body, { message: 'Name is required', errors: [] }),
    );
    expect(state.loading).toBe(false);
    expect(state.error).toBe('Name is required');
    expect(state.productDetails).toEqual([classic, periPeri]);
  });
});
