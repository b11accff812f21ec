import type { Product } from '@makhana/domain/product';
import { apiUpload } from '../../../../lib/api-client';
import { ownerProductThunk } from './owner-product-thunk';

export interface AddProductImagesArgs {
  id: string;
  files: readonly File[];
}

/** POST /products/addProductImage/{id}: several pictures at once, multipart under `images`. */
export function postProductImages({ id, files }: AddProductImagesArgs): Promise<Product> {
  return apiUpload<Product>(`/products/addProductImage/${encodeURIComponent(id)}`, 'images', files);
}

export const addProductImages = ownerProductThunk(
  'addProductImages',
  async (args: AddProductImagesArgs) => ({ product: await postProductImages(args) }),
);
