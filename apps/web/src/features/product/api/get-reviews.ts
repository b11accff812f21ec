import type { ApiPage } from '@makhana/domain/api';
import type { Review } from '@makhana/domain/product';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { apiPage } from '../../../lib/api-client';
import { reviewsFailed, reviewsLoaded, reviewsRequested } from '../../../stores/review-slice';
import { reviewFailure } from './review-failure';

/** Reviews per page of the list; "Show more reviews" asks for the next page. */
export const REVIEWS_PER_PAGE = 10;

/** GET /reviews/get-reviews/{productId}: one page of a product's reviews, newest first. */
export function getReviews(productId: string, page = 1): Promise<ApiPage<Review>> {
  const query = new URLSearchParams({ page: String(page), limit: String(REVIEWS_PER_PAGE) });
  return apiPage<Review>(`/reviews/get-reviews/${encodeURIComponent(productId)}?${query}`);
}

interface LoadReviews {
  productId: string;
  /** `more` adds the next page; `reload` reads again every page shown (1 unless more were). */
  mode: 'first' | 'more' | 'reload';
  /** pages already shown, for `more` and `reload` */
  pages?: number;
}

/** Loads reviews into the review state; resolves with the reviews shown, or the failure's text. */
export const loadReviews = createAsyncThunk<Review[], LoadReviews, { rejectValue: string }>(
  'review/loadReviews',
  async ({ productId, mode, pages = 1 }, { dispatch, rejectWithValue }) => {
    dispatch(reviewsRequested({ productId }));
    try {
      const wanted =
        mode === 'more' ? [pages + 1] : Array.from({ length: Math.max(1, pages) }, (_, i) => i + 1);
      const answers = await Promise.all(wanted.map((page) => getReviews(productId, page)));
      const last = answers[answers.length - 1]!;
      const reviews = answers.flatMap((answer) => answer.data);
      dispatch(reviewsLoaded({ productId, reviews, meta: last.meta, append: mode === 'more' }));
      return reviews;
    } catch (error) {
      const message = reviewFailure(error);
      dispatch(reviewsFailed({ productId, error: message }));
      return rejectWithValue(message);
    }
  },
);
