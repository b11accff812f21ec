import type { Config } from '../../config/config';
import type { PincodeDirectory } from '../pincode/pincode-directory';
import type { Courier } from './courier';
import { createDelhiveryCourier } from './delhivery-courier';
import { mergePdfs } from './packing-slip';
import { createSimulatedCourier } from './simulated-courier';

/** The courier `SHIPPING_PROVIDER` names; null for `manual`, where the owner types the tracking. */
export function createCourier(
  config: Config['shipping'],
  pincodes: PincodeDirectory,
): Courier | null {
  if (config.provider === 'simulated') {
    return createSimulatedCourier({ stepSeconds: config.simulatedStepSeconds, pincodes });
  }
  if (config.provider === 'delhivery' && config.delhiveryToken && config.pickupLocation) {
    return createDelhiveryCourier({
      apiUrl: config.delhiveryApiUrl,
      token: config.delhiveryToken,
      pickupLocation: config.pickupLocation,
      packingSlips: mergePdfs,
    });
  }
  return null;
}
