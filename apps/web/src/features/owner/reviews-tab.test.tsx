import type { OwnerReview } from '@makhana/domain/contracts/owner';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyToasts } from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { json, page, refuse, stubOwnerApi } from './owner-test-api';
import { ReviewsTab } from './reviews-tab';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const review = (id: string, overrides: Partial<OwnerReview> = {}): OwnerReview => ({
  _id: id,
  product: 'prod-classic',
  productName: 'Classic Roasted Makhana',
  user: 'user-asha',
  userName: 'Asha Jha',
  rating: 4,
  comment: 'Crunchy and fresh.',
  verifiedBuyer: true,
  createdAt: '2026-11-20T05:00:00.000Z',
  updatedAt: '2026-11-20T05:00:00.000Z',
  ...overrides,
});

function reviewsApi(deleteAnswer = () => json({ _id: 'r1' }, { message: 'Review deleted' })) {
  const reviews = [
    review('r1'),
    review('r2', { userName: '', user: null, rating: 1, verifiedBuyer: false, comment: 'Stale.' }),
  ];
  return stubOwnerApi({
    'GET /reviews/latest': () => page([...reviews], { page: 1, limit: 50, total: reviews.length }),
    'DELETE /reviews/delete-review/r1': () => {
      const answer = deleteAnswer();
      if (answer.ok) reviews.splice(0, 1);
      return answer;
    },
  });
}

function renderTab() {
  renderRoutes([{ path: '/', Component: ReviewsTab }]);
  return userEvent.setup();
}

describe('ReviewsTab', () => {
  it('lists the newest reviews with product link, stars in words, author and verified buyer', async () => {
    const api = reviewsApi();
    renderTab();
    const [first, second] = await screen.findAllByTestId('owner-review');
    expect(
      within(first!).getByRole('link', { name: 'Classic Roasted Makhana' }).getAttribute('href'),
    ).toBe('/product/prod-classic');
    expect(within(first!).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(first!.textContent).toContain('Verified buyer');
    expect(first!.textContent).toContain('20 Nov 2026');
    expect(second!.textContent).toContain('Anonymous');
    expect(second!.textContent).not.toContain('Verified buyer');
    expect(api.calls[0]!.realm).toBe('owner');
  });

  it("deletes a review only after the confirmation, as the owner, toasting the server's message", async () => {
    const api = reviewsApi();
    const user = renderTab();
    const [first] = await screen.findAllByTestId('owner-review');
    const remove = within(first!).getByRole('button', {
      name: 'Delete the review by Asha Jha of Classic Roasted Makhana',
    });

    await user.click(remove);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this review?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(api.callsTo('DELETE /reviews/delete-review/r1')).toHaveLength(0);

    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Delete review' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Review deleted'));
    expect(api.callsTo('DELETE /reviews/delete-review/r1')[0]!.realm).toBe('owner');
    await waitFor(() => expect(screen.getAllByTestId('owner-review')).toHaveLength(1));
    expect(screen.getByTestId('owner-review').textContent).toContain('Stale.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the review and the question open on a refusal, toasting the server's words", async () => {
    reviewsApi(() => refuse(404, 'Review not found'));
    const user = renderTab();
    const [first] = await screen.findAllByTestId('owner-review');
    await user.click(within(first!).getByRole('button', { name: /Delete the review by Asha Jha/ }));
    await user.click(screen.getByRole('button', { name: 'Delete review' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Review not found', {
        toastId: 'Review not found',
      }),
    );
    expect(screen.getAllByTestId('owner-review')).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Delete this review?' })).toBeTruthy();
  });
});
