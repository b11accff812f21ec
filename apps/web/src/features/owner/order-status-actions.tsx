import { zodResolver } from '@hookform/resolvers/zod';
import {
  InvalidOrderTransition,
  nextOrderState,
  OWNER_STATUS_MOVES,
  type OwnerStatusMove,
  ownerMoveEvent,
} from '@makhana/domain/order-state';
import type { Order } from '@makhana/domain/orders';
import { orderStatusMoveSchema } from '@makhana/domain/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form-field';
import { orderSummaryHeadingClass } from '../../components/order-summary';
import { toast } from '../../lib/toast';
import { type OrderStatusMove, useMoveOrderStatusMutation } from './api/orders';
import { failureMessage } from './failure-message';
import { CreateShipment } from './order-shipment';
import { RefundOrderAction } from './refund-order-action';
import { useCourierName } from './use-courier';

/** The move the state machine allows the owner to make on this order, if any. */
export function ownerMoveFor(order: Order): OwnerStatusMove | null {
  for (const to of OWNER_STATUS_MOVES) {
    try {
      nextOrderState(order, ownerMoveEvent(to));
      return to;
    } catch (error) {
      if (!(error instanceof InvalidOrderTransition)) throw error;
    }
  }
  return null;
}

/** What the owner's screens do with the server's copy of an order after a change. */
export type OnOrderChanged = (order: Order) => void;

/** Sends the move; the toast carries the server's message either way. */
function useMoveOrder(orderId: string, onOrderChanged: OnOrderChanged) {
  const [moveOrderStatus, { isLoading: busy }] = useMoveOrderStatusMutation();
  const move = async (body: OrderStatusMove): Promise<boolean> => {
    try {
      const { order, message } = await moveOrderStatus({ orderId, move: body }).unwrap();
      onOrderChanged(order);
      toast.success(message);
      return true;
    } catch (reason) {
      const message = failureMessage(reason);
      toast.error(message, { toastId: message });
      return false;
    }
  };
  return { busy, move };
}

interface ActionProps {
  order: Order;
  onOrderChanged: OnOrderChanged;
}

/** Ship with a tracking number typed in: the way, or (`alternative`) the courier's alternative. */
function ShipForm({ order, onOrderChanged, alternative }: ActionProps & { alternative: boolean }) {
  const headingId = `ship-by-hand-${order._id}`;
  const { busy, move } = useMoveOrder(order._id, onOrderChanged);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OrderStatusMove>({
    resolver: zodResolver(orderStatusMoveSchema),
    defaultValues: { status: 'Shipped', trackingNumber: '', trackingUrl: '' },
  });
  const submit = handleSubmit(async ({ trackingNumber, trackingUrl }) => {
    await move({
      status: 'Shipped',
      trackingNumber,
      ...(trackingUrl ? { trackingUrl } : {}),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-3">
      {alternative ? (
        <h4 id={headingId} className="text-sm font-semibold text-ink">
          Or enter a tracking number yourself
        </h4>
      ) : (
        <h3 id={headingId} className={orderSummaryHeadingClass}>
          Ship this order
        </h3>
      )}
      <TextField
        label="Tracking number"
        registration={register('trackingNumber')}
        error={errors.trackingNumber?.message}
        autoComplete="off"
      />
      <TextField
        label="Tracking link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        registration={register('trackingUrl')}
        error={errors.trackingUrl?.message}
        autoComplete="off"
      />
      <button
        type="submit"
        className={`${alternative ? 'btn-outline' : 'btn-primary'} w-full sm:w-auto`}
        disabled={busy}
      >
        {busy ? 'Shipping…' : 'Ship'}
      </button>
    </form>
  );
}

/**
 * With a courier, "Create shipment" books the parcel; typing a tracking number stays as the
 * alternative (a parcel handed to another courier). Without one, the typed number is the way.
 */
function ShipActions({ order, onOrderChanged }: ActionProps) {
  const courierName = useCourierName();
  if (!courierName) {
    return <ShipForm order={order} onOrderChanged={onOrderChanged} alternative={false} />;
  }
  const headingId = `ship-${order._id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className={orderSummaryHeadingClass}>
        Ship this order
      </h3>
      <CreateShipment order={order} courierName={courierName} onOrderChanged={onOrderChanged} />
      <div className="border-t border-cream-200 pt-4">
        <ShipForm order={order} onOrderChanged={onOrderChanged} alternative />
      </div>
    </section>
  );
}

function DeliverButton({ order, onOrderChanged }: ActionProps) {
  const { busy, move } = useMoveOrder(order._id, onOrderChanged);
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    await move({ status: 'Delivered' });
    setAsking(false);
  };

  return (
    <div>
      <button
        type="button"
        className="btn-primary w-full sm:w-auto"
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        Mark as delivered
      </button>
      {asking && (
        <ConfirmDialog
          title="Mark this order as delivered?"
          description={`Order #${order.orderNumber} will show as delivered to the customer.`}
          confirmLabel="Mark delivered"
          busyLabel="Marking…"
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
}

/**
 * Ship (through the courier or with tracking) or deliver, whichever the order's state allows, and
 * refund while it can be refunded (or what its refund was). Each action hands the server's answer to
 * `onOrderChanged`, so the pop-up shows the order as the server now has it; the list's row takes it
 * from the API cache.
 */
export function OrderStatusActions({ order, onOrderChanged }: ActionProps) {
  const next = ownerMoveFor(order);
  return (
    <div className="space-y-5">
      {next === 'Shipped' && <ShipActions order={order} onOrderChanged={onOrderChanged} />}
      {next === 'Delivered' && <DeliverButton order={order} onOrderChanged={onOrderChanged} />}
      {order.status === 'Returned to origin' && (
        <p className="rounded-xl border border-saffron-400 bg-saffron-100 p-4 text-sm font-medium text-ink">
          The courier brought this parcel back. Refund the customer, or ship it again if they ask.
        </p>
      )}
      <RefundOrderAction order={order} onOrderChanged={onOrderChanged} />
    </div>
  );
}
