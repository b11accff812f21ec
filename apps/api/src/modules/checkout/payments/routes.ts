import {
  orderShape,
  paymentFailureShape,
  paymentOrderShape,
  paymentSuccessShape,
  razorpayEventShape,
  webhookStatusShape,
} from '@makhana/domain/contracts/checkout';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../../lib/envelope';
import { jsonDepthError } from '../../../lib/validation';
import { answers } from '../../../plugins/route-contracts';
import type { OrdersKit } from '../orders/kit';
import {
  handleWebhook,
  PAYMENT_ORDER_CREATED,
  type SimulatedGateway,
  simulatedFail,
  simulatedPay,
  startPayment,
  verifyPayment,
  verifyPaymentSchema,
} from './service';

export const SIMULATED_PAYMENT_CAPTURED = 'Payment successful';
export const SIMULATED_PAYMENT_FAILED = 'Payment failed';

const startSchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, 'orderId is required').max(100),
});

const gatewayOrderSchema = z.object({
  razorpay_order_id: z
    .string({ error: 'razorpay_order_id is required' })
    .trim()
    .min(1, 'razorpay_order_id is required')
    .max(100),
});

/** `POST /orders/razorpayPayment` and `POST /orders/verifyPayment`. */
export const paymentRoutes: FastifyPluginAsyncZod<{ orders: OrdersKit }> = async (
  app,
  { orders },
) => {
  const ctx = orders.context;

  // The amount and the user come from the server's order and the token; a body's totalAmount
  // or userId is ignored.
  app.post(
    '/razorpayPayment',
    {
      config: { realm: 'customer' },
      schema: {
        summary: 'Open a payment for one of your unpaid orders',
        tags: ['checkout'],
        body: startSchema,
        response: answers(paymentOrderShape, [404, 409, 503]),
      },
    },
    async (request) => {
      const paymentOrder = await startPayment(ctx, request.auth.subjectId, request.body.orderId);
      return success(paymentOrder, PAYMENT_ORDER_CREATED);
    },
  );

  app.post(
    '/verifyPayment',
    {
      // One order, a KB or two: compressing it costs both ends more CPU than the bytes it saves.
      compress: false,
      config: { realm: 'customer' },
      schema: {
        summary: "Confirm a payment with the payment window's signed answer",
        tags: ['checkout'],
        body: verifyPaymentSchema,
        response: answers(orderShape, [409, 503]),
      },
    },
    async (request) => {
      const { order, message } = await verifyPayment(ctx, request.auth.subjectId, request.body);
      return success(order, message);
    },
  );
};

/**
 * The webhook's body reaches the handler as the raw text its parser kept: the event's schema
 * documents what that text holds, and nothing is read of it before the signature is checked.
 */
const rawTextThrough: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

/**
 * `POST /orders/razorpay-webhook`, in a scope of its own whose only body parser keeps the raw
 * text: the signature is computed over the exact bytes Razorpay sent. No sign-in: the signature
 * is the gateway's credential.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ orders: OrdersKit }> = async (
  app,
  { orders },
) => {
  app.removeAllContentTypeParsers();
  // The raw text is kept, but depth-checked like every JSON body: a signed event is parsed and
  // stored, and storing walks it recursively.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(jsonDepthError(body as string), body);
  });
  app.post(
    '/razorpay-webhook',
    {
      config: { anyContentType: true },
      validatorCompiler: rawTextThrough,
      schema: {
        summary: "Razorpay's payment events",
        tags: ['checkout'],
        // Both optional and unbounded here: a missing or wrong signature is refused by the
        // signature check, in its own words.
        headers: z.looseObject({
          'x-razorpay-signature': z
            .string()
            .optional()
            .meta({ description: 'HMAC-SHA256 of the body with the webhook secret, in hex' }),
          'x-razorpay-event-id': z.string().optional().meta({
            description: 'an event sent twice is applied once; without it the body identifies it',
          }),
        }),
        body: razorpayEventShape,
        response: answers(webhookStatusShape),
      },
    },
    async (request) => {
      // The parser above kept the text (null when none came): what the signature covers.
      const rawBody = request.body as unknown as string | null;
      const outcome = await handleWebhook(
        orders.context,
        rawBody ?? '',
        request.headers['x-razorpay-signature'],
        request.headers['x-razorpay-event-id'],
      );
      const message =
        outcome === 'duplicate'
          ? 'Event already processed'
          : outcome === 'ignored'
            ? 'Event ignored'
            : 'Webhook processed';
      return success({ status: outcome }, message);
    },
  );
};

/**
 * The simulated gateway's window (`PAYMENT_PROVIDER=simulated` only): the storefront shows its
 * own window and calls these for Pay and Fail.
 */
export const simulatedPaymentRoutes: FastifyPluginAsyncZod<{
  orders: OrdersKit;
  gateway: SimulatedGateway;
}> = async (app, { orders, gateway }) => {
  const ctx = orders.context;

  app.post(
    '/pay',
    {
      config: { realm: 'customer' },
      schema: {
        summary: "The simulated window's Pay: captures the payment and signs it",
        tags: ['checkout'],
        body: gatewayOrderSchema,
        response: answers(paymentSuccessShape, [404, 409]),
      },
    },
    async (request) => {
      const { razorpay_order_id } = request.body;
      const paid = await simulatedPay(ctx, gateway, request.auth.subjectId, razorpay_order_id);
      return success(paid, SIMULATED_PAYMENT_CAPTURED);
    },
  );

  app.post(
    '/fail',
    {
      config: { realm: 'customer' },
      schema: {
        summary: "The simulated window's failed attempt: cancels the order",
        tags: ['checkout'],
        body: gatewayOrderSchema,
        response: answers(paymentFailureShape, [404]),
      },
    },
    async (request) => {
      const { razorpay_order_id } = request.body;
      const failed = await simulatedFail(ctx, request.auth.subjectId, razorpay_order_id);
      return success(failed, SIMULATED_PAYMENT_FAILED);
    },
  );
};
