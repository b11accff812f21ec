import { formatRupees } from '@makhana/domain/money';
import type { Order, OrderRefund } from '@makhana/domain/orders';
import type { ReactNode } from 'react';
import { formatOrderDate } from '../lib/orders';

/** Where a refund's money is, in the words the order page and the owner's pop-up share. */
function refundStateText(refund: OrderRefund, forOwner: boolean): string {
  switch (refund.status) {
    case 'processed': {
      const on = refund.processedAt ?? refund.initiatedAt;
      const id = refund.refundId ? ` (${refund.refundId})` : '';
      return on ? `Refunded on ${formatOrderDate(on)}${id}` : `Refunded${id}`;
    }
    case 'initiated':
      return refund.initiatedAt
        ? `Refund initiated on ${formatOrderDate(refund.initiatedAt)}`
        : 'Refund initiated';
    case 'pending':
      return `Refund asked for on ${formatOrderDate(refund.createdAt)}: waiting for the payment service`;
    case 'failed':
      return forOwner
        ? 'The bank sent it back: send it again'
        : 'Your bank sent it back to us: we are sending it again';
    case 'refused':
      return `Did not go through: ${refund.failure ?? 'the payment service refused it'}`;
  }
}

/** What a refund gave back of each line: units, or an amount off the price. */
function partText(line: OrderRefund['lines'][number], forOwner: boolean): string {
  const amount = formatRupees(line.amount);
  if (line.quantity === 0) return `${line.name}: ${amount} off the price`;
  const restocked = forOwner && line.restocked ? ', put back on the shelf' : '';
  return `${line.name} × ${line.quantity}: ${amount}${restocked}`;
}

interface OrderRefundsProps {
  order: Order;
  /** the owner sees refunds that did not go through too, and which units went back on the shelf */
  forOwner?: boolean;
  /** what the owner can do about a refund (send again one the bank sent back), under it */
  actionFor?: (refund: OrderRefund) => ReactNode;
}

/**
 * An order's refunds, oldest first: each one's amount, where its money is, what it gave back and
 * why. A customer does not see the ones the gateway refused: no money moved.
 */
export function OrderRefunds({ order, forOwner = false, actionFor }: OrderRefundsProps) {
  const shown = (order.refunds ?? []).filter((refund) => forOwner || refund.status !== 'refused');
  if (shown.length === 0) return null;
  return (
    <ul className="space-y-3" data-testid="order-refunds">
      {shown.map((refund) => (
        <li key={refund.id} className="text-sm" data-testid="order-refund">
          <p className="font-semibold text-ink">
            {formatRupees(refund.amount)}{' '}
            <span
              className={`font-normal ${refund.status === 'refused' || refund.status === 'failed' ? 'text-maroon-700' : 'text-muted'}`}
            >
              · {refundStateText(refund, forOwner)}
            </span>
          </p>
          {refund.amount !== order.totalAmount && (
            <ul className="mt-0.5 text-muted">
              {refund.lines.map((line) => (
                <li key={line.item}>{partText(line, forOwner)}</li>
              ))}
            </ul>
          )}
          <p className="mt-0.5 text-muted">
            {refund.by !== 'customer'
              ? 'Reason: '
              : forOwner
                ? 'Cancelled by the customer: '
                : 'You cancelled: '}
            {refund.reason}
          </p>
          {actionFor?.(refund)}
        </li>
      ))}
    </ul>
  );
}
