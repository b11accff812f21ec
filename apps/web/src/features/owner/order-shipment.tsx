import type { Order, OrderShipment } from '@makhana/domain/orders';
import { useState } from 'react';
import { FormAlert } from '../../components/form-field';
import { orderSummaryHeadingClass } from '../../components/order-summary';
import { formatOrderMoment } from '../../lib/orders';
import { toast } from '../../lib/toast';
import type { OnOrderChanged } from './order-status-actions';
import { useShipOrder } from './use-courier';

/** The booking's state as the owner reads it, and whether it is a problem to act on. */
function bookingState(shipment: OrderShipment): { text: string; problem: boolean } {
  switch (shipment.state) {
    case 'booking':
      return { text: 'Being booked with the courier', problem: false };
    case 'booked':
      return { text: 'Booked', problem: false };
    case 'refused':
      return { text: `Refused: ${shipment.failure ?? 'no reason given'}`, problem: true };
    case 'failed':
      return {
        text: `Could not reach the courier: ${shipment.failure ?? 'no answer'}`,
        problem: true,
      };
  }
}

/**
 * The order's parcel with the courier: its waybill, how the booking went, the latest failed
 * delivery, and the courier's scans, newest first.
 */
export function ShipmentSection({ order }: { order: Order }) {
  const { shipment } = order;
  if (!shipment) return null;
  const state = bookingState(shipment);
  const scans = [...shipment.scans].reverse();
  const headingId = `shipment-${order._id}`;
  return (
    <section className="mt-6" aria-labelledby={headingId} data-testid="order-shipment">
      <h3 id={headingId} className={orderSummaryHeadingClass}>
        Shipment
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:gap-x-6">
        <dt className="text-muted">Courier</dt>
        <dd className="font-medium text-ink">{shipment.courier}</dd>
        {shipment.waybill && (
          <>
            <dt className="text-muted">Waybill</dt>
            <dd className="font-medium text-ink">
              <span className="break-all">{shipment.waybill}</span>
              {order.trackingUrl && (
                <a
                  href={order.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="ml-2 font-semibold text-forest-700 underline underline-offset-4"
                >
                  Track the parcel
                </a>
              )}
            </dd>
          </>
        )}
        <dt className="text-muted">Booking</dt>
        <dd className={state.problem ? 'font-medium text-maroon-700' : 'font-medium text-ink'}>
          {state.text}
          {shipment.state === 'failed' && (
            <span className="block font-normal text-muted">
              Try Create shipment again in a few minutes: it never books a parcel twice.
            </span>
          )}
        </dd>
        {shipment.trackedAt && (
          <>
            <dt className="text-muted">Last news</dt>
            <dd className="text-ink">
              <time dateTime={shipment.trackedAt}>{formatOrderMoment(shipment.trackedAt)}</time>
            </dd>
          </>
        )}
      </dl>
      {shipment.undelivered && (
        <p className="mt-3 rounded-xl border border-maroon-600/30 bg-maroon-600/10 px-3 py-2 text-sm font-medium text-maroon-700">
          Delivery attempt failed: {shipment.undelivered}
        </p>
      )}
      {scans.length > 0 && (
        <ol
          aria-label="The courier's scans, newest first"
          className="mt-3 space-y-2 border-l-2 border-cream-200 pl-4 text-sm"
        >
          {scans.map((scan) => (
            <li key={`${scan.at}-${scan.status}`} data-testid="shipment-scan">
              <p className="font-medium text-ink">
                {scan.status}
                {/* A transit scan names its place in its status already. */}
                {scan.location && !scan.status.includes(scan.location) && (
                  <span className="font-normal text-muted"> · {scan.location}</span>
                )}
              </p>
              <p className="text-muted">
                <time dateTime={scan.at}>{formatOrderMoment(scan.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * "Create shipment": books the order with the courier. A refusal shows here and in a toast, and the
 * server's copy of the order (which keeps it) goes to `onOrderChanged` either way.
 */
export function CreateShipment({
  order,
  courierName,
  onOrderChanged,
}: {
  order: Order;
  courierName: string;
  onOrderChanged: OnOrderChanged;
}) {
  const ship = useShipOrder();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const book = async () => {
    setBusy(true);
    setFailure(null);
    const outcome = await ship(order._id);
    setBusy(false);
    if (outcome.order) onOrderChanged(outcome.order);
    if (outcome.booked) {
      toast.success(outcome.message);
    } else {
      setFailure(outcome.message);
      toast.error(outcome.message, { toastId: outcome.message });
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        Book it with {courierName}: the waybill becomes its tracking number.
      </p>
      <button type="button" className="btn-primary w-full sm:w-auto" disabled={busy} onClick={book}>
        {busy ? 'Booking…' : 'Create shipment'}
      </button>
      <FormAlert message={failure} />
    </div>
  );
}
