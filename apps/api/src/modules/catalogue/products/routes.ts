import { productShape } from '@makhana/domain/contracts/catalogue';
import { ownerProductsQueryShape } from '@makhana/domain/contracts/owner';
import { productSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { page, success } from '../../../lib/envelope';
import { NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { answers, pageAnswers } from '../../../plugins/route-contracts';
import type { CatalogueCache } from './catalogue-cache';
import { listOwnerProducts } from './owner-list';
import { addProduct, deleteProduct, updateProduct } from './owner-writes';
import { KEPT_READ, prepareAnswer, REVALIDATED, sendPrepared } from './prepared-answer';
import { getProduct, listProducts, PRODUCT_NOT_FOUND } from './service';

export const PRODUCT_ADDED = 'Product Added successfully';
export const PRODUCT_UPDATED = 'Product updated successfully';
export const PRODUCT_DELETED = 'Product Delete successfully';
export const PRODUCTS_FETCHED = 'Products fetched successfully';

const productParams = z.object({
  id: z.string().trim().min(1, 'Product id is required').max(100, 'Product id is too long'),
});
// Not checked as uuids here: any other id answers the same 404 as a missing row.
const ownerParams = z.object({ productId: z.string().max(100, 'Product id is too long') });

export const productRoutes: FastifyPluginAsyncZod<{
  db: Database;
  catalogue: CatalogueCache;
}> = async (app, { db, catalogue }) => {
  const ctx = { db };
  const cachedList = () => catalogue.list(() => listProducts(db));

  app.get(
    '/getProductDetails',
    {
      ...KEPT_READ,
      schema: {
        summary: 'Every product, newest first',
        description: REVALIDATED,
        tags: ['catalogue'],
        response: answers(z.array(productShape)),
      },
    },
    async (request, reply) => {
      const key = 'answer:products';
      const answer = await catalogue.get(key, async () =>
        prepareAnswer(reply, success(await cachedList(), PRODUCTS_FETCHED)),
      );
      return sendPrepared(request, reply, answer, key);
    },
  );

  app.get(
    '/getProductDetails/:id',
    {
      ...KEPT_READ,
      schema: {
        summary: 'One product',
        description: REVALIDATED,
        tags: ['catalogue'],
        params: productParams,
        response: answers(productShape),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
      // A missing product is a failed load, never kept: the 404 is asked of the database each time.
      const key = `answer:product:${id.toLowerCase()}`;
      const answer = await catalogue.get(key, async () => {
        const cached = (await cachedList()).find((product) => product._id === id);
        const product = cached ?? (await getProduct(db, id));
        return prepareAnswer(reply, success(product, 'Product fetched successfully'));
      });
      return sendPrepared(request, reply, answer, key);
    },
  );

  app.get(
    '/owner-list',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "The owner's products a page at a time, read fresh",
        description:
          '`?q=` searches the name, the flavour and the skus (the product’s and its weights’); `?sort=` orders the list. Deleted products are left out.',
        tags: ['catalogue'],
        querystring: ownerProductsQueryShape,
        response: pageAnswers(productShape),
      },
    },
    async (request) => {
      const { products, meta } = await listOwnerProducts(db, request.query);
      return page(products, meta, PRODUCTS_FETCHED);
    },
  );

  app.post(
    '/addProduct',
    {
      config: { realm: 'owner' },
      schema: {
        summary: 'Add a product with its weights; an empty sku is assigned',
        tags: ['catalogue'],
        body: productSchema,
        response: answers(productShape, [409]),
      },
    },
    async (request) => success(await addProduct(ctx, request.body), PRODUCT_ADDED),
  );

  app.post(
    '/updateProduct/:productId',
    {
      config: { realm: 'owner' },
      schema: {
        summary: 'Replace a product and its weights; weights that stay keep their rows',
        tags: ['catalogue'],
        params: ownerParams,
        body: productSchema,
        response: answers(productShape, [409]),
      },
    },
    async (request) =>
      success(await updateProduct(ctx, request.params.productId, request.body), PRODUCT_UPDATED),
  );

  app.post(
    '/deleteProduct/:productId',
    {
      config: { realm: 'owner' },
      schema: {
        summary: 'Hide a product from the shop; its orders keep their lines',
        tags: ['catalogue'],
        params: ownerParams,
        response: answers(z.object({ _id: z.string() })),
      },
    },
    async (request) => success(await deleteProduct(ctx, request.params.productId), PRODUCT_DELETED),
  );
};
