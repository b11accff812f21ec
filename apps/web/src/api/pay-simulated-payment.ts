import { apiRequest } from '../lib/api-client';
import type { PaymentSuccess } from '../lib/payment-window';

/** The local gateway's order the simulated sheet pays or fails. */
export interface SimulatedPaymentInput {
  razorpay_order_id: string;
}

/** POST /payments/simulated/pay: the local gateway signs a payment as Razorpay's window would. */
export function paySimulatedPayment(body: SimulatedPaymentInput): Promise<PaymentSuccess> {
  return apiRequest<PaymentSuccess>('/payments/simulated/pay', { method: 'POST', body });
}
