import { PERSIST_TIMEOUT_MS } from '@makhana/domain/constants';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  type PersistConfig,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
// The es build: the lib build gives a blank page after a Vite production build (DEPENDENCIES.md).
import storage from 'redux-persist/es/storage';
import { setAccessTokenSource, setSessionHandlers } from '../lib/api-client';
import { type AuthState, authReducer, endExpiredSession, refreshToken } from './auth-slice';
import { bannerReducer } from './banner-slice';
import { cartReducer, storeCart } from './cart-slice';
import { loaderReducer } from './loader-slice';
import { productReducer } from './product-slice';

const authPersistConfig: PersistConfig<AuthState> = {
  key: 'auth',
  storage,
  timeout: PERSIST_TIMEOUT_MS,
  whitelist: [
    'user',
    'isUserAuthenticated',
    'accessToken',
    'refreshToken',
    'admin',
    'isAdminAuthenticated',
  ],
};

const rootReducer = combineReducers({
  auth: persistReducer(authPersistConfig, authReducer),
  product: productReducer,
  cart: cartReducer,
  banner: bannerReducer,
  loader: loaderReducer,
});

export function createStore() {
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

  setAccessTokenSource(
    () => store.getState().auth.accessToken ?? localStorage.getItem('accessToken'),
  );
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
    auth.isAdminAuthenticated !== lastSession.isAdminAuthenticated ||
    auth.accessToken !== lastSession.accessToken
  ) {
    lastSession = auth;
    void persistor.flush();
  }
});

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
