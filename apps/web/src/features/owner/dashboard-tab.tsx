import type { DailySales, DashboardFigures } from '@makhana/domain/contracts/owner';
import { formatRupees } from '@makhana/domain/money';
import { errorMessage } from '../../lib/api-client';
import { useGetDashboardFiguresQuery } from './api/dashboard-figures';
import { formatGrowth } from './growth';

interface FigureProps {
  label: string;
  value: string;
  note: string;
  testId: string;
}

function Figure({ label, value, note, testId }: FigureProps) {
  return (
    <div className="card p-5 sm:p-6" data-testid={testId}>
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-2 font-display text-3xl font-semibold text-forest-800" data-figure>
        {value}
      </dd>
      <dd className="mt-1 text-xs text-muted">{note}</dd>
    </div>
  );
}

const count = (n: number) => n.toLocaleString('en-IN');

// The server's days are India's calendar days; read as UTC dates, they print as those days.
const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

function describeDay(day: DailySales): string {
  const orders = day.orders === 1 ? '1 paid order' : `${count(day.orders)} paid orders`;
  return `${dayLabel(day.date)}: ${orders}, ${formatRupees(day.revenue)}`;
}

/** Paid revenue per day as bars, each named in words for a screen reader. */
function SalesChart({ days }: { days: DailySales[] }) {
  const highest = Math.max(0, ...days.map((day) => day.revenue));
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="card p-5 sm:p-6" data-testid="sales-chart">
      <figcaption className="text-sm font-medium text-muted">
        Paid orders and revenue per day, last {days.length} days
      </figcaption>
      <ol className="mt-4 flex h-40 items-end gap-1">
        {days.map((day) => (
          <li
            key={day.date}
            className="flex h-full flex-1 items-end"
            title={describeDay(day)}
            data-testid="sales-day"
          >
            <span className="sr-only">{describeDay(day)}</span>
            <span
              aria-hidden="true"
              className="w-full rounded-t bg-forest-500"
              style={{ height: highest > 0 ? `${(day.revenue / highest) * 100}%` : '0%' }}
            />
          </li>
        ))}
      </ol>
      {first && last ? (
        <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-muted">
          <span>{dayLabel(first.date)}</span>
          <span>{dayLabel(last.date)}</span>
        </div>
      ) : null}
    </figure>
  );
}

/** Shown only while some follow-up of an order keeps failing: silence would hide lost mails. */
function FailingFollowUps({ count: failing }: { count: number }) {
  if (failing === 0) return null;
  return (
    <p
      role="status"
      className="rounded-xl border border-saffron-400 bg-saffron-100 p-4 text-sm text-ink"
      data-testid="failing-follow-ups"
    >
      <strong className="font-semibold">
        {failing === 1
          ? '1 order mail could not be sent yet.'
          : `${count(failing)} order mails could not be sent yet.`}
      </strong>{' '}
      The shop tries again with a growing wait, for three days. If this stays, check the mail server
      settings and the server log.
    </p>
  );
}

function Figures({ figures }: { figures: DashboardFigures }) {
  const { totalOrders, totalUsers, totalProducts, revenue, growth, salesByDay } = figures;
  return (
    <div className="space-y-4">
      <FailingFollowUps count={figures.failingFollowUps} />
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          label="Total Sales"
          value={count(totalOrders)}
          note={`${totalOrders === 1 ? 'paid order' : 'paid orders'}, ${formatRupees(revenue)} in all`}
          testId="figure-sales"
        />
        <Figure
          label="Total Users"
          value={count(totalUsers)}
          note={totalUsers === 1 ? 'registered customer' : 'registered customers'}
          testId="figure-users"
        />
        <Figure
          label="Products"
          value={count(totalProducts)}
          note="in the shop"
          testId="figure-products"
        />
        <Figure
          label="Growth"
          value={formatGrowth(growth)}
          note={
            growth === null
              ? 'No sales last month'
              : "This month's paid revenue against last month's"
          }
          testId="figure-growth"
        />
      </dl>
      <SalesChart days={salesByDay} />
    </div>
  );
}

/** The four cards and the chart, as the server counts them from paid orders. */
export function DashboardTab() {
  // Asked again each time the tab opens, and after any write that changes them.
  const figures = useGetDashboardFiguresQuery(undefined, { refetchOnMountOrArgChange: true });
  if (figures.isError) {
    return (
      <p className="text-maroon-700" role="alert">
        The figures could not be loaded: {errorMessage(figures.error)}
      </p>
    );
  }
  if (!figures.data) {
    return (
      <p className="text-muted" aria-busy="true">
        Loading the figures…
      </p>
    );
  }
  return <Figures figures={figures.data} />;
}
