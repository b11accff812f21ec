import type { SupportMessage } from '@makhana/domain/contracts/owner';
import type { Ticket } from '@makhana/domain/contracts/support';
import type { Order } from '@makhana/domain/orders';
import { useEffect, useState } from 'react';
import { getTicket, replyToTicket } from '../../api/tickets';
import { Dialog } from '../../components/dialog';
import { TicketStatusBadge } from '../../components/status-badges';
import { TicketReplyForm, TicketThread } from '../../components/ticket-thread';
import { errorMessage } from '../../lib/api-client';
import { formatOrderMoment } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../stores/hooks';
import { useLazyGetOwnerOrderQuery } from './api/orders';
import { supportApi, useResolveSupportMessageMutation } from './api/support';
import { OrderDetail } from './order-detail';
import { fetchOwnerFile } from './owner-file';
import { OwnerListControls, type OwnerListFilter } from './owner-list-controls';
import { useOwnerList } from './use-owner-list';

const FILTERS: OwnerListFilter<'status'>[] = [
  {
    name: 'status',
    label: 'Show',
    options: [
      { value: '', label: 'All messages' },
      { value: 'open', label: 'Open' },
      { value: 'resolved', label: 'Resolved' },
    ],
  },
];

function kindOf(message: SupportMessage): string {
  if (message.kind === 'contact') return 'Contact';
  return message.issueType ? `Complaint · ${message.issueType}` : 'Complaint';
}

