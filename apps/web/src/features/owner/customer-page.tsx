import type { Address } from '@makhana/domain/account';
import type { CustomerDetails, SupportMessage } from '@makhana/domain/contracts/owner';
import { formatRupees } from '@makhana/domain/money';
import type { Order } from '@makhana/domain/orders';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { OrderStatusBadge, PaymentStatusBadge } from '../../components/status-badges';
import { type ApiCallError, errorMessage } from '../../lib/api-client';
import { formatOrderDate, formatOrderMoment } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { useDeleteCustomerMutation, useGetCustomerDetailsQuery } from './api/customers';
import { OrderDetail } from './order-detail';
import { Stars } from './owner-stars';

export const CUSTOMER_NOT_FOUND_TEXT = 'This customer was not found: they may have been deleted.';

/** The customer as the owner calls them: their name, else their e-mail. */
export function customerName(
  customer: Pick<CustomerDetails['customer'], 'firstName' | 'lastName' | 'email'>,
): string {
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.email;
}

export const DELETE_CUSTOMER_WARNING =
  "Their account, addresses and sign-ins are erased; their orders are kept for the books as 'Deleted customer'.";

const sectionHeading = 'font-display text-lg font-semibold text-forest-800';

function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card p-4 sm:p-6">
      <h3 id={id} className={sectionHeading}>
        {title}
        {count !== undefined && (
          <span className="ml-2 text-sm font-normal text-muted">({count})</span>
        )}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const None = ({ children }: { children: ReactNode }) => (
  <p className="text-sm text-muted">{children}</p>
);

function AddressCard({ address }: { address: Address }) {
  const place = [address.locality, address.city, address.state, address.pincode]
    .filter(Boolean)
    .join(', ');
  return (
    <li className="rounded-xl border border-cream-200 p-3 text-sm" data-testid="customer-address">
      <p className="font-semibold text-ink">
        {address.name}{' '}
        <span className="ml-1 rounded-full bg-cream-100 px-2 py-0.5 text-xs font-semibold text-muted">
          {address.label}
        </span>
      </p>
      <p className="mt-1 text-ink">{address.street}</p>
      {address.landmark && <p className="text-muted">Near {address.landmark}</p>}
      <p className="text-ink">{place}</p>
      <p className="mt-1 text-muted">
        {address.phoneNumber}
        {address.alternateNumber && ` · ${address.alternateNumber}`}
      </p>
    </li>
  );
}

function OrderLine({ order, onOpen }: { order: Order; onOpen: (order: Order) => void }) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 border-b border-cream-200 py-3 last:border-b-0"
      data-testid="customer-order"
    >
      <div className="min-w-0">
        <p className="font-semibold text-ink">#{order.orderNumber}</p>
        <p className="text-sm text-muted">{formatOrderDate(order.createdAt)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} refunded={order.refundedAmount} />
      </div>
      <div className="flex items-center gap-3">
        <span className="font-display text-lg font-semibold tabular-nums text-forest-800">
          {formatRupees(order.totalAmount)}
        </span>
        <button
          type="button"
          className="btn-outline px-4 py-1.5"
          aria-label={`View order ${order.orderNumber}`}
          onClick={() => onOpen(order)}
        >
          View
        </button>
      </div>
    </li>
  );
}

