import type { ApiPage, ApiSuccess } from '@makhana/domain/api';
import { pageOf } from '../../../lib/api-client';
import { type ApiTag, apiSlice } from '../../../lib/api-slice';

/** What every owner list's items have: the id a change or a deletion finds them by. */
export interface OwnerListItem {
  _id: string;
}

/** The lists' tags: a write that changes what a list shows invalidates its `LIST`. */
export type OwnerListTag = Exclude<ApiTag, 'DashboardFigures'>;

export interface OwnerPageArgs {
  /** the list's path, without a query */
  path: string;
  /** page, limit, words and filters, as the address holds them */
  query: string;
  tag: OwnerListTag;
}

export const ownerListApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** One page of an owner list, in the owner's realm. */
    getOwnerPage: build.query<ApiPage<OwnerListItem>, OwnerPageArgs>({
      query: ({ path, query }) => ({ path: `${path}?${query}`, realm: 'owner' }),
      transformResponse: (answer: ApiSuccess<OwnerListItem[]>) => pageOf(answer),
      providesTags: (_page, _error, { tag }) => [{ type: tag, id: 'LIST' }],
    }),
  }),
});

export const { useGetOwnerPageQuery } = ownerListApi;
