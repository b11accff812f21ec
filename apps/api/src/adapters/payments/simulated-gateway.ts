import type { GatewayPayment, GatewayRefund, PaymentGateway } from './payment-gateway';

/** Gateway orders the simulated gateway remembers, newest first; about 1 MB at most. */
const REMEMBERED_ORDERS = 10_000;

import { gatewayId, hmacHex, paymentSignature, sameSignature } from './signatures';

/**
 * The offline gateway: Razorpay's order ids, amounts and signatures, signed with the same key
 * secret, so the whole journey runs on one machine. Its checkout window is served by the shop.
 */
export function createSimulatedGateway(keys: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}): PaymentGateway & {
  /** What the simulated window hands the browser after a successful payment. */
  pay(orderId: string): {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
} {
  // Like Razorpay's idempotency header: the same key answers the same refund, never a second one.
  const refunds = new Map<string, GatewayRefund>();
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
    async refundPayment({ paymentId, amountPaise, idempotencyKey }) {
      const earlier = refunds.get(idempotencyKey);
      if (earlier) return earlier;
      const refund: GatewayRefund = {
        id: gatewayId('rfnd'),
        paymentId,
        amount: amountPaise,
        status: 'processed',
      };
      refunds.set(idempotencyKey, refund);
      return refund;
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
