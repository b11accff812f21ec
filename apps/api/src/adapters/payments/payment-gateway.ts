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
  /** Checks `X-Razorpay-Signature`: HMAC-SHA256 of the raw body with the webhook secret. */
  verifyWebhookSignature(rawBody: string | Buffer, signature: string): boolean;
}
