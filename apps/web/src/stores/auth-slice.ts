import type { Address, User } from '@makhana/domain/account';
import { type ActionReducerMapBuilder, createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { apiRequest, errorMessage } from '../lib/api-client';

/** Plain login answers only the e-mail; the flag stays false until the code is verified. */
export type PendingUser = Pick<User, 'email'>;

export type AddressFields = Omit<Address, '_id'>;

export type RegisterFields = Pick<User, 'firstName' | 'lastName' | 'email' | 'phoneNumber'>;

export type ProfileFields = RegisterFields & Pick<User, 'gender'>;

/**
 * Who is signed in, never how: the browser's session lives in httpOnly cookies that no script can
 * read, so a script injected into the page finds no token here or in the persisted copy.
 * `address` starts as one null entry: not loaded yet.
 */
export interface AuthState {
  user: User | PendingUser | null;
  admin: { _id: string; email: string } | null;
  address: (Address | null)[];
  loading: boolean;
  userDetails: unknown[];
  isUserAuthenticated: boolean;
  isAdminAuthenticated: boolean;
  error: string | null;
}

export const initialAuthState: AuthState = {
  user: null,
  admin: null,
  address: [null],
  loading: false,
  userDetails: [],
  isUserAuthenticated: false,
  isAdminAuthenticated: false,
  error: null,
};

export const NOT_AUTHENTICATED = 'Not authenticated';

/** What a sign-in keeps: the server's answer also carries tokens, which stay out of the store. */
interface Session {
  user: User;
}
type AuthStateHolder = { auth: AuthState };
type ThunkConfig = { state: AuthStateHolder; rejectValue: string };

/** Where earlier versions of the shop copied the session in plain `localStorage`. */
const LEGACY_STORED_KEYS = ['accessToken', 'refreshToken', 'user'] as const;

/** Removes the token copies earlier versions left in `localStorage`. */
export function forgetLegacySession(): void {
  try {
    for (const key of LEGACY_STORED_KEYS) localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

/** Wraps a call: the payload on success, the server's (or transport's) message on failure. */
function call<Result, Arg = void>(
  type: string,
  run: (arg: Arg, state: AuthStateHolder) => Promise<Result>,
  needsUser = false,
) {
  return createAsyncThunk<Result, Arg, ThunkConfig>(
    type,
    async (arg, { getState, rejectWithValue }) => {
      if (needsUser && !getState().auth.isUserAuthenticated) {
        return rejectWithValue(NOT_AUTHENTICATED);
      }
      try {
        return await run(arg, getState());
      } catch (error) {
        return rejectWithValue(errorMessage(error));
      }
    },
  );
}

const post = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body });

// Only the user goes on: the tokens in the answer are for API clients; the browser has the cookies.
function startSession({ user }: Session): Session {
  return { user };
}

export const loginUser = call('auth/loginUser', (body: { email: string }) =>
  post<{ user: PendingUser }>('/users/loginUser', body),
);

export const loginVerification = call(
  'auth/loginVerification',
  async (body: { email: string; otp: string }) =>
    startSession(await post<Session>('/users/loginVerificationUser', body)),
);

export const registerUser = call('auth/registerUser', (body: RegisterFields) =>
  post<{ user: User }>('/users/registerUser', body),
);

export const loadUser = call('auth/loadUser', () => apiRequest<User>('/users/getUser'), true);

export const updateAccount = call('auth/updateAccount', (body: ProfileFields) =>
  post<User>('/users/updateUserAccount', body),
);

/** Exchanges the single-use code the Google callback handed the page for the session cookies. */
export const googleLogin = call('auth/googleLogin', async (body: { code: string }) =>
  startSession(await post<Session>('/users/googleLogin', body)),
);

export const logoutUser = call('auth/logoutUser', async () => {
  await post<unknown>('/users/logoutUser');
});

/** Renews the session through the refresh cookie; the new tokens arrive as cookies only. */
export const refreshToken = call(
  'auth/refreshToken',
  async () => {
    await post<unknown>('/users/refresh-token');
  },
  true,
);

export const loadAddresses = call(
  'auth/loadAddresses',
  () => apiRequest<Address[]>('/users/getAddressDetails'),
  true,
);

export const addAddress = call('auth/addAddress', (body: AddressFields) =>
  post<Address>('/users/newAddress', body),
);

export const editAddress = call(
  'auth/editAddress',
  ({ id, fields }: { id: string; fields: AddressFields }) =>
    post<Address>(`/users/editAddress/${encodeURIComponent(id)}`, fields),
);

export const deleteAddress = call('auth/deleteAddress', async (id: string) => {
  await post<unknown>(`/users/deleteAddress/${encodeURIComponent(id)}`);
  return id;
});

function clearUser(state: AuthState): void {
  state.user = null;
  state.isUserAuthenticated = false;
  state.address = [null];
}

function signIn(state: AuthState, { user }: Session): void {
  state.loading = false;
  state.error = null;
  state.user = user;
  state.isUserAuthenticated = true;
}

function fail(state: AuthState, action: { payload?: string; error: { message?: string } }): void {
  state.loading = false;
  state.error = action.payload ?? action.error.message ?? 'Server error';
}

function savedAddresses(state: AuthState): Address[] {
  return state.address.filter((entry): entry is Address => entry !== null);
}

function userIds(state: AuthState): string[] | null {
  return state.user && 'address' in state.user ? state.user.address : null;
}

// Every thunk whose pending and rejected steps drive the loading flag.
function trackLoading(builder: ActionReducerMapBuilder<AuthState>) {
  const loadingThunks = [
    loginUser,
    registerUser,
    loadUser,
    loginVerification,
    updateAccount,
    googleLogin,
    addAddress,
    editAddress,
  ];
  for (const thunk of loadingThunks) {
    builder.addCase(thunk.pending, (state) => {
      state.loading = true;
      state.error = null;
    });
  }
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** A refused token refresh: the session is over, so the customer's state goes. */
    sessionExpired: clearUser,
  },
  extraReducers: (builder) => {
    trackLoading(builder);
    builder
      .addCase(loginUser.fulfilled, (state, action) => {
        state.loading = false;
        state.user = action.payload.user;
        state.isUserAuthenticated = false;
      })
      .addCase(registerUser.fulfilled, (state, action) => {
        state.loading = false;
        state.user = action.payload.user;
      })
      .addCase(loginVerification.fulfilled, (state, action) => signIn(state, action.payload))
      .addCase(googleLogin.fulfilled, (state, action) => signIn(state, action.payload))
      .addCase(loadUser.fulfilled, (state, action) => {
        state.loading = false;
        state.user = action.payload;
        state.isUserAuthenticated = true;
      })
      .addCase(updateAccount.fulfilled, (state, action) => {
        state.loading = false;
        state.user = action.payload;
      })
      .addCase(updateAccount.rejected, fail)
      .addCase(refreshToken.rejected, (state, action) => {
        state.error = action.payload ?? 'Server error';
      })
      .addCase(logoutUser.fulfilled, clearUser)
      .addCase(logoutUser.rejected, (state, action) => {
        clearUser(state);
        state.error = action.payload ?? 'Server error';
      })
      .addCase(loadAddresses.fulfilled, (state, action) => {
        state.address = action.payload;
        const ids = userIds(state);
        if (ids) ids.splice(0, ids.length, ...action.payload.map((entry) => entry._id));
      })
      .addCase(loadAddresses.rejected, (state, action) => {
        state.error = action.payload ?? 'Server error';
      })
      .addCase(addAddress.fulfilled, (state, action) => {
        state.loading = false;
        state.address = [...savedAddresses(state), action.payload];
        userIds(state)?.push(action.payload._id);
      })
      .addCase(addAddress.rejected, fail)
      .addCase(editAddress.fulfilled, (state, action) => {
        state.loading = false;
        state.address = savedAddresses(state).map((entry) =>
          entry._id === action.payload._id ? action.payload : entry,
        );
      })
      .addCase(editAddress.rejected, fail)
      .addCase(deleteAddress.fulfilled, (state, action) => {
        state.address = savedAddresses(state).filter((entry) => entry._id !== action.payload);
        const ids = userIds(state);
        if (ids) ids.splice(0, ids.length, ...ids.filter((id) => id !== action.payload));
      })
      .addCase(deleteAddress.rejected, (state, action) => {
        state.error = action.payload ?? 'Server error';
      });
    // Failures of the sign-in family end the session (docs/product.md#sessions).
    for (const thunk of [loginUser, registerUser, loadUser, loginVerification, googleLogin]) {
      builder.addCase(thunk.rejected, (state, action) => {
        // An aborted start-up load (a re-run effect) is not a refusal of the session.
        if (action.meta.aborted) {
          state.loading = false;
          return;
        }
        fail(state, action);
        state.user = null;
        state.isUserAuthenticated = false;
      });
    }
  },
});

export const { sessionExpired } = authSlice.actions;
export const authReducer = authSlice.reducer;

/** The logout clean-up without a server call, for a session the server already refused. */
export function endExpiredSession() {
  return (dispatch: (action: ReturnType<typeof sessionExpired>) => unknown) => {
    dispatch(sessionExpired());
  };
}

/** The signed-in customer, or null for a visitor or a customer still between the two login steps. */
export function selectCustomer(state: AuthStateHolder): User | null {
  const { user, isUserAuthenticated } = state.auth;
  return isUserAuthenticated && user && '_id' in user ? user : null;
}
