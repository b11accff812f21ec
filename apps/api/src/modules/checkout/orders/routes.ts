import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PincodeDirectory } from '../../../adapters/pincode/pincode-directory';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { parseInput } from '../../../lib/validation';
import { createOrder, ORDER_CREATED, parseCreateOrder } from './checkout';
import type { OrdersKit } from './kit';
import { listOrders, ORDER_NOT_FOUND, orderDetails, orderView } from './service';
import { markFailed } from './state-changes';

export const ORDER_CANCELLED = 'Order cancelled';
export const ORDER_ALREADY_PAID_NOTHING_CANCELLED =
  'This order is already paid, so it was not cancelled.';

const orderIdSchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, 'orderId is required').max(100),
});

export const orderRoutes: FastifyPluginAsync<{
  db: Database;
  orders: OrdersKit;
  directory: PincodeDirectory;
}> = async (app, { db, orders, directory }) => {
  const ctx = orders.context;

  /** A customer reads only their own orders; the owner reads every order. */
  app.get('/orderDetails', { preHandler: app.auth.requireCustomerOrOwner }, async (request) => {
    const { realm, subjectId } = request.auth;
    const list = await listOrders(db, { userId: realm === 'owner' ? null : subjectId });
    return success(list, 'Orders fetched successfully');
  });

  /** One order, for its customer or the owner; anyone else gets the same 404 as a missing one. */
  app.get(
    '/order-id-details/:id',
    { preHandler: app.auth.requireCustomerOrOwner },
    async (request) => {
      const { realm, subjectId } = request.auth;
      const { id } = request.params as { id: string };
      const order = await orderDetails(db, id, { userId: realm === 'owner' ? null : subjectId });
      return success(order, 'Order fetched successfully');
    },
  );

  app.post('/createOrder', { preHandler: app.auth.requireCustomer }, async (request) => {
    const input = parseCreateOrder(request.body);
    const order = await createOrder(ctx, directory, request.auth.subjectId, input);
    return success(order, ORDER_CREATED);
  });

  /** The payment window was dismissed: the caller's own pending order is cancelled. */
  app.post('/mark-failed', { preHandler: app.auth.requireCustomer }, async (request) => {
    const { orderId } = parseInput(orderIdSchema, request.body);
    const userId = request.auth.subjectId;
    const { paid } = await markFailed(ctx, userId, orderId);
    const order = await orderView(db, orderId, ORDER_NOT_FOUND);
    return success(order, paid ? ORDER_ALREADY_PAID_NOTHING_CANCELLED : ORDER_CANCELLED);
  });
};
