import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { fetchBanners } from '../api/get-banners';
import { fetchProducts } from '../api/get-products';
import { loadUser } from '../api/load-user';
import { useAppDispatch } from '../stores/hooks';
import { hideLoader, showLoader } from '../stores/loader-slice';
import type { AppDispatch, RootState } from '../stores/store';

type StartupLoad = { abort: () => void } & PromiseLike<unknown>;

/**
 * The owner's start-up data (admin, users, all orders) loads only for a signed-in owner
 * (docs/product.md#start-up). The owner area adds its loads here.
 */
function ownerStartupLoads(_dispatch: AppDispatch): StartupLoad[] {
  return [];
}

/** Start-up data loads; the full-screen loader shows until every one of them settles. */
export function useStartupData(): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useEffect(() => {
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
  }, [dispatch, store]);
}
