import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubApi } from '../test/shop-fixtures';
import { verifyPincode } from './verify-pincode';

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
  vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answer = (response: ReturnType<typeof ok>) =>
  stubApi([], (path) => (path === '/orders/pincodeVerification' ? response : undefined));

describe('the pincode check shared by the product page and checkout', () => {
  it('answers serviceable with district, state code and state, and toasts the success', async () => {
    answer(ok({ delivery_codes: [{ postal_code: { district: 'Darbhanga', state_code: 'BR' } }] }));
    await expect(verifyPincode('846004')).resolves.toEqual({
      status: 'serviceable',
      district: 'Darbhanga',
      stateCode: 'BR',
      state: 'Bihar',
    });
    expect(toast.success).toHaveBeenCalledWith('Pincode verified successfully');
  });

  it("takes the answer's state name when it names one, and none for a code it cannot read", async () => {
    answer(
      ok({
        delivery_codes: [
          { postal_code: { district: 'Khordha', state_code: 'OD', state: 'odisha' } },
        ],
      }),
    );
    await expect(verifyPincode('751001')).resolves.toMatchObject({ state: 'Odisha' });
    answer(ok({ delivery_codes: [{ postal_code: { district: 'Nowhere', state_code: 'ZZ' } }] }));
    await expect(verifyPincode('111111')).resolves.toMatchObject({ state: '' });
  });

  it('answers not serviceable when no postal code comes back, quietly', async () => {
    answer(ok({ delivery_codes: [] }));
    await expect(verifyPincode('999999')).resolves.toEqual({ status: 'not_serviceable' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("toasts the server's refusal, or the generic text when the call fails", async () => {
    answer(fail(400, 'pincode must be 6 digits'));
    await expect(verifyPincode('12')).resolves.toEqual({ status: 'not_serviceable' });
    expect(toast.error).toHaveBeenLastCalledWith('pincode must be 6 digits');

    answer(fail(500, 'Internal'));
    await verifyPincode('846004');
    expect(toast.error).toHaveBeenLastCalledWith('Something went wrong. Please try again.');
  });
});
