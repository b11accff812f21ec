import { describe, expect, it } from 'vitest';
import {
  awaitsPayment,
  canRefund,
  InvalidOrderTransition,
  isPaid,
  isSale,
  isToShip,
  isUnpaidAttempt,
  moveOf,
  NEW_ORDER,
  nextOrderState,
  type OrderEvent,
  type OrderState,
  type OwnerStatusMove,
  orderStatusTone,
  ownerMoveEvent,
  paymentStatusTone,
  refundedState,
  stateAfter,
  stockMoveOf,
} from './order-state';

const confirmed: OrderState = {
  status: 'Confirmed',
  paymentStatus: 'completed',
  needsRefund: false,
};

describe('the order state machine', () => {
  it('confirms a pending order when its payment is captured and the stock is there', () => {
    expect(nextOrderState(NEW_ORDER, { type: 'payment_captured', stockAvailable: true })).toEqual(
      confirmed,
    );
  });

  it('is idempotent: a second capture report changes nothing', () => {
    expect(nextOrderState(confirmed, { type: 'payment_captured', stockAvailable: false })).toBe(
      confirmed,
    );
  });

  it('never moves a paid order back to unpaid', () => {
    expect(nextOrderState(confirmed, { type: 'payment_failed' })).toBe(confirmed);
    expect(nextOrderState(confirmed, { type: 'expired' })).toBe(confirmed);
  });

  it('cancels a pending order when the payment fails or it expires', () => {
    expect(nextOrderState(NEW_ORDER, { type: 'payment_failed' })).toEqual({
      status: 'Cancelled',
      paymentStatus: 'failed',
      needsRefund: false,
    });
    expect(nextOrderState(NEW_ORDER, { type: 'expired' })).toMatchObject({ status: 'Cancelled' });
  });

  it('keeps a late capture when the stock is still there, else flags it for a refund', () => {
    const cancelled = nextOrderState(NEW_ORDER, { type: 'expired' });
    expect(nextOrderState(cancelled, { type: 'payment_captured', stockAvailable: true })).toEqual(
      confirmed,
    );
    expect(nextOrderState(cancelled, { type: 'payment_captured', stockAvailable: false })).toEqual({
      status: 'Cancelled',
      paymentStatus: 'completed',
      needsRefund: true,
    });
  });

  it('ships and delivers only in order', () => {
    const shipped = nextOrderState(confirmed, { type: 'shipped' });
    expect(nextOrderState(shipped, { type: 'delivered' }).status).toBe('Delivered');
    expect(() => nextOrderState(NEW_ORDER, { type: 'shipped' })).toThrow(InvalidOrderTransition);
    expect(() => nextOrderState(confirmed, { type: 'delivered' })).toThrow(InvalidOrderTransition);
  });

  it('takes a parcel the courier brought back only from Shipped, and refunds it keeping the status', () => {
    const shipped = nextOrderState(confirmed, { type: 'shipped' });
    const back = nextOrderState(shipped, { type: 'returned_to_origin' });
    expect(back).toEqual({ ...confirmed, status: 'Returned to origin' });
    expect(refundedState(back)).toEqual({
      status: 'Returned to origin',
      paymentStatus: 'refunded',
      needsRefund: false,
    });
    for (const from of [confirmed, nextOrderState(shipped, { type: 'delivered' }), back]) {
      expect(() => nextOrderState(from, { type: 'returned_to_origin' }), from.status).toThrow(
        InvalidOrderTransition,
      );
    }
    expect(() => nextOrderState(back, { type: 'delivered' })).toThrow(InvalidOrderTransition);
  });

  it("moves by the owner's hand only forward: Confirmed to Shipped to Delivered", () => {
    const shipped = nextOrderState(confirmed, ownerMoveEvent('Shipped'));
    expect(shipped).toEqual({ ...confirmed, status: 'Shipped' });
    const delivered = nextOrderState(shipped, ownerMoveEvent('Delivered'));
    expect(delivered).toEqual({ ...confirmed, status: 'Delivered' });
    const refused: [OrderState, OwnerStatusMove][] = [
      [NEW_ORDER, 'Shipped'],
      [NEW_ORDER, 'Delivered'],
      [nextOrderState(NEW_ORDER, { type: 'expired' }), 'Shipped'],
      [nextOrderState(confirmed, { type: 'cancelled_by_owner' }), 'Shipped'],
      [confirmed, 'Delivered'],
      [shipped, 'Shipped'],
      [delivered, 'Shipped'],
      [delivered, 'Delivered'],
      // a Confirmed status without a kept payment never ships
      [{ ...confirmed, paymentStatus: 'pending' }, 'Shipped'],
      [{ ...confirmed, needsRefund: true }, 'Shipped'],
    ];
    for (const [from, to] of refused) {
      expect(() => nextOrderState(from, ownerMoveEvent(to)), `${from.status} to ${to}`).toThrow(
        InvalidOrderTransition,
      );
    }
  });

  it('refunds only a paid, cancelled order', () => {
    const cancelledPaid = nextOrderState(confirmed, { type: 'cancelled_by_owner' });
    expect(cancelledPaid).toEqual({
      status: 'Cancelled',
      paymentStatus: 'completed',
      needsRefund: true,
    });
    expect(nextOrderState(cancelledPaid, { type: 'refunded' })).toEqual({
      status: 'Cancelled',
      paymentStatus: 'refunded',
      needsRefund: false,
    });
    expect(() => nextOrderState(confirmed, { type: 'refunded' })).toThrow(InvalidOrderTransition);
  });
});

