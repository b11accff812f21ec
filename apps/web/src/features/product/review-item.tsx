import type { Review } from '@makhana/domain/product';
import { CheckCircleIcon } from '../../components/icons';
import { formatOrderDate } from '../../lib/orders';
import { RatingStars, starsLabel } from './rating-stars';

export const ANONYMOUS = 'Anonymous';

export function reviewerName(review: Pick<Review, 'userName'>): string {
  return review.userName?.trim() || ANONYMOUS;
}

/** The avatar's letter: the name's first, else 'U'. */
export function reviewerInitial(review: Pick<Review, 'userName'>): string {
  return (review.userName?.trim().charAt(0) || 'U').toUpperCase();
}

interface ReviewItemProps {
  review: Review;
  /** the signed-in customer wrote it: edit and delete are offered */
  own: boolean;
  /** any review call under way, or another review being edited */
  locked: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One review as read; the comment is plain text, its line breaks kept. */
export function ReviewItem({ review, own, locked, onEdit, onDelete }: ReviewItemProps) {
  const name = reviewerName(review);
  const edited = review.updatedAt && review.updatedAt !== review.createdAt;
  return (
    <article aria-label={`Review by ${name}`} className="flex gap-3 sm:gap-4">
      <span
        aria-hidden="true"
        className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-forest-700 font-display text-lg font-semibold text-cream-50"
      >
        {reviewerInitial(review)}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="font-semibold text-ink">
            {name}
            {own && <span className="font-normal text-muted"> (you)</span>}
          </p>
          {review.verifiedBuyer && (
            <span className="inline-flex items-center gap-1 rounded-full bg-forest-50 px-2 py-0.5 text-xs font-semibold text-forest-700">
              <CheckCircleIcon width={14} height={14} />
              Verified buyer
            </span>
          )}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted">
          <RatingStars
            average={review.rating}
            size={15}
            label={`Rated ${starsLabel(review.rating)} out of 5`}
          />
          <time dateTime={review.createdAt}>{formatOrderDate(review.createdAt)}</time>
          {edited && <span>· Edited</span>}
        </div>
        <p className="mt-2 whitespace-pre-line break-words leading-relaxed text-ink/85">
          {review.comment}
        </p>
        {own && (
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              className="btn-outline px-4 py-1.5"
              onClick={onEdit}
              disabled={locked}
              aria-label="Edit your review"
            >
              Edit
            </button>
            <button
              type="button"
              className="btn px-4 py-1.5 text-maroon-700 hover:bg-maroon-600/10"
              onClick={onDelete}
              disabled={locked}
              aria-label="Delete your review"
            >
              Delete
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
