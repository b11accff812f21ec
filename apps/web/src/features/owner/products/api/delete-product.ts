import { apiRequest } from '../../../../lib/api-client';
import { ownerProductThunk } from './owner-product-thunk';

/** POST /products/deleteProduct/{id}: answers the id of the product taken off the shop. */
export function postProductDelete(id: string): Promise<{ _id: string }> {
  return apiRequest<{ _id: string }>(`/products/deleteProduct/${encodeURIComponent(id)}`, {
    method: 'POST',
  });
}

export const deleteProduct = ownerProductThunk('deleteProduct', async (id: string) => ({
  deletedId: (await postProductDelete(id))._id ?? id,
}));
