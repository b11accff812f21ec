import { PINCODE_LENGTH } from '@makhana/domain/constants';
import { toast } from 'react-toastify';
import { ApiError, apiRequest } from './api-client';

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** The Delhivery-shaped answer of POST /orders/pincodeVerification (docs/product.md#api-paths). */
interface PincodeVerification {
  delivery_codes?: { postal_code?: { district?: string; state_code?: string } }[];
}

export type PincodeVerdict =
  | { status: 'serviceable'; district: string; stateCode: string }
  | { status: 'not_serviceable' };

/** Digits only, at most six. */
export function cleanPincode(value: string): string {
  return value.replace(/\D/g, '').slice(0, PINCODE_LENGTH);
}

export function isValidPincode(value: string): boolean {
  return new RegExp(`^\\d{${PINCODE_LENGTH}}$`).test(value);
}

/**
 * Asks the API whether a pincode is served, for the product page and checkout alike, with the
 * shop's toasts (docs/product.md#pincode-checks): the server's message when it refuses, the
 * generic text when the call itself fails, and 'Not deliverable' when no postal code comes back.
 */
export async function verifyPincode(pincode: string): Promise<PincodeVerdict> {
  try {
    const data = await apiRequest<PincodeVerification | null>('/orders/pincodeVerification', {
      method: 'POST',
      body: { pincode },
    });
    const postal = data?.delivery_codes?.[0]?.postal_code;
    if (!postal) return { status: 'not_serviceable' };
    toast.success('Pincode verified successfully');
    return {
      status: 'serviceable',
      district: postal.district ?? '',
      stateCode: postal.state_code ?? '',
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
