import { formatRupees } from '@makhana/domain/money';
import { isPartlyRefunded, orderStatusTone, paymentStatusTone } from '@makhana/domain/order-state';

const BADGE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

/**
 * The status colours as classes (docs/product.md#order-and-payment-statuses); the tone itself comes
 * from the domain package.
 */
const TONE_CLASS = {
  green: 'bg-forest-100 text-forest-800',
  yellow: 'bg-saffron-100 text-saffron-600',
  red: 'bg-maroon-600/10 text-maroon-700',
  grey: 'bg-cream-200 text-muted',
} as const;

/** Order status: green for Delivered, otherwise yellow. */
export function OrderStatusBadge({ status }: { status: string }) {
  const tone = orderStatusTone(status);
  return (
    <span className={`${BADGE} ${TONE_CLASS[tone]}`} data-testid="order-status" data-tone={tone}>
      {status}
    </span>
  );
}

/**
 * Payment status: completed green, pending yellow, failed red, others grey. A payment partly
 * given back says so with the sum (`refunded`, in rupees), in grey.
 */
export function PaymentStatusBadge({
  status,
  refunded = 0,
}: {
  status: string;
  refunded?: number;
}) {
  const partly = isPartlyRefunded({ paymentStatus: status, refundedAmount: refunded });
  const tone = partly ? 'grey' : paymentStatusTone(status);
  return (
    <span className={`${BADGE} ${TONE_CLASS[tone]}`} data-testid="payment-status" data-tone={tone}>
      {partly ? `Partly refunded: ${formatRupees(refunded)}` : `Payment ${status}`}
    </span>
  );
}

const TICKET_TONE = { Open: 'yellow', Answered: 'green', Resolved: 'grey' } as const;

/** A ticket's status: Open waits for the shop (yellow), Answered (green), Resolved (grey). */
export function TicketStatusBadge({ status }: { status: 'Open' | 'Answered' | 'Resolved' }) {
  return (
    <span className={`${BADGE} ${TONE_CLASS[TICKET_TONE[status]]}`} data-testid="ticket-status">
      {status}
    </span>
  );
}
