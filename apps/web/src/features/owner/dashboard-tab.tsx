import type { DashboardFigures } from '@makhana/domain/contracts/owner';
import { formatRupees } from '@makhana/domain/money';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useGetDashboardFiguresQuery } from './api/dashboard-figures';
import { waitedFor } from './chart-scale';
import { formatGrowth } from './growth';
import { SalesChart } from './sales-chart';

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

interface TaskProps {
  label: string;
  value: string;
  note: string;
  /** the owner's page that lists what the figure counts, e.g. `?tab=orders&toShip=true` */
  to: string;
  testId: string;
  /** something waits for the owner: the figure stands out */
  urgent?: boolean;
}

/** A figure that opens the list behind it. */
function Task({ label, value, note, to, testId, urgent = false }: TaskProps) {
  return (
    <li>
      <Link
        to={{ search: to }}
        className="card group flex h-full flex-col p-4 transition-colors sm:p-5 hover:border-forest-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest-700"
        data-testid={testId}
      >
        <span className="flex items-start justify-between gap-2 text-sm font-medium text-muted">
          {label}
          <span aria-hidden="true" className="text-forest-700 group-hover:translate-x-0.5">
            →
          </span>
        </span>
        <span
          className={`mt-2 font-display text-3xl font-semibold ${urgent ? 'text-maroon-700' : 'text-forest-800'}`}
          data-figure
        >
          {value}
        </span>
        <span className="mt-1 text-xs text-muted">{note}</span>
      </Link>
    </li>
  );
}

/** The open tickets' note: how many are late for the promised answer or resolution, if any. */
export function supportNote({
  openSupport,
  supportReplyOverdue,
  supportResolutionOverdue,
}: Pick<DashboardFigures, 'openSupport' | 'supportReplyOverdue' | 'supportResolutionOverdue'>) {
  const late = [
    supportReplyOverdue > 0 ? `${count(supportReplyOverdue)} waiting over 24 hours` : '',
    supportResolutionOverdue > 0 ? `${count(supportResolutionOverdue)} open over 30 days` : '',
  ].filter(Boolean);
  if (late.length > 0) return late.join(', ');
  return openSupport === 1
    ? 'Message or complaint not resolved'
    : 'Messages and complaints not resolved';
}

/** What waits for the owner today, and this month's takings; each opens its list. */
function Today({ figures, now }: { figures: DashboardFigures; now: Date }) {
  const { toShip, oldestToShipPaidAt, openSupport, lowStockProducts } = figures;
  const { monthOrders, monthRevenue, averageOrderValue } = figures;
  const sales = monthOrders === 1 ? '1 sale' : `${count(monthOrders)} sales`;
  return (
    <section aria-labelledby="owner-today-title" className="space-y-3">
      <h2 id="owner-today-title" className="font-display text-xl font-semibold text-forest-800">
        Today
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
        <Task
          label="Orders to ship"
          value={count(toShip)}
          note={
            oldestToShipPaidAt
              ? `Paid, not shipped; the oldest waiting ${waitedFor(oldestToShipPaidAt, now)}`
              : 'Nothing waiting to ship'
          }
          to="?tab=orders&toShip=true"
          testId="figure-to-ship"
          urgent={toShip > 0}
        />
        <Task
          label="Open support"
          value={count(openSupport)}
          note={supportNote(figures)}
          to="?tab=support&status=open"
          testId="figure-open-support"
          urgent={openSupport > 0}
        />
        <Task
          label="Low on stock"
          value={count(lowStockProducts)}
          note={
            lowStockProducts === 1
              ? 'Product with a weight below its low-stock mark'
              : 'Products with a weight below its low-stock mark'
          }
          to="?tab=products&lowStock=true"
          testId="figure-low-stock"
          urgent={lowStockProducts > 0}
        />
        <Task
          label="Average order value"
          value={averageOrderValue === null ? '—' : formatRupees(averageOrderValue)}
          note={monthOrders === 0 ? 'No sales this month yet' : `This month, over ${sales}`}
          to="?tab=orders&sales=this-month"
          testId="figure-average-order"
        />
        <Task
          label="This month's revenue"
          value={formatRupees(monthRevenue)}
          note={`${sales} paid this month`}
          to="?tab=orders&sales=this-month"
          testId="figure-month-revenue"
        />
      </ul>
    </section>
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

/** Why the shop owes money: what customers paid that cannot stay, refunds the bank sent back. */
function owedBecause(owed: number, sentBack: number): string {
  const paid = 'Customers paid for orders that cannot ship, or paid twice';
  if (sentBack === 0) return `${paid}.`;
  const refunds = sentBack === 1 ? 'a refund' : `${count(sentBack)} refunds`;
  if (sentBack === owed)
    return `The bank sent ${refunds} back: send ${sentBack === 1 ? 'it' : 'them'} again.`;
  return `${paid}, and the bank sent ${refunds} back.`;
}

/**
 * Shown while the shop owes customers money (paid orders that cannot ship, second payments,
 * refunds the bank sent back): it stays until each is refunded, and opens the list of those orders.
 */
function MoneyOwed({ figures }: { figures: DashboardFigures }) {
  const { toRefund, toRefundAmount, refundsSentBack } = figures;
  if (toRefund === 0) return null;
  return (
    <p
      role="status"
      className="rounded-xl border border-maroon-600/30 bg-maroon-600/10 p-4 text-sm text-ink"
      data-testid="money-owed"
    >
      <strong className="font-semibold">
        {toRefund === 1 ? '1 payment to refund' : `${count(toRefund)} payments to refund`},{' '}
        {formatRupees(toRefundAmount)} in all.
      </strong>{' '}
      {owedBecause(toRefund, refundsSentBack)}{' '}
      <Link
        to="?tab=orders&needsRefund=true"
        className="font-semibold text-forest-700 underline underline-offset-4"
      >
        Open the orders that need a refund
      </Link>
    </p>
  );
}

/** Shown while returns wait for the owner (to decide, to receive, to refund); opens them. */
function ReturnsWaiting({ count: waiting }: { count: number }) {
  if (waiting === 0) return null;
  return (
    <p
      role="status"
      className="rounded-xl border border-saffron-400 bg-saffron-100 p-4 text-sm text-ink"
      data-testid="open-returns"
    >
      <strong className="font-semibold">
        {waiting === 1 ? '1 return waits for you.' : `${count(waiting)} returns wait for you.`}
      </strong>{' '}
      Decide within 48 hours, then receive and refund them.{' '}
      <Link
        to="?tab=orders&returns=open"
        className="font-semibold text-forest-700 underline underline-offset-4"
      >
        Open the orders with a return
      </Link>
    </p>
  );
}

function Figures({ figures }: { figures: DashboardFigures }) {
  const { totalOrders, totalUsers, totalProducts, revenue, growth, salesByDay } = figures;
  return (
    <div className="space-y-6">
      <FailingFollowUps count={figures.failingFollowUps} />
      <MoneyOwed figures={figures} />
      <ReturnsWaiting count={figures.openReturns} />
      <Today figures={figures} now={new Date()} />
      <h2 className="sr-only">The shop so far</h2>
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

/** Today's tasks, the four cards and the chart, as the server counts them from sales. */
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
