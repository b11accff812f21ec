import type { Customer } from '@makhana/domain/contracts/owner';
import { formatRupees } from '@makhana/domain/money';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatOrderDate } from '../../lib/orders';
import { useDeleteCustomerMutation } from './api/customers';
import { CustomerPage, customerName, DELETE_CUSTOMER_WARNING } from './customer-page';
import { OwnerListControls } from './owner-list-controls';
import { cellClass, OwnerCard, OwnerCards, type OwnerColumn, OwnerTable } from './owner-table';
import { useConfirmedRemoval } from './use-confirmed-removal';
import { useOwnerList } from './use-owner-list';

const ordersText = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'order' : 'orders'}`;

const USER_COLUMNS: OwnerColumn[] = [
  { label: 'Name' },
  { label: 'E-mail' },
  { label: 'Phone' },
  { label: 'Orders', alignEnd: true },
  { label: 'Total spent', alignEnd: true },
  { label: 'Joined' },
  { label: 'Actions', hidden: true },
];

function DeleteButton({
  customer,
  onDelete,
}: {
  customer: Customer;
  onDelete: (customer: Customer) => void;
}) {
  return (
    <button
      type="button"
      className="btn-outline px-4 py-1.5 text-maroon-700"
      aria-label={`Delete ${customerName(customer)}`}
      onClick={() => onDelete(customer)}
    >
      Delete
    </button>
  );
}

/** The address of one customer's page, keeping the list's page and search for Back. */
function useCustomerAddress() {
  const [search] = useSearchParams();
  return (customerId: string | null) => {
    const next = new URLSearchParams(search);
    if (customerId) next.set('customer', customerId);
    else next.delete('customer');
    return `?${next}`;
  };
}

function CustomerLink({ customer }: { customer: Customer }) {
  const addressOf = useCustomerAddress();
  return (
    <Link
      to={addressOf(customer._id)}
      className="font-semibold text-forest-700 underline decoration-forest-700/30 underline-offset-4 hover:decoration-forest-700"
    >
      {customerName(customer)}
    </Link>
  );
}

/**
 * The Users tab: the customers' list, or one customer's page when the address names them
 * (`?tab=users&customer=<id>`), so reload and Back keep it.
 */
export function UsersTab() {
  const [search] = useSearchParams();
  const addressOf = useCustomerAddress();
  const navigate = useNavigate();
  const customerId = search.get('customer');
  if (!customerId) return <CustomersList />;
  return (
    <CustomerPage
      key={customerId}
      customerId={customerId}
      backTo={addressOf(null)}
      // The erased customer's page is no place to come Back to.
      onDeleted={() => navigate(addressOf(null), { replace: true })}
    />
  );
}

/**
 * The customers, newest first, a page at a time from the server: searchable, each with their
 * orders, what they spent and when they joined; a name opens their page; the owner erases one
 * after confirming.
 */
function CustomersList() {
  const list = useOwnerList<Customer>({ path: '/users/getUserDetails', tag: 'Customer' });
  const [deleteCustomer] = useDeleteCustomerMutation();
  const removal = useConfirmedRemoval<Customer>(list, (customer) =>
    deleteCustomer(customer._id).unwrap(),
  );
  const deleting = removal.asking;

  return (
    <section aria-labelledby="owner-users-title" className="space-y-4">
      <h2 id="owner-users-title" className="font-display text-2xl font-semibold text-forest-800">
        Customers
      </h2>
      <OwnerListControls
        list={list}
        searchLabel="Search by name, e-mail or phone"
        searchPlaceholder="Asha, asha@example.com, 98765…"
        noun="customers"
        empty="No customers yet."
        noMatch="No customers match the search."
      >
        <OwnerCards label="Customers">
          {list.items.map((customer) => (
            <OwnerCard key={customer._id} testId="user-card">
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 break-words">
                  <CustomerLink customer={customer} />
                </p>
                <p className="shrink-0 text-right">
                  <span className="block font-display text-lg font-semibold text-forest-800">
                    {formatRupees(customer.totalSpent)}
                  </span>
                  <span className="block text-xs text-muted">spent</span>
                </p>
              </div>
              <p className="mt-1 break-all text-sm text-ink">{customer.email}</p>
              <p className="mt-0.5 text-sm text-muted">{customer.phoneNumber || '—'}</p>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-muted">
                  {ordersText(customer.orders)} · Joined {formatOrderDate(customer.createdAt)}
                </p>
                <DeleteButton customer={customer} onDelete={removal.ask} />
              </div>
            </OwnerCard>
          ))}
        </OwnerCards>
        <OwnerTable label="Customers" columns={USER_COLUMNS} empty={null}>
          {list.items.map((customer) => (
            <tr key={customer._id} data-testid="user-row">
              <th scope="row" className={cellClass}>
                <CustomerLink customer={customer} />
              </th>
              <td className={`${cellClass} break-all`}>{customer.email}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{customer.phoneNumber || '—'}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{customer.orders}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>
                {formatRupees(customer.totalSpent)}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {formatOrderDate(customer.createdAt)}
              </td>
              <td className={`${cellClass} text-right`}>
                <DeleteButton customer={customer} onDelete={removal.ask} />
              </td>
            </tr>
          ))}
        </OwnerTable>
      </OwnerListControls>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${customerName(deleting)}?`}
          description={DELETE_CUSTOMER_WARNING}
          confirmLabel="Delete customer"
          busyLabel="Deleting…"
          busy={removal.busy}
          onConfirm={removal.confirm}
          onCancel={removal.cancel}
        />
      )}
    </section>
  );
}
