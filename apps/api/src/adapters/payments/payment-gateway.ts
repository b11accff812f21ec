/** An order at the payment gateway, in Razorpay's terms: amounts in paise. */
export interface GatewayOrder {
  id: string;
  amount: number;
  currency: 'INR';
  receipt: string;
}

/** What the gateway says of one payment. */
export interface GatewayPayment {
  id: string;
  orderId: string;
  amount: number;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string;
}

/** A refund the gateway accepted: the money is on its way back (amounts in paise). */
export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  /** Razorpay's `pending` (accepted, with the bank) or `processed` (sent) */
  status: 'pending' | 'processed';
}

/**
 * The gateway answered and said no (a 4xx, or a refund it reports as failed): asking again
 * unchanged will not help, unlike an outage. `reason` is the gateway's own description.
 */
export class PaymentRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PaymentRefusedError';
  }
}

export interface PaymentGateway {
  provider: 'simulated' | 'razorpay';
  /** the public key the browser's checkout opens with */
  keyId: string;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<GatewayOrder>;
  /** Checks Checkout's `razorpay_signature`: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /**
   * Asks the gateway about a payment whose signature checked out. The simulated gateway has no one
   * to ask: a valid signature is its capture.
   */
  fetchPayment(paymentId: string, orderId: string, expectedAmount: number): Promise<GatewayPayment>;
  /**
   * Every payment made for one gateway order, whatever its status: the sweeper's reconciliation
   * asks it about orders whose payment was never reported (a lost webhook, a closed browser).
   */
  paymentsOfOrder(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /**
   * Refunds a captured payment. `idempotencyKey` is ours (the order's id): asked twice, as after a
   * timeout, the gateway answers the first refund again instead of refunding twice. Throws
   * `PaymentRefusedError` when the gateway refuses, a 503 when it cannot be reached.
   */
  refundPayment(input: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<GatewayRefund>;
  /** Checks `X-Razorpay-Signature`: HMAC-SHA256 of the raw body with the webhook secret. */
  verifyWebhookSignature(rawBody: string | Buffer, signature: string): boolean;
}
