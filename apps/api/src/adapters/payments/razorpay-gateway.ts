import { ServiceUnavailableError } from '../../lib/errors';
import { type GatewayPayment, type PaymentGateway, PaymentRefusedError } from './payment-gateway';
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

interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

const isRefusal = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

/** Razorpay's `{ error: { description } }`, or null when the body is not that. */
function errorDescription(text: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    const description = (parsed as { error?: { description?: unknown } } | null)?.error
      ?.description;
    return typeof description === 'string' && description.trim() !== ''
      ? description.trim().slice(0, 300)
      : null;
  } catch {
    return null;
  }
}

export const GATEWAY_DOWN = 'The payment service is not reachable right now. Please try again.';

/** Razorpay's Orders, Payments and Refunds APIs over HTTPS with basic auth; `apiUrl` points tests at a stub. */
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

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extra: { headers?: Record<string, string>; refusable?: boolean } = {},
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...extra.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (response.ok) return (await response.json()) as T;
    } catch (error) {
      options.onError?.(error);
      throw new ServiceUnavailableError(GATEWAY_DOWN);
    }
    const text = await response.text().catch(() => '');
    const error = new Error(`Razorpay ${method} ${path} answered ${response.status}: ${text}`);
    options.onError?.(error);
    // A 4xx on a call that may be refused is Razorpay's answer (payment already refunded, amount
    // too large...), which the owner must read; a rate limit or a timeout is an outage like a 5xx.
    if (extra.refusable && isRefusal(response.status)) {
      throw new PaymentRefusedError(
        errorDescription(text) ?? `Razorpay answered ${response.status}`,
      );
    }
    throw new ServiceUnavailableError(GATEWAY_DOWN);
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
    async paymentsOfOrder(gatewayOrderId) {
      // A gateway order takes few payments (retries after a failure): one page holds them all.
      const { items } = await call<{ items: RazorpayPayment[] }>(
        'GET',
        `/v1/orders/${encodeURIComponent(gatewayOrderId)}/payments`,
      );
      return items.map((payment) => ({
        id: payment.id,
        orderId: payment.order_id,
        amount: payment.amount,
        status: payment.status,
        method: payment.method,
      }));
    },
    async refundPayment({ paymentId, amountPaise, idempotencyKey, receipt, notes }) {
      const refund = await call<RazorpayRefund>(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        {
          amount: amountPaise,
          speed: 'normal',
          // Razorpay keeps at most 40 characters of a receipt and 256 of a note.
          receipt: receipt.slice(0, 40),
          notes: Object.fromEntries(
            Object.entries(notes ?? {}).map(([key, value]) => [key, value.slice(0, 256)]),
          ),
        },
        { headers: { 'X-Refund-Idempotency': idempotencyKey }, refusable: true },
      );
      if (refund.status === 'failed') {
        throw new PaymentRefusedError('The refund failed at the bank. Please try again later.');
      }
      if (refund.payment_id !== paymentId || refund.amount !== amountPaise) {
        throw new PaymentRefusedError(
          `Razorpay refunded ${refund.amount} paise of payment ${refund.payment_id}, not ${amountPaise} paise of ${paymentId}.`,
        );
      }
      return {
        id: refund.id,
        paymentId: refund.payment_id,
        amount: refund.amount,
        status: refund.status,
      };
    },
    verifyWebhookSignature(rawBody, signature) {
      return sameSignature(hmacHex(options.webhookSecret, rawBody), signature);
    },
  };
}
