import type { Review } from '@makhana/domain/product';
import type { reviewSchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { customerReviewThunk } from './review-thunk';

export type ReviewInput = z.infer<typeof reviewSchema>;

/** PUT /reviews/update-review/{reviewId}: the author's new rating and comment. */
export function putReview({ id, fields }: { id: string; fields: ReviewInput }): Promise<Review> {
  return apiRequest<Review>(`/reviews/update-review/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: fields,
  });
}

export const updateReview = customerReviewThunk('review/updateReview', putReview);
