import { orderShape } from '@makhana/domain/contracts/checkout';
import { apiPageShape, apiSuccessShape } from '@makhana/domain/contracts/envelope';
import { ownerOrdersQueryShape } from '@makhana/domain/contracts/owner';
import { orderStatusMoveSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PincodeDirectory } from '../../../adapters/pincode/pincode-directory';
import type { Database } from '../../../db/client';
import { page, success } from '../../../lib/envelope';
import { ConflictError } from '../../../lib/errors';
import { answers, pageAnswers } from '../../../plugins/route-contracts';
import {
  createOrder,
  createOrderHeadersSchema,
  createOrderSchema,
  ORDER_CREATED,
} from './checkout';
import type { OrdersKit } from './kit';
import { listOrders, listOwnerOrders, ORDER_NOT_FOUND, orderDetails, orderView } from './service';
import { markFailed } from './state-changes';
import { moveOrderStatus, ORDER_MARKED } from './status-moves';

export const ORDERS_FETCHED = 'Orders fetched successfully';
export const SELLER_NOT_SET_UP =
  "The shop is not taking orders yet: the seller's details are still being set up. Please try again later.";
export const ORDER_CANCELLED = 'Order cancelled';
export const ORDER_ALREADY_PAID_NOTHING_CANCELLED =
  'This order is already paid, so it was not cancelled.';

const orderIdSchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, 'orderId is required').max(100),
});

// Not checked as a uuid here: any other id answers the same 404 as a missing order.
const orderParams = z.object({ id: z.string() });

export const orderRoutes: FastifyPluginAsyncZod<{
  db: Database;
  orders: OrdersKit;
  /**
   * Whether the shop may sell: in production, once its owner has saved who sells (the law's
   * identity of a seller); always elsewhere.
   */
  takesOrders: () => Promise<boolean>;
  directory: PincodeDirectory;
}> = async (app, { db, orders, directory, takesOrders }) => {
  const ctx = orders.context;

  /**
   * A customer reads their whole list, as always; the owner reads every order a page at a time,
   * searched and narrowed by `?q=`, `?status=`, `?paymentStatus=` and `?needsRefund=true`.
   */
  app.get(
    '/orderDetails',
    {
      config: { realm: 'customerOrOwner' },
      schema: {
        summary:
          "The caller's orders, or every order for the owner, a page at a time; newest first",
        description:
          'A customer gets all their orders and no `meta`; the query is read for the owner only.',
        tags: ['checkout'],
        querystring: ownerOrdersQueryShape,
        response: {
          ...pageAnswers(orderShape),
          200: z.union([apiPageShape(orderShape), apiSuccessShape(z.array(orderShape))]).meta({
            description: "Done: the owner's page with its `meta`, or the customer's whole list",
          }),
        },
      },
    },
    async (request) => {
      const { realm, subjectId } = request.auth;
      if (realm === 'owner') {
        const { orders: list, meta } = await listOwnerOrders(db, request.query);
        return page(list, meta, ORDERS_FETCHED);
      }
      return success(await listOrders(db, { userId: subjectId }), ORDERS_FETCHED);
    },
  );

  /** One order, for its customer or the owner; anyone else gets the same 404 as a missing one. */
  app.get(
    '/order-id-details/:id',
    {
      config: { realm: 'customerOrOwner' },
      schema: {
        summary: 'One order, for its customer or the owner',
        tags: ['checkout'],
        params: orderParams,
        response: answers(orderShape),
      },
    },
    async (request) => {
      const { realm, subjectId } = request.auth;
      const order = await orderDetails(db, request.params.id, {
        userId: realm === 'owner' ? null : subjectId,
      });
      return success(order, 'Order fetched successfully');
    },
  );

  app.post(
    '/createOrder',
    {
      // One order, a KB or two: compressing it costs both ends more CPU than the bytes it saves.
      compress: false,
      config: { realm: 'customer' },
      schema: {
        summary: 'Place an order from the cart, its stock held until it is paid or expires',
        tags: ['checkout'],
        description:
          'With an `Idempotency-Key` header (new to each order the shopper means to place), the same key from the same customer within 24 hours answers the order it first made, holding no stock for another.',
        headers: createOrderHeadersSchema,
        body: createOrderSchema,
        response: answers(orderShape, [409, 503]),
      },
    },
    async (request) => {
      if (!(await takesOrders())) throw new ConflictError(SELLER_NOT_SET_UP);
      const order = await createOrder(
        ctx,
        directory,
        request.auth.subjectId,
        request.body,
        request.headers['idempotency-key'] ?? null,
      );
      return success(order, ORDER_CREATED);
    },
  );

  /** The payment window was dismissed: the caller's own pending order is cancelled. */
  app.post(
    '/mark-failed',
    {
      config: { realm: 'customer' },
      schema: {
        summary: 'Cancel an unpaid order whose payment window was closed',
        tags: ['checkout'],
        body: orderIdSchema,
        response: answers(orderShape),
      },
    },
    async (request) => {
      const { orderId } = request.body;
      const { paid } = await markFailed(ctx, request.auth.subjectId, orderId);
      const order = await orderView(db, orderId, ORDER_NOT_FOUND);
      return success(order, paid ? ORDER_ALREADY_PAID_NOTHING_CANCELLED : ORDER_CANCELLED);
    },
  );

  /** The owner moves a paid order to Shipped (with its tracking) or Delivered; mailed to its customer. */
  app.post(
    '/update-status/:orderId',
    {
      config: { realm: 'owner' },
      schema: {
        summary:
          'Move a paid order from Confirmed to Shipped (with a tracking number) to Delivered',
        tags: ['checkout'],
        params: z.object({ orderId: z.string() }),
        body: orderStatusMoveSchema,
        response: answers(orderShape, [409]),
      },
    },
    async (request) => {
      const order = await moveOrderStatus(
        ctx,
        request.auth.subjectId,
        request.params.orderId,
        request.body,
      );
      return success(order, ORDER_MARKED[request.body.status]);
    },
  );
};
