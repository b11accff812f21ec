import { RATING_MAX } from '@makhana/domain/constants';
import { roundRating } from '@makhana/domain/product';
import { StarIcon } from '../../components/icons';

/** Stars rounded to the whole, with the one-decimal average as the accessible name. */
export function RatingStars({
  average,
  size = 18,
  label,
}: {
  average: number;
  size?: number;
  /** replaces the accessible name, e.g. for one review's whole-star rating */
  label?: string;
}) {
  const filled = Math.round(average);
  return (
    <span
      role="img"
      aria-label={label ?? `Rated ${roundRating(average).toFixed(1)} out of ${RATING_MAX}`}
      className="inline-flex"
    >
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <StarIcon
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not records
          key={i}
          width={size}
          height={size}
          className={i < filled ? 'fill-saffron-500' : 'fill-cream-200'}
        />
      ))}
    </span>
  );
}

export function reviewCountLabel(count: number): string {
  return `(${count} ${count === 1 ? 'review' : 'reviews'})`;
}

/** "4 stars", "1 star": the name of a whole-star rating. */
export function starsLabel(rating: number): string {
  return `${rating} ${rating === 1 ? 'star' : 'stars'}`;
}
