import { useEffect } from 'react';
import { fetchBanners } from '../stores/banner-slice';
import { useAppDispatch } from '../stores/hooks';
import { hideLoader, showLoader } from '../stores/loader-slice';
import { fetchProducts } from '../stores/product-slice';

/** Start-up data loads; the full-screen loader shows until every one of them settles. */
export function useStartupData(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(showLoader());
    const loads = [dispatch(fetchProducts()), dispatch(fetchBanners())];
    Promise.allSettled(loads).finally(() => dispatch(hideLoader()));
    return () => {
      for (const load of loads) load.abort();
    };
  }, [dispatch]);
}
