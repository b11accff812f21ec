import { MESSAGES } from '@makhana/domain/messages';
import { type Product, type Review, roundRating } from '@makhana/domain/product';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { fetchProductById } from '../../api/get-product';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../lib/toast';
import { selectCustomer } from '../../stores/auth-slice';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { hasMoreReviews, servedReviewsShown } from '../../stores/review-slice';
import { loadReviews } from './api/get-reviews';
import { reviewFailure } from './api/review-failure';
import type { ReviewInput } from './api/review-writes';
import { RatingStars, reviewCountLabel } from './rating-stars';
import { ReviewItem } from './review-item';

// The form and its schema (react-hook-form, zod) load only for a signed-in customer, who sees it.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

/** A call that never reached the server, as the review toasts word it. */
const UNREACHED = { status: 0, message: '', fieldErrors: [] };

/**
 * The review writes, with RTK Query, load for a signed-in customer only (as the form does), so
 * the product page a visitor opens downloads none of it.
 */
const reviewWrites = () =>
  import('./api/review-writes').then(
    (module) => module.reviewWritesApi.endpoints,
    () => Promise.reject(UNREACHED),
  );

function FormLoading() {
  return (
    <p role="status" className="min-h-40 text-sm text-muted">
      Loading the form…
    </p>
  );
}

export const NO_REVIEWS_TEXT = 'No reviews yet. Be the first to review!';

/** A refused or failed call: one toast per text (the client has already toasted a 429). */
function notifyFailure(reason: unknown): void {
  const text = typeof reason === 'string' && reason ? reason : 'Server error';
  toast.error(text, { toastId: text });
}

/**
 * The product's reviews: the server's average and count, the list (a page at a time), and for a
 * signed-in customer the form to add one and the controls to edit or delete their own. A review is
 * viewed or edited, one at a time; every change reloads the list and the product's figures.
 */
