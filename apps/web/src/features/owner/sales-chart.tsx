import type { DailySales } from '@makhana/domain/contracts/owner';
import { formatRupees } from '@makhana/domain/money';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { axisTicks } from './chart-scale';

const count = (n: number) => n.toLocaleString('en-IN');

// The server's days are India's calendar days; read as UTC dates, they print as those days.
const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const ordersText = (n: number) => (n === 1 ? '1 paid order' : `${count(n)} paid orders`);

const KEY_MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (i, last) => Math.min(i + 1, last),
  ArrowLeft: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/** Where the tip sits: centred on its bar, but kept inside the chart near either end. */
function tipPlace(index: number, days: number): string {
  if (index < 3) return 'left-0';
  if (index > days - 4) return 'right-0';
  return '-translate-x-1/2';
}

/**
 * Paid revenue per day as bars over a rupee axis. Each bar is a button: hovered or focused, it
 * shows its day's figures; the arrows, Home and End move between days, so the chart is one stop
 * on the way through the page. A table of the same figures is there for screen readers.
 */
export function SalesChart({ days }: { days: DailySales[] }) {
  const ticks = axisTicks(Math.max(0, ...days.map((day) => day.revenue)));
  const top = ticks.at(-1) ?? 1;
  const [shown, setShown] = useState<number | null>(null);
  const [current, setCurrent] = useState(days.length - 1);
  const bars = useRef<(HTMLButtonElement | null)[]>([]);
  const tipId = useId();
  const captionId = useId();
  const first = days[0];
  const last = days.at(-1);
  const tipDay = shown === null ? undefined : days[shown];

  const move = (event: KeyboardEvent, index: number) => {
    const step = KEY_MOVES[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(index, days.length - 1);
    setCurrent(next);
    bars.current[next]?.focus();
  };

  return (
    <figure className="card p-5 sm:p-6" data-testid="sales-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm font-medium text-muted">
        Paid orders and revenue per day, last {days.length} days
      </figcaption>
      <div className="mt-4 flex gap-2">
        <div
          aria-hidden="true"
          className="relative h-44 w-14 shrink-0 text-right text-[11px] tabular-nums text-muted"
          data-testid="sales-axis"
        >
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-0 translate-y-1/2"
              style={{ bottom: `${(tick / top) * 100}%` }}
            >
              {formatRupees(tick)}
            </span>
          ))}
        </div>
        <div className="relative h-44 min-w-0 flex-1">
          {ticks.map((tick) => (
            <span
              key={tick}
              aria-hidden="true"
              className="absolute inset-x-0 border-t border-dashed border-cream-200"
              style={{ bottom: `${(tick / top) * 100}%` }}
            />
          ))}
          {/* biome-ignore lint/a11y/useSemanticElements: the bars are an ARIA group of buttons, not a form fieldset */}
          <div
            role="group"
            aria-label="Days, newest last: use the arrow keys to move between them"
            className="relative flex h-full items-end gap-0.5 sm:gap-1"
            onMouseLeave={() => setShown(null)}
          >
            {days.map((day, index) => (
              <button
                key={day.date}
                ref={(node) => {
                  bars.current[index] = node;
                }}
                type="button"
                tabIndex={index === current ? 0 : -1}
                aria-label={`${dayLabel(day.date)}: ${ordersText(day.orders)}, ${formatRupees(day.revenue)}`}
                aria-describedby={shown === index ? tipId : undefined}
                className="group flex h-full flex-1 items-end rounded-t focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-forest-700"
                onMouseEnter={() => setShown(index)}
                onFocus={() => {
                  setCurrent(index);
                  setShown(index);
                }}
                onBlur={() => setShown(null)}
                onKeyDown={(event) => move(event, index)}
                data-testid="sales-day"
              >
                <span
                  className={`w-full rounded-t ${shown === index ? 'bg-forest-800' : 'bg-forest-500'}`}
                  style={{ height: `${(day.revenue / top) * 100}%` }}
                />
              </button>
            ))}
          </div>
          {tipDay && shown !== null ? (
            <div
              id={tipId}
              role="tooltip"
              className={`pointer-events-none absolute -top-2 z-10 -translate-y-full whitespace-nowrap rounded-lg bg-ink px-3 py-2 text-xs text-white shadow-lg ${tipPlace(shown, days.length)}`}
              style={
                shown >= 3 && shown <= days.length - 4
                  ? { left: `${((shown + 0.5) / days.length) * 100}%` }
                  : undefined
              }
              data-testid="sales-tip"
            >
              <p className="font-semibold">{dayLabel(tipDay.date)}</p>
              <p>{formatRupees(tipDay.revenue)}</p>
              <p>{ordersText(tipDay.orders)}</p>
            </div>
          ) : null}
        </div>
      </div>
      {first && last ? (
        <div aria-hidden="true" className="ml-16 mt-2 flex justify-between text-xs text-muted">
          <span>{dayLabel(first.date)}</span>
          <span>{dayLabel(last.date)}</span>
        </div>
      ) : null}
      <table className="sr-only" data-testid="sales-table">
        <caption>Paid orders and revenue per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Paid orders</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{dayLabel(day.date)}</th>
              <td>{count(day.orders)}</td>
              <td>{formatRupees(day.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
