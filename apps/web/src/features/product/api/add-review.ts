import type { Review } from '@makhana/domain/product';
import type { addReviewSchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { customerReviewThunk } from './review-thunk';

export type AddReviewInput = z.infer<typeof addReviewSchema>;

/** POST /reviews/add-review: one review per customer and product (a second one answers 409). */
export function postReview(body: AddReviewInput): Promise<Review> {
  return apiRequest<Review>('/reviews/add-review', { method: 'POST', body });
}

export const addReview = customerReviewThunk('review/addReview', postReview);
