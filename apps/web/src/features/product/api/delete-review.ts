import { apiRequest } from '../../../lib/api-client';
import { customerReviewThunk } from './review-thunk';

/** DELETE /reviews/delete-review/{reviewId}: the author's own review. */
export async function removeReview(id: string): Promise<string> {
  await apiRequest<unknown>(`/reviews/delete-review/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
  return id;
}

export const deleteReview = customerReviewThunk('review/deleteReview', removeReview);
