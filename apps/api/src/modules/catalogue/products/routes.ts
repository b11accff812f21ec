import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { parseInput } from '../../../lib/validation';
import type { CatalogueCache } from './catalogue-cache';
import { getProduct, listProducts, PRODUCT_NOT_FOUND } from './service';

const productParams = z.object({
  id: z.string().trim().min(1, 'Product id is required').max(100, 'Product id is too long'),
});

export const productRoutes: FastifyPluginAsync<{
  db: Database;
  catalogue: CatalogueCache;
}> = async (app, { db, catalogue }) => {
  const cachedList = () => catalogue.list(() => listProducts(db));

  app.get('/getProductDetails', async () => {
    return success(await cachedList(), 'Products fetched successfully');
  });

  app.get('/getProductDetails/:id', async (request) => {
    const { id } = parseInput(productParams, request.params);
    if (!isUuid(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
    const cached = (await cachedList()).find((product) => product._id === id);
    return success(cached ?? (await getProduct(db, id)), 'Product fetched successfully');
  });
};
