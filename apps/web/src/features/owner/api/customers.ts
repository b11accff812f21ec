import type { ApiSuccess } from '@makhana/domain/api';
import type { erasedCustomerShape } from '@makhana/domain/contracts/owner';
import type { z } from 'zod';
import { apiSlice, onSuccess } from '../../../lib/api-slice';

export type ErasedCustomer = z.infer<typeof erasedCustomerShape>;

export const customersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /users/deleteUser/{id}: the owner erases a customer. Answers the server's message, for
     * the toast; the customer count and the orders' names ('Deleted customer') change with it.
     */
    deleteCustomer: build.mutation<string, string>({
      query: (userId) => ({
        path: `/users/deleteUser/${encodeURIComponent(userId)}`,
        method: 'POST',
        realm: 'owner',
      }),
      transformResponse: (answer: ApiSuccess<ErasedCustomer>) => answer.message,
      invalidatesTags: onSuccess(
        { type: 'Customer', id: 'LIST' },
        { type: 'Order', id: 'LIST' },
        'DashboardFigures',
      ),
    }),
  }),
});

export const { useDeleteCustomerMutation } = customersApi;
