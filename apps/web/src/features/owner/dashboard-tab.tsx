import { formatRupees } from '@makhana/domain/money';
import { useAppSelector } from '../../stores/hooks';
import { formatGrowth, monthlyGrowth } from './growth';

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

/** The four cards, from the data already loaded: orders, customers, products and growth. */
export function DashboardTab() {
  const orders = useAppSelector((state) => state.auth.ownerOrders);
  const users = useAppSelector((state) => state.auth.userDetails);
  const products = useAppSelector((state) => state.product.productDetails);
  const growth = monthlyGrowth(orders);

  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Figure
        label="Total Sales"
        value={orders.length.toLocaleString('en-IN')}
        note={orders.length === 1 ? 'order placed' : 'orders placed'}
        testId="figure-sales"
      />
      <Figure
        label="Total Users"
        value={users.length.toLocaleString('en-IN')}
        note={users.length === 1 ? 'registered customer' : 'registered customers'}
        testId="figure-users"
      />
      <Figure
        label="Products"
        value={products.length.toLocaleString('en-IN')}
        note="in the catalogue"
        testId="figure-products"
      />
      <Figure
        label="Growth"
        value={formatGrowth(growth.percent)}
        note={
          growth.percent === null
            ? `No paid orders last month to compare with; ${formatRupees(growth.thisMonth)} this month.`
            : `Paid revenue: ${formatRupees(growth.thisMonth)} this month, ${formatRupees(growth.lastMonth)} last month.`
        }
        testId="figure-growth"
      />
    </dl>
  );
}
