import type { Config } from '../../config/config';
import type { PaymentGateway } from './payment-gateway';
import { createRazorpayGateway } from './razorpay-gateway';
import { createSimulatedGateway } from './simulated-gateway';

export function createPaymentGateway(
  config: Config['payments'],
  onError?: (error: unknown) => void,
): PaymentGateway {
  if (config.provider === 'razorpay') return createRazorpayGateway({ ...config, onError });
  return createSimulatedGateway(config);
}
