import { productShape } from '@makhana/domain/contracts/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { answers } from '../../../plugins/route-contracts';
import type { CatalogueCache } from './catalogue-cache';
import { getProduct, listProducts, PRODUCT_NOT_FOUND } from './service';

const productParams = z.object({
  id: z.string().trim().min(1, 'Product id is required').max(100, 'Product id is too long'),
});

export const productRoutes: FastifyPluginAsyncZod<{
  db: Database;
  catalogue: CatalogueCache;
}> = async (app, { db, catalogue }) => {
  const cachedList = () => catalogue.list(() => listProducts(db));

  app.get(
    '/getProductDetails',
    {
      schema: {
        summary: 'Every product, newest first',
        tags: ['catalogue'],
        response: answers(z.array(productShape)),
      },
    },
    async () => success(await cachedList(), 'Products fetched successfully'),
  );

  app.get(
    '/getProductDetails/:id',
    {
      schema: {
        summary: 'One product',
        tags: ['catalogue'],
        params: productParams,
        response: answers(productShape),
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const cached = (await cachedList()).find((product) => product._id === id);
      return success(cached ?? (await getProduct(db, id)), 'Product fetched successfully');
    },
  );
};
