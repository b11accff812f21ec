import { createSlice } from '@reduxjs/toolkit';

/** The spec's auth state (section 3). Sign-in flows fill it; the frame reads the two flags. */
export interface AuthState {
  user: { _id: string; firstName: string; lastName: string; email: string } | null;
  admin: { _id: string; email: string } | null;
  address: unknown[];
  loading: boolean;
  userDetails: unknown[];
  isUserAuthenticated: boolean;
  isAdminAuthenticated: boolean;
  error: string | null;
  accessToken: string | null;
  refreshToken: string | null;
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
  accessToken: null,
  refreshToken: null,
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {},
});

export const authReducer = authSlice.reducer;
