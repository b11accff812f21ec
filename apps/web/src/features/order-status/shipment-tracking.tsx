import type { Order } from '@makhana/domain/orders';
import { WarningIcon } from '../../components/icons';
import {
  bookedShipment,
  formatOrderMoment,
  isDeliveryAttempt,
  type ShipmentScan,
} from '../../lib/orders';

export const awaitingFirstScan = (courier: string) =>
  `Booked with ${courier}. Tracking starts once the courier scans the parcel.`;

/**
 * The parcel's journey as the courier scanned it, newest first, with the courier and its waybill.
 * Shown only once the parcel is booked.
 */
export function ShipmentTracking({ order }: { order: Order }) {
  const shipment = bookedShipment(order);
  if (!shipment) return null;
  const scans = [...shipment.scans].reverse();
  return (
    <section aria-labelledby="order-tracking" className="card p-5 sm:p-6">
      <h2 id="order-tracking" className="font-display text-xl font-semibold text-forest-800">
        Tracking
      </h2>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="text-muted" data-testid="shipment-waybill">
          {shipment.courier}
          {shipment.waybill ? ` · waybill ${shipment.waybill}` : ''}
        </span>
        {order.trackingUrl && (
          <a
            href={order.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-forest-700 underline underline-offset-4"
          >
            Track on the courier's site
          </a>
        )}
      </p>
      {scans.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-cream-100 p-4 text-sm text-ink">
          {awaitingFirstScan(shipment.courier)}
        </p>
      ) : (
        <ol className="mt-5">
          {scans.map((scan, index) => (
            <TrackingStep key={`${scan.at}-${scan.status}`} scan={scan} latest={index === 0} />
          ))}
        </ol>
      )}
    </section>
  );
}

function TrackingStep({ scan, latest }: { scan: ShipmentScan; latest: boolean }) {
  const attempt = isDeliveryAttempt(scan);
  // "In transit at Patna Hub" already says where; "Out for delivery" does not.
  const place = scan.location && !scan.status.includes(scan.location) ? scan.location : '';
  const dot = attempt
    ? 'border-saffron-500 bg-saffron-100'
    : latest
      ? 'border-forest-700 bg-forest-700 ring-4 ring-forest-100'
      : 'border-cream-200 bg-white';
  return (
    <li
      className="relative pb-5 pl-8 last:pb-0 before:absolute before:top-5 before:bottom-0 before:left-[7px] before:w-0.5 before:bg-cream-200 last:before:hidden"
      aria-current={latest ? 'step' : undefined}
      data-testid="tracking-step"
      data-warning={attempt || undefined}
    >
      <span
        aria-hidden="true"
        className={`absolute top-1 left-0 h-4 w-4 rounded-full border-2 ${dot}`}
      />
      <p
        className={`flex items-start gap-1.5 ${latest ? 'text-base font-semibold' : 'text-sm font-medium'} ${attempt ? 'text-saffron-600' : latest ? 'text-forest-800' : 'text-ink'}`}
      >
        {attempt && <WarningIcon className="mt-0.5 h-4 w-4 shrink-0" />}
        <span>{scan.status}</span>
      </p>
      <p className="mt-0.5 text-sm text-muted">
        {place && `${place} · `}
        <time dateTime={scan.at}>{formatOrderMoment(scan.at)}</time>
      </p>
    </li>
  );
}
