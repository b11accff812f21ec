import { ServiceUnavailableError } from '../../lib/errors';
import type { PincodeDirectory } from './pincode-directory';

interface DelhiveryPostalCode {
  pin?: number | string;
  district?: string;
  state_code?: string;
  /** 'Y' when prepaid shipments are accepted: the shop sells prepaid only */
  pre_paid?: string;
}

interface DelhiveryResponse {
  delivery_codes?: { postal_code?: DelhiveryPostalCode }[];
}

export const PINCODE_SERVICE_DOWN = 'Pincode check is unavailable right now. Please try again.';

/**
 * Delhivery's pin-code API: `GET /c/api/pin-codes/json/?filter_codes=PIN` with
 * `Authorization: Token ...`. An empty `delivery_codes` means Delhivery does not serve the pincode.
 */
export function createDelhiveryDirectory(options: {
  apiUrl: string;
  token: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  onError?: (error: unknown) => void;
}): PincodeDirectory {
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');
  return {
    async lookup(pincode) {
      let body: DelhiveryResponse;
      try {
        const response = await fetchImpl(
          `${base}/c/api/pin-codes/json/?filter_codes=${encodeURIComponent(pincode)}`,
          {
            headers: { Authorization: `Token ${options.token}`, Accept: 'application/json' },
            signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
          },
        );
        if (!response.ok) throw new Error(`Delhivery answered ${response.status}`);
        body = (await response.json()) as DelhiveryResponse;
      } catch (error) {
        options.onError?.(error);
        throw new ServiceUnavailableError(PINCODE_SERVICE_DOWN);
      }
      const postal = body.delivery_codes?.[0]?.postal_code;
      if (!postal?.district || !postal.state_code) return null;
      if (postal.pre_paid === 'N') return null;
      return { pincode, district: postal.district, stateCode: postal.state_code };
    },
  };
}
