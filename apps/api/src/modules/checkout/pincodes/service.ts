import type { pincodeVerificationShape } from '@makhana/domain/contracts/checkout';
import type { z } from 'zod';
import type {
  PincodeDirectory,
  ServiceablePincode,
} from '../../../adapters/pincode/pincode-directory';

/** The answer of `pincodeVerification`, in Delhivery's shape whichever directory answered. */
export type PincodeVerification = z.infer<typeof pincodeVerificationShape>;

export const PINCODE_SERVICEABLE = 'Pincode verified successfully';
export const PINCODE_NOT_SERVICEABLE = 'Sorry, we do not deliver to this pincode yet.';

export function toVerification(place: ServiceablePincode | null): PincodeVerification {
  if (!place) return { delivery_codes: [] };
  return {
    delivery_codes: [
      {
        postal_code: {
          pin: place.pincode,
          district: place.district,
          state_code: place.stateCode,
          ...(place.state ? { state: place.state } : {}),
        },
      },
    ],
  };
}

export async function verifyPincode(
  directory: PincodeDirectory,
  pincode: string,
): Promise<{ place: ServiceablePincode | null; verification: PincodeVerification }> {
  const place = await directory.lookup(pincode);
  return { place, verification: toVerification(place) };
}
