import type { ApiSuccess } from '@makhana/domain/api';
import type { CustomerDetails, erasedCustomerShape } from '@makhana/domain/contracts/owner';
import type { z } from 'zod';
import { apiSlice, onSuccess } from '../../../lib/api-slice';

export type ErasedCustomer = z.infer<typeof erasedCustomerShape>;

export const customersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /users/customerDetails/{id}: one customer's page. Asked again when an order, a review or
     * a message of theirs may have changed (a refund, a review removed, a message resolved).
     */
    getCustomerDetails: build.query<CustomerDetails, string>({
      query: (userId) => ({
        path: `/users/customerDetails/${encodeURIComponent(userId)}`,
        realm: 'owner',
      }),
      transformResponse: (answer: ApiSuccess<CustomerDetails>) => answer.data,
      providesTags: (_result, _error, userId) => [
        { type: 'Customer', id: userId },
        { type: 'Customer', id: 'LIST' },
        { type: 'Order', id: 'LIST' },
        { type: 'Review', id: 'LIST' },
        { type: 'SupportMessage', id: 'LIST' },
      ],
    }),
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

export const { useDeleteCustomerMutation, useGetCustomerDetailsQuery } = customersApi;
