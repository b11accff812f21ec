import { PINCODE_LENGTH } from '@makhana/domain/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type PincodeVerdict, verifyPincode } from '../../api/verify-pincode';

/**
 * The checkout's pincode states: unchecked, then serviceable or not_serviceable
 * (docs/product.md#pincode-checks).
 */
export type PincodeState =
  | { status: 'unchecked' }
  | { status: 'checking'; pincode: string }
  | { status: 'serviceable'; pincode: string; district: string; stateCode: string; state: string }
  | { status: 'not_serviceable'; pincode: string };

/**
 * Checks a pincode as soon as it has six digits. A served pincode is asked about once per visit,
 * so re-picking an address (or React's double effects in development) sends no second call.
 */
export function usePincodeCheck(pincode: string) {
  const [state, setState] = useState<PincodeState>({ status: 'unchecked' });
  const asked = useRef(new Map<string, Promise<PincodeVerdict>>());

  useEffect(() => {
    if (pincode.length !== PINCODE_LENGTH) {
      setState({ status: 'unchecked' });
      return;
    }
    let current = true;
    setState({ status: 'checking', pincode });
    let verdict = asked.current.get(pincode);
    if (!verdict) {
      const asking = verifyPincode(pincode).then((answer) => {
        // Only a served pincode is remembered: a refusal may have been a failed call.
        if (answer.status !== 'serviceable' && asked.current.get(pincode) === asking) {
          asked.current.delete(pincode);
        }
        return answer;
      });
      verdict = asking;
      asked.current.set(pincode, asking);
    }
    verdict.then((answer) => {
      if (current) setState({ ...answer, pincode });
    });
    return () => {
      current = false;
    };
  }, [pincode]);

  /** The server refused the pincode when the order was placed: trust it over the earlier check. */
  const refuse = useCallback((refused: string) => {
    asked.current.set(refused, Promise.resolve({ status: 'not_serviceable' }));
    setState({ status: 'not_serviceable', pincode: refused });
  }, []);

  // A state left over from the previous pincode never counts for the new one.
  const forThisPincode: PincodeState =
    state.status !== 'unchecked' && state.pincode !== pincode ? { status: 'unchecked' } : state;
  return { state: forThisPincode, refuse };
}
