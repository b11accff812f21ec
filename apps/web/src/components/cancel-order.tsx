import {
  CANCEL_MESSAGES,
  CANCEL_REASONS,
  type CancelReason,
  cancelDeadline,
  cancelOrderSchema,
  cancelRefusal,
} from '@makhana/domain/cancellation';
import { POLICY } from '@makhana/domain/constants';
import { formatRupees } from '@makhana/domain/money';
import type { Order } from '@makhana/domain/orders';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useCancelOrderMutation } from '../api/cancel-order';
import { errorMessage } from '../lib/api-client';
import { formatOrderMoment } from '../lib/orders';
import { toast } from '../lib/toast';
import { Dialog } from './dialog';
import { FormAlert } from './form-field';

/** A paid order the customer has not had refunded: the ones the cancellation rule speaks of. */
const paidAndKept = (order: Order) => order.paymentStatus === 'completed' && !order.needsRefund;

/** Whether the customer can cancel the order now: the rule the server applies. */
export const canCancel = (order: Order, now = new Date()) =>
  paidAndKept(order) && cancelRefusal(order, now) === null;

/**
 * "Cancel order" and its dialog: a reason from the short list, what goes back and when, then the
 * server's word. A refusal (the window closed meanwhile, the gateway said no) stays in the dialog.
 */
export function CancelOrderButton({ order, className }: { order: Order; className?: string }) {
  const [open, setOpen] = useState(false);
  if (!canCancel(order)) return null;
  return (
    <>
      <button
        type="button"
        className={className ?? 'btn-outline'}
        onClick={() => setOpen(true)}
        aria-label={`Cancel order ${order.orderNumber}`}
      >
        Cancel order
      </button>
      {open && <CancelOrderDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function CancelOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [cancelOrder, { isLoading: busy }] = useCancelOrderMutation();
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const legendId = useId();
  const amount = formatRupees(order.totalAmount);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = cancelOrderSchema.safeParse({ reason });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? CANCEL_MESSAGES.reason);
      return;
    }
    setProblem(null);
    try {
      const answer = await cancelOrder({
        orderId: order._id,
        reason: checked.data.reason,
      }).unwrap();
      toast.success(answer.message);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'The order could not be cancelled. Please try again.'));
    }
  };

  return (
    <Dialog
      title={`Cancel order #${order.orderNumber}?`}
      description={`${amount} goes back to your original payment method within ${POLICY.refundBusinessDays} business days. There is no cancellation charge.`}
      onClose={onClose}
      size="sm"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure && <FormAlert message={failure} />}
        <fieldset aria-describedby={problem ? `${legendId}-problem` : undefined}>
          <legend id={legendId} className="text-sm font-semibold text-ink">
            Why are you cancelling?
          </legend>
          <div className="mt-2 space-y-1">
            {CANCEL_REASONS.map((choice) => (
              <label
                key={choice}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm hover:bg-cream-50"
              >
                <input
                  type="radio"
                  name="reason"
                  value={choice}
                  checked={reason === choice}
                  onChange={() => setReason(choice)}
                  className="h-4 w-4 accent-forest-700"
                  data-autofocus={choice === CANCEL_REASONS[0] ? true : undefined}
                />
                {choice}
              </label>
            ))}
          </div>
          {problem && (
            <p id={`${legendId}-problem`} role="alert" className="mt-1 text-sm text-maroon-700">
              {problem}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose} disabled={busy}>
            Keep my order
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel order'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Why the customer cannot cancel or return, with the returns policy a tap away. */
export function RefusalWithPolicy({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="mt-2 text-sm text-ink" data-testid={testId}>
      {text}{' '}
      <Link
        to="/return-cancellation"
        className="font-semibold text-forest-700 underline underline-offset-4"
      >
        Returns policy
      </Link>
    </p>
  );
}

/**
 * The order page's part: until when the order can be cancelled and the button, or, once it
 * cannot (24 hours passed, or it shipped), why not and how to return it instead.
 */
export function CancelOrderSection({ order }: { order: Order }) {
  if (!paidAndKept(order)) return null;
  const now = new Date();
  const refusal = cancelRefusal(order, now);
  const deadline = cancelDeadline(order);
  return (
    <section aria-labelledby="order-cancel" className="card p-5 sm:p-6">
      <h2 id="order-cancel" className="font-display text-xl font-semibold text-forest-800">
        {refusal ? 'Cancel or return' : 'Changed your mind?'}
      </h2>
      {refusal ? (
        <RefusalWithPolicy text={refusal} testId="cancel-refusal" />
      ) : (
        <>
          <p className="mt-2 text-sm text-ink">
            You can cancel this order until{' '}
            {deadline && (
              <time dateTime={deadline.toISOString()}>
                {formatOrderMoment(deadline.toISOString())}
              </time>
            )}
            , as long as it has not shipped. The full amount is refunded.
          </p>
          <CancelOrderButton order={order} className="btn-outline mt-4 w-full sm:w-auto" />
        </>
      )}
    </section>
  );
}
