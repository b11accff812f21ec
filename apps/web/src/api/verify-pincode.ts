import type { pincodeVerificationShape } from '@makhana/domain/contracts/checkout';
import { stateNamed, stateOfCode } from '@makhana/domain/india-states';
import type { pincodeCheckSchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../lib/api-client';
import { toast } from '../lib/toast';

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

export type PincodeCheckInput = z.infer<typeof pincodeCheckSchema>;

/** The Delhivery-shaped answer of POST /orders/pincodeVerification (docs/product.md#api-paths). */
type PincodeVerification = z.infer<typeof pincodeVerificationShape>;

export type PincodeVerdict =
  | {
      status: 'serviceable';
      district: string;
      stateCode: string;
      /** the state or union territory as an address names it; '' when the answer names none */
      state: string;
    }
  | { status: 'not_serviceable' };

function checkPincode(body: PincodeCheckInput): Promise<PincodeVerification | null> {
  return apiRequest<PincodeVerification | null>('/orders/pincodeVerification', {
    method: 'POST',
    body,
  });
}

/**
 * Asks the API whether a pincode is served, for the product page and checkout alike, with the
 * shop's toasts (docs/product.md#pincode-checks): the server's message when it refuses, the
 * generic text when the call itself fails, and 'Not deliverable' when no postal code comes back.
 * The pincode is sent unparsed: the server's own refusal is the message the shopper sees.
 */
export async function verifyPincode(pincode: string): Promise<PincodeVerdict> {
  try {
    const data = await checkPincode({ pincode });
    const postal = data?.delivery_codes?.[0]?.postal_code;
    if (!postal) return { status: 'not_serviceable' };
    toast.success('Pincode verified successfully');
    return {
      status: 'serviceable',
      district: postal.district ?? '',
      stateCode: postal.state_code ?? '',
      state: stateNamed(postal.state ?? '') ?? stateOfCode(postal.state_code ?? '') ?? '',
    };
  } catch (error) {
    const refusedByServer =
      error instanceof ApiError &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 404;
    // The client has already shown the rate-limit message.
    if (!(error instanceof ApiError && error.status === 429)) {
      toast.error(refusedByServer ? error.message || 'Server error' : SOMETHING_WENT_WRONG);
    }
    return { status: 'not_serviceable' };
  }
}
