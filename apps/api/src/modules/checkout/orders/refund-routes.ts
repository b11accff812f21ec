import { cancelOrderSchema } from '@makhana/domain/cancellation';
import { orderShape } from '@makhana/domain/contracts/checkout';
import { refundOrderSchema, resendRefundSchema } from '@makhana/domain/refunds';
import { refundExtraPaymentSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../../lib/envelope';
import { answers } from '../../../plugins/route-contracts';
import type { OrdersKit } from './kit';
import { cancelOrder, refundExtraPayment, refundOrder, resendRefund } from './refunds';

/**
 * The owner refunds a paid order, in full or in part, or a second payment for an order already
 * paid; the customer cancels their own within 24 hours of paying. Each mailed.
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
          'Refund a paid order through the gateway: everything left (the reason alone), chosen lines and units (`lines`, each `restock` to put its units back on the shelf), or an amount in rupees (`amount`). Shipped and delivered orders included; everything left of an order not shipped cancels it and puts its units back',
        tags: ['checkout'],
        params: z.object({ orderId: z.string() }),
        body: refundOrderSchema,
        response: answers(orderShape, [404, 409, 502, 503]),
      },
    },
    async (request) => {
      const { order, message } = await refundOrder(
        orders.context,
        request.auth.subjectId,
        request.params.orderId,
        request.body,
      );
      return success(order, message);
    },
  );

  app.post(
    '/refund-again/:orderId',
    {
      config: { realm: 'owner', freshProof: true },
      schema: {
        summary:
          'Send again a refund the bank sent back (its status `failed`): the same amount, under a new key for this attempt; a refund on its way already changes nothing',
        tags: ['checkout'],
        params: z.object({ orderId: z.string() }),
        body: resendRefundSchema,
        response: answers(orderShape, [404, 502, 503]),
      },
    },
    async (request) => {
      const { order, message } = await resendRefund(
        orders.context,
        request.params.orderId,
        request.body.refundId,
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
