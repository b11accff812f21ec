import { describe, expect, it } from 'vitest';
import { makeReview } from '../test/review-fixtures';
import {
  hasMoreReviews,
  initialReviewState,
  reviewReducer,
  reviewsFailed,
  reviewsLoaded,
  reviewsRequested,
} from './review-slice';

const first = makeReview({ _id: 'r1' });
const second = makeReview({ _id: 'r2' });
const third = makeReview({ _id: 'r3' });
const meta = (page: number, total: number) => ({ page, limit: 2, total });

describe('review reducer', () => {
  it('loads a page, adds the next one without repeats, and knows when there are more', () => {
    let state = reviewReducer(undefined, reviewsRequested({ productId: 'p1' }));
    expect(state).toMatchObject({ productId: 'p1', data: [], loading: true, error: null });

    state = reviewReducer(
      state,
      reviewsLoaded({ productId: 'p1', reviews: [first, second], meta: meta(1, 3), append: false }),
    );
    expect(state).toMatchObject({ data: [first, second], loading: false });
    expect(hasMoreReviews(state)).toBe(true);

    // A review added meanwhile pushed `second` onto page 2.
    state = reviewReducer(state, reviewsRequested({ productId: 'p1' }));
    expect(state.data).toEqual([first, second]);
    state = reviewReducer(
      state,
      reviewsLoaded({ productId: 'p1', reviews: [second, third], meta: meta(2, 4), append: true }),
    );
    expect(state.data.map((r) => r._id)).toEqual(['r1', 'r2', 'r3']);
    expect(hasMoreReviews(state)).toBe(false);
    expect(hasMoreReviews(initialReviewState)).toBe(false);
  });

  it("drops another product's list at once, and ignores a late answer for it", () => {
    let state = reviewReducer(
      { ...initialReviewState, productId: 'p1', data: [first], meta: meta(1, 1) },
      reviewsRequested({ productId: 'p2' }),
    );
    expect(state).toMatchObject({ productId: 'p2', data: [], meta: null, loading: true });

    state = reviewReducer(
      state,
      reviewsLoaded({ productId: 'p1', reviews: [first], meta: meta(1, 1), append: false }),
    );
    state = reviewReducer(state, reviewsFailed({ productId: 'p1', error: 'late' }));
    expect(state).toMatchObject({ productId: 'p2', data: [], loading: true, error: null });

    state = reviewReducer(state, reviewsFailed({ productId: 'p2', error: 'Product not found' }));
    expect(state).toMatchObject({ loading: false, error: 'Product not found' });
  });
});
