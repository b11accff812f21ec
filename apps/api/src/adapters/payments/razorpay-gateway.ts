import { ServiceUnavailableError } from '../../lib/errors';
import type { GatewayPayment, PaymentGateway } from './payment-gateway';
import { hmacHex, paymentSignature, sameSignature } from './signatures';

interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
}

interface RazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
  status: GatewayPayment['status'];
  method: string;
}

export const GATEWAY_DOWN = 'The payment service is not reachable right now. Please try again.';

/** Razorpay's Orders and Payments APIs over HTTPS with basic auth; `apiUrl` points tests at a stub. */
export function createRazorpayGateway(options: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}): PaymentGateway {
  const base = options.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) {
        throw new Error(
          `Razorpay ${method} ${path} answered ${response.status}: ${await response.text()}`,
        );
      }
      return (await response.json()) as T;
    } catch (error) {
      options.onError?.(error);
      throw new ServiceUnavailableError(GATEWAY_DOWN);
    }
  }

  return {
    provider: 'razorpay',
    keyId: options.keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await call<RazorpayOrder>('POST', '/v1/orders', {
        amount: amountPaise,
        currency: 'INR',
        receipt,
        notes: notes ?? {},
      });
      if (order.amount !== amountPaise || order.currency !== 'INR') {
        throw new ServiceUnavailableError(GATEWAY_DOWN);
      }
      return { id: order.id, amount: order.amount, currency: 'INR', receipt: order.receipt };
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      return sameSignature(paymentSignature(options.keySecret, orderId, paymentId), signature);
    },
    async fetchPayment(paymentId) {
      const payment = await call<RazorpayPayment>(
        'GET',
        `/v1/payments/${encodeURIComponent(paymentId)}`,
      );
      return {
        id: payment.id,
        orderId: payment.order_id,
        amount: payment.amount,
        status: payment.status,
        method: payment.method,
      };
    },
    verifyWebhookSignature(rawBody, signature) {
      return sameSignature(hmacHex(options.webhookSecret, rawBody), signature);
    },
  };
}
