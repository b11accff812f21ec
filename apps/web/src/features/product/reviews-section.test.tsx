import type { Product } from '@makhana/domain/product';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchProducts } from '../../api/get-products';
import { createStore } from '../../stores/store';
import { customer, signIn, spyToasts } from '../../test/customer-fixtures';
import { makeReview, reviewServer } from '../../test/review-fixtures';
import { classic, periPeri, renderRoutes } from '../../test/shop-fixtures';
import { ProductPage } from './product-page';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function LoginStandIn() {
  return <h1>Login stand-in</h1>;
}

function renderReviews(product: Product, { signedIn = false } = {}) {
  const store = createStore();
  // The catalogue as the app loads it at start, for the cards to follow a review.
  store.dispatch(fetchProducts.fulfilled([product], 'catalogue-loaded'));
  if (signedIn) signIn(store);
  return renderRoutes(
    [
      { path: '/product/:id', Component: ProductPage },
      { path: '/login', Component: LoginStandIn },
    ],
    { initialEntries: [{ pathname: `/product/${product._id}`, state: { product } }], store },
  );
}

const section = () => within(screen.getByRole('region', { name: 'Customer reviews' }));
const list = () => within(screen.getByRole('region', { name: 'Reviews list' }));
const findList = async () => within(await screen.findByRole('region', { name: 'Reviews list' }));
const addForm = () => within(screen.getByRole('form', { name: 'Write a review' }));
const stars = (n: number) =>
  screen.getByRole('radio', { name: `${n} ${n === 1 ? 'star' : 'stars'}` });
const checkedStars = (scope: Pick<typeof screen, 'getAllByRole'> = screen) =>
  scope.getAllByRole('radio').findIndex((radio) => (radio as HTMLInputElement).checked) + 1;

/** Asha's own review, and Ravi's (a verified buyer), both of the classic. */
const byAsha = makeReview({
  _id: 'review-asha',
  user: customer._id,
  userName: 'Asha Jha',
  rating: 4,
  comment: 'Good crunch, a little too salty for me.',
});
const byRavi = makeReview({ _id: 'review-ravi', userName: 'Ravi Kumar', verifiedBuyer: true });

