/**
 * One state machine for an order and its payment (docs/decisions/008-order-and-payment-states.md).
 * The server applies every change through `nextOrderState`; nothing else writes the two fields.
 */

export const ORDER_STATUSES = [
  'Pending',
  'Confirmed',
  'Shipped',
  'Delivered',
  'Cancelled',
  /** delivered, with a return the owner has not settled yet */
  'Return requested',
  /** delivered, and units of it came back and were refunded */
  'Returned',
  /** the courier could not deliver it and brought the parcel back to the shop (RTO) */
  'Returned to origin',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses of an order that reached its customer: what a return starts from. */
export const DELIVERED_STATUSES = [
  'Delivered',
  'Return requested',
  'Returned',
] as const satisfies readonly OrderStatus[];

/** The order reached its customer, whatever became of its returns since. */
export function wasDelivered(status: OrderStatus): boolean {
  return (DELIVERED_STATUSES as readonly OrderStatus[]).includes(status);
}

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface OrderState {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** a captured payment that could not become a sale: the owner must refund it */
  needsRefund: boolean;
}

export type OrderEvent =
  /** the gateway captured the full amount; `stockAvailable` says whether the items can still ship */
  | { type: 'payment_captured'; stockAvailable: boolean }
  /** the shopper closed the window, the gateway reported a failure, or the customer cancelled */
  | { type: 'payment_failed' }
  /** a pending order was never paid within its time */
  | { type: 'expired' }
  | { type: 'shipped' }
  | { type: 'delivered' }
  /** the courier brought an undelivered parcel back to the shop */
  | { type: 'returned_to_origin' }
  | { type: 'cancelled_by_owner' }
  | { type: 'refunded' }
  /** the customer asked to return units of a delivered order */
  | { type: 'return_requested' }
  /** the owner rejected the last open return: back to what the order was before it */
  | { type: 'return_rejected'; returnedBefore: boolean }
  /** the last open return was refunded: units came back */
  | { type: 'returned' };

export class InvalidOrderTransition extends Error {
  constructor(
    readonly from: OrderState,
    readonly event: OrderEvent['type'],
  ) {
    super(`An order that is ${from.status} (${from.paymentStatus}) cannot take '${event}'`);
    this.name = 'InvalidOrderTransition';
  }
}

export const NEW_ORDER: OrderState = {
  status: 'Pending',
  paymentStatus: 'pending',
  needsRefund: false,
};

export function nextOrderState(from: OrderState, event: OrderEvent): OrderState {
  const refuse = (): never => {
    throw new InvalidOrderTransition(from, event.type);
  };
  switch (event.type) {
    case 'payment_captured': {
      // A second report of the same capture changes nothing: verify and the webhook may both arrive.
      if (from.paymentStatus === 'completed' || from.paymentStatus === 'refunded') return from;
      if (from.status === 'Pending') {
        return event.stockAvailable
          ? { status: 'Confirmed', paymentStatus: 'completed', needsRefund: false }
          : { status: 'Cancelled', paymentStatus: 'completed', needsRefund: true };
      }
      if (from.status === 'Cancelled') {
        // UPI can settle after the window was dismissed or the order expired: keep the sale if
        // the stock is still there, otherwise the money goes back.
        return event.stockAvailable
          ? { status: 'Confirmed', paymentStatus: 'completed', needsRefund: false }
          : { status: 'Cancelled', paymentStatus: 'completed', needsRefund: true };
      }
      return refuse();
    }
    case 'payment_failed':
    case 'expired': {
      if (from.paymentStatus === 'completed' || from.paymentStatus === 'refunded') return from;
      if (from.status === 'Cancelled') return from;
      if (from.status !== 'Pending') return refuse();
      return { status: 'Cancelled', paymentStatus: 'failed', needsRefund: false };
    }
    case 'shipped':
      // Confirmed is reached only through a capture; the payment is checked too, so that an
      // order never ships unpaid whatever wrote its status.
      return from.status === 'Confirmed' && from.paymentStatus === 'completed' && !from.needsRefund
        ? { ...from, status: 'Shipped' }
        : refuse();
    case 'delivered':
      return from.status === 'Shipped' ? { ...from, status: 'Delivered' } : refuse();
    case 'returned_to_origin':
      return from.status === 'Shipped' ? { ...from, status: 'Returned to origin' } : refuse();
    case 'cancelled_by_owner': {
      if (from.status !== 'Pending' && from.status !== 'Confirmed') return refuse();
      const paid = from.paymentStatus === 'completed';
      return {
        status: 'Cancelled',
        paymentStatus: from.paymentStatus === 'pending' ? 'failed' : from.paymentStatus,
        needsRefund: paid,
      };
    }
    case 'return_requested':
      return wasDelivered(from.status) && from.paymentStatus === 'completed'
        ? { ...from, status: 'Return requested' }
        : refuse();
    case 'return_rejected':
      return from.status === 'Return requested'
        ? { ...from, status: event.returnedBefore ? 'Returned' : 'Delivered' }
        : refuse();
    case 'returned':
      return from.status === 'Return requested' ? { ...from, status: 'Returned' } : refuse();
    case 'refunded':
      // Everything left of the payment went back. An order that left the shop keeps its status
      // (the goods came back or were lost); a cancelled one is settled.
      if (from.paymentStatus !== 'completed' || from.status === 'Pending') return refuse();
      if (from.status === 'Confirmed') return refuse();
      return { status: from.status, paymentStatus: 'refunded', needsRefund: false };
  }
}

/**
 * Whether the order can take a refund: its payment was captured and not all of it went back.
 * Shipped and delivered orders included (a return, a torn pouch, a lost parcel).
 */
export function canRefund(state: OrderState): boolean {
  return state.paymentStatus === 'completed';
}

/**
 * The state a refund of everything left leaves: a Confirmed order is cancelled by the owner
 * first (the goods never left: it will not ship), then every order takes the `refunded` event.
 * Throws `InvalidOrderTransition` when `canRefund` is false.
 */
export function refundedState(from: OrderState): OrderState {
  if (!canRefund(from)) throw new InvalidOrderTransition(from, 'refunded');
  const cancelled =
    from.status === 'Confirmed' ? nextOrderState(from, { type: 'cancelled_by_owner' }) : from;
  return nextOrderState(cancelled, { type: 'refunded' });
}

/** The state an event leaves: a refund of a Confirmed order cancels it on the way. */
export function stateAfter(from: OrderState, event: OrderEvent): OrderState {
  return event.type === 'refunded' ? refundedState(from) : nextOrderState(from, event);
}

/** Who made a move of an order's history. */
export const ORDER_ACTORS = ['customer', 'owner', 'gateway', 'courier', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * The moves an order's history records, one per change of state. A capture is `paid` when it
 * became a sale and `paid_sold_out` when the stock was gone and the money must go back.
 */
export const ORDER_MOVES = [
  'paid',
  'paid_sold_out',
  'failed',
  'expired',
  'cancelled',
  'shipped',
  'delivered',
  /** the courier brought the parcel back undelivered */
  'returned_to_origin',
  'refunded',
  /** part of the payment went back; the order's state is unchanged */
  'refunded_part',
  /** a return's steps: a request makes the order "Return requested", the last one rejected
   * takes it back; approval and the parcel received leave it as it is */
  'return_requested',
  'return_approved',
  'return_rejected',
  'return_received',
  /** the last open return was refunded: the order is "Returned" */
  'returned',
] as const;
export type OrderMove = (typeof ORDER_MOVES)[number];

/** The history's name for an event that moved an order to `next`. */
export function moveOf(event: OrderEvent, next: OrderState): OrderMove {
  switch (event.type) {
    case 'payment_captured':
      return next.status === 'Confirmed' ? 'paid' : 'paid_sold_out';
    case 'payment_failed':
      return 'failed';
    case 'cancelled_by_owner':
      return 'cancelled';
    default:
      return event.type;
  }
}

/**
 * What a move does to the order's stock reservations: `sell` turns its holds into a sale and
 * takes the units off the shelf, `release` gives back what it still holds, `restock` puts what
 * it sold back on the shelf, `none` leaves them.
 */
export type StockMove = 'sell' | 'release' | 'restock' | 'none';

export function stockMoveOf(from: OrderState, next: OrderState): StockMove {
  if (next.status === 'Confirmed' && from.status !== 'Confirmed') return 'sell';
  if (next.status !== 'Cancelled') return 'none';
  if (from.status === 'Pending') return 'release';
  // A sold order cancelled or refunded: what it sold goes back (nothing, when it never sold).
  if (from.status === 'Confirmed' || next.paymentStatus === 'refunded') return 'restock';
  return 'none';
}

/** The payment statuses of an order whose payment was captured. */
export const PAID_PAYMENT_STATUSES = ['completed', 'refunded'] as const satisfies PaymentStatus[];

/**
 * A paid order (docs/product.md#a-sale): a payment was captured for it, whether or not it became
 * a sale or was refunded since.
 */
export function isPaid(state: Pick<OrderState, 'paymentStatus'>): boolean {
  return (PAID_PAYMENT_STATUSES as readonly string[]).includes(state.paymentStatus);
}

/**
 * A sale (docs/product.md#a-sale): money kept for goods that left or will leave the shop. A
 * captured payment the shop could not honour (waiting for its refund) and a refunded one are not.
 */
export function isSale(state: OrderState): boolean {
  return state.paymentStatus === 'completed' && !state.needsRefund;
}

/** An order some of whose payment went back, the rest kept: "Partly refunded" with the sum. */
export function isPartlyRefunded(order: {
  paymentStatus: string;
  refundedAmount: number;
}): boolean {
  return order.paymentStatus === 'completed' && order.refundedAmount > 0;
}

/** An order as far as whether the shopper sees it as an order: its state and payment window. */
export interface OrderAttempt extends Pick<OrderState, 'status' | 'paymentStatus'> {
  /** when an unpaid order's payment window closes (an ISO time); null once paid */
  expiresAt: string | null;
}

/** An order waiting for its payment, within the time it was given to pay. */
export function awaitsPayment(order: OrderAttempt, now: number = Date.now()): boolean {
  return (
    order.status === 'Pending' &&
    order.paymentStatus === 'pending' &&
    order.expiresAt !== null &&
    Date.parse(order.expiresAt) > now
  );
}

/**
 * A payment that never came (docs/product.md#a-sale): it failed, its window was closed or its
 * time ran out. To the shopper it is an attempt, not an order: shown only when asked for.
 */
export function isUnpaidAttempt(order: OrderAttempt, now: number = Date.now()): boolean {
  return !isPaid(order) && !awaitsPayment(order, now);
}

/** An order to ship (docs/product.md#a-sale): a sale still waiting in the shop, Confirmed. */
export function isToShip(state: OrderState): boolean {
  return isSale(state) && state.status === 'Confirmed';
}

/** The statuses the owner moves an order to by hand, in the order they happen. */
export const OWNER_STATUS_MOVES = ['Shipped', 'Delivered'] as const;
export type OwnerStatusMove = (typeof OWNER_STATUS_MOVES)[number];

/** The event of the state machine that moves an order to the owner's chosen status. */
export function ownerMoveEvent(to: OwnerStatusMove): OrderEvent {
  return to === 'Shipped' ? { type: 'shipped' } : { type: 'delivered' };
}

/**
 * Payment colours (docs/product.md#order-and-payment-statuses): completed green, pending yellow,
 * failed red, others grey.
 */
export function paymentStatusTone(status: string): 'green' | 'yellow' | 'red' | 'grey' {
  if (status === 'completed') return 'green';
  if (status === 'pending') return 'yellow';
  if (status === 'failed') return 'red';
  return 'grey';
}

/** Green only for Delivered, otherwise yellow (the owner's order table and My Orders). */
export function orderStatusTone(status: string): 'green' | 'yellow' {
  return status === 'Delivered' ? 'green' : 'yellow';
}
