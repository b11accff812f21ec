import type { Discount } from '@makhana/domain/contracts/owner';
import {
  DISCOUNT_KINDS,
  type DiscountInput,
  type DiscountKind,
  discountSchema,
  indiaMoment,
} from '@makhana/domain/discounts';
import { indiaLocalTime } from '@makhana/domain/india-time';
import { formatRupees } from '@makhana/domain/money';
import { type FormEvent, useId, useState } from 'react';
import {
  choicePillClass,
  FieldError,
  FormAlert,
  inputClass,
  ToggleBox,
} from '../../components/form-field';
import { errorMessage, toApiCallError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useGetDiscountsQuery, useSaveDiscountMutation } from './api/discounts';
import { useGetOwnerPageQuery } from './api/owner-list';

const KIND_LABELS: Record<DiscountKind, string> = {
  percent: 'Percent off',
  amount: 'An amount off',
  freeShipping: 'No shipping charge',
};

/** What a code gives, as its card says it. */
function gives(discount: Pick<Discount, 'kind' | 'value'>): string {
  if (discount.kind === 'percent') return `${discount.value}% off`;
  if (discount.kind === 'amount') return `${formatRupees(discount.value)} off`;
  return 'No shipping charge';
}

/** The form's fields, as typed. */
interface Draft {
  code: string;
  kind: DiscountKind;
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  firstOrderOnly: boolean;
  productIds: string[];
  active: boolean;
}

const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '0',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '1',
  firstOrderOnly: false,
  productIds: [],
  active: true,
};

