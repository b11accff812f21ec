import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_AUTHENTICATED } from '../../../api/account-thunk';
import { createStore } from '../../../stores/store';
import { fail, ok, signIn, stubRoutes } from '../../../test/customer-fixtures';
import { reviewFailure, SOMETHING_WENT_WRONG } from './review-failure';
import { reviewWritesApi } from './review-writes';

afterEach(() => {
  vi.unstubAllGlobals();
});

const { addReview, deleteOwnReview } = reviewWritesApi.endpoints;
const review = { productId: 'prod-classic', rating: 5, comment: 'Crisp' };

describe("a customer's review writes", () => {
  it('are refused locally for a visitor: nothing is sent', async () => {
    const api = stubRoutes({});
    const store = createStore();
    const result = await store.dispatch(addReview.initiate(review));
    expect(result.error).toMatchObject({ status: 401, message: NOT_AUTHENTICATED });
    expect(reviewFailure(result.error)).toBe(NOT_AUTHENTICATED);
    expect(api.calls).toHaveLength(0);
  });

  it("send a signed-in customer's review, and word a refusal as the server did", async () => {
    const api = stubRoutes({
      'POST /reviews/add-review': ok({ _id: 'review-1', ...review }),
      'DELETE /reviews/delete-review/review-1': fail(404, 'Review not found'),
    });
    const store = createStore();
    signIn(store);
    const added = await store.dispatch(addReview.initiate(review));
    expect(added.data).toMatchObject({ _id: 'review-1' });
    expect(api.callsTo('POST /reviews/add-review')[0]?.body).toEqual(review);
    const refused = await store.dispatch(deleteOwnReview.initiate('review-1'));
    expect(reviewFailure(refused.error)).toBe('Review not found');
  });

  it('word a call that never reached the server with the generic line', () => {
    expect(reviewFailure({ status: 0, message: 'Failed to fetch', fieldErrors: [] })).toBe(
      SOMETHING_WENT_WRONG,
    );
  });
});