describe('refunds', () => {
  const paid: OrderState = { status: 'Confirmed', paymentStatus: 'completed', needsRefund: false };

  it('are open to a paid order that has not shipped, and to a paid cancelled one', () => {
    const lateCapture: OrderState = {
      status: 'Cancelled',
      paymentStatus: 'completed',
      needsRefund: true,
    };
    expect(canRefund(paid)).toBe(true);
    expect(canRefund(lateCapture)).toBe(true);
    expect(refundedState(paid)).toEqual({
      status: 'Cancelled',
      paymentStatus: 'refunded',
      needsRefund: false,
    });
    expect(refundedState(lateCapture)).toEqual(refundedState(paid));
  });

  it('are open to shipped and delivered orders, which keep their status', () => {
    for (const status of ['Shipped', 'Delivered'] as const) {
      expect(canRefund({ ...paid, status })).toBe(true);
      expect(refundedState({ ...paid, status })).toEqual({
        status,
        paymentStatus: 'refunded',
        needsRefund: false,
      });
    }
  });

  it('are closed to unpaid, failed and refunded orders', () => {
    const closed: OrderState[] = [
      NEW_ORDER,
      { status: 'Cancelled', paymentStatus: 'failed', needsRefund: false },
      { status: 'Cancelled', paymentStatus: 'refunded', needsRefund: false },
    ];
    for (const state of closed) {
      expect(canRefund(state)).toBe(false);
      expect(() => refundedState(state)).toThrow(InvalidOrderTransition);
    }
  });
});

describe('status colours', () => {
  it("follow the shop's colours", () => {
    expect(['completed', 'pending', 'failed', 'refunded'].map(paymentStatusTone)).toEqual([
      'green',
      'yellow',
      'red',
      'grey',
    ]);
    expect(['Delivered', 'Shipped', 'Pending'].map(orderStatusTone)).toEqual([
      'green',
      'yellow',
      'yellow',
    ]);
  });
});