describe('ReviewsSection for a visitor', () => {
  it("shows the empty text and the sign-in link, which comes back to the product's reviews", async () => {
    reviewServer({ products: [periPeri] });
    const user = userEvent.setup();
    const { router } = renderReviews(periPeri);

    expect(await section().findByText('No reviews yet. Be the first to review!')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Reviews list' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();

    await user.click(section().getByRole('link', { name: 'Sign in to write a review' }));
    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: '/product/prod-peri-peri#reviews' });
  });

  it("shows the server's average to one decimal with whole stars, the count and the list", async () => {
    reviewServer({ reviews: [byRavi, byAsha] });
    renderReviews(classic);

    expect(section().getByText('4.3')).toBeTruthy();
    expect(section().getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
    expect(section().getByText('Based on 12 reviews')).toBeTruthy();

    const items = await screen.findAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Review by Ravi Kumar',
      'Review by Asha Jha',
    ]);
    expect(within(items[0]!).getByText('Verified buyer')).toBeTruthy();
    expect(within(items[1]!).queryByText('Verified buyer')).toBeNull();
    expect(within(items[1]!).getByRole('img', { name: 'Rated 4 stars out of 5' })).toBeTruthy();
    // A visitor reads, and changes nothing.
    expect(screen.queryByRole('button', { name: 'Edit your review' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
    expect(section().getByRole('link', { name: 'Sign in to write a review' })).toBeTruthy();
  });

  it("names a review without a name 'Anonymous', with the initial 'U'", async () => {
    reviewServer({
      reviews: [makeReview({ userName: '' }), makeReview({ userName: 'meera' })],
    });
    renderReviews(classic);
    const [nameless, meera] = await screen.findAllByRole('article');
    expect(within(nameless!).getByText('Anonymous')).toBeTruthy();
    expect(nameless!.textContent?.startsWith('U')).toBe(true);
    expect(meera!.textContent?.startsWith('M')).toBe(true);
  });

  it('shows markup in a comment as the text it is', async () => {
    const markup = '<img src=x onerror="alert(1)"><b>bold</b> & more';
    reviewServer({ reviews: [makeReview({ comment: markup })] });
    renderReviews(classic);
    expect(await (await findList()).findByText(markup)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('region', { name: 'Reviews list' }).querySelector('b')).toBeNull();
  });

  it('loads the next page on demand while the server says there are more', async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeReview({ userName: `Reader ${i + 1}` }));
    const api = reviewServer({ reviews: many });
    const user = userEvent.setup();
    renderReviews(classic);

    expect(await (await findList()).findByText('Reader 10')).toBeTruthy();
    expect(list().getAllByRole('article')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await list().findByText('Reader 12')).toBeTruthy();
    expect(list().getAllByRole('article')).toHaveLength(12);
    expect(api.callsTo('GET', '/reviews/get-reviews/').map((call) => call.path)).toEqual([
      '/reviews/get-reviews/prod-classic?page=1&limit=10',
      '/reviews/get-reviews/prod-classic?page=2&limit=10',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });
});

describe('ReviewsSection for a signed-in customer', () => {
  it('adds a review: checked by the shared rules, sent, toasted, and the list and product reloaded', async () => {
    const api = reviewServer({ products: [periPeri] });
    const user = userEvent.setup();
    const { store } = renderReviews(periPeri, { signedIn: true });
    await section().findByText('No reviews yet. Be the first to review!');
    // The form loads with its own module (react-hook-form and zod) for a signed-in customer.
    await screen.findByRole('form', { name: 'Write a review' });

    expect(checkedStars(addForm())).toBe(5);
    await user.click(addForm().getByRole('button', { name: 'Submit review' }));
    expect(await addForm().findByText('Please enter a comment.')).toBeTruthy();
    await user.type(addForm().getByLabelText('Your review'), '   ');
    await user.click(addForm().getByRole('button', { name: 'Submit review' }));
    expect(await addForm().findByText('Please enter a comment.')).toBeTruthy();
    expect(api.callsTo('POST', '/reviews/add-review')).toHaveLength(0);

    await user.click(stars(4));
    await user.clear(addForm().getByLabelText('Your review'));
    await user.type(addForm().getByLabelText('Your review'), '  Light and crunchy.  ');
    await user.click(addForm().getByRole('button', { name: 'Submit review' }));

    expect(await (await findList()).findByText('Light and crunchy.')).toBeTruthy();
    expect(api.callsTo('POST', '/reviews/add-review')[0]?.body).toEqual({
      productId: 'prod-peri-peri',
      rating: 4,
      comment: 'Light and crunchy.',
    });
    expect(toasts.success).toHaveBeenCalledWith('Review submitted successfully!');
    expect(api.callsTo('GET', '/reviews/get-reviews/')).toHaveLength(2);
    expect(api.callsTo('GET', '/products/getProductDetails/prod-peri-peri')).toHaveLength(1);
    // The product's figures follow, on the page and in the catalogue for the cards.
    expect(await section().findByText('Based on 1 review')).toBeTruthy();
    expect(section().getByText('4.0')).toBeTruthy();
    await waitFor(() =>
      expect(
        store.getState().product.productDetails.find((p) => p._id === 'prod-peri-peri')?.rating,
      ).toEqual({ average: 4, count: 1 }),
    );
    // One review per product: the form makes way for the customer's own review.
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
    expect(list().getByRole('button', { name: 'Edit your review' })).toBeTruthy();
  });

  it("toasts the server's refusal and keeps what was typed; a failed call gets the generic line", async () => {
    const api = reviewServer();
    api.refuse('POST', 'add-review', 409, 'You have already reviewed this product');
    const user = userEvent.setup();
    renderReviews(classic, { signedIn: true });
    await section().findByText('No reviews yet. Be the first to review!');
    // The form loads with its own module (react-hook-form and zod) for a signed-in customer.
    await screen.findByRole('form', { name: 'Write a review' });

    await user.type(addForm().getByLabelText('Your review'), 'Second thoughts');
    await user.click(addForm().getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('You have already reviewed this product', {
        toastId: 'You have already reviewed this product',
      }),
    );
    expect(toasts.success).not.toHaveBeenCalled();
    expect((addForm().getByLabelText('Your review') as HTMLTextAreaElement).value).toBe(
      'Second thoughts',
    );

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await user.click(addForm().getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Something went wrong. Please try again.', {
        toastId: 'Something went wrong. Please try again.',
      }),
    );
  });

  it('holds every button while a review is being sent', async () => {
    const api = reviewServer();
    const user = userEvent.setup();
    renderReviews(classic, { signedIn: true });
    await section().findByText('No reviews yet. Be the first to review!');
    // The form loads with its own module (react-hook-form and zod) for a signed-in customer.
    await screen.findByRole('form', { name: 'Write a review' });

    await user.type(addForm().getByLabelText('Your review'), 'Worth it');
    api.hold();
    await user.click(addForm().getByRole('button', { name: 'Submit review' }));
    const sending = await addForm().findByRole('button', { name: 'Submitting…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    for (const radio of addForm().getAllByRole('radio')) {
      expect(radio.matches(':disabled')).toBe(true);
    }
    api.release();
    expect(await (await findList()).findByText('Worth it')).toBeTruthy();
    expect(
      (list().getByRole('button', { name: 'Edit your review' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('edits one review at a time; cancel and save go back to reading, and the form starts afresh', async () => {
    const api = reviewServer({ reviews: [byRavi, byAsha] });
    const user = userEvent.setup();
    renderReviews(classic, { signedIn: true });

    const mine = await screen.findByRole('article', { name: 'Review by Asha Jha' });
    expect(within(mine).getByText('(you)')).toBeTruthy();
    // Only one's own review offers edit and delete.
    expect(screen.getAllByRole('button', { name: 'Edit your review' })).toHaveLength(1);
    expect(
      within(screen.getByRole('article', { name: 'Review by Ravi Kumar' })).queryByRole('button'),
    ).toBeNull();

    await user.click(within(mine).getByRole('button', { name: 'Edit your review' }));
    const edit = within(await screen.findByRole('form', { name: 'Edit your review' }));
    expect(checkedStars(edit)).toBe(4);
    expect((edit.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe(
      'Good crunch, a little too salty for me.',
    );
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();

    await user.click(edit.getByRole('radio', { name: '2 stars' }));
    await user.clear(edit.getByLabelText('Your review'));
    await user.type(edit.getByLabelText('Your review'), 'Changed my mind');
    await user.click(edit.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit your review' })).toBeNull();
    expect(list().getByText('Good crunch, a little too salty for me.')).toBeTruthy();
    expect(document.activeElement?.id).toBe('review-review-asha');

    await user.click(list().getByRole('button', { name: 'Edit your review' }));
    const again = within(await screen.findByRole('form', { name: 'Edit your review' }));
    expect(checkedStars(again)).toBe(4);
    await user.clear(again.getByLabelText('Your review'));
    await user.click(again.getByRole('button', { name: 'Save changes' }));
    expect(await again.findByText('Please enter a comment.')).toBeTruthy();

    await user.click(again.getByRole('radio', { name: '5 stars' }));
    await user.type(again.getByLabelText('Your review'), 'Less salty in the new batch.');
    await user.click(again.getByRole('button', { name: 'Save changes' }));
    expect(await list().findByText('Less salty in the new batch.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit your review' })).toBeNull();
    expect(api.callsTo('PUT', '/reviews/update-review/review-asha')[0]?.body).toEqual({
      rating: 5,
      comment: 'Less salty in the new batch.',
    });
    expect(toasts.success).toHaveBeenCalledWith('Review updated successfully!');
    expect(api.callsTo('GET', '/reviews/get-reviews/')).toHaveLength(2);
  });

  it('asks before deleting, then deletes; the count goes back and the form returns at 5 stars', async () => {
    const api = reviewServer({ reviews: [byAsha] });
    const user = userEvent.setup();
    renderReviews({ ...classic, rating: { average: 4, count: 1 } }, { signedIn: true });
    await (await findList()).findByText('Good crunch, a little too salty for me.');
    expect(section().getByText('Based on 1 review')).toBeTruthy();

    await user.click(list().getByRole('button', { name: 'Delete your review' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete review' });
    expect(within(dialog).getByText('Are you sure you want to delete this review?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE', '/reviews/delete-review/')).toHaveLength(0);

    await user.click(list().getByRole('button', { name: 'Delete your review' }));
    dialog = screen.getByRole('dialog', { name: 'Delete review' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete review' }));

    expect(await section().findByText('No reviews yet. Be the first to review!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE', '/reviews/delete-review/review-asha')).toHaveLength(1);
    expect(toasts.success).toHaveBeenCalledWith('Review deleted successfully!');
    expect(section().queryByText(/Based on/)).toBeNull();
    await screen.findByRole('form', { name: 'Write a review' });
    expect(checkedStars(addForm())).toBe(5);
    expect((addForm().getByLabelText('Your review') as HTMLTextAreaElement).value).toBe('');
  });

  it('moves the star choice with the arrow keys, each star named for screen readers', async () => {
    reviewServer();
    const user = userEvent.setup();
    renderReviews(classic, { signedIn: true });
    await section().findByText('No reviews yet. Be the first to review!');
    // The form loads with its own module (react-hook-form and zod) for a signed-in customer.
    await screen.findByRole('form', { name: 'Write a review' });

    const group = addForm().getByRole('group', { name: 'Your rating' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('name')),
    ).toEqual(Array(5).fill(stars(5).getAttribute('name')));
    stars(5).focus();
    await user.keyboard('{ArrowLeft}');
    expect((stars(4) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(stars(4));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(checkedStars(addForm())).toBe(2);
    await user.keyboard('{ArrowRight}');
    expect(checkedStars(addForm())).toBe(3);
  });
});
