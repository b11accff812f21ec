import type { ApiSuccess } from '@makhana/domain/api';
import type { Discount } from '@makhana/domain/contracts/owner';
import type { DiscountInput } from '@makhana/domain/discounts';
import { apiSlice, onSuccess } from '../../../lib/api-slice';

export const discountsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admins/discounts: every code, newest first, with its uses and revenue. */
    getDiscounts: build.query<Discount[], void>({
      query: () => ({ path: '/admins/discounts', realm: 'owner' }),
      transformResponse: (answer: ApiSuccess<Discount[]>) => answer.data,
      providesTags: ['Discount'],
    }),
    /** POST /admins/discounts (a new code) or /admins/discounts/{id} (a change, or switched off). */
    saveDiscount: build.mutation<ApiSuccess<Discount>, { id: string | null; body: DiscountInput }>({
      query: ({ id, body }) => ({
        path: id ? `/admins/discounts/${encodeURIComponent(id)}` : '/admins/discounts',
        method: 'POST',
        body,
        realm: 'owner',
      }),
      invalidatesTags: onSuccess('Discount'),
    }),
  }),
});

export const { useGetDiscountsQuery, useSaveDiscountMutation } = discountsApi;
