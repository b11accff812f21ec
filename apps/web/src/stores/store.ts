import { PERSIST_TIMEOUT_MS } from '@makhana/domain/constants';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  createMigrate,
  FLUSH,
  PAUSE,
  PERSIST,
  type PersistConfig,
  type PersistedState,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
// The es build: redux-persist's CommonJS lib build renders a blank page once Vite bundles it for
// production.
import storage from 'redux-persist/es/storage';
import { refreshToken } from '../api/refresh-token';
import { setSessionHandlers } from '../lib/api-client';
import { type AuthState, authReducer, endExpiredSession, forgetLegacySession } from './auth-slice';
import { bannerReducer } from './banner-slice';
import { cartReducer, storeCart } from './cart-slice';
import { loaderReducer } from './loader-slice';
import { productReducer } from './product-slice';
import { reviewReducer } from './review-slice';

/**
 * Version 1 dropped the tokens from the persisted state. Rehydration merges every stored key,
 * whitelisted or not, so an entry written by an earlier version loses them here.
 */
const authMigrations = {
  1: (state: PersistedState) => {
    if (!state) return state;
    const {
      accessToken: _access,
      refreshToken: _refresh,
      ...rest
    } = state as PersistedState & Record<string, unknown>;
    return rest as PersistedState;
  },
};

/** What a reload restores: who is signed in, never how (the cookies carry the session). */
const authPersistConfig: PersistConfig<AuthState> = {
  key: 'auth',
  storage,
  version: 1,
  migrate: createMigrate(authMigrations),
  timeout: PERSIST_TIMEOUT_MS,
  whitelist: ['user', 'isUserAuthenticated', 'admin', 'isAdminAuthenticated'],
};

const rootReducer = combineReducers({
  auth: persistReducer(authPersistConfig, authReducer),
  product: productReducer,
  cart: cartReducer,
  banner: bannerReducer,
  review: reviewReducer,
  loader: loaderReducer,
});

export function createStore() {
  forgetLegacySession();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });

  let lastCart = store.getState().cart.items;
  store.subscribe(() => {
    const cart = store.getState().cart;
    if (cart.items !== lastCart) {
      lastCart = cart.items;
      storeCart(cart);
    }
  });

  setSessionHandlers({
    refresh: () => store.dispatch(refreshToken()).unwrap(),
    expire: () => store.dispatch(endExpiredSession()),
  });
  return store;
}

export const store = createStore();
export const persistor = persistStore(store);

// redux-persist writes a few milliseconds after a change; a sign-in or sign-out followed at once
// by a reload (or a new tab) must not find the previous session, so those are written at once.
let lastSession = store.getState().auth;
store.subscribe(() => {
  const auth = store.getState().auth;
  if (
    auth.isUserAuthenticated !== lastSession.isUserAuthenticated ||
    auth.isAdminAuthenticated !== lastSession.isAdminAuthenticated
  ) {
    lastSession = auth;
    void persistor.flush();
  }
});

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
