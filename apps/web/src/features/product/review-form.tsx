import { zodResolver } from '@hookform/resolvers/zod';
import { RATING_DEFAULT, REVIEW_COMMENT_MAX } from '@makhana/domain/constants';
import { reviewSchema, TEXT_LIMITS } from '@makhana/domain/validation';
import { Controller, useForm } from 'react-hook-form';
import { TextAreaField } from '../../components/form-field';
import type { ReviewInput } from './api/review-writes';
import { StarRatingInput } from './star-rating-input';

export const EMPTY_REVIEW: ReviewInput = { rating: RATING_DEFAULT, comment: '' };

interface ReviewFormProps {
  /** the review being edited; a new review starts at 5 stars and no comment */
  initial?: ReviewInput;
  submitLabel: string;
  busyLabel: string;
  /** any review call under way: the buttons wait */
  busy: boolean;
  /** resolves true once saved, and the form starts afresh */
  onSubmit: (values: ReviewInput) => Promise<boolean>;
  onCancel?: () => void;
  label: string;
}

/** The rating and comment of a review, checked by the same schema as the API's. */
export function ReviewForm({
  initial = EMPTY_REVIEW,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  onCancel,
  label,
}: ReviewFormProps) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput>({ resolver: zodResolver(reviewSchema), defaultValues: initial });

  const submit = handleSubmit(async (values) => {
    if (await onSubmit(values)) reset(EMPTY_REVIEW);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-4">
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarRatingInput
            legend="Your rating"
            value={field.value}
            onChange={field.onChange}
            disabled={busy}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextAreaField
        label="Your review"
        rows={4}
        maxLength={TEXT_LIMITS.comment}
        placeholder="What did you like? How was the crunch and the flavour?"
        hint={`Up to ${REVIEW_COMMENT_MAX.toLocaleString('en-IN')} characters.`}
        registration={register('comment')}
        error={errors.comment?.message}
        className="resize-y"
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {isSubmitting ? busyLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn-outline" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
