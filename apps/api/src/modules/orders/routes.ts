import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { success } from '../../lib/envelope';
import { type AuthKit, authOf } from '../auth/http';
import { listOrders } from './service';

export const orderRoutes: FastifyPluginAsync<{ db: Database; auth: AuthKit }> = async (
  app,
  { db, auth },
) => {
  /** A customer reads only their own orders; the owner reads every order. */
  app.get('/orderDetails', { preHandler: auth.requireCustomerOrOwner }, async (request) => {
    const { realm, subjectId } = authOf(request);
    const orders = await listOrders(db, { userId: realm === 'owner' ? null : subjectId });
    return success(orders, 'Orders fetched successfully');
  });
};
