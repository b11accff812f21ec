import type { Product } from '@makhana/domain/product';
import type { ProductInput } from '@makhana/domain/validation';
import { apiRequest } from '../../../../lib/api-client';
import { ownerProductThunk } from './owner-product-thunk';

/** POST /products/addProduct: an empty variant sku is assigned by the server, a taken one is a 409. */
export function postProduct(body: ProductInput): Promise<Product> {
  return apiRequest<Product>('/products/addProduct', { method: 'POST', body });
}

export const addProduct = ownerProductThunk('addProduct', async (body: ProductInput) => ({
  product: await postProduct(body),
}));
