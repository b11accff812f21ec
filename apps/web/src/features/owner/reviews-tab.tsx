import type { OwnerReview } from '@makhana/domain/contracts/owner';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatOrderDate } from '../../lib/orders';
import { useDeleteReviewMutation } from './api/reviews';
import { OwnerListControls } from './owner-list-controls';
import { Stars } from './owner-stars';
import { useConfirmedRemoval } from './use-confirmed-removal';
import { useOwnerList } from './use-owner-list';

const authorOf = (review: OwnerReview) => review.userName || 'Anonymous';

/** The newest reviews across every product; the owner removes one after confirming. */
export function ReviewsTab() {
  const list = useOwnerList<OwnerReview>({ path: '/reviews/latest', tag: 'Review' });
  const [deleteReview] = useDeleteReviewMutation();
  const removal = useConfirmedRemoval<OwnerReview>(list, (review) =>
    deleteReview(review._id).unwrap(),
  );
  const deleting = removal.asking;

  return (
    <section aria-labelledby="owner-reviews-title" className="space-y-4">
      <h2 id="owner-reviews-title" className="font-display text-2xl font-semibold text-forest-800">
        Reviews
      </h2>
      <OwnerListControls
        list={list}
        searchLabel="Search by product, author or comment"
        noun="reviews"
        empty="No reviews yet."
        noMatch="No reviews match the search."
      >
        <ul aria-label="Reviews" className="space-y-3">
          {list.items.map((review) => (
            <li key={review._id} className="card p-4 sm:p-5" data-testid="owner-review">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <Link
                    to={`/product/${encodeURIComponent(review.product)}`}
                    className="font-semibold text-forest-700 underline underline-offset-4"
                  >
                    {review.productName}
                  </Link>
                  <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
                    <Stars rating={review.rating} />
                    <span className="text-ink">{authorOf(review)}</span>
                    {review.verifiedBuyer && (
                      <span className="inline-flex items-center rounded-full bg-forest-100 px-2 py-0.5 text-xs font-semibold text-forest-800">
                        Verified buyer
                      </span>
                    )}
                  </p>
                </div>
                <time dateTime={review.createdAt} className="shrink-0 text-sm text-muted">
                  {formatOrderDate(review.createdAt)}
                </time>
              </div>
              <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
                <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-ink">
                  {review.comment}
                </p>
                <button
                  type="button"
                  className="btn-outline shrink-0 self-end px-4 py-1.5 text-maroon-700"
                  aria-label={`Delete the review by ${authorOf(review)} of ${review.productName}`}
                  onClick={() => removal.ask(review)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </OwnerListControls>
      {deleting && (
        <ConfirmDialog
          title="Delete this review?"
          description={`${authorOf(deleting)}'s review of ${deleting.productName} goes from the shop, and the product's rating follows.`}
          confirmLabel="Delete review"
          busyLabel="Deleting…"
          busy={removal.busy}
          onConfirm={removal.confirm}
          onCancel={removal.cancel}
        />
      )}
    </section>
  );
}