export function ReviewsSection({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const customer = useAppSelector(selectCustomer);
  const review = useAppSelector((state) => state.review);
  const mine = review.productId === product._id;
  const reviews = mine ? review.data : [];
  const loading = !mine || review.loading;
  const more = mine && hasMoreReviews(review);
  const pages = (mine && review.meta?.page) || 1;

  const [editingId, setEditingId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Review | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const productId = product._id;

  // The server's first page is shown as it came; a page not rendered there asks for it.
  const servedHere = review.served && mine;
  // biome-ignore lint/correctness/useExhaustiveDependencies: whether the server sent them counts when the product is first shown, not as it changes
  useEffect(() => {
    if (servedHere) {
      dispatch(servedReviewsShown());
      return;
    }
    dispatch(loadReviews({ productId, mode: 'first' })).then((result) => {
      if (loadReviews.rejected.match(result)) notifyFailure(result.payload);
    });
  }, [dispatch, productId]);

  useEffect(() => {
    if (customer) reviewWrites().catch(() => undefined);
  }, [customer]);

  // Focus goes back to the review once its edit form closes, or to the heading once it is gone.
  useEffect(() => {
    if (!focusAfter) return;
    const target = document.getElementById(`review-${focusAfter}`) ?? heading.current;
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const { average, count } = product.rating;
  const ownReview = customer ? reviews.find((entry) => entry.user === customer._id) : undefined;

  const refresh = (pagesShown: number) =>
    Promise.all([
      dispatch(loadReviews({ productId, mode: 'reload', pages: pagesShown })),
      dispatch(fetchProductById(productId)),
    ]);

  /** Runs one change with the buttons held; true once it is saved and the list reloaded. */
  const change = async (run: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      await run();
    } catch (reason) {
      notifyFailure(reviewFailure(reason));
      setBusy(false);
      return false;
    }
    toast.success(done);
    await refresh(pages);
    setBusy(false);
    return true;
  };

  const submitNew = (values: ReviewInput) =>
    change(async () => {
      const { addReview } = await reviewWrites();
      await dispatch(addReview.initiate({ productId, ...values })).unwrap();
    }, 'Review submitted successfully!');

  const saveEdit = async (id: string, values: ReviewInput) => {
    const saved = await change(async () => {
      const { updateReview } = await reviewWrites();
      await dispatch(updateReview.initiate({ id, fields: values })).unwrap();
    }, 'Review updated successfully!');
    if (saved) {
      setEditingId(null);
      setFocusAfter(id);
    }
    return saved;
  };

  const cancelEdit = () => {
    const id = editingId;
    setEditingId(null);
    setFocusAfter(id);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const deleted = await change(async () => {
      const { deleteOwnReview } = await reviewWrites();
      await dispatch(deleteOwnReview.initiate(toDelete._id)).unwrap();
    }, 'Review deleted successfully!');
    if (deleted) {
      setToDelete(null);
      setFocusAfter('heading');
    }
  };

  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="card scroll-mt-24 p-5 sm:p-8"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Ratings &amp; reviews</p>
          <h2
            id="reviews-heading"
            ref={heading}
            tabIndex={-1}
            className="mt-1 font-display text-2xl font-semibold text-forest-800 focus:outline-none sm:text-3xl"
          >
            Customer reviews
          </h2>
        </div>
        {count > 0 && (
          <div className="flex items-center gap-4">
            <span className="font-display text-5xl font-semibold leading-none text-forest-800">
              {roundRating(average).toFixed(1)}
            </span>
            <div>
              <RatingStars average={average} size={22} />
              <p className="mt-1 text-sm text-muted">
                Based on {reviewCountLabel(count).slice(1, -1)}
              </p>
            </div>
          </div>
        )}
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-12">
        <div className="lg:order-2">
          <ReviewList
            reviews={reviews}
            loading={loading}
            error={mine ? review.error : null}
            customerId={customer?._id ?? null}
            editingId={editingId}
            busy={busy}
            onEdit={setEditingId}
            onCancelEdit={cancelEdit}
            onSaveEdit={saveEdit}
            onDelete={setToDelete}
            onRetry={() => dispatch(loadReviews({ productId, mode: 'first' }))}
          />
          {more && (
            <button
              type="button"
              className="btn-outline mt-4 w-full sm:w-auto"
              disabled={busy || review.loading}
              onClick={() => dispatch(loadReviews({ productId, mode: 'more', pages }))}
            >
              {review.loading ? 'Loading…' : 'Show more reviews'}
            </button>
          )}
        </div>

        <div className="lg:order-1">
          {!customer ? (
            <div className="rounded-2xl bg-forest-50 p-5 sm:p-6">
              <h3 className="font-display text-xl font-semibold text-forest-800">
                Tried this makhana?
              </h3>
              <p className="mt-1 text-sm text-muted">
                Share your rating and a few words to help other snackers choose.
              </p>
              <Link
                to="/login"
                state={{ from: `${location.pathname}${location.search}#reviews` }}
                className="btn-primary mt-4"
              >
                Sign in to write a review
              </Link>
            </div>
          ) : editingId !== null || ownReview ? (
            <div className="rounded-2xl bg-forest-50 p-5 text-sm text-forest-800 sm:p-6">
              <h3 className="font-display text-xl font-semibold">Thank you for your review</h3>
              <p className="mt-1 text-muted">
                You can change or delete it from the list at any time.
              </p>
            </div>
          ) : (
            <div className="rounded-2xl border border-cream-200 bg-cream-50 p-5 sm:p-6">
              <h3 className="mb-4 font-display text-xl font-semibold text-forest-800">
                Write a review
              </h3>
              <Suspense fallback={<FormLoading />}>
                <ReviewForm
                  label="Write a review"
                  submitLabel="Submit review"
                  busyLabel="Submitting…"
                  busy={busy}
                  onSubmit={submitNew}
                />
              </Suspense>
            </div>
          )}
        </div>
      </div>

      {toDelete && (
        <ConfirmDialog
          title="Delete review"
          description={MESSAGES.confirmDeleteReview}
          cancelLabel="Keep it"
          confirmLabel="Delete review"
          busyLabel="Deleting…"
          busy={busy}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </section>
  );
}

interface ReviewListProps {
  reviews: Review[];
  loading: boolean;
  error: string | null;
  customerId: string | null;
  editingId: string | null;
  busy: boolean;
  onEdit: (id: string) => void;
  onCancelEdit: () => void;
  onSaveEdit: (id: string, values: ReviewInput) => Promise<boolean>;
  onDelete: (review: Review) => void;
  onRetry: () => void;
}

function ReviewList({
  reviews,
  loading,
  error,
  customerId,
  editingId,
  busy,
  onEdit,
  onCancelEdit,
  onSaveEdit,
  onDelete,
  onRetry,
}: ReviewListProps) {
  if (reviews.length === 0) {
    if (loading) {
      return (
        <div aria-busy="true" className="space-y-4">
          <p role="status" className="sr-only">
            Loading reviews…
          </p>
          {[0, 1].map((row) => (
            <div key={row} aria-hidden="true" className="flex gap-4">
              <div className="h-10 w-10 animate-pulse rounded-full bg-cream-200" />
              <div className="flex-1 space-y-2">
                <div className="h-4 w-1/3 animate-pulse rounded bg-cream-200" />
                <div className="h-3 w-1/4 animate-pulse rounded bg-cream-100" />
                <div className="h-12 w-full animate-pulse rounded bg-cream-100" />
              </div>
            </div>
          ))}
        </div>
      );
    }
    if (error) {
      return (
        <div role="alert" className="rounded-2xl border border-cream-200 p-6 text-center">
          <p className="font-medium text-maroon-700">We couldn&apos;t load the reviews.</p>
          <button type="button" className="btn-outline mt-3" onClick={onRetry}>
            Retry
          </button>
        </div>
      );
    }
    return (
      <div className="grid place-items-center rounded-2xl border-2 border-dashed border-cream-200 px-6 py-10 text-center">
        <RatingStars average={0} size={26} label="No ratings yet" />
        <p className="mt-3 font-medium text-forest-800">{NO_REVIEWS_TEXT}</p>
      </div>
    );
  }

  return (
    // A region of its own that scrolls, reachable by keyboard even where it holds no button.
    <section
      aria-label="Reviews list"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to scroll by keyboard
      tabIndex={0}
      className="max-h-[36rem] overflow-y-auto overscroll-contain rounded-2xl border border-cream-200 bg-white"
    >
      <ul className="divide-y divide-cream-200">
        {reviews.map((entry) => {
          const own = customerId !== null && entry.user === customerId;
          return (
            <li
              key={entry._id}
              id={`review-${entry._id}`}
              tabIndex={-1}
              className="p-4 focus:outline-none sm:p-5"
            >
              {editingId === entry._id ? (
                <div>
                  <h3 className="mb-3 font-display text-lg font-semibold text-forest-800">
                    Edit your review
                  </h3>
                  <Suspense fallback={<FormLoading />}>
                    <ReviewForm
                      label="Edit your review"
                      initial={{ rating: entry.rating, comment: entry.comment }}
                      submitLabel="Save changes"
                      busyLabel="Saving…"
                      busy={busy}
                      onSubmit={(values) => onSaveEdit(entry._id, values)}
                      onCancel={onCancelEdit}
                    />
                  </Suspense>
                </div>
              ) : (
                <ReviewItem
                  review={entry}
                  own={own}
                  locked={busy || editingId !== null}
                  onEdit={() => onEdit(entry._id)}
                  onDelete={() => onDelete(entry)}
                />
              )}
            </li>
          );
        })}
      </ul>
      {loading && (
        <p role="status" className="sr-only">
          Loading reviews…
        </p>
      )}
    </section>
  );
}
