/**
 * One door to the payment window, whichever gateway the server chose: Razorpay's Checkout (its
 * script, loaded once) or our simulated sheet (a lazy chunk). Checkout awaits the outcome and
 * never asks which one it was.
 */

import type { paymentOrderShape, paymentSuccessShape } from '@makhana/domain/contracts/checkout';
import type { z } from 'zod';

/** The answer of POST /orders/razorpayPayment; `amount` is in paise, as Razorpay reads it. */
export type PaymentOrder = z.infer<typeof paymentOrderShape>;

export type PaymentProvider = PaymentOrder['provider'];

/** What a successful payment hands back: the body of POST /orders/verifyPayment. */
export type PaymentSuccess = z.infer<typeof paymentSuccessShape>;

export type PaymentOutcome = { status: 'paid'; payment: PaymentSuccess } | { status: 'dismissed' };

export interface PaymentWindowOptions {
  /** A failed attempt inside the window; the shopper may still retry there or close it. */
  onFailure?: (message: string) => void;
}

export const PAYMENT_FAILED = 'Payment failed';
export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
export const RAZORPAY_UNAVAILABLE =
  'Could not load the payment window. Check your connection and try again.';
export const BRAND_COLOUR = '#1f3d2b';

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  image?: string;
  prefill: PaymentOrder['prefill'];
  theme: { color: string };
  handler: (response: PaymentSuccess) => void;
  modal: { ondismiss: () => void };
}

interface RazorpayFailure {
  error?: { description?: string; reason?: string };
}

export interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', listener: (response: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let scriptLoad: Promise<RazorpayConstructor> | null = null;

/**
 * Adds Razorpay's Checkout script once (callers during the load share it); a failed load may be
 * tried again on the next payment.
 */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  scriptLoad ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    const failed = () => {
      script.remove();
      scriptLoad = null;
      reject(new Error(RAZORPAY_UNAVAILABLE));
    };
    script.onload = () => {
      scriptLoad = null;
      if (window.Razorpay) resolve(window.Razorpay);
      else failed();
    };
    script.onerror = failed;
    document.head.appendChild(script);
  });
  return scriptLoad;
}

async function openRazorpay(
  order: PaymentOrder,
  options: PaymentWindowOptions,
): Promise<PaymentOutcome> {
  const Razorpay = await loadRazorpay();
  return new Promise<PaymentOutcome>((resolve) => {
    const rzp = new Razorpay({
      key: order.keyId,
      amount: order.amount,
      currency: order.currency,
      order_id: order.id,
      name: order.name,
      description: `Order ${order.orderNumber}`,
      image: `${window.location.origin}/images/logo-mark.svg`,
      prefill: order.prefill,
      theme: { color: BRAND_COLOUR },
      handler: (response) => resolve({ status: 'paid', payment: response }),
      // A dismissal after a payment already resolved the promise changes nothing.
      modal: { ondismiss: () => resolve({ status: 'dismissed' }) },
    });
    // Razorpay's window shows the failure and offers a retry itself.
    rzp.on('payment.failed', (response) => {
      options.onFailure?.(response.error?.description || PAYMENT_FAILED);
    });
    rzp.open();
  });
}

async function openSimulated(
  order: PaymentOrder,
  options: PaymentWindowOptions,
): Promise<PaymentOutcome> {
  const { mountSimulatedPaymentWindow } = await import(
    '../components/simulated-payment-window'
  ).catch(() => {
    throw new Error(RAZORPAY_UNAVAILABLE);
  });
  return new Promise<PaymentOutcome>((resolve) => {
    mountSimulatedPaymentWindow(order, {
      onPaid: (payment) => resolve({ status: 'paid', payment }),
      onDismiss: () => resolve({ status: 'dismissed' }),
      onFailure: options.onFailure,
    });
  });
}

/**
 * Opens the gateway's window and settles once the shopper has paid or closed it. It rejects (with
 * a message a shopper can read) only when the window cannot open at all.
 */
export function openPaymentWindow(
  order: PaymentOrder,
  options: PaymentWindowOptions = {},
): Promise<PaymentOutcome> {
  return order.provider === 'razorpay'
    ? openRazorpay(order, options)
    : openSimulated(order, options);
}
