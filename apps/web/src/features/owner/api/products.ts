import type { ApiSuccess } from '@makhana/domain/api';
import type { Product } from '@makhana/domain/product';
import type { ProductInput } from '@makhana/domain/validation';
import type { ApiCall } from '../../../lib/api-slice';
import { apiSlice, onSuccess } from '../../../lib/api-slice';

const productPath = (operation: string, id: string) =>
  `/products/${operation}/${encodeURIComponent(id)}`;

/**
 * A multipart POST of pictures under `images`, each followed by its `alt` when given (the server
 * pairs them in order); the browser writes the boundary.
 */
export function picturesCall(
  path: string,
  files: readonly Blob[],
  alts?: readonly string[],
): ApiCall {
  const form = new FormData();
  files.forEach((file, index) => {
    form.append('images', file);
    if (alts) form.append('alt', alts[index] ?? '');
  });
  return { path, method: 'POST', body: form };
}

const productOf = (answer: ApiSuccess<Product>) => answer.data;

const LIST = { type: 'Product', id: 'LIST' } as const;

/**
 * The owner's product writes. Each answers the product as the server now holds it (a delete, its
 * id); the shop's own product slice follows them by name (`OWNER_PRODUCT_WRITES`), so the
 * catalogue shows a change at once. A write that can move a product in the owner's list or
 * change the count asks for the list again; a picture's change only replaces its row.
 */
export const ownerProductsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** An empty variant sku is assigned by the server, a taken one is a 409. */
    addProduct: build.mutation<Product, ProductInput>({
      query: (body) => ({ path: '/products/addProduct', method: 'POST', body }),
      transformResponse: productOf,
      invalidatesTags: onSuccess(LIST, 'DashboardFigures'),
    }),
    /** The whole product, its variants included. */
    updateProduct: build.mutation<Product, { id: string; body: ProductInput }>({
      query: ({ id, body }) => ({ path: productPath('updateProduct', id), method: 'POST', body }),
      transformResponse: productOf,
      invalidatesTags: onSuccess(LIST),
    }),
    /** Several pictures at once, after the product's others; an empty alt is the default. */
    addProductImages: build.mutation<
      Product,
      { id: string; files: readonly File[]; alts?: readonly string[] }
    >({
      query: ({ id, files, alts }) => picturesCall(productPath('addProductImage', id), files, alts),
      transformResponse: productOf,
    }),
    /** What one picture shows, its alternative text; empty goes back to the default. */
    setProductImageAlt: build.mutation<Product, { id: string; imageUrl: string; alt: string }>({
      query: ({ id, imageUrl, alt }) => ({
        path: productPath('productImageAlt', id),
        method: 'POST',
        body: { imageUrl, alt },
      }),
      transformResponse: productOf,
    }),
    /** One picture, by its URL, with every stored width. */
    deleteProductImage: build.mutation<Product, { id: string; imageUrl: string }>({
      query: ({ id, imageUrl }) => ({
        path: productPath('deleteProductImage', id),
        method: 'POST',
        body: { imageUrl },
      }),
      transformResponse: productOf,
    }),
    /** Every picture of the product in its new order, the main one first. */
    reorderProductImages: build.mutation<Product, { id: string; images: string[] }>({
      query: ({ id, images }) => ({
        path: productPath('reorderProductImages', id),
        method: 'POST',
        body: { images },
      }),
      transformResponse: productOf,
    }),
    /** Takes the product off the shop; answers its id. */
    deleteProduct: build.mutation<string, string>({
      query: (id) => ({ path: productPath('deleteProduct', id), method: 'POST' }),
      transformResponse: (answer: ApiSuccess<{ _id?: string }>, _meta, id) => answer.data._id ?? id,
      invalidatesTags: onSuccess(LIST, 'DashboardFigures'),
    }),
  }),
});

export const {
  useAddProductMutation,
  useUpdateProductMutation,
  useAddProductImagesMutation,
  useDeleteProductImageMutation,
  useReorderProductImagesMutation,
  useSetProductImageAltMutation,
  useDeleteProductMutation,
} = ownerProductsApi;
