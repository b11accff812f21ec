import { cancelOrderSchema } from '@makhana/domain/cancellation';
import { orderShape } from '@makhana/domain/contracts/checkout';
import { refundExtraPaymentSchema, refundOrderSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../../lib/envelope';
import { answers } from '../../../plugins/route-contracts';
import type { OrdersKit } from './kit';
import { cancelOrder, refundExtraPayment, refundOrder } from './refunds';

/**
 * The owner refunds a paid order that has not shipped, in full, or a second payment for an order
 * already paid; the customer cancels their own within 24 hours of paying. Each mailed.
 */
export const refundRoutes: FastifyPluginAsyncZod<{ orders: OrdersKit }> = async (
  app,
  { orders },
) => {
  app.post(
    '/refund/:orderId',
    {
      config: { realm: 'owner', freshProof: true },
      schema: {
        summary:
          'Refund a paid order in full through the gateway (Confirmed, or cancelled and waiting for its refund); it becomes Cancelled and its stock goes back',
        tags: ['checkout'],
        params: z.object({ orderId: z.string() }),
        body: refundOrderSchema,
        response: answers(orderShape, [409, 502, 503]),
      },
    },
    async (request) => {
      const { order, message } = await refundOrder(
        orders.context,
        request.auth.subjectId,
        request.params.orderId,
        request.body.reason,
      );
      return success(order, message);
    },
  );

  app.post(
    '/cancel/:orderId',
    {
      config: { realm: 'customer' },
      schema: {
        summary:
          'The customer cancels their paid order within 24 hours of its payment, before it ships: refunded in full, no charge; 409 says why not',
        tags: ['checkout'],
        params: z.object({ orderId: z.string() }),
        body: cancelOrderSchema,
        response: answers(orderShape, [404, 409, 502, 503]),
      },
    },
    async (request) => {
      const { order, message } = await cancelOrder(
        orders.context,
        request.auth.subjectId,
        request.params.orderId,
        request.body.reason,
      );
      return success(order, message);
    },
  );

  app.post(
    '/refund-extra-payment/:orderId',
    {
      config: { realm: 'owner', freshProof: true },
      schema: {
        summary:
          'Refund a second payment captured for an order already paid, through the gateway; the order itself does not change',
        tags: ['checkout'],
        params: z.object({ orderId: z.string() }),
        body: refundExtraPaymentSchema,
        response: answers(orderShape, [404, 502, 503]),
      },
    },
    async (request) => {
      const { order, message } = await refundExtraPayment(
        orders.context,
        request.params.orderId,
        request.body.paymentId,
      );
      return success(order, message);
    },
  );
};
