import type { GatewayRefund, PaymentGateway } from './payment-gateway';
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
  return {
    provider: 'simulated',
    keyId: keys.keyId,
    async createOrder({ amountPaise, receipt }) {
      return { id: gatewayId('order'), amount: amountPaise, currency: 'INR', receipt };
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
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(keys.keySecret, orderId, paymentId),
      };
    },
  };
}
