import type { Address, User } from '@makhana/domain/account';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_AUTHENTICATED } from '../api/account-thunk';
import { addAddress } from '../api/add-address';
import { deleteAddress } from '../api/delete-address';
import { editAddress } from '../api/edit-address';
import { googleLogin } from '../api/google-login';
import { loadAddresses } from '../api/load-addresses';
import { loadAdmin } from '../api/load-admin';
import { loadUser } from '../api/load-user';
import { loginAdmin } from '../api/login-admin';
import { loginUser } from '../api/login-user';
import { logoutAdmin } from '../api/logout-admin';
import { logoutUser } from '../api/logout-user';
import { registerUser } from '../api/register-user';
import { updateAccount } from '../api/update-account';
import { loginVerification } from '../api/verify-login';
import { customer, homeAddress, ok, stubRoutes } from '../test/customer-fixtures';
import {
  type AuthState,
  authReducer,
  initialAuthState,
  ownerSessionExpired,
  sessionExpired,
} from './auth-slice';
import { createStore } from './store';

// Short ids and an empty address book, so the reducer's bookkeeping is easy to read below.
const user: User = { ...customer, _id: 'u1', gender: null, address: [] };
const address: Address = { ...homeAddress, _id: 'a1' };
const session = { user };
const signedIn: AuthState = { ...initialAuthState, user, isUserAuthenticated: true };
const rejected = (thunk: { rejected: unknown }, message: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: a hand-built rejected action for any thunk
  (thunk.rejected as any)(null, 'req', undefined, message);

describe('auth reducer: customer sign-in', () => {
  it('starts with one null address and nobody signed in', () => {
    expect(authReducer(undefined, { type: 'init' })).toEqual(initialAuthState);
    expect(initialAuthState.address).toEqual([null]);
  });

  it.each([
    ['login', loginUser],
    ['register', registerUser],
    ['load user', loadUser],
    ['verify login', loginVerification],
    ['update account', updateAccount],
    ['Google login', googleLogin],
    ['address add', addAddress],
    ['address edit', editAddress],
  ])('sets loading while %s runs', (_, thunk) => {
    // biome-ignore lint/suspicious/noExplicitAny: every thunk's pending creator
    const pending = (thunk.pending as any)('req', undefined);
    const state = authReducer({ ...initialAuthState, error: 'old' }, pending);
    expect(state.loading).toBe(true);
    expect(state.error).toBeNull();
  });

  it('keeps the flag false after plain login, which stores the returned user', () => {
    const state = authReducer(
      { ...initialAuthState, loading: true },
      loginUser.fulfilled({ user: { email: 'asha@example.com' } }, 'req', {
        email: 'asha@example.com',
      }),
    );
    expect(state).toMatchObject({
      loading: false,
      user: { email: 'asha@example.com' },
      isUserAuthenticated: false,
    });
  });

  it.each([
    ['verification', loginVerification.fulfilled(session, 'req', { email: '', otp: '' })],
    ['Google login', googleLogin.fulfilled(session, 'req', { code: 'c' })],
  ])('signs in on %s success with the user, and the state has no token field', (_, action) => {
    const state = authReducer({ ...initialAuthState, loading: true }, action);
    expect(state).toMatchObject({ loading: false, user, isUserAuthenticated: true });
    expect(state).not.toHaveProperty('accessToken');
    expect(state).not.toHaveProperty('refreshToken');
  });

  it('signs in on load-user success', () => {
    const state = authReducer(initialAuthState, loadUser.fulfilled(user, 'req'));
    expect(state).toMatchObject({ user, isUserAuthenticated: true, loading: false });
  });

  it.each([
    ['login', loginUser],
    ['register', registerUser],
    ['load user', loadUser],
    ['verification', loginVerification],
    ['Google login', googleLogin],
  ])('%s failure stores the error, clears the user and the flag', (_, thunk) => {
    const state = authReducer({ ...signedIn, loading: true }, rejected(thunk, 'Invalid OTP'));
    expect(state).toMatchObject({
      loading: false,
      error: 'Invalid OTP',
      user: null,
      isUserAuthenticated: false,
    });
  });

  it('keeps the session when a start-up load is aborted', () => {
    const aborted = loadUser.rejected(new Error('Aborted'), 'req', undefined);
    aborted.meta.aborted = true;
    const state = authReducer({ ...signedIn, loading: true }, aborted);
    expect(state).toMatchObject({ user, isUserAuthenticated: true, loading: false });
  });

  it('keeps the session when a load gets no answer (offline, or the page left mid-call)', () => {
    const noAnswer = loadUser.rejected(new Error('Failed to fetch'), 'req', undefined);
    expect(authReducer({ ...signedIn, loading: true }, noAnswer)).toMatchObject({
      user,
      isUserAuthenticated: true,
      loading: false,
    });
    // The server's refusal still ends it.
    const refused = loadUser.rejected(null, 'req', undefined, 'Unauthorized');
    expect(authReducer(signedIn, refused)).toMatchObject({ isUserAuthenticated: false });
  });

  it("keeps the owner's session when the owner's load gets no answer, not when it is refused", () => {
    const owner = { _id: 'a1', email: 'owner@example.in', name: 'Owner', secondFactor: true };
    const signedInOwner: AuthState = {
      ...initialAuthState,
      admin: owner,
      isAdminAuthenticated: true,
    };
    const noAnswer = loadAdmin.rejected(new Error('Failed to fetch'), 'req', undefined);
    expect(authReducer(signedInOwner, noAnswer)).toMatchObject({
      admin: owner,
      isAdminAuthenticated: true,
    });
    const refused = loadAdmin.rejected(null, 'req', undefined, 'Unauthorized');
    expect(authReducer(signedInOwner, refused)).toMatchObject({ isAdminAuthenticated: false });
  });

  it.each([
    ['success', logoutUser.fulfilled(undefined, 'req')],
    ['failure', rejected(logoutUser, 'Server error')],
    ['a refused refresh', sessionExpired()],
  ])('clears user and flag on logout %s', (_, action) => {
    const state = authReducer(signedIn, action);
    expect(state).toMatchObject({ user: null, isUserAuthenticated: false });
  });

  it('stores an updated profile', () => {
    const state = authReducer(
      signedIn,
      updateAccount.fulfilled({ ...user, firstName: 'Asha Rani' }, 'req', {
        ...user,
        firstName: 'Asha Rani',
      }),
    );
    expect(state.user).toMatchObject({ firstName: 'Asha Rani' });
    expect(state.isUserAuthenticated).toBe(true);
  });

  it('replaces the null placeholder with the loaded addresses and keeps ids in step', () => {
    let state = authReducer(signedIn, loadAddresses.fulfilled([address], 'req'));
    expect(state.address).toEqual([address]);
    expect((state.user as User).address).toEqual(['a1']);

    const work = { ...address, _id: 'a2', label: 'Work' as const };
    state = authReducer(state, addAddress.fulfilled(work, 'req', work));
    expect(state.address).toEqual([address, work]);
    expect((state.user as User).address).toEqual(['a1', 'a2']);

    const moved = { ...address, city: 'Madhubani' };
    state = authReducer(state, editAddress.fulfilled(moved, 'req', { id: 'a1', fields: moved }));
    expect(state.address[0]).toMatchObject({ city: 'Madhubani' });

    state = authReducer(state, deleteAddress.fulfilled('a1', 'req', 'a1'));
    expect(state.address).toEqual([work]);
    expect((state.user as User).address).toEqual(['a2']);
  });
});

describe('the session thunks keep no token', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const answer = { user, accessToken: 'server-access', refreshToken: 'server-refresh' };

  it('signs in by code and by Google code without keeping the tokens the server also answers', async () => {
    const api = stubRoutes({
      'POST /users/loginVerificationUser': ok(answer),
      'POST /users/googleLogin': ok(answer),
    });
    const store = createStore();
    const byCode = await store.dispatch(loginVerification({ email: user.email, otp: '123456' }));
    expect(byCode.payload).toEqual({ user });
    const byGoogle = await store.dispatch(googleLogin({ code: 'one-time-code' }));
    expect(byGoogle.payload).toEqual({ user });
    expect(api.callsTo('POST /users/googleLogin')[0]?.body).toEqual({ code: 'one-time-code' });
    expect(JSON.stringify(store.getState())).not.toContain('server-');
    expect(api.calls.every((call) => call.authorization === null)).toBe(true);
  });
});

