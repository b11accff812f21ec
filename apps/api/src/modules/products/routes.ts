import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { success } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { getProduct, listProducts } from './service';

const productParams = z.object({
  id: z.string().trim().min(1, 'Product id is required').max(100, 'Product id is too long'),
});

export const productRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/getProductDetails', async () => {
    return success(await listProducts(db), 'Products fetched successfully');
  });

  app.get('/getProductDetails/:id', async (request) => {
    const { id } = parseInput(productParams, request.params);
    return success(await getProduct(db, id), 'Product fetched successfully');
  });
};
