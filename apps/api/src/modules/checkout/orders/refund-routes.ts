import { orderShape } from '@makhana/domain/contracts/checkout';
import { refundOrderSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../../lib/envelope';
import { answers } from '../../../plugins/route-contracts';
import type { OrdersKit } from './kit';
import { refundOrder } from './refunds';

/** The owner refunds a paid order that has not shipped, in full; mailed to its customer. */
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
};
