import { persistStore } from 'redux-persist';
import { describe, expect, it } from 'vitest';
import { loginVerification } from '../api/verify-login';
import { customer } from '../test/customer-fixtures';
import { createStore, persistor, store } from './store';

/** Every value kept in both web storages, as one string to search. */
function everythingStored(): string {
  const values: string[] = [];
  for (const storage of [localStorage, sessionStorage]) {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i) ?? '';
      values.push(key, storage.getItem(key) ?? '');
    }
  }
  return values.join('\n');
}

describe('the persisted session', () => {
  it('is written the moment a customer signs in, so an immediate reload finds it', async () => {
    await persistor.flush();
    store.dispatch(
      loginVerification.fulfilled({ user: customer }, 'req', {
        email: customer.email,
        otp: '123456',
      }),
    );
    const stored = JSON.parse(localStorage.getItem('persist:auth') ?? '{}');
    expect(JSON.parse(stored.isUserAuthenticated ?? 'false')).toBe(true);
    expect(JSON.parse(stored.user ?? 'null')).toMatchObject({ _id: customer._id });
    expect(Object.keys(stored)).not.toContain('accessToken');
    expect(Object.keys(stored)).not.toContain('refreshToken');
  });

  it('drops the token copies earlier versions left in localStorage', () => {
    localStorage.setItem('accessToken', 'old-access');
    localStorage.setItem('refreshToken', 'old-refresh');
    localStorage.setItem('user', JSON.stringify(customer));
    createStore();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('drops the tokens from an entry an earlier version persisted, and keeps the customer', async () => {
    const old = {
      user: JSON.stringify(customer),
      isUserAuthenticated: 'true',
      accessToken: JSON.stringify('old-access'),
      refreshToken: JSON.stringify('old-refresh'),
      admin: 'null',
      isAdminAuthenticated: 'false',
      _persist: JSON.stringify({ version: -1, rehydrated: true }),
    };
    localStorage.setItem('persist:auth', JSON.stringify(old));
    const reloaded = createStore();
    const restored = persistStore(reloaded);
    await new Promise<void>((resolve) => {
      const check = () => {
        if (!restored.getState().bootstrapped) return;
        stop();
        resolve();
      };
      const stop = restored.subscribe(check);
      check();
    });
    const { auth } = reloaded.getState();
    expect(auth).toMatchObject({ user: customer, isUserAuthenticated: true });
    expect(auth).not.toHaveProperty('accessToken');
    expect(auth).not.toHaveProperty('refreshToken');

    await restored.flush();
    expect(everythingStored()).toContain(customer._id);
    expect(everythingStored()).not.toContain('old-access');
    expect(everythingStored()).not.toContain('old-refresh');
  });
});
