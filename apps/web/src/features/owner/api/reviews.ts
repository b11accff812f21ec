import type { ApiSuccess } from '@makhana/domain/api';
import { apiSlice, onSuccess } from '../../../lib/api-slice';

export const ownerReviewsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** DELETE /reviews/delete-review/{id}: answers the server's message, for the toast. */
    deleteReview: build.mutation<string, string>({
      query: (reviewId) => ({
        path: `/reviews/delete-review/${encodeURIComponent(reviewId)}`,
        method: 'DELETE',
        // Both sessions may be in the browser: the owner removes it as the owner, not as an author.
        realm: 'owner',
      }),
      transformResponse: (answer: ApiSuccess<{ _id: string }>) => answer.message,
      // The product's rating follows its reviews.
      invalidatesTags: onSuccess({ type: 'Review', id: 'LIST' }, { type: 'Product', id: 'LIST' }),
    }),
  }),
});

export const { useDeleteReviewMutation } = ownerReviewsApi;
