import type { Address, User } from '@makhana/domain/account';
import { type ActionReducerMapBuilder, createSlice } from '@reduxjs/toolkit';
import type { Session } from '../api/account-thunk';
import { addAddress } from '../api/add-address';
import { deleteAddress } from '../api/delete-address';
import { editAddress } from '../api/edit-address';
import { googleLogin } from '../api/google-login';
import { loadAddresses } from '../api/load-addresses';
import { loadAdmin } from '../api/load-admin';
import { loadUser } from '../api/load-user';
import { loginAdmin } from '../api/login-admin';
import { loginUser, type PendingUser } from '../api/login-user';
import { logoutAdmin } from '../api/logout-admin';
import { logoutUser } from '../api/logout-user';
import type { Admin } from '../api/owner-thunk';
import { registerUser } from '../api/register-user';
import { updateAccount } from '../api/update-account';
import { loginVerification } from '../api/verify-login';

/**
 * Who is signed in, never how: the browser's session lives in httpOnly cookies that no script can
 * read, so a script injected into the page finds no token here or in the persisted copy.
 * `address` starts as one null entry: not loaded yet. The owner's lists (orders, customers, the
 * inbox, reviews) are not kept here: each tab asks the server for the page it shows.
 */
export interface AuthState {
  user: User | PendingUser | null;
  admin: Admin | null;
  address: (Address | null)[];
  loading: boolean;
  isUserAuthenticated: boolean;
  isAdminAuthenticated: boolean;
  error: string | null;
}

export const initialAuthState: AuthState = {
  user: null,
  admin: null,
  address: [null],
  loading: false,
  isUserAuthenticated: false,
  isAdminAuthenticated: false,
  error: null,
};

type AuthStateHolder = { auth: AuthState };

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

function clearUser(state: AuthState): void {
  state.user = null;
  state.isUserAuthenticated = false;
  state.address = [null];
}

/** The owner's session is over: their state goes, the customer's stays. */
function clearAdmin(state: AuthState): void {
  state.admin = null;
  state.isAdminAuthenticated = false;
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
    /** A refused owner refresh: the owner's state goes, never the customer's. */
    ownerSessionExpired: clearAdmin,
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
      })
      .addCase(loginAdmin.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(loginAdmin.fulfilled, (state, action) => {
        state.loading = false;
        state.admin = action.payload;
        state.isAdminAuthenticated = true;
      })
      .addCase(loadAdmin.fulfilled, (state, action) => {
        state.admin = action.payload;
        state.isAdminAuthenticated = true;
      })
      .addCase(logoutAdmin.fulfilled, clearAdmin)
      .addCase(logoutAdmin.rejected, (state, action) => {
        clearAdmin(state);
        state.error = action.payload ?? action.error.message ?? 'Server error';
      });
    for (const thunk of [loginAdmin, loadAdmin]) {
      builder.addCase(thunk.rejected, (state, action) => {
        state.loading = false;
        if (action.meta.aborted) return;
        state.error = action.payload || action.error.message || 'Server error';
        // No answer (offline, or the page left mid-call): the server did not refuse the session.
        if (thunk === loadAdmin && !action.meta.rejectedWithValue) return;
        clearAdmin(state);
      });
    }
    // Failures of the sign-in family end the session (docs/product.md#sessions).
    for (const thunk of [loginUser, registerUser, loadUser, loginVerification, googleLogin]) {
      builder.addCase(thunk.rejected, (state, action) => {
        // An aborted start-up load (a re-run effect), or a load that got no answer (offline, or
        // the page left mid-call), is not a refusal of the session.
        if (action.meta.aborted || (thunk === loadUser && !action.meta.rejectedWithValue)) {
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

export const { sessionExpired, ownerSessionExpired } = authSlice.actions;
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
