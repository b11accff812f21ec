/**
 * A second app on a test file's database that takes payments and refunds through Razorpay's API,
 * served by the local stub: for the files that test the real adapter beside the simulated one.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { createRazorpayGateway } from '../adapters/payments/razorpay-gateway';
import type { Environment } from '../config/config';
import type { TestAppHandle } from './app';
import {
  cartLine,
  customer,
  orderWithPayment,
  sendWebhook,
  signedPayment,
  type TestVariant,
} from './order-fixtures';
import { type RazorpayStub, useRazorpayStub } from './razorpay-stub';
import { call } from './requests';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export interface RazorpayApp {
  readonly stub: RazorpayStub;
  /** the app, ready from the file's first test */
  readonly app: FastifyInstance;
  /** a customer's order, paid through Razorpay (the stub's captured payment) and verified */
  paidOrder(
    variant: TestVariant,
    quantity: number,
  ): Promise<{ orderId: string; paymentId: string; amount: number; token: string }>;
  /** a webhook event signed with the app's webhook secret */
  webhook(body: object, eventId?: string): ReturnType<typeof sendWebhook>;
  /** runs `work` while the app's gateway gives up after 300 ms rather than its 10 s */
  impatient<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Call at the top of a file, after useTestApp: the stub listens and the app starts in the file's
 * beforeAll, on the file's database (its own DATA_DIR), and closes with the file's app.
 */
export function useRazorpayApp(
  api: TestAppHandle,
  keys: RazorpayKeys,
  env: Environment = {},
): RazorpayApp {
  const stub = useRazorpayStub(keys);
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await api.startApp({
      env: {
        RATE_LIMIT_MAX: '100000',
        RATE_LIMIT_STRICT_MAX: '1000',
        ...env,
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: keys.keyId,
        RAZORPAY_KEY_SECRET: keys.keySecret,
        RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
        RAZORPAY_API_URL: stub.url,
      },
      dataDir: `${api.dataDir}/razorpay`,
    });
  });
  const ready = (): FastifyInstance => {
    if (!app) throw new Error('the Razorpay app starts in beforeAll');
    return app;
  };

  return {
    stub,
    get app() {
      return ready();
    },
    async paidOrder(variant, quantity) {
      const buyer = await customer(api.db);
      const { orderId, gatewayOrderId, amount } = await orderWithPayment(ready(), buyer.token, [
        cartLine(variant, quantity),
      ]);
      const paymentId = `pay_Stub${orderId.replaceAll('-', '').slice(0, 10)}`;
      stub.payments.set(paymentId, { order_id: gatewayOrderId, amount, status: 'captured' });
      const verified = await call(ready(), 'POST', '/orders/verifyPayment', {
        token: buyer.token,
        body: signedPayment(gatewayOrderId, paymentId, keys.keySecret),
      });
      expect(verified.statusCode, verified.body).toBe(200);
      await ready().orders.idle();
      return { orderId, paymentId, amount, token: buyer.token };
    },
    webhook(body, eventId) {
      return sendWebhook(ready(), body, {
        secret: keys.webhookSecret,
        ...(eventId ? { eventId } : {}),
      });
    },
    async impatient(work) {
      const context = ready().orders.context;
      const gateway = context.gateway;
      context.gateway = createRazorpayGateway({ ...keys, apiUrl: stub.url, timeoutMs: 300 });
      try {
        return await work();
      } finally {
        context.gateway = gateway;
      }
    },
  };
}