function MessageLine({ message }: { message: SupportMessage }) {
  const kind =
    message.kind === 'contact'
      ? 'Contact'
      : `Complaint${message.issueType ? ` · ${message.issueType}` : ''}`;
  return (
    <li className="border-b border-cream-200 py-3 last:border-b-0" data-testid="customer-message">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">
          {kind}
          {message.order && ` · Order #${message.order.orderNumber}`}
        </p>
        <p className="flex items-center gap-2 text-sm text-muted">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              message.resolved ? 'bg-forest-100 text-forest-800' : 'bg-saffron-100 text-saffron-600'
            }`}
          >
            {message.resolved ? 'Resolved' : 'Open'}
          </span>
          <time dateTime={message.createdAt}>{formatOrderMoment(message.createdAt)}</time>
        </p>
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-ink">{message.message}</p>
    </li>
  );
}

/** "the newest 100 of 130" when the page shows fewer than there are. */
const shownOf = (shown: number, total: number) =>
  shown < total ? `Showing the newest ${shown} of ${total}.` : null;

function Details({ details, onDelete }: { details: CustomerDetails; onDelete: () => void }) {
  const { customer, addresses, orders, reviews, messages } = details;
  const [open, setOpen] = useState<Order | null>(null);
  const name = customerName(customer);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id="owner-customer-title"
            className="break-words font-display text-2xl font-semibold text-forest-800"
          >
            {name}
          </h2>
          <p className="mt-1 text-sm text-muted">Joined {formatOrderDate(customer.createdAt)}</p>
        </div>
        <button
          type="button"
          className="btn-outline px-4 py-1.5 text-maroon-700"
          aria-label={`Delete ${name}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section id="customer-contact" title="Contact">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">E-mail</dt>
            <dd className="min-w-0 break-all">
              <a
                href={`mailto:${customer.email}`}
                className="font-medium text-forest-700 underline underline-offset-4"
              >
                {customer.email}
              </a>
            </dd>
            <dt className="text-muted">Phone</dt>
            <dd>
              {customer.phoneNumber ? (
                <a
                  href={`tel:${customer.phoneNumber}`}
                  className="font-medium text-forest-700 underline underline-offset-4"
                >
                  {customer.phoneNumber}
                </a>
              ) : (
                '—'
              )}
            </dd>
            <dt className="text-muted">Orders</dt>
            <dd className="tabular-nums">{customer.orders.toLocaleString('en-IN')}</dd>
            <dt className="text-muted">Total spent</dt>
            <dd className="font-semibold tabular-nums">{formatRupees(customer.totalSpent)}</dd>
          </dl>
        </Section>

        <Section id="customer-addresses" title="Saved addresses" count={addresses.length}>
          {addresses.length === 0 ? (
            <None>No saved addresses.</None>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              {addresses.map((address) => (
                <AddressCard key={address._id} address={address} />
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section id="customer-orders" title="Orders" count={customer.orders}>
        {orders.length === 0 ? (
          <None>No orders yet.</None>
        ) : (
          <>
            <ul aria-labelledby="customer-orders">
              {orders.map((order) => (
                <OrderLine key={order._id} order={order} onOpen={setOpen} />
              ))}
            </ul>
            {shownOf(orders.length, customer.orders) && (
              <None>{shownOf(orders.length, customer.orders)}</None>
            )}
          </>
        )}
      </Section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section id="customer-reviews" title="Reviews" count={reviews.length}>
          {reviews.length === 0 ? (
            <None>No reviews.</None>
          ) : (
            <ul aria-labelledby="customer-reviews">
              {reviews.map((review) => (
                <li
                  key={review._id}
                  className="border-b border-cream-200 py-3 last:border-b-0"
                  data-testid="customer-review"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-ink">{review.productName}</p>
                    <Stars rating={review.rating} />
                  </div>
                  <p className="mt-1 break-words text-sm text-ink">{review.comment}</p>
                  <p className="mt-1 text-xs text-muted">{formatOrderDate(review.createdAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="customer-messages" title="Support messages" count={messages.length}>
          {messages.length === 0 ? (
            <None>No messages.</None>
          ) : (
            <ul aria-labelledby="customer-messages">
              {messages.map((message) => (
                <MessageLine key={message._id} message={message} />
              ))}
            </ul>
          )}
        </Section>
      </div>
      {open && <OrderDetail order={open} onClose={() => setOpen(null)} onOrderChanged={setOpen} />}
    </>
  );
}

/**
 * One customer for the owner (`?tab=users&customer=<id>`): contact, saved addresses, orders (each
 * opens the order's pop-up), reviews and support messages; Delete erases them after confirming
 * and goes back to the list.
 */
export function CustomerPage({
  customerId,
  backTo,
  onDeleted,
}: {
  customerId: string;
  /** the list's address, with its page and search */
  backTo: string;
  onDeleted: () => void;
}) {
  const { data, error, isLoading } = useGetCustomerDetailsQuery(customerId, {
    refetchOnMountOrArgChange: true,
  });
  const [deleteCustomer, { isLoading: deleting }] = useDeleteCustomerMutation();
  const [asking, setAsking] = useState(false);

  const confirm = async () => {
    try {
      const message = await deleteCustomer(customerId).unwrap();
      setAsking(false);
      toast.success(message);
      onDeleted();
    } catch (failure) {
      const message = errorMessage(failure);
      toast.error(message, { toastId: message });
    }
  };

  const missing = (error as ApiCallError | undefined)?.status === 404;
  return (
    <section aria-labelledby="owner-customer-title" className="space-y-4">
      <Link
        to={backTo}
        className="inline-flex items-center gap-1 text-sm font-semibold text-forest-700 underline underline-offset-4"
      >
        <span aria-hidden="true">←</span> All customers
      </Link>
      {isLoading && (
        <div aria-busy="true" className="space-y-3">
          <h2 id="owner-customer-title" className="sr-only">
            Loading the customer…
          </h2>
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-24 animate-pulse rounded-2xl bg-cream-100" />
          ))}
        </div>
      )}
      {!data && error && (
        <div className="card p-6">
          <h2 id="owner-customer-title" className="font-display text-xl font-semibold text-ink">
            Customer
          </h2>
          <p role="alert" className="mt-2 text-maroon-700">
            {missing ? CUSTOMER_NOT_FOUND_TEXT : errorMessage(error)}
          </p>
        </div>
      )}
      {data && <Details details={data} onDelete={() => setAsking(true)} />}
      {asking && data && (
        <ConfirmDialog
          title={`Delete ${customerName(data.customer)}?`}
          description={DELETE_CUSTOMER_WARNING}
          confirmLabel="Delete customer"
          busyLabel="Deleting…"
          busy={deleting}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
