import { POLICY } from '@makhana/domain/constants';
import type { Order, OrderReturn } from '@makhana/domain/orders';
import { RETURN_DECISION_NOTE_MAX, RETURN_MESSAGES } from '@makhana/domain/returns';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FieldError, FormAlert, inputClass, ToggleBox } from '../../components/form-field';
import { orderSummaryHeadingClass } from '../../components/order-summary';
import { apiFile } from '../../lib/api-client';
import { formatOrderDate } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { useMoveReturnMutation } from './api/orders';
import { failureMessage } from './failure-message';

/** Where a return stands, in the owner's words, with the date of its latest step. */
function ownerStepText(request: OrderReturn): string {
  switch (request.state) {
    case 'requested':
      return `Asked for on ${formatOrderDate(request.requestedAt)}: approve or reject it`;
    case 'approved':
      return `Approved on ${formatOrderDate(request.decidedAt ?? request.requestedAt)}: waiting for the parcel`;
    case 'rejected':
      return `Rejected on ${formatOrderDate(request.decidedAt ?? request.requestedAt)}`;
    case 'received':
      return `Parcel received on ${formatOrderDate(request.receivedAt ?? request.requestedAt)}: refund it`;
    case 'refunded':
      return `Refunded on ${formatOrderDate(request.refundedAt ?? request.requestedAt)}`;
  }
}

/**
 * A return's photo, fetched with the owner's session (a plain link would carry the customer's,
 * when the same browser holds both) and shown from memory; a click opens it full size.
 */
function ReturnPhoto({ returnId, place }: { returnId: string; place: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    apiFile(`/orders/return-photo/${encodeURIComponent(returnId)}/${place}`, { realm: 'owner' })
      .then(({ blob }) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [returnId, place]);
  if (failed) return <span className="text-xs text-maroon-700">Photo {place + 1} not loaded</span>;
  if (!url) return <span className="block h-20 w-20 animate-pulse rounded-lg bg-cream-200" />;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Photo ${place + 1}, full size`}
    >
      <img
        src={url}
        alt={`What the customer sent, ${place + 1} of the return`}
        className="h-20 w-20 rounded-lg object-cover"
        width={80}
        height={80}
      />
    </a>
  );
}

function ReturnActions({
  order,
  request,
  onOrderChanged,
}: {
  order: Order;
  request: OrderReturn;
  onOrderChanged: (order: Order) => void;
}) {
  const [moveReturn, { isLoading: busy }] = useMoveReturnMutation();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [restock, setRestock] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = useId();

  const send = async (
    step: 'return-decision' | 'return-received' | 'return-refund',
    body: { approve?: boolean; note?: string; restock?: boolean } = {},
  ) => {
    try {
      const answer = await moveReturn({
        orderId: order._id,
        step,
        body: { returnId: request.id, ...body },
      }).unwrap();
      setFailure(null);
      setConfirming(false);
      onOrderChanged(answer.order);
      toast.success(answer.message);
    } catch (reason) {
      const message = failureMessage(reason);
      setFailure(message);
      setConfirming(false);
      toast.error(message, { toastId: message });
    }
  };

  const decide = (approve: boolean) => {
    if (!approve && !note.trim()) {
      setNoteError(RETURN_MESSAGES.rejectNote);
      return;
    }
    setNoteError(null);
    void send('return-decision', { approve, ...(note.trim() ? { note: note.trim() } : {}) });
  };

  return (
    <div className="mt-3 space-y-3">
      {failure && <FormAlert message={failure} />}
      {request.state === 'requested' && (
        <>
          <div>
            <label htmlFor={`${ids}-note`} className="label">
              Note to the customer
            </label>
            <textarea
              id={`${ids}-note`}
              rows={2}
              maxLength={RETURN_DECISION_NOTE_MAX}
              className={`${inputClass} h-auto py-2`}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              aria-describedby={`${ids}-note-hint${noteError ? ` ${ids}-note-error` : ''}`}
            />
            <p id={`${ids}-note-hint`} className="mt-1 text-xs text-muted">
              Mailed with your decision; needed to reject.
            </p>
            <FieldError id={`${ids}-note-error`} message={noteError ?? undefined} />
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              className="btn-primary w-full sm:w-auto"
              disabled={busy}
              onClick={() => decide(true)}
            >
              Approve the return
            </button>
            <button
              type="button"
              className="btn-outline w-full sm:w-auto"
              disabled={busy}
              onClick={() => decide(false)}
            >
              Reject it
            </button>
          </div>
        </>
      )}
      {request.state === 'approved' && (
        <button
          type="button"
          className="btn-primary w-full sm:w-auto"
          disabled={busy}
          onClick={() => void send('return-received')}
        >
          Mark the parcel received
        </button>
      )}
      {request.state === 'received' && (
        <>
          <ToggleBox
            label="Put the units back on the shelf"
            checked={restock}
            onChange={setRestock}
          />
          <button
            type="button"
            className="btn-primary w-full sm:w-auto"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Refund the returned items
          </button>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title="Refund the returned items?"
          description={`The price of ${request.lines.map((line) => `${line.name} × ${line.quantity}`).join(', ')} goes back to the customer's original payment method within ${POLICY.refundBusinessDays} business days, with the shipping if nothing else of the order is left; ${restock ? 'the units go back on the shelf' : 'the units stay off the shelf'}. This cannot be undone.`}
          confirmLabel="Refund"
          busyLabel="Refunding…"
          busy={busy}
          onConfirm={() => void send('return-refund', { restock })}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/**
 * The owner's view of an order's returns in its pop-up: what was asked back and why, the photos,
 * where each stands, and the step it waits for (approve or reject, the parcel received, the
 * refund).
 */
export function OrderReturns({
  order,
  onOrderChanged,
}: {
  order: Order;
  onOrderChanged: (order: Order) => void;
}) {
  const returns = order.returns ?? [];
  if (returns.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby={`returns-${order._id}`}>
      <h3 id={`returns-${order._id}`} className={orderSummaryHeadingClass}>
        Returns
      </h3>
      <ul className="mt-2 space-y-4">
        {returns.map((request) => (
          <li
            key={request.id}
            className="rounded-xl border border-cream-200 p-4 text-sm"
            data-testid="owner-return"
          >
            <p className="font-semibold text-ink">
              {request.lines.map((line) => `${line.name} × ${line.quantity}`).join(', ')}
            </p>
            <p className="text-muted">
              {request.reason} · {ownerStepText(request)}
            </p>
            {request.note && <p className="mt-1 text-ink">“{request.note}”</p>}
            {request.decisionNote && (
              <p className="mt-1 text-muted">Your note: {request.decisionNote}</p>
            )}
            {request.photos > 0 && (
              <div className="mt-2 flex flex-wrap gap-2">
                {Array.from({ length: request.photos }, (_, place) => place).map((place) => (
                  <ReturnPhoto key={place} returnId={request.id} place={place} />
                ))}
              </div>
            )}
            <ReturnActions order={order} request={request} onOrderChanged={onOrderChanged} />
          </li>
        ))}
      </ul>
    </section>
  );
}
