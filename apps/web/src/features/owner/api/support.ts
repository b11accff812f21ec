import type { ApiSuccess } from '@makhana/domain/api';
import type { SupportMessage } from '@makhana/domain/contracts/owner';
import { pageOf } from '../../../lib/api-client';
import { apiSlice, onSuccess } from '../../../lib/api-slice';

/** The resolved or reopened message as the server now has it (null if it left it out), and its words. */
export interface SupportMessageChange {
  changed: SupportMessage | null;
  message: string;
}

export const supportApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** How many messages wait in the inbox: one item is enough, the count is the page's total. */
    getOpenSupportCount: build.query<number, void>({
      query: () => ({ path: '/supports/inbox?page=1&limit=1&status=open', realm: 'owner' }),
      transformResponse: (answer: ApiSuccess<SupportMessage[]>) => pageOf(answer).meta.total,
      providesTags: [{ type: 'SupportMessage', id: 'LIST' }],
    }),
    /** POST /supports/resolve/{id}: marks a message resolved, or opens it again. */
    resolveSupportMessage: build.mutation<SupportMessageChange, { id: string; resolved: boolean }>({
      query: ({ id, resolved }) => ({
        path: `/supports/resolve/${encodeURIComponent(id)}`,
        method: 'POST',
        body: { resolved },
        realm: 'owner',
      }),
      transformResponse: (answer: ApiSuccess<SupportMessage | null>) => ({
        changed: answer.data?._id ? answer.data : null,
        message: answer.message,
      }),
      invalidatesTags: onSuccess({ type: 'SupportMessage', id: 'LIST' }),
    }),
  }),
});

export const { useGetOpenSupportCountQuery, useResolveSupportMessageMutation } = supportApi;
