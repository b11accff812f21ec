import type { PageMeta } from '@makhana/domain/api';
import type { Review } from '@makhana/domain/product';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The reviews of the product on screen: `data` holds every page loaded so far, newest first, and
 * `meta` the last page's place in the whole list. The product feature's calls drive it.
 */
export interface ReviewState {
  productId: string | null;
  data: Review[];
  meta: PageMeta | null;
  loading: boolean;
  error: string | null;
  /** the first page came with the page from the server, and has not been shown yet */
  served: boolean;
}

export const initialReviewState: ReviewState = {
  productId: null,
  data: [],
  meta: null,
  loading: false,
  error: null,
  served: false,
};

interface ForProduct {
  productId: string;
}

const reviewSlice = createSlice({
  name: 'review',
  initialState: initialReviewState,
  reducers: {
    /** A load starts; another product's reviews go at once rather than show under this one. */
    reviewsRequested(state, action: PayloadAction<ForProduct>) {
      if (state.productId !== action.payload.productId) {
        state.productId = action.payload.productId;
        state.data = [];
        state.meta = null;
      }
      state.loading = true;
      state.error = null;
      state.served = false;
    },
    /** The reviews the server sent are on screen; a later visit to the product reads afresh. */
    servedReviewsShown(state) {
      state.served = false;
    },
    /** `append` adds a further page; otherwise the list is replaced. */
    reviewsLoaded(
      state,
      action: PayloadAction<ForProduct & { reviews: Review[]; meta: PageMeta; append: boolean }>,
    ) {
      const { productId, reviews, meta, append } = action.payload;
      if (state.productId !== productId) return;
      state.loading = false;
      state.meta = meta;
      if (!append) {
        state.data = reviews;
        return;
      }
      // A review added since the first page was read pushes older ones down a page.
      const shown = new Set(state.data.map((review) => review._id));
      state.data.push(...reviews.filter((review) => !shown.has(review._id)));
    },
    reviewsFailed(state, action: PayloadAction<ForProduct & { error: string }>) {
      if (state.productId !== action.payload.productId) return;
      state.loading = false;
      state.error = action.payload.error;
    },
  },
});

export const { reviewsRequested, reviewsLoaded, reviewsFailed, servedReviewsShown } =
  reviewSlice.actions;
export const reviewReducer = reviewSlice.reducer;

/** Whether the server holds reviews beyond the pages loaded. */
export function hasMoreReviews(state: Pick<ReviewState, 'meta'>): boolean {
  const { meta } = state;
  return meta !== null && meta.page * meta.limit < meta.total;
}
