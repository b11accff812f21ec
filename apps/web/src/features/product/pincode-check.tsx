import { PINCODE_LENGTH } from '@makhana/domain/constants';
import { useId, useState } from 'react';
import { type PincodeVerdict, verifyPincode } from '../../api/verify-pincode';
import { cleanPincode, isValidPincode } from '../../lib/pincode';

export const INVALID_PINCODE_MESSAGE = 'Please enter a valid 6-digit pincode.';

type PincodeResult =
  | { status: 'idle' }
  | { status: 'invalid' }
  | { status: 'checking' }
  | PincodeVerdict;

/** The product page's delivery check: a pincode field, a Check button and a spoken result. */
export function PincodeCheck() {
  const id = useId();
  const [pincode, setPincode] = useState('');
  const [result, setResult] = useState<PincodeResult>({ status: 'idle' });

  const onCheck = async () => {
    if (!isValidPincode(pincode)) {
      setResult({ status: 'invalid' });
      return;
    }
    setResult({ status: 'checking' });
    setResult(await verifyPincode(pincode));
  };

  const messageId = `${id}-result`;
  return (
    <div className="rounded-2xl border border-cream-200 bg-white p-4">
      <label htmlFor={`${id}-pincode`} className="label">
        Check delivery to your pincode
      </label>
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void onCheck();
        }}
        noValidate
      >
        <input
          id={`${id}-pincode`}
          name="pincode"
          className="input h-11 flex-1 tracking-widest"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="e.g. 846004"
          maxLength={PINCODE_LENGTH}
          value={pincode}
          aria-invalid={result.status === 'invalid'}
          aria-describedby={messageId}
          onChange={(event) => {
            setPincode(cleanPincode(event.target.value));
            if (result.status !== 'idle') setResult({ status: 'idle' });
          }}
        />
        <button
          type="submit"
          className="btn-outline h-11 px-6"
          disabled={result.status === 'checking'}
        >
          {result.status === 'checking' ? 'Checking…' : 'Check'}
        </button>
      </form>
      <div id={messageId} aria-live="polite" className="mt-2 min-h-5 text-sm">
        {result.status === 'invalid' && (
          <p className="text-maroon-600">{INVALID_PINCODE_MESSAGE}</p>
        )}
        {result.status === 'serviceable' && (
          <p className="font-medium text-forest-600">
            <span aria-hidden="true">✓ </span>Delivery Available
            <span className="font-normal text-muted">
              {' '}
              to {result.district}, {result.stateCode}
            </span>
          </p>
        )}
        {result.status === 'not_serviceable' && (
          <p className="font-medium text-maroon-600">
            <span aria-hidden="true">✕ </span>Not Deliverable
          </p>
        )}
      </div>
    </div>
  );
}
