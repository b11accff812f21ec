import { POLICY } from '@makhana/domain/constants';
import { formatRupees } from '@makhana/domain/money';
import type { ExtraPayment, Order } from '@makhana/domain/orders';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormAlert } from '../../components/form-field';
import { orderSummaryHeadingClass } from '../../components/order-summary';
import { formatOrderDate } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { useRefundExtraPaymentMutation } from './api/orders';
import { failureMessage } from './failure-message';

interface ExtraPaymentsProps {
  order: Order;
  /** receives the server's copy of the order once a payment went back */
  onOrderChanged: (order: Order) => void;
}

/** Money the shop still owes on this order: second payments not refunded yet. */
export function owedExtraPayments(order: Order): ExtraPayment[] {
  return (order.extraPayments ?? []).filter((payment) => payment.refundedAt === null);
}

/**
 * The second payments a customer made for an order already paid: each one owed shows its amount
 * and a Refund button (with a confirmation naming the amount), each refunded its refund id. The
 * order itself stays as it is. A refusal or an outage is shown on the payment, and the owner may
 * simply try again: the gateway cannot refund one payment twice.
 */
export function ExtraPayments({ order, onOrderChanged }: ExtraPaymentsProps) {
  const [refundExtraPayment, { isLoading: busy }] = useRefundExtraPaymentMutation();
  const [asking, setAsking] = useState<ExtraPayment | null>(null);
  const [failures, setFailures] = useState<Record<string, string>>({});
  const payments = order.extraPayments ?? [];
  if (payments.length === 0) return null;
  const headingId = `extra-payments-${order._id}`;

  const confirm = async () => {
    if (!asking) return;
    const { paymentId } = asking;
    try {
      const answer = await refundExtraPayment({
        orderId: order._id,
        payment: { paymentId },
      }).unwrap();
      setFailures(({ [paymentId]: _gone, ...others }) => others);
      onOrderChanged(answer.order);
      toast.success(answer.message);
    } catch (reason) {
      const message = failureMessage(reason);
      setFailures((others) => ({ ...others, [paymentId]: message }));
      toast.error(message, { toastId: message });
    } finally {
      setAsking(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="extra-payments">
      <h3 id={headingId} className={orderSummaryHeadingClass}>
        {payments.length === 1 ? 'A second payment' : 'Second payments'}
      </h3>
      <p className="text-sm text-muted">
        The customer paid for this order more than once. The order keeps its first payment; every
        other goes back in full.
      </p>
      <ul className="space-y-3">
        {payments.map((payment) => {
          const failure = failures[payment.paymentId] ?? payment.refundFailure;
          const amount = formatRupees(payment.amount);
          return (
            <li
              key={payment.paymentId}
              className="space-y-2 rounded-xl border border-cream-200 bg-cream-50 p-3 text-sm"
            >
              <p>
                <span className="font-semibold text-ink">{amount}</span>, paid{' '}
                <time dateTime={payment.capturedAt}>{formatOrderDate(payment.capturedAt)}</time>
                <span className="block break-all text-muted">Payment id {payment.paymentId}</span>
              </p>
              {payment.refundedAt ? (
                <p className="text-forest-700">
                  Refunded on{' '}
                  <time dateTime={payment.refundedAt}>{formatOrderDate(payment.refundedAt)}</time>
                  <span className="block break-all text-muted">Refund id {payment.refundId}</span>
                </p>
              ) : (
                <>
                  <p className="font-semibold text-maroon-700">Needs a refund</p>
                  {failure && <FormAlert message={`The refund did not go through: ${failure}`} />}
                  <button
                    type="button"
                    className="btn-primary w-full sm:w-auto"
                    disabled={busy}
                    onClick={() => setAsking(payment)}
                  >
                    {failure ? 'Try the refund again' : `Refund ${amount}`}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {asking && (
        <ConfirmDialog
          title={`Refund ${formatRupees(asking.amount)} to the customer?`}
          description={`The second payment ${asking.paymentId} for order #${order.orderNumber} goes back to the customer's original payment method within ${POLICY.refundBusinessDays} business days. The order itself does not change.`}
          confirmLabel={`Refund ${formatRupees(asking.amount)}`}
          busyLabel="Refunding…"
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
