import { RATING_MAX } from '@makhana/domain/constants';
import { roundRating } from '@makhana/domain/product';

/** Stars rounded to the whole, with the one-decimal average as the accessible name. */
export function RatingStars({ average, size = 18 }: { average: number; size?: number }) {
  const filled = Math.round(average);
  return (
    <span
      role="img"
      aria-label={`Rated ${roundRating(average).toFixed(1)} out of ${RATING_MAX}`}
      className="inline-flex"
    >
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <svg
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not records
          key={i}
          aria-hidden="true"
          viewBox="0 0 20 20"
          width={size}
          height={size}
          className={i < filled ? 'fill-saffron-500' : 'fill-cream-200'}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

export function reviewCountLabel(count: number): string {
  return `(${count} ${count === 1 ? 'review' : 'reviews'})`;
}
