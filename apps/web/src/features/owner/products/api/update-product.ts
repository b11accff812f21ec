import type { Product } from '@makhana/domain/product';
import type { ProductInput } from '@makhana/domain/validation';
import { apiRequest } from '../../../../lib/api-client';
import { ownerProductThunk } from './owner-product-thunk';

export interface UpdateProductArgs {
  id: string;
  body: ProductInput;
}

/** POST /products/updateProduct/{id}: the whole product, its variants included. */
export function postProductUpdate({ id, body }: UpdateProductArgs): Promise<Product> {
  return apiRequest<Product>(`/products/updateProduct/${encodeURIComponent(id)}`, {
    method: 'POST',
    body,
  });
}

export const updateProduct = ownerProductThunk(
  'updateProduct',
  async (args: UpdateProductArgs) => ({
    product: await postProductUpdate(args),
  }),
);
