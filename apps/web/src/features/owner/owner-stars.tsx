import { RATING_MAX } from '@makhana/domain/constants';
import { StarIcon } from '../../components/icons';

/** A review's rating as stars, named for screen readers. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span
      role="img"
      aria-label={`${rating} out of ${RATING_MAX} stars`}
      className="inline-flex"
      data-testid="review-stars"
    >
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <StarIcon
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not records
          key={i}
          width={16}
          height={16}
          className={i < rating ? 'fill-saffron-500' : 'fill-cream-200'}
        />
      ))}
    </span>
  );
}
