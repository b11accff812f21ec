import { zodResolver } from '@hookform/resolvers/zod';
import { POLICY } from '@makhana/domain/constants';
import { formatRupees } from '@makhana/domain/money';
import { canRefund } from '@makhana/domain/order-state';
import type { Order } from '@makhana/domain/orders';
import { type RefundOrderInput, refundOrderSchema } from '@makhana/domain/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormAlert, TextAreaField } from '../../components/form-field';
import { orderSummaryHeadingClass } from '../../components/order-summary';
import { formatOrderDate } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { useRefundOrderMutation } from './api/orders';
import { failureMessage } from './failure-message';

interface RefundOrderActionProps {
  order: Order;
  /** receives the server's copy of the refunded order */
  onOrderChanged: (order: Order) => void;
}

/** What a refunded order shows in place of the action: when, why, and the gateway's refund id. */
function RefundDone({ order }: { order: Order }) {
  const refund = order.refund;
  return (
    <section aria-labelledby={`refund-${order._id}`} className="space-y-1 text-sm">
      <h3 id={`refund-${order._id}`} className={orderSummaryHeadingClass}>
        Refund
      </h3>
      <p className="text-ink">
        Refunded on{' '}
        {refund?.refundedAt ? (
          <time dateTime={refund.refundedAt}>{formatOrderDate(refund.refundedAt)}</time>
        ) : (
          'an unknown date'
        )}
        : {refund?.reason ?? 'no reason given'}
      </p>
      {refund?.id && <p className="text-muted">Refund id {refund.id}</p>}
    </section>
  );
}

/**
 * The owner's full refund of an order the state machine lets go back (`canRefund`): a reason,
 * then a confirmation naming the amount. A refusal or an outage shows its reason and leaves the
 * form for another try; the server's idempotency key makes a retry safe.
 */
export function RefundOrderAction({ order, onOrderChanged }: RefundOrderActionProps) {
  const [refundOrder, { isLoading: busy }] = useRefundOrderMutation();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState<RefundOrderInput | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RefundOrderInput>({
    resolver: zodResolver(refundOrderSchema),
    defaultValues: { reason: '' },
  });

  if (order.paymentStatus === 'refunded') return <RefundDone order={order} />;
  if (!canRefund(order)) return null;

  const amount = formatRupees(order.totalAmount);
  const headingId = `refund-${order._id}`;
  const earlierFailure = failure ?? order.refund?.failure ?? null;

  const confirm = async () => {
    if (!asking) return;
    try {
      const answer = await refundOrder({ orderId: order._id, refund: asking }).unwrap();
      setFailure(null);
      setAsking(null);
      setOpen(false);
      onOrderChanged(answer.order);
      toast.success(answer.message);
    } catch (reason) {
      const message = failureMessage(reason);
      setFailure(message);
      setAsking(null);
      toast.error(message, { toastId: message });
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className={orderSummaryHeadingClass}>
        Refund
      </h3>
      {earlierFailure && <FormAlert message={`The refund did not go through: ${earlierFailure}`} />}
      {open ? (
        <form
          onSubmit={handleSubmit((values) => setAsking(values))}
          noValidate
          aria-label="Refund this order"
          className="space-y-3"
        >
          <TextAreaField
            label="Reason for the refund"
            hint="Kept with the order and mailed to the customer."
            rows={3}
            registration={register('reason')}
            error={errors.reason?.message}
          />
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {earlierFailure ? 'Try the refund again' : `Refund ${amount}`}
            </button>
            <button
              type="button"
              className="btn-outline w-full sm:w-auto"
              disabled={busy}
              onClick={() => setOpen(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="btn-outline w-full sm:w-auto"
          onClick={() => setOpen(true)}
        >
          Refund this order
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title={`Refund ${amount} to the customer?`}
          description={`Order #${order.orderNumber} is cancelled and ${amount} goes back to the customer's original payment method within ${POLICY.refundBusinessDays} business days. This cannot be undone.`}
          confirmLabel={`Refund ${amount}`}
          busyLabel="Refunding…"
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
