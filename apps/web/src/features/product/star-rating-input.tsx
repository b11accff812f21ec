import { RATING_MAX, RATING_MIN } from '@makhana/domain/constants';
import { useId } from 'react';
import { FieldError } from '../../components/form-field';
import { StarIcon } from '../../components/icons';
import { starsLabel } from './rating-stars';

interface StarRatingInputProps {
  legend: string;
  value: number;
  onChange: (rating: number) => void;
  disabled?: boolean;
  error?: string;
}

const choices = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * The star picker: real radio buttons drawn as stars, so arrow keys move the choice and a screen
 * reader names each one ("4 stars, 4 of 5").
 */
export function StarRatingInput({
  legend,
  value,
  onChange,
  disabled,
  error,
}: StarRatingInputProps) {
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined} disabled={disabled}>
      <legend className="label">{legend}</legend>
      <div className="flex items-center gap-3">
        <div className="flex">
          {choices.map((rating) => (
            <label
              key={rating}
              className="relative cursor-pointer rounded-lg p-1 transition-transform hover:scale-110 has-[:disabled]:cursor-not-allowed has-[:disabled]:hover:scale-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-saffron-500"
            >
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                className="sr-only"
              />
              <StarIcon
                width={30}
                height={30}
                strokeWidth={1.2}
                className={
                  rating <= value
                    ? 'fill-saffron-500 stroke-saffron-500'
                    : 'fill-white stroke-saffron-600/70'
                }
              />
              <span className="sr-only">{starsLabel(rating)}</span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm font-medium text-muted">
          {value} of {RATING_MAX}
        </span>
      </div>
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}
