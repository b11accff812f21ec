import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { success } from '../../../lib/envelope';
import { jsonDepthError, parseInput } from '../../../lib/validation';
import type { OrdersKit } from '../orders/kit';
import {
  gatewayOrderSchema,
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

/** `POST /orders/razorpayPayment` and `POST /orders/verifyPayment`. */
export const paymentRoutes: FastifyPluginAsync<{ orders: OrdersKit }> = async (app, { orders }) => {
  const ctx = orders.context;

  // The amount and the user come from the server's order and the token; a body's totalAmount
  // or userId is ignored.
  app.post('/razorpayPayment', { preHandler: app.auth.requireCustomer }, async (request) => {
    const { orderId } = parseInput(startSchema, request.body);
    const paymentOrder = await startPayment(ctx, request.auth.subjectId, orderId);
    return success(paymentOrder, PAYMENT_ORDER_CREATED);
  });

  app.post('/verifyPayment', { preHandler: app.auth.requireCustomer }, async (request) => {
    const input = parseInput(verifyPaymentSchema, request.body);
    const { order, message } = await verifyPayment(ctx, request.auth.subjectId, input);
    return success(order, message);
  });
};

/**
 * `POST /orders/razorpay-webhook`, in a scope of its own whose only body parser keeps the raw
 * text: the signature is computed over the exact bytes Razorpay sent. No sign-in: the signature
 * is the gateway's credential.
 */
export const webhookRoutes: FastifyPluginAsync<{ orders: OrdersKit }> = async (app, { orders }) => {
  app.removeAllContentTypeParsers();
  // The raw text is kept, but depth-checked like every JSON body: a signed event is parsed and
  // stored, and storing walks it recursively.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(jsonDepthError(body as string), body);
  });
  app.post('/razorpay-webhook', async (request) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const outcome = await handleWebhook(
      orders.context,
      raw,
      header('x-razorpay-signature'),
      header('x-razorpay-event-id'),
    );
    const message =
      outcome === 'duplicate'
        ? 'Event already processed'
        : outcome === 'ignored'
          ? 'Event ignored'
          : 'Webhook processed';
    return success({ status: outcome }, message);
  });
};

/**
 * The simulated gateway's window (`PAYMENT_PROVIDER=simulated` only): the storefront shows its
 * own window and calls these for Pay and Fail.
 */
export const simulatedPaymentRoutes: FastifyPluginAsync<{
  orders: OrdersKit;
  gateway: SimulatedGateway;
}> = async (app, { orders, gateway }) => {
  const ctx = orders.context;

  app.post('/pay', { preHandler: app.auth.requireCustomer }, async (request) => {
    const { razorpay_order_id } = parseInput(gatewayOrderSchema, request.body);
    const paid = await simulatedPay(ctx, gateway, request.auth.subjectId, razorpay_order_id);
    return success(paid, SIMULATED_PAYMENT_CAPTURED);
  });

  app.post('/fail', { preHandler: app.auth.requireCustomer }, async (request) => {
    const { razorpay_order_id } = parseInput(gatewayOrderSchema, request.body);
    const failed = await simulatedFail(ctx, request.auth.subjectId, razorpay_order_id);
    return success(failed, SIMULATED_PAYMENT_FAILED);
  });
};