function draftOf(discount: Discount): Draft {
  return {
    code: discount.code,
    kind: discount.kind,
    value: discount.kind === 'freeShipping' ? '' : String(discount.value),
    minSubtotal: String(discount.minSubtotal),
    startsAt: indiaLocalTime(new Date(discount.startsAt)),
    endsAt: discount.endsAt ? indiaLocalTime(new Date(discount.endsAt)) : '',
    maxUses: discount.maxUses === null ? '' : String(discount.maxUses),
    maxUsesPerCustomer:
      discount.maxUsesPerCustomer === null ? '' : String(discount.maxUsesPerCustomer),
    firstOrderOnly: discount.firstOrderOnly,
    productIds: discount.productIds,
    active: discount.active,
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const limit = (text: string) => (text.trim() === '' ? null : Number(text));

/** The body the API takes; the shared schema checks it first, with the server's messages. */
function bodyOf(draft: Draft): DiscountInput {
  return {
    code: draft.code,
    kind: draft.kind,
    value: draft.kind === 'freeShipping' ? 0 : number(draft.value),
    minSubtotal: number(draft.minSubtotal),
    ...(draft.startsAt ? { startsAt: draft.startsAt } : {}),
    endsAt: draft.endsAt || null,
    maxUses: limit(draft.maxUses),
    maxUsesPerCustomer: limit(draft.maxUsesPerCustomer),
    firstOrderOnly: draft.firstOrderOnly,
    productIds: draft.productIds,
    active: draft.active,
  };
}

type Errors = Partial<Record<keyof Draft, string>>;

interface DiscountFormProps {
  editing: Discount | null;
  onDone: () => void;
}

/** A code made or changed: the shared schema's messages at each field, then the server's. */
function DiscountForm({ editing, onDone }: DiscountFormProps) {
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saveDiscount, { isLoading: saving }] = useSaveDiscountMutation();
  const products = useGetOwnerPageQuery({
    path: '/products/owner-list',
    query: 'limit=100',
    tag: 'Product',
  });
  const ids = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(draft);
    const checked = discountSchema.safeParse(body);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as keyof Draft;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await saveDiscount({ id: editing?._id ?? null, body }).unwrap();
      setFailure(null);
      toast.success(answer.message);
      onDone();
    } catch (reason) {
      const refused = toApiCallError(reason);
      const found: Errors = {};
      for (const { field, message } of refused?.fieldErrors ?? []) {
        found[field as keyof Draft] ??= message;
      }
      setErrors(found);
      setFailure(errorMessage(reason));
    }
  };

  const text = (key: keyof Draft, label: string, more: { hint?: string; type?: string } = {}) => (
    <div>
      <label htmlFor={`${ids}-${key}`} className="label">
        {label}
      </label>
      <input
        id={`${ids}-${key}`}
        type={more.type ?? 'text'}
        inputMode={more.type ? undefined : key === 'code' ? 'text' : 'decimal'}
        className={inputClass}
        value={String(draft[key])}
        onChange={(event) => set(key, event.target.value as never)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={
          [more.hint ? `${ids}-${key}-hint` : '', errors[key] ? `${ids}-${key}-error` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
      {more.hint && (
        <p id={`${ids}-${key}-hint`} className="mt-1 text-xs text-muted">
          {more.hint}
        </p>
      )}
      <FieldError id={`${ids}-${key}-error`} message={errors[key]} />
    </div>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="card space-y-4 p-5 sm:p-6"
      aria-label="Discount code"
    >
      <h3 className="font-display text-lg font-semibold text-forest-800">
        {editing ? `Change ${editing.code}` : 'New discount code'}
      </h3>
      {failure && <FormAlert message={failure} />}
      {editing && editing.uses > 0 && (
        <p className="text-sm text-muted">
          Used {editing.uses} {editing.uses === 1 ? 'time' : 'times'}: only its end, its limits and
          whether it is on can change, so the orders placed with it keep their meaning.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('code', 'Code', { hint: 'Letters and digits; shoppers may type it in any case.' })}
        <fieldset>
          <legend className="label">What it gives</legend>
          <div className="flex flex-wrap gap-2">
            {DISCOUNT_KINDS.map((kind) => (
              <label key={kind} className={choicePillClass}>
                <input
                  type="radio"
                  name={`${ids}-kind`}
                  value={kind}
                  checked={draft.kind === kind}
                  onChange={() => set('kind', kind)}
                  className="h-4 w-4 accent-forest-700"
                />
                {KIND_LABELS[kind]}
              </label>
            ))}
          </div>
        </fieldset>
        {draft.kind !== 'freeShipping' &&
          text('value', draft.kind === 'percent' ? 'Percentage (%)' : 'Amount (₹)')}
        {text('minSubtotal', 'Minimum cart subtotal (₹)', { hint: '0 for any cart.' })}
        {text('startsAt', 'Starts (India time)', {
          type: 'datetime-local',
          hint: 'Empty: from now.',
        })}
        {text('endsAt', 'Ends (India time)', {
          type: 'datetime-local',
          hint: 'Empty: no end. The code stops working at this minute.',
        })}
        {text('maxUses', 'Uses in all', { hint: 'Empty: no limit.' })}
        {text('maxUsesPerCustomer', 'Uses per customer', { hint: 'Empty: no limit.' })}
      </div>
      <ToggleBox
        label="First order only"
        checked={draft.firstOrderOnly}
        onChange={(checked) => set('firstOrderOnly', checked)}
      />
      <fieldset>
        <legend className="label">Only for these products (none ticked: every product)</legend>
        <div className="flex flex-wrap gap-2">
          {(products.data?.data ?? []).map((product) => {
            const name = (product as { name?: string }).name ?? product._id;
            return (
              <label key={product._id} className={choicePillClass}>
                <input
                  type="checkbox"
                  checked={draft.productIds.includes(product._id)}
                  onChange={(event) =>
                    set(
                      'productIds',
                      event.target.checked
                        ? [...draft.productIds, product._id]
                        : draft.productIds.filter((id) => id !== product._id),
                    )
                  }
                  className="h-4 w-4 accent-forest-700"
                />
                {name}
              </label>
            );
          })}
        </div>
      </fieldset>
      <ToggleBox label="On" checked={draft.active} onChange={(checked) => set('active', checked)} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save the code'}
        </button>
        <button type="button" className="btn-outline" onClick={onDone} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One code's card: what it gives, when, its limits, what it brought, and its actions. */
function DiscountCard({ discount, onEdit }: { discount: Discount; onEdit: () => void }) {
  const [saveDiscount, { isLoading: switching }] = useSaveDiscountMutation();
  const toggle = async () => {
    const { _id, uses: _uses, revenue: _revenue, createdAt: _createdAt, ...fields } = discount;
    try {
      const answer = await saveDiscount({
        id: _id,
        body: { ...fields, active: !discount.active },
      }).unwrap();
      toast.success(answer.message);
    } catch (reason) {
      const message = errorMessage(reason);
      toast.error(message, { toastId: message });
    }
  };
  const limits = [
    discount.minSubtotal > 0 ? `carts from ${formatRupees(discount.minSubtotal)}` : null,
    discount.maxUses !== null ? `${discount.maxUses} uses in all` : null,
    discount.maxUsesPerCustomer !== null ? `${discount.maxUsesPerCustomer} per customer` : null,
    discount.firstOrderOnly ? 'first order only' : null,
    discount.productIds.length > 0
      ? `${discount.productIds.length} product${discount.productIds.length === 1 ? '' : 's'}`
      : null,
  ].filter(Boolean);
  return (
    <li className="card space-y-2 p-4 text-sm" data-testid="discount">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-mono text-base font-semibold text-forest-800">{discount.code}</p>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${discount.active ? 'bg-forest-50 text-forest-700' : 'bg-cream-100 text-muted'}`}
        >
          {discount.active ? 'On' : 'Off'}
        </span>
      </div>
      <p className="text-ink">
        {gives(discount)}
        {limits.length > 0 ? ` · ${limits.join(', ')}` : ''}
      </p>
      <p className="text-muted">
        From {indiaMoment(new Date(discount.startsAt))}
        {discount.endsAt ? ` until ${indiaMoment(new Date(discount.endsAt))}` : ', no end'}
      </p>
      <p className="text-ink" data-testid="discount-figures">
        Used {discount.uses} {discount.uses === 1 ? 'time' : 'times'} · brought{' '}
        {formatRupees(discount.revenue)}
      </p>
      <div className="flex flex-wrap gap-3 pt-1">
        <button type="button" className="btn-outline" onClick={onEdit}>
          Change
        </button>
        <button
          type="button"
          className="btn-outline"
          onClick={() => void toggle()}
          disabled={switching}
        >
          {discount.active ? 'Switch off' : 'Switch on'}
        </button>
      </div>
    </li>
  );
}

/**
 * The owner's Discounts tab: every code with its uses and the revenue it brought, a form to make
 * one or change one, and a switch. A code once used is never deleted: switched off instead.
 */
export function DiscountsTab() {
  const { data: discounts, isLoading, error } = useGetDiscountsQuery();
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  return (
    <section aria-labelledby="discounts-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="discounts-heading" className="font-display text-2xl font-semibold text-forest-800">
          Discount codes
        </h2>
        {editing === null && (
          <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
            New code
          </button>
        )}
      </div>
      {editing !== null && (
        <DiscountForm
          key={editing === 'new' ? 'new' : editing._id}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {error ? (
        <FormAlert message={errorMessage(error)} />
      ) : isLoading ? (
        <p className="text-muted">Loading…</p>
      ) : (discounts ?? []).length === 0 ? (
        <p className="text-muted">No codes yet. A code shoppers type at checkout starts here.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {(discounts ?? []).map((discount) => (
            <DiscountCard
              key={discount._id}
              discount={discount}
              onEdit={() => setEditing(discount)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
