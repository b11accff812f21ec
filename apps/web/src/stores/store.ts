import { PERSIST_TIMEOUT_MS } from '@makhana/domain/constants';
import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
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

/**
 * Slices a lazy screen brings with its chunk (the owner area's server-data cache, `api`), so the
 * shop's own pages do not download them; each declares itself here from its own module.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the modules that inject a slice
export interface LazyLoadedSlices {}

/** A lazy slice's module injects it (`rootReducer.inject`, `lazyMiddleware.addMiddleware`). */
export const rootReducer = combineSlices({
  auth: persistReducer(authPersistConfig, authReducer),
  ...shopReducers,
}).withLazyLoadedSlices<LazyLoadedSlices>();
export const lazyMiddleware = createDynamicMiddleware();

/**
 * The state as code sees it. A lazy slice is typed as always there: only code that imports its
 * module can read it, and that module injects it when it loads.
 */
export type RootState = ReturnType<typeof rootReducer> & Required<LazyLoadedSlices>;

/** `served`: the catalogue, banners and reviews the server rendered the page with. */
export function createStore(served?: ServedState['state']) {
  forgetLegacySession();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: served,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(lazyMiddleware.middleware),
    // The API cache's answers reach the screens at once, as a reducer's do, not at the next frame.
    enhancers: (getDefault) => getDefault({ autoBatch: false }),
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
export const renderedState: ReturnType<typeof store.getState> | null = served
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

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'] & ThunkDispatch<RootState, undefined, UnknownAction>;
