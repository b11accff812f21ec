import { isToShip } from '@makhana/domain/order-state';
import type { Order } from '@makhana/domain/orders';
import { useState } from 'react';
import { errorMessage, saveBlob } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { fetchOwnerFile } from './owner-file';
import { PickupDialog } from './pickup-dialog';
import { useShipOrder } from './use-courier';

/** One order of a "Create shipments" run and what came of it. */
interface RunLine {
  order: Order;
  outcome: 'booked' | 'refused' | 'skipped';
  text: string;
}

interface ShipmentRun {
  /** the orders sent to the courier, one after another */
  toBook: number;
  lines: RunLine[];
  running: boolean;
}

const SKIP_WHY = 'only paid, confirmed orders are shipped';

function skippedLine(order: Order): RunLine {
  return {
    order,
    outcome: 'skipped',
    text: `Skipped: ${order.status}, payment ${order.paymentStatus}`,
  };
}

function RunSummary({ run }: { run: ShipmentRun }) {
  const sent = run.lines.filter((line) => line.outcome !== 'skipped');
  const booked = sent.filter((line) => line.outcome === 'booked').length;
  const skipped = run.lines.length - sent.length;
  const skippedText = skipped > 0 ? ` ${skipped} skipped: ${SKIP_WHY}.` : '';
  if (run.toBook === 0) {
    return <>Nothing to book: {SKIP_WHY}.</>;
  }
  if (run.running) {
    return (
      <>
        Booking {sent.length + 1} of {run.toBook}…{skippedText}
      </>
    );
  }
  return (
    <>
      Booked {booked} of {run.toBook}.{skippedText}
    </>
  );
}

const OUTCOME_CLASS: Record<RunLine['outcome'], string> = {
  booked: 'text-forest-700',
  refused: 'text-maroon-700',
  skipped: 'text-muted',
};

/** What a "Create shipments" run did, order by order, filling in as the courier answers. */
function RunPanel({ run, onClose }: { run: ShipmentRun; onClose: () => void }) {
  const sent = run.lines.filter((line) => line.outcome !== 'skipped').length;
  return (
    <section aria-labelledby="shipment-run-title" className="card space-y-3 p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id="shipment-run-title" className="font-semibold text-forest-800">
          Create shipments
        </h3>
        {!run.running && (
          <button
            type="button"
            className="btn-outline px-4 py-1.5"
            aria-label="Close the shipment results"
            onClick={onClose}
          >
            Close
          </button>
        )}
      </div>
      <p role="status" className="text-sm text-ink">
        <RunSummary run={run} />
      </p>
      {run.running && (
        <progress
          className="h-2 w-full accent-forest-700"
          value={sent}
          max={run.toBook}
          aria-label="Shipments booked so far"
        />
      )}
      <ul className="divide-y divide-cream-200 text-sm" aria-label="Shipment results">
        {run.lines.map((line) => (
          <li
            key={line.order._id}
            className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-3"
            data-testid="shipment-result"
          >
            <span className="shrink-0 font-semibold text-ink">#{line.order.orderNumber}</span>
            <span className={`break-words ${OUTCOME_CLASS[line.outcome]}`}>{line.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The courier's tools for the orders ticked on the page: book them, print their packing slips,
 * ask for a pickup. The results of a booking run stay until closed, the selection changing or not.
 */
export function ShippingTools({
  courierName,
  selected,
  onClear,
}: {
  courierName: string;
  selected: Order[];
  onClear: () => void;
}) {
  const ship = useShipOrder();
  const [run, setRun] = useState<ShipmentRun | null>(null);
  const [printing, setPrinting] = useState(false);
  const [askingPickup, setAskingPickup] = useState(false);
  const running = run?.running ?? false;

  const addLine = (line: RunLine) =>
    setRun((current) => current && { ...current, lines: [...current.lines, line] });

  // One order after another: the courier's API limits bursts, and each answer shows as it comes.
  const createShipments = async () => {
    const toBook = selected.filter(isToShip);
    setRun({
      toBook: toBook.length,
      lines: selected.filter((order) => !isToShip(order)).map(skippedLine),
      running: true,
    });
    for (const order of toBook) {
      const outcome = await ship(order._id);
      const latest = outcome.order ?? order;
      const waybill = latest.shipment?.waybill ?? latest.trackingNumber;
      addLine(
        outcome.booked
          ? { order: latest, outcome: 'booked', text: `Booked: waybill ${waybill}` }
          : { order: latest, outcome: 'refused', text: outcome.message },
      );
    }
    setRun((current) => current && { ...current, running: false });
  };

  const printSlips = async () => {
    setPrinting(true);
    try {
      const ids = selected.map((order) => order._id).join(',');
      const { blob, filename } = await fetchOwnerFile(
        `/orders/packing-slips?${new URLSearchParams({ ids })}`,
      );
      saveBlob(blob, filename ?? 'packing-slips.pdf');
    } catch (error) {
      const text = errorMessage(error);
      toast.error(text, { toastId: text });
    } finally {
      setPrinting(false);
    }
  };

  if (selected.length === 0 && run === null) return null;
  return (
    <div className="mb-4 space-y-3">
      {selected.length > 0 && (
        <section
          aria-label="Selected orders"
          className="card flex flex-col gap-3 border-forest-100 bg-forest-50 p-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
        >
          <div className="flex items-center justify-between gap-3 sm:justify-start">
            <p className="font-semibold text-forest-800">{selected.length} selected</p>
            <button
              type="button"
              className="btn px-3 py-2 text-forest-700 underline underline-offset-4 hover:bg-forest-100"
              onClick={onClear}
            >
              Clear selection
            </button>
          </div>
          {/* A phone gives the booking its own line: two words to a button do not fit half. */}
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <button
              type="button"
              className="btn-primary col-span-2 px-4 py-2"
              disabled={running}
              onClick={createShipments}
            >
              {running ? 'Booking…' : 'Create shipments'}
            </button>
            <button
              type="button"
              className="btn-outline bg-white px-4 py-2"
              disabled={printing}
              onClick={printSlips}
            >
              {printing ? 'Preparing…' : 'Packing slips'}
            </button>
            <button
              type="button"
              className="btn-outline bg-white px-4 py-2"
              onClick={() => setAskingPickup(true)}
            >
              Request pickup
            </button>
          </div>
        </section>
      )}
      {run && <RunPanel run={run} onClose={() => setRun(null)} />}
      {askingPickup && (
        <PickupDialog
          courierName={courierName}
          booked={selected.filter((order) => order.shipment?.state === 'booked').length}
          onClose={() => setAskingPickup(false)}
        />
      )}
    </div>
  );
}
