import type { ShopIdentity } from '@makhana/domain/contracts/shop';
import { useEffect } from 'react';
import { fetchShopIdentity } from '../api/get-shop-identity';
import { useAppDispatch, useAppSelector } from '../stores/hooks';

/**
 * Who sells: what a served page brought, or asked for once on a page the browser rendered.
 * Null until it is known, and for a shop that has set none out.
 */
export function useShopIdentity(): ShopIdentity | null {
  const { identity, asked } = useAppSelector((state) => state.shop);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!asked) void dispatch(fetchShopIdentity());
  }, [asked, dispatch]);
  return identity;
}
