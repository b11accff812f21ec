import type { ApiSuccess } from '@makhana/domain/api';
import type { Review } from '@makhana/domain/product';
import type { addReviewSchema, reviewSchema } from '@makhana/domain/validation';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import type { z } from 'zod';
import { NOT_AUTHENTICATED } from '../../../api/account-thunk';
import type { ApiCallError } from '../../../lib/api-client';
import { apiSlice, onSuccess } from '../../../lib/api-slice';

export type AddReviewInput = z.infer<typeof addReviewSchema>;
export type ReviewInput = z.infer<typeof reviewSchema>;

type SignedInHolder = { auth: { isUserAuthenticated: boolean } };

const SIGNED_OUT: ApiCallError = { status: 401, message: NOT_AUTHENTICATED, fieldErrors: [] };

/** A visitor's write is refused here, before any call (docs/product.md#sessions). */
const signedIn = (api: BaseQueryApi) => (api.getState() as SignedInHolder).auth.isUserAuthenticated;

/** The server's answer's `data`, or its refusal as it came. */
function dataOf<Result>(answer: { data?: unknown; error?: ApiCallError }) {
  return answer.error
    ? { error: answer.error }
    : { data: (answer.data as ApiSuccess<Result>).data };
}

/** Every review write changes the owner's reviews list and a product's rating in theirs. */
const reviewsChanged = onSuccess({ type: 'Review', id: 'LIST' }, { type: 'Product', id: 'LIST' });

/**
 * A customer's review writes. This module, and RTK Query with it, loads on a signed-in customer's
 * visit to a product, never with the page itself (reviews-section.tsx).
 */
export const reviewWritesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** POST /reviews/add-review: one review per customer and product (a second one answers 409). */
    addReview: build.mutation<Review, AddReviewInput>({
      queryFn: async (body, api, _extra, baseQuery) =>
        signedIn(api)
          ? dataOf<Review>(await baseQuery({ path: '/reviews/add-review', method: 'POST', body }))
          : { error: SIGNED_OUT },
      invalidatesTags: reviewsChanged,
    }),
    /** PUT /reviews/update-review/{reviewId}: the author's new rating and comment. */
    updateReview: build.mutation<Review, { id: string; fields: ReviewInput }>({
      queryFn: async ({ id, fields }, api, _extra, baseQuery) =>
        signedIn(api)
          ? dataOf<Review>(
              await baseQuery({
                path: `/reviews/update-review/${encodeURIComponent(id)}`,
                method: 'PUT',
                body: fields,
              }),
            )
          : { error: SIGNED_OUT },
      invalidatesTags: reviewsChanged,
    }),
    /** DELETE /reviews/delete-review/{reviewId}: the author's own review. */
    deleteOwnReview: build.mutation<unknown, string>({
      queryFn: async (id, api, _extra, baseQuery) =>
        signedIn(api)
          ? dataOf<unknown>(
              await baseQuery({
                path: `/reviews/delete-review/${encodeURIComponent(id)}`,
                method: 'DELETE',
              }),
            )
          : { error: SIGNED_OUT },
      invalidatesTags: reviewsChanged,
    }),
  }),
});