describe('every move, as the history and the stock see it', () => {
  const cancelledUnpaid: OrderState = {
    status: 'Cancelled',
    paymentStatus: 'failed',
    needsRefund: false,
  };
  const soldOut: OrderState = {
    status: 'Cancelled',
    paymentStatus: 'completed',
    needsRefund: true,
  };
  const shipped: OrderState = { ...confirmed, status: 'Shipped' };
  const cases: [OrderState, OrderEvent, string, string][] = [
    [NEW_ORDER, { type: 'payment_captured', stockAvailable: true }, 'paid', 'sell'],
    [NEW_ORDER, { type: 'payment_captured', stockAvailable: false }, 'paid_sold_out', 'release'],
    [cancelledUnpaid, { type: 'payment_captured', stockAvailable: true }, 'paid', 'sell'],
    [cancelledUnpaid, { type: 'payment_captured', stockAvailable: false }, 'paid_sold_out', 'none'],
    [NEW_ORDER, { type: 'payment_failed' }, 'failed', 'release'],
    [NEW_ORDER, { type: 'expired' }, 'expired', 'release'],
    [NEW_ORDER, { type: 'cancelled_by_owner' }, 'cancelled', 'release'],
    [confirmed, { type: 'shipped' }, 'shipped', 'none'],
    [shipped, { type: 'delivered' }, 'delivered', 'none'],
    [confirmed, { type: 'refunded' }, 'refunded', 'restock'],
    [soldOut, { type: 'refunded' }, 'refunded', 'restock'],
    [shipped, { type: 'refunded' }, 'refunded', 'none'],
  ];

  it.each(cases)(
    'from %o, %o is the move %s and moves the stock: %s',
    (from, event, move, stock) => {
      const next = stateAfter(from, event);
      expect(moveOf(event, next)).toBe(move);
      expect(stockMoveOf(from, next)).toBe(stock);
    },
  );

  it('refunds a Confirmed order in one move, cancelling it', () => {
    expect(stateAfter(confirmed, { type: 'refunded' })).toEqual(refundedState(confirmed));
    expect(() => nextOrderState(confirmed, { type: 'refunded' })).toThrow(InvalidOrderTransition);
    expect(stateAfter(shipped, { type: 'refunded' })).toMatchObject({ status: 'Shipped' });
  });

  it('counts as a sale only money kept for goods', () => {
    expect(isSale(confirmed)).toBe(true);
    expect(isSale(shipped)).toBe(true);
    expect(isSale(soldOut)).toBe(false);
    expect(isSale(refundedState(confirmed))).toBe(false);
    expect(isSale(NEW_ORDER)).toBe(false);
    expect(isPaid(soldOut)).toBe(true);
    expect(isPaid(refundedState(confirmed))).toBe(true);
    expect(isPaid(cancelledUnpaid)).toBe(false);
    expect(isToShip(confirmed)).toBe(true);
    expect(isToShip(shipped)).toBe(false);
    expect(isToShip(soldOut)).toBe(false);
    expect(isToShip(refundedState(confirmed))).toBe(false);
    expect(isToShip(NEW_ORDER)).toBe(false);
  });
});

describe('orders and unpaid attempts, as the shopper sees them', () => {
  const now = Date.parse('2025-05-12T09:40:00.000Z');
  const open = {
    status: 'Pending',
    paymentStatus: 'pending',
    expiresAt: '2025-05-12T10:00:00.000Z',
  } as const;

  it('keeps an order waiting for its payment while its window is open', () => {
    expect(awaitsPayment(open, now)).toBe(true);
    expect(isUnpaidAttempt(open, now)).toBe(false);
    // Past its window, before the sweep has cancelled it: an attempt already.
    expect(awaitsPayment(open, Date.parse('2025-05-12T10:00:00.000Z'))).toBe(false);
    expect(isUnpaidAttempt(open, Date.parse('2025-05-12T10:00:01.000Z'))).toBe(true);
  });

  it('counts a failed, closed or expired payment as an attempt, and any paid order as an order', () => {
    const failed = {
      status: 'Cancelled',
      paymentStatus: 'failed',
      expiresAt: open.expiresAt,
    } as const;
    expect(isUnpaidAttempt(failed, now)).toBe(true);
    for (const paid of [
      { status: 'Confirmed', paymentStatus: 'completed', expiresAt: null },
      { status: 'Cancelled', paymentStatus: 'completed', expiresAt: null },
      { status: 'Cancelled', paymentStatus: 'refunded', expiresAt: null },
    ] as const) {
      expect(isUnpaidAttempt(paid, now)).toBe(false);
    }
  });
});
