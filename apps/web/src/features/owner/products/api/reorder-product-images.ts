import type { Product } from '@makhana/domain/product';
import { apiRequest } from '../../../../lib/api-client';
import { ownerProductThunk } from './owner-product-thunk';

export interface ReorderProductImagesArgs {
  id: string;
  /** every picture of the product, the main one first */
  images: string[];
}

/** POST /products/reorderProductImages/{id}: the pictures in their new order. */
export function postProductImageOrder({ id, images }: ReorderProductImagesArgs): Promise<Product> {
  return apiRequest<Product>(`/products/reorderProductImages/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { images },
  });
}

export const reorderProductImages = ownerProductThunk(
  'reorderProductImages',
  async (args: ReorderProductImagesArgs) => ({ product: await postProductImageOrder(args) }),
);