/** The invoice a complaint attached, fetched with the owner's session and shown from memory. */
function InvoiceDialog({ message, onClose }: { message: SupportMessage; onClose: () => void }) {
  const [view, setView] = useState<{ url: string } | { error: string } | null>(null);
  useEffect(() => {
    if (!message.invoiceUrl) return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchOwnerFile(message.invoiceUrl, controller.signal).then(
      ({ blob }) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setView({ url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setView({ error: errorMessage(error) });
      },
    );
    return () => {
      controller.abort();
      // The picture's bytes stay in memory until its URL goes.
      if (url) URL.revokeObjectURL(url);
    };
  }, [message.invoiceUrl]);

  return (
    <Dialog
      title="Invoice"
      description={`Attached by ${message.fromName || 'the customer'}`}
      onClose={onClose}
    >
      {view === null && <p className="text-muted">Loading the invoice…</p>}
      {view && 'error' in view && (
        <p role="alert" className="text-maroon-700">
          The invoice could not be loaded: {view.error}
        </p>
      )}
      {view && 'url' in view && (
        <img
          src={view.url}
          alt={`Invoice attached to the complaint from ${message.fromName || 'the customer'}`}
          className="mx-auto max-h-[70dvh] w-auto rounded-xl border border-cream-200"
        />
      )}
    </Dialog>
  );
}

function MessageCard({
  message,
  onChanged,
  onOpenOrder,
  onOpenInvoice,
  onOpenThread,
  now,
}: {
  message: SupportMessage;
  onChanged: (message: SupportMessage) => void;
  onOpenOrder: (orderId: string) => void;
  onOpenInvoice: (message: SupportMessage) => void;
  onOpenThread: (message: SupportMessage) => void;
  now: Date;
}) {
  const [resolve, { isLoading: busy }] = useResolveSupportMessageMutation();
  const setResolved = async (resolved: boolean) => {
    try {
      const answer = await resolve({ id: message._id, resolved }).unwrap();
      // The server answers the message as it now is; an answer without it still means done.
      onChanged(
        answer.changed ?? {
          ...message,
          resolved,
          resolvedAt: resolved ? new Date().toISOString() : null,
          status: resolved ? 'Resolved' : message.awaitingReplySince ? 'Open' : 'Answered',
        },
      );
      toast.success(answer.message);
    } catch (error) {
      const text = errorMessage(error);
      toast.error(text, { toastId: text });
    }
  };
  const who = message.fromName || 'Deleted customer';

  return (
    <li className="card p-4 sm:p-5" data-testid="support-message">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wider text-muted">
            {kindOf(message)} · <span className="normal-case">{message.ticketNumber}</span>
          </p>
          <p className="mt-1 font-semibold text-ink">{who}</p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <TicketStatusBadge status={message.status} />
          <time dateTime={message.createdAt} className="text-sm text-muted">
            {formatOrderMoment(message.createdAt)} ({ageOf(message.createdAt, now)} old)
          </time>
        </div>
      </div>
      {(message.replyOverdue || message.resolutionOverdue) && (
        <ul aria-label="Late" className="mt-2 flex flex-wrap gap-2">
          {message.replyOverdue && message.awaitingReplySince && (
            <li className="rounded-full bg-maroon-600/10 px-2.5 py-0.5 text-xs font-semibold text-maroon-700">
              No answer for {ageOf(message.awaitingReplySince, now)}: past the 24-hour promise
            </li>
          )}
          {message.resolutionOverdue && (
            <li className="rounded-full bg-maroon-600/10 px-2.5 py-0.5 text-xs font-semibold text-maroon-700">
              Unresolved past 30 days
            </li>
          )}
        </ul>
      )}
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="inline text-muted">Reply to: </dt>
          <dd className="inline break-all">
            {message.replyTo ? (
              <a
                href={`mailto:${message.replyTo}`}
                className="font-medium text-forest-700 underline underline-offset-4"
              >
                {message.replyTo}
              </a>
            ) : (
              '—'
            )}
          </dd>
        </div>
        {message.phone && (
          <div>
            <dt className="inline text-muted">Phone: </dt>
            <dd className="inline">
              <a href={`tel:${message.phone}`} className="font-medium text-forest-700">
                {message.phone}
              </a>
            </dd>
          </div>
        )}
        {message.kind === 'complaint' && (
          <div>
            <dt className="inline text-muted">Order: </dt>
            <dd className="inline">
              {message.order ? (
                <button
                  type="button"
                  className="font-medium text-forest-700 underline underline-offset-4"
                  aria-label={`View order ${message.order.orderNumber}`}
                  onClick={() => message.order && onOpenOrder(message.order._id)}
                >
                  #{message.order.orderNumber}
                </button>
              ) : (
                (message.orderReference ?? '—')
              )}
            </dd>
          </div>
        )}
      </dl>
      <p className="mt-3 whitespace-pre-wrap break-words text-sm leading-relaxed text-ink">
        {message.message}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-outline px-4 py-1.5"
          aria-label={`Thread and reply: ticket ${message.ticketNumber}`}
          onClick={() => onOpenThread(message)}
        >
          Thread and reply
        </button>
        {message.invoiceUrl && (
          <button
            type="button"
            className="btn-outline px-4 py-1.5"
            aria-label={`View invoice from ${who}`}
            onClick={() => onOpenInvoice(message)}
          >
            View invoice
          </button>
        )}
        <button
          type="button"
          className={message.resolved ? 'btn-outline px-4 py-1.5' : 'btn-primary px-4 py-1.5'}
          disabled={busy}
          aria-label={`${message.resolved ? 'Reopen' : 'Mark resolved'}: message from ${who}`}
          onClick={() => setResolved(!message.resolved)}
        >
          {message.resolved ? 'Reopen' : 'Mark resolved'}
        </button>
      </div>
    </li>
  );
}

/** How long ago, in the largest whole unit: "3 hours", "2 days". */
export function ageOf(since: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
  const [amount, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / 1440), 'day'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** A ticket's whole thread, answered from here: the answer is mailed to the customer. */
function ThreadDialog({
  message,
  onClose,
  onAnswered,
}: {
  message: SupportMessage;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const [ticket, setTicket] = useState<Ticket | { error: string } | null>(null);
  useEffect(() => {
    let current = true;
    getTicket(message.ticketNumber, { realm: 'owner' }).then(
      (loaded) => current && setTicket(loaded),
      (error: unknown) => current && setTicket({ error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [message.ticketNumber]);
  const send = async (text: string) => {
    setTicket(await replyToTicket(message.ticketNumber, text, { realm: 'owner' }));
    toast.success('Reply sent');
    onAnswered();
  };
  return (
    <Dialog
      title={`Ticket ${message.ticketNumber}`}
      description={`${kindOf(message)} from ${message.fromName || 'Deleted customer'}`}
      onClose={onClose}
    >
      {ticket === null && <p className="text-muted">Loading the thread…</p>}
      {ticket && 'error' in ticket && (
        <p role="alert" className="text-maroon-700">
          The thread could not be loaded: {ticket.error}
        </p>
      )}
      {ticket && 'messages' in ticket && (
        <div className="space-y-5">
          <TicketThread ticket={ticket} viewer="owner" />
          {message.replyTo ? (
            <TicketReplyForm label="Your answer (mailed to the customer)" onSend={send} />
          ) : (
            <p className="text-sm text-muted">
              This customer's account was erased: there is no address to answer.
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** The inbox: contact messages and complaints, newest first, resolved and reopened here. */
export function SupportTab() {
  const list = useOwnerList<SupportMessage, 'status'>({
    path: '/supports/inbox',
    tag: 'SupportMessage',
    filters: ['status'],
  });
  const dispatch = useAppDispatch();
  const [loadOrder] = useLazyGetOwnerOrderQuery();
  const [invoice, setInvoice] = useState<SupportMessage | null>(null);
  const [thread, setThread] = useState<SupportMessage | null>(null);
  const now = new Date();
  const [order, setOrder] = useState<Order | null>(null);

  const changed = (message: SupportMessage) => {
    const before = list.items.find((item) => item._id === message._id);
    // The tab's count moves at once; the write's invalidation brings the server's count after.
    if (before && before.resolved !== message.resolved) {
      dispatch(
        supportApi.util.updateQueryData('getOpenSupportCount', undefined, (open) =>
          Math.max(0, open + (message.resolved ? -1 : 1)),
        ),
      );
    }
    list.replaceItem(message);
  };

  const openOrder = async (orderId: string) => {
    try {
      setOrder(await loadOrder(orderId).unwrap());
    } catch (error) {
      const text = errorMessage(error);
      toast.error(text, { toastId: text });
    }
  };

  return (
    <section aria-labelledby="owner-support-title" className="space-y-4">
      <h2 id="owner-support-title" className="font-display text-2xl font-semibold text-forest-800">
        Support inbox
      </h2>
      <OwnerListControls
        list={list}
        searchLabel="Search by name, e-mail or text"
        filters={FILTERS}
        noun="messages"
        empty="No messages yet."
        noMatch="No messages match the search or filter."
      >
        <ul aria-label="Messages" className="space-y-3">
          {list.items.map((message) => (
            <MessageCard
              key={message._id}
              message={message}
              onChanged={changed}
              onOpenOrder={openOrder}
              onOpenInvoice={setInvoice}
              onOpenThread={setThread}
              now={now}
            />
          ))}
        </ul>
      </OwnerListControls>
      {invoice && <InvoiceDialog message={invoice} onClose={() => setInvoice(null)} />}
      {thread && (
        <ThreadDialog
          message={thread}
          onClose={() => setThread(null)}
          onAnswered={() =>
            list.replaceItem({
              ...thread,
              status: 'Answered',
              awaitingReplySince: null,
              replyOverdue: false,
            })
          }
        />
      )}
      {order && (
        <OrderDetail order={order} onClose={() => setOrder(null)} onOrderChanged={setOrder} />
      )}
    </section>
  );
}
