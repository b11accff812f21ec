import type { GatewayPayment, GatewayRefund, PaymentGateway } from './payment-gateway';
import { gatewayId, hmacHex, paymentSignature, sameSignature } from './signatures';

/** Gateway orders the simulated gateway remembers, newest first; about 1 MB at most. */
const REMEMBERED_ORDERS = 10_000;

/** A signed webhook event, as Razorpay would post it to the shop. */
export interface SignedEvent {
  rawBody: string;
  signature: string;
  eventId: string;
}

/**
 * The offline gateway: Razorpay's order ids, amounts and signatures, signed with the same key
 * secret, so the whole journey runs on one machine. Its checkout window is served by the shop.
 * A refund is taken as `pending` and reaches the bank `refundDelayMs` later, reported like
 * Razorpay reports it: a signed `refund.processed` event handed to the shop's webhook handler.
 */
export function createSimulatedGateway(keys: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  refundDelayMs: number;
}): PaymentGateway & {
  /** What the simulated window hands the browser after a successful payment. */
  pay(orderId: string): {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
  /** Where the refund events go: the shop's webhook handler. Without one, none is sent. */
  sendEventsTo(handler: (event: SignedEvent) => Promise<unknown>): void;
  /** Drops the refunds still on their way to the bank (the shop is closing). */
  close(): void;
} {
  // Like Razorpay's idempotency header: the same key answers the same refund, never a second one.
  const refunds = new Map<string, GatewayRefund>();
  let sendEvent: ((event: SignedEvent) => Promise<unknown>) | null = null;
  const onTheirWay = new Set<NodeJS.Timeout>();

  function processLater(refund: GatewayRefund, notes: Record<string, string>): void {
    const timer = setTimeout(() => {
      onTheirWay.delete(timer);
      refund.status = 'processed';
      const rawBody = JSON.stringify({
        entity: 'event',
        event: 'refund.processed',
        contains: ['refund'],
        payload: {
          refund: {
            entity: {
              id: refund.id,
              entity: 'refund',
              amount: refund.amount,
              currency: 'INR',
              payment_id: refund.paymentId,
              notes,
              status: 'processed',
              speed_processed: 'normal',
            },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      void sendEvent?.({
        rawBody,
        signature: hmacHex(keys.webhookSecret, rawBody),
        eventId: gatewayId('evt'),
      });
    }, keys.refundDelayMs);
    timer.unref();
    onTheirWay.add(timer);
  }

  // What this process's gateway orders cost and the payments its window took for them, for the
  // reconciliation to ask about: the newest only, so a long-running shop holds a bounded list.
  const amounts = new Map<string, number>();
  const payments = new Map<string, GatewayPayment[]>();
  const remember = <T>(map: Map<string, T>, key: string, value: T) => {
    map.set(key, value);
    if (map.size > REMEMBERED_ORDERS) map.delete(map.keys().next().value as string);
  };
  return {
    provider: 'simulated',
    keyId: keys.keyId,
    async createOrder({ amountPaise, receipt }) {
      const id = gatewayId('order');
      remember(amounts, id, amountPaise);
      return { id, amount: amountPaise, currency: 'INR', receipt };
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      return sameSignature(paymentSignature(keys.keySecret, orderId, paymentId), signature);
    },
    async fetchPayment(paymentId, orderId, expectedAmount) {
      return {
        id: paymentId,
        orderId,
        amount: expectedAmount,
        status: 'captured',
        method: 'simulated',
      };
    },
    async paymentsOfOrder(gatewayOrderId) {
      return payments.get(gatewayOrderId) ?? [];
    },
    async refundPayment({ paymentId, amountPaise, idempotencyKey, notes }) {
      const earlier = refunds.get(idempotencyKey);
      if (earlier) return { ...earlier };
      const refund: GatewayRefund = {
        id: gatewayId('rfnd'),
        paymentId,
        amount: amountPaise,
        status: 'pending',
      };
      remember(refunds, idempotencyKey, refund);
      processLater(refund, notes ?? {});
      return { ...refund };
    },
    sendEventsTo(handler) {
      sendEvent = handler;
    },
    close() {
      for (const timer of onTheirWay) clearTimeout(timer);
      onTheirWay.clear();
    },
    verifyWebhookSignature(rawBody, signature) {
      return sameSignature(hmacHex(keys.webhookSecret, rawBody), signature);
    },
    pay(orderId) {
      const paymentId = gatewayId('pay');
      const amount = amounts.get(orderId);
      if (amount !== undefined) {
        const made: GatewayPayment = {
          id: paymentId,
          orderId,
          amount,
          status: 'captured',
          method: 'simulated',
        };
        remember(payments, orderId, [...(payments.get(orderId) ?? []), made]);
      }
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(keys.keySecret, orderId, paymentId),
      };
    },
  };
}
