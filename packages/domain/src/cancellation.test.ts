import { describe, expect, it } from 'vitest';
import { CANCEL_MESSAGES, cancelDeadline, cancelOrderSchema, cancelRefusal } from './cancellation';

const PAID_AT = '2026-11-28T10:00:00.000Z';
const confirmed = { status: 'Confirmed', paymentStatus: 'completed', paidAt: PAID_AT } as const;
const minutesLater = (minutes: number) => new Date(Date.parse(PAID_AT) + minutes * 60_000);

describe('cancelling an order', () => {
  it('is allowed up to 24 hours after the payment, and not a minute later', () => {
    expect(cancelDeadline(confirmed)?.toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(cancelRefusal(confirmed, minutesLater(0))).toBeNull();
    expect(cancelRefusal(confirmed, minutesLater(23 * 60 + 59))).toBeNull();
    expect(cancelRefusal(confirmed, minutesLater(24 * 60))).toBe(CANCEL_MESSAGES.windowPassed);
    expect(cancelRefusal(confirmed, minutesLater(24 * 60 + 1))).toBe(CANCEL_MESSAGES.windowPassed);
  });

  it('says why a shipped, delivered, returned, unpaid or cancelled order cannot be', () => {
    expect(cancelRefusal({ ...confirmed, status: 'Shipped' }, minutesLater(60))).toBe(
      CANCEL_MESSAGES.shipped,
    );
    expect(cancelRefusal({ ...confirmed, status: 'Delivered' }, minutesLater(60))).toBe(
      CANCEL_MESSAGES.delivered,
    );
    expect(cancelRefusal({ ...confirmed, status: 'Returned to origin' }, minutesLater(60))).toBe(
      CANCEL_MESSAGES.returnedToOrigin,
    );
    expect(
      cancelRefusal({ status: 'Pending', paymentStatus: 'pending', paidAt: null }, minutesLater(1)),
    ).toBe(CANCEL_MESSAGES.notPaid);
    expect(
      cancelRefusal(
        { ...confirmed, status: 'Cancelled', paymentStatus: 'refunded' },
        minutesLater(1),
      ),
    ).toBe(CANCEL_MESSAGES.alreadyCancelled);
    expect(CANCEL_MESSAGES.windowPassed).toBe(
      'Orders can be cancelled within 24 hours of payment, and that time has passed. Once it is delivered you can return it within 14 days of delivery.',
    );
  });

  it('takes a reason from the list only', () => {
    expect(cancelOrderSchema.safeParse({ reason: 'Changed my mind' }).success).toBe(true);
    const refused = cancelOrderSchema.safeParse({ reason: 'Because' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(CANCEL_MESSAGES.reason);
  });
});
