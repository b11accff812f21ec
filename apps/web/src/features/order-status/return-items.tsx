import { IMAGE_MAX_BYTES } from '@makhana/domain/images';
import { wasDelivered } from '@makhana/domain/order-state';
import type { Order, OrderReturn } from '@makhana/domain/orders';
import {
  OPEN_RETURN_STATES,
  RETURN_MESSAGES,
  RETURN_NOTE_MAX,
  RETURN_PHOTOS_MAX,
  RETURN_REASONS,
  type ReturnReason,
  returnDeadline,
  returnRefusal,
  returnRequestSchema,
} from '@makhana/domain/returns';
import { type FormEvent, useId, useState } from 'react';
import { RefusalWithPolicy } from '../../components/cancel-order';
import { Dialog } from '../../components/dialog';
import { choicePillClass, FieldError, FormAlert, inputClass } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { apiSlice } from '../../lib/api-slice';
import { formatOrderDate, formatOrderMoment } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../stores/hooks';
import { requestReturn } from './api/return-items';

/** When the order was delivered, as its history says; null before. */
export function deliveredAtOf(order: Order): string | null {
  return order.history?.findLast((move) => move.event === 'delivered')?.at ?? null;
}

/**
 * Each line's units still the customer's to send back: less those refunded (refunds that did not
 * fail) and those in a return not rejected nor refunded, as the server counts them.
 */
export function unitsLeftToReturn(order: Order): Map<string, number> {
  const spoken = new Map<string, number>();
  const add = (item: string, units: number) => spoken.set(item, (spoken.get(item) ?? 0) + units);
  for (const refund of order.refunds ?? []) {
    if (refund.status === 'refused') continue;
    for (const line of refund.lines) add(line.item, line.quantity);
  }
  for (const request of order.returns ?? []) {
    if (!(OPEN_RETURN_STATES as readonly string[]).includes(request.state)) continue;
    for (const line of request.lines) add(line.item, line.quantity);
  }
  return new Map(
    order.items.map((item) => [item._id, Math.max(item.quantity - (spoken.get(item._id) ?? 0), 0)]),
  );
}

/** Where a return stands, with the date of its latest step, in the customer's words. */
export function returnStepText(request: OrderReturn): string {
  switch (request.state) {
    case 'requested':
      return `Requested on ${formatOrderDate(request.requestedAt)}: we reply by e-mail within 48 hours`;
    case 'approved':
      return `Approved on ${formatOrderDate(request.decidedAt ?? request.requestedAt)}: please send the parcel to the address we mailed you`;
    case 'rejected':
      return `Not accepted on ${formatOrderDate(request.decidedAt ?? request.requestedAt)}${request.decisionNote ? `: ${request.decisionNote}` : ''}`;
    case 'received':
      return `Parcel received on ${formatOrderDate(request.receivedAt ?? request.requestedAt)}: your refund follows`;
    case 'refunded':
      return `Refunded on ${formatOrderDate(request.refundedAt ?? request.requestedAt)}`;
  }
}

function ReturnDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const left = unitsLeftToReturn(order);
  const [units, setUnits] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<
    Partial<Record<'lines' | 'reason' | 'note' | 'photos', string>>
  >({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = returnRequestSchema.safeParse({
      lines: Object.entries(units)
        .filter(([, quantity]) => quantity > 0)
        .map(([item, quantity]) => ({ item, quantity })),
      reason: reason || undefined,
      note: note || undefined,
    });
    const found: typeof errors = {};
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as keyof typeof errors;
        found[field] ??= issue.message;
      }
    }
    if (photos.length > RETURN_PHOTOS_MAX) found.photos = RETURN_MESSAGES.photos;
    if (photos.some((photo) => photo.size > IMAGE_MAX_BYTES)) {
      found.photos = `Each photo must be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;
    }
    setErrors(found);
    if (!checked.success || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await requestReturn(order._id, checked.data, photos);
      dispatch(
        apiSlice.util.invalidateTags([
          { type: 'Order', id: order._id },
          { type: 'Order', id: 'LIST' },
        ]),
      );
      toast.success(answer.message);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'The return could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={`Return items of order #${order.orderNumber}`}
      description="Choose what you are sending back and why. We reply by e-mail within 48 hours; the refund follows once the parcel reaches us."
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        {failure && <FormAlert message={failure} />}
        <fieldset aria-describedby={errors.lines ? `${ids}-lines-error` : undefined}>
          <legend className="text-sm font-semibold text-ink">What are you returning?</legend>
          <ul className="mt-2 space-y-2">
            {order.items.map((item, index) => {
              const most = left.get(item._id) ?? 0;
              const selectId = `${ids}-units-${item._id}`;
              return (
                <li
                  key={item._id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-cream-200 p-3"
                >
                  <label htmlFor={selectId} className="min-w-0 text-sm text-ink">
                    <span className="font-medium">{item.name}</span>{' '}
                    <span className="text-muted">
                      {item.variantWeight} g ·{' '}
                      {most === 0 ? 'returned or refunded already' : `${most} can be returned`}
                    </span>
                  </label>
                  <select
                    id={selectId}
                    className={`${inputClass} w-24`}
                    value={units[item._id] ?? 0}
                    disabled={most === 0}
                    data-autofocus={index === 0 ? true : undefined}
                    onChange={(event) =>
                      setUnits({ ...units, [item._id]: Number(event.target.value) })
                    }
                  >
                    {Array.from({ length: most + 1 }, (_, count) => count).map((count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </select>
                </li>
              );
            })}
          </ul>
          <FieldError id={`${ids}-lines-error`} message={errors.lines} />
        </fieldset>

        <fieldset aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}>
          <legend className="text-sm font-semibold text-ink">Why?</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {RETURN_REASONS.map((choice) => (
              <label key={choice} className={choicePillClass}>
                <input
                  type="radio"
                  name={`${ids}-reason`}
                  value={choice}
                  checked={reason === choice}
                  onChange={() => setReason(choice)}
                  className="h-4 w-4 accent-forest-700"
                />
                {choice}
              </label>
            ))}
          </div>
          <FieldError id={`${ids}-reason-error`} message={errors.reason} />
        </fieldset>

        <div>
          <label htmlFor={`${ids}-note`} className="label">
            What happened? (optional)
          </label>
          <textarea
            id={`${ids}-note`}
            rows={3}
            maxLength={RETURN_NOTE_MAX}
            className={`${inputClass} h-auto py-2`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={errors.note ? `${ids}-note-error` : undefined}
          />
          <FieldError id={`${ids}-note-error`} message={errors.note} />
        </div>

        <div>
          <label htmlFor={`${ids}-photos`} className="label">
            Photos (optional, up to {RETURN_PHOTOS_MAX})
          </label>
          <input
            id={`${ids}-photos`}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif"
            className="block w-full text-sm file:mr-4 file:rounded-lg file:border-0 file:bg-forest-700 file:px-4 file:py-2 file:text-cream-50"
            onChange={(event) => setPhotos([...(event.target.files ?? [])])}
            aria-describedby={`${ids}-photos-hint${errors.photos ? ` ${ids}-photos-error` : ''}`}
          />
          <p id={`${ids}-photos-hint`} className="mt-1 text-xs text-muted">
            A damaged pouch or a wrong item is quicker to settle with a photo. Only you and the shop
            see them.
          </p>
          <FieldError id={`${ids}-photos-error`} message={errors.photos} />
        </div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose} disabled={busy}>
            Keep my items
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Ask to return'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The order page's part for a delivered order: its returns and where each stands, and, within 14
 * days of the delivery with units left, until when it can be returned and "Return items"; after,
 * why not.
 */
export function ReturnSection({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const deliveredAt = deliveredAtOf(order);
  if (!wasDelivered(order.status) || !deliveredAt) return null;
  const refusal = returnRefusal(order, deliveredAt, new Date());
  const anyLeft = [...unitsLeftToReturn(order).values()].some((units) => units > 0);
  const returns = order.returns ?? [];
  return (
    <section aria-labelledby="order-return" className="card p-5 sm:p-6">
      <h2 id="order-return" className="font-display text-xl font-semibold text-forest-800">
        Returns
      </h2>
      {returns.length > 0 && (
        <ul className="mt-3 space-y-3 text-sm" data-testid="order-returns">
          {returns.map((request) => (
            <li key={request.id} data-testid="order-return">
              <p className="font-medium text-ink">
                {request.lines.map((line) => `${line.name} × ${line.quantity}`).join(', ')}
              </p>
              <p className="text-muted">
                {request.reason} · {returnStepText(request)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {refusal || !anyLeft ? (
        <RefusalWithPolicy text={refusal ?? RETURN_MESSAGES.nothingLeft} testId="return-refusal" />
      ) : (
        <>
          <p className="mt-2 text-sm text-ink">
            You can return items of this order until{' '}
            <time dateTime={returnDeadline(deliveredAt).toISOString()}>
              {formatOrderMoment(new Date(returnDeadline(deliveredAt).getTime() - 1).toISOString())}
            </time>
            .
          </p>
          <button
            type="button"
            className="btn-outline mt-4 w-full sm:w-auto"
            onClick={() => setOpen(true)}
          >
            Return items
          </button>
        </>
      )}
      {open && <ReturnDialog order={order} onClose={() => setOpen(false)} />}
    </section>
  );
}
