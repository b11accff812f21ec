import type { Product } from '@makhana/domain/product';
import { apiRequest } from '../../../../lib/api-client';
import { ownerProductThunk } from './owner-product-thunk';

export interface DeleteProductImageArgs {
  id: string;
  imageUrl: string;
}

/** POST /products/deleteProductImage/{id}: one picture, by its URL. */
export function postProductImageDelete({ id, imageUrl }: DeleteProductImageArgs): Promise<Product> {
  return apiRequest<Product>(`/products/deleteProductImage/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { imageUrl },
  });
}

export const deleteProductImage = ownerProductThunk(
  'deleteProductImage',
  async (args: DeleteProductImageArgs) => ({ product: await postProductImageDelete(args) }),
);
