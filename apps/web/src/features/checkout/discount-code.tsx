import type { CartItem } from '@makhana/domain/cart';
import type { PricedCart } from '@makhana/domain/contracts/checkout';
import { DISCOUNT_MESSAGES, discountCodeSchema } from '@makhana/domain/discounts';
import { type KeyboardEvent, useId, useState } from 'react';
import { FieldError, inputClass } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { useApplyDiscountMutation } from './api/orders';

/** The cart a code was priced for: the same lines, units and prices. */
export function cartKeyOf(items: readonly CartItem[]): string {
  return items.map((item) => `${item.sku}:${item.quantity}:${item.price}`).join('|');
}

interface DiscountCodeFieldProps {
  items: CartItem[];
  applied: PricedCart | null;
  onChange: (priced: PricedCart | null) => void;
}

/**
 * "Have a discount code?": the code typed, priced by the server for this cart (its answer, or
 * the exact reason it cannot be used, under the field), then shown applied with a way to remove
 * it. It sits inside the checkout's form: Enter applies the code rather than placing the order.
 */
export function DiscountCodeField({ items, applied, onChange }: DiscountCodeFieldProps) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [applyDiscount, { isLoading }] = useApplyDiscountMutation();
  const id = useId();

  if (applied) {
    return (
      <div
        className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-forest-50 px-3 py-2 text-sm"
        data-testid="discount-applied"
      >
        <p className="text-forest-800">
          <span className="font-semibold">{applied.label}</span> applied
        </p>
        <button
          type="button"
          className="font-semibold text-forest-700 underline underline-offset-4"
          onClick={() => onChange(null)}
        >
          Remove
        </button>
      </div>
    );
  }

  if (!open) {
    return (
      <button
        type="button"
        className="mt-4 text-sm font-semibold text-forest-700 underline underline-offset-4"
        onClick={() => setOpen(true)}
      >
        Have a discount code?
      </button>
    );
  }

  const apply = async () => {
    const parsed = discountCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(DISCOUNT_MESSAGES.unknown);
      return;
    }
    try {
      const priced = await applyDiscount({ code: parsed.data, items }).unwrap();
      setError(undefined);
      setCode('');
      onChange(priced);
    } catch (reason) {
      setError(errorMessage(reason, DISCOUNT_MESSAGES.unknown));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void apply();
  };

  return (
    <div className="mt-4">
      <label htmlFor={id} className="label">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className={`${inputClass} uppercase`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button
          type="button"
          className="btn-outline h-11 shrink-0"
          disabled={isLoading || code.trim() === ''}
          onClick={() => void apply()}
        >
          {isLoading ? 'Applying…' : 'Apply'}
        </button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
