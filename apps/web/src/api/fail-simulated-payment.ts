import { apiRequest } from '../lib/api-client';
import type { SimulatedPaymentInput } from './pay-simulated-payment';

/** POST /payments/simulated/fail: records a failed attempt at the local gateway. */
export function failSimulatedPayment(body: SimulatedPaymentInput): Promise<unknown> {
  return apiRequest<unknown>('/payments/simulated/fail', { method: 'POST', body });
}