describe('local refusals (Not authenticated)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['load user', () => loadUser()],
    ['address details', () => loadAddresses()],
  ])('refuses %s with "Not authenticated" when nobody is signed in', async (_, thunk) => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const store = createStore();
    const result = await store.dispatch(thunk() as ReturnType<typeof loadUser>);
    expect(result.payload).toBe(NOT_AUTHENTICATED);
    expect(result.type).toMatch(/rejected$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

const credentials = { email: 'owner@mithilamakhana.in', password: 'makhana-owner-dev' };

describe('auth reducer: the owner', () => {
  const admin = {
    _id: 'admin-1',
    email: 'owner@mithilamakhana.in',
    name: 'Owner',
    secondFactor: true,
  };

  it('signs the owner in on login or load-admin success, and out on any failure', () => {
    let state = authReducer(initialAuthState, loginAdmin.fulfilled(admin, 'r', credentials));
    expect(state).toMatchObject({ admin, isAdminAuthenticated: true, loading: false });
    state = authReducer(state, loadAdmin.rejected(null, 'r', undefined, 'Not authenticated'));
    expect(state).toMatchObject({ admin: null, isAdminAuthenticated: false });
    state = authReducer(state, loadAdmin.fulfilled(admin, 'r'));
    expect(state).toMatchObject({ admin, isAdminAuthenticated: true });
    state = authReducer(
      state,
      loginAdmin.rejected(null, 'r', credentials, 'Invalid email or password'),
    );
    expect(state).toMatchObject({
      admin: null,
      isAdminAuthenticated: false,
      error: 'Invalid email or password',
    });
  });

  it("clears the owner's state on logout, refused or not, and on an ended session, never the customer's", () => {
    const signedIn: AuthState = {
      ...initialAuthState,
      user: customer,
      isUserAuthenticated: true,
      admin,
      isAdminAuthenticated: true,
    };
    for (const action of [
      logoutAdmin.fulfilled('Admin Logout successfully', 'r'),
      logoutAdmin.rejected(null, 'r', undefined, 'Server error'),
      ownerSessionExpired(),
    ]) {
      const state = authReducer(signedIn, action);
      expect(state).toMatchObject({
        admin: null,
        isAdminAuthenticated: false,
        user: customer,
        isUserAuthenticated: true,
      });
    }
  });

  it("refuses the owner's calls locally without an owner session", async () => {
    const api = stubRoutes({});
    const store = createStore();
    expect((await store.dispatch(loadAdmin())).payload).toBe(NOT_AUTHENTICATED);
    expect(api.calls).toHaveLength(0);
    // A customer may not read the owner (moving an order: features/owner/api/orders.test.ts).
    store.dispatch(loginVerification.fulfilled({ user: customer }, 'r', { email: '', otp: '' }));
    expect((await store.dispatch(loadAdmin())).payload).toBe(NOT_AUTHENTICATED);
    expect(api.calls).toHaveLength(0);
  });
});
