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
import { setSessionHandlers } from '../lib/api-client';
import {
  type AuthState,
  authReducer,
  endExpiredSession,
  forgetLegacySession,
  initialAuthState,
} from './auth-slice';
import { blankCartState, storeCart } from './cart-slice';
import { shopReducers } from './reducers';
import { readServedState, type ServedState } from './served-state';

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
  ...shopReducers,
});

/** `served`: the catalogue, banners and reviews the server rendered the page with. */
export function createStore(served?: ServedState['state']) {
  forgetLegacySession();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: served,
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
    signedIn: () => store.getState().auth.isUserAuthenticated,
    expire: () => store.dispatch(endExpiredSession()),
  });
  return store;
}

const served = readServedState();
export const store = createStore(served?.state);
export const persistor = persistStore(store);

/**
 * What the server rendered: this visit's store before the browser's own cart and session were
 * read. A hydrated page renders with it first, so its markup matches the server's, then with the
 * whole state. Null for a page the server sent empty.
 */
export const renderedState: RootState | null = served
  ? (() => {
      const state = store.getState();
      return { ...state, auth: { ...state.auth, ...initialAuthState }, cart: blankCartState() };
    })()
  : null;

/** Settles once the session kept in this browser has been read back (redux-persist). */
export const sessionRestored = new Promise<void>((resolve) => {
  const settle = () => {
    if (!persistor.getState().bootstrapped) return;
    unsubscribe();
    resolve();
  };
  const unsubscribe = persistor.subscribe(settle);
  settle();
});

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
