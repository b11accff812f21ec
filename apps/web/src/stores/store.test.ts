import { describe, expect, it } from 'vitest';
import { customer } from '../test/customer-fixtures';
import { loginVerification } from './auth-slice';
import { persistor, store } from './store';

describe('the persisted session', () => {
  it('is written the moment a customer signs in, so an immediate reload finds it', async () => {
    await persistor.flush();
    const session = { user: customer, accessToken: 'access-1', refreshToken: 'refresh-1' };
    store.dispatch(
      loginVerification.fulfilled(session, 'req', { email: customer.email, otp: '123456' }),
    );
    const stored = JSON.parse(localStorage.getItem('persist:auth') ?? '{}');
    expect(JSON.parse(stored.isUserAuthenticated ?? 'false')).toBe(true);
    expect(JSON.parse(stored.accessToken ?? 'null')).toBe('access-1');
  });
});
