import type { ApiSuccess } from '@makhana/domain/api';
import type { WithSlice } from '@reduxjs/toolkit';
import { type BaseQueryFn, createApi, type TagDescription } from '@reduxjs/toolkit/query/react';
import { API_REDUCER_PATH } from '../stores/api-writes';
import { lazyMiddleware, rootReducer, store } from '../stores/store';
import { type ApiCallError, apiAnswer, type RequestOptions, toApiCallError } from './api-client';

/** One call as an endpoint describes it; the signal is RTK Query's own. */
export interface ApiCall extends Omit<RequestOptions, 'signal'> {
  path: string;
}

/**
 * Every endpoint goes through the one API client, so the envelope, the single refresh on a 401,
 * the realm header and the 429 toast stay where they are. The whole envelope comes back: a write's
 * toast shows the server's message, and an endpoint picks `data` in `transformResponse`.
 */
const clientBaseQuery: BaseQueryFn<ApiCall, ApiSuccess<unknown>, ApiCallError> = async (
  { path, ...options },
  { signal },
) => {
  try {
    return { data: await apiAnswer<unknown>(path, { ...options, signal }) };
  } catch (error) {
    return { error: toApiCallError(error) };
  }
};

export type ClientBaseQuery = typeof clientBaseQuery;

/** What a write can change, so that every screen showing it asks again. */
const API_TAGS = [
  'DashboardFigures',
  'Order',
  'Customer',
  'Review',
  'SupportMessage',
  'Product',
  'OwnerSession',
  'ShopSettings',
  'Discount',
] as const;
export type ApiTag = (typeof API_TAGS)[number];

/** A write's `invalidatesTags`: `tags` once it succeeded; a refused write changed nothing. */
export const onSuccess =
  (...tags: TagDescription<ApiTag>[]) =>
  (_result: unknown, error: unknown) =>
    error ? [] : tags;

/**
 * The server's data in one cache (docs/decisions/029-server-state-in-rtk-query.md); each feature
 * adds its endpoints with `apiSlice.injectEndpoints` in its own `api/` folder.
 */
export const apiSlice = createApi({
  reducerPath: API_REDUCER_PATH,
  baseQuery: clientBaseQuery,
  tagTypes: API_TAGS,
  endpoints: () => ({}),
});

declare module '../stores/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof apiSlice> {}
}

// Only the screens that use the cache import this module, so the shop's own pages download none
// of it. Stores made from now on start with its state; the browser's own, made before this chunk
// arrived, gets it from the reset.
rootReducer.inject(apiSlice);
lazyMiddleware.addMiddleware(apiSlice.middleware);
store.dispatch(apiSlice.util.resetApiState());
