import { createContext, useContext, useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { fetchBanners } from '../api/get-banners';
import { fetchProducts } from '../api/get-products';
import { loadAdmin } from '../api/load-admin';
import { loadUser } from '../api/load-user';
import { setOwnerSessionHandler } from '../lib/api-client';
import { ownerSessionExpired } from '../stores/auth-slice';
import { useAppDispatch } from '../stores/hooks';
import { hideLoader, showLoader } from '../stores/loader-slice';
import type { AppDispatch, RootState } from '../stores/store';

type StartupLoad = { abort: () => void } & PromiseLike<unknown>;

/**
 * The owner's start-up data (who the owner is) loads only for a signed-in owner
 * (docs/product.md#start-up); orders, customers, the inbox and reviews are asked for by their
 * tabs, a page at a time.
 */
function ownerStartupLoads(dispatch: AppDispatch): StartupLoad[] {
  return [dispatch(loadAdmin())];
}

export const OWNER_SIGN_IN_PATH = '/login/admin/owner';

/**
 * An owner session the server no longer renews ends here: the owner's state goes (the customer's
 * stays) and the owner signs in again at the owner sign-in, which returns to where they were.
 */
function useOwnerSessionExpiry(): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('/');
  here.current = `${location.pathname}${location.search}`;

  useEffect(() => {
    setOwnerSessionHandler(() => {
      dispatch(ownerSessionExpired());
      const from = here.current;
      if (from.startsWith(OWNER_SIGN_IN_PATH)) return;
      navigate(OWNER_SIGN_IN_PATH, { state: { from } });
    });
    return () => setOwnerSessionHandler(null);
  }, [dispatch, navigate]);
}

/** How this page started: hydrated from the server's render or not, and when the session is read. */
export interface PageStart {
  served: boolean;
  /** settles once the session kept in this browser has been read back */
  sessionRestored: Promise<void>;
}

export const PageStartContext = createContext<PageStart>({
  served: false,
  sessionRestored: Promise.resolve(),
});

/**
 * Start-up data loads; the full-screen loader shows until every one of them settles. A page the
 * server rendered already holds the catalogue and the banners: nothing is asked again, and the
 * signed-in customer's details load behind the page, once this browser's session is read back.
 */
export function useStartupData(): void {
  useOwnerSessionExpiry();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const { served, sessionRestored } = useContext(PageStartContext);
  useEffect(() => {
    if (served) {
      const loads: StartupLoad[] = [];
      let cancelled = false;
      void sessionRestored.then(() => {
        if (cancelled) return;
        const { auth } = store.getState();
        if (auth.isUserAuthenticated) loads.push(dispatch(loadUser()));
        if (auth.isAdminAuthenticated) loads.push(...ownerStartupLoads(dispatch));
      });
      return () => {
        cancelled = true;
        for (const load of loads) load.abort();
      };
    }
    dispatch(showLoader());
    // Read once: the persisted session has been restored before the app renders (PersistGate).
    const { auth } = store.getState();
    const loads: StartupLoad[] = [dispatch(fetchProducts()), dispatch(fetchBanners())];
    if (auth.isUserAuthenticated) loads.push(dispatch(loadUser()));
    if (auth.isAdminAuthenticated) loads.push(...ownerStartupLoads(dispatch));
    Promise.allSettled(loads).finally(() => dispatch(hideLoader()));
    return () => {
      for (const load of loads) load.abort();
    };
  }, [dispatch, store, served, sessionRestored]);
}
