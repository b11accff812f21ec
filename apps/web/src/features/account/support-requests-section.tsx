import type { TicketSummary } from '@makhana/domain/contracts/support';
import { ticketPagePath } from '@makhana/domain/support';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getMyTickets } from '../../api/tickets';
import { TicketStatusBadge } from '../../components/status-badges';
import { errorMessage } from '../../lib/api-client';
import { formatOrderMoment } from '../../lib/orders';

type View =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; tickets: TicketSummary[] };

/** The customer's contact messages and complaints, each a ticket whose thread opens on its page. */
export function SupportRequestsSection() {
  const [view, setView] = useState<View>({ status: 'loading' });
  const load = useCallback(() => {
    setView({ status: 'loading' });
    getMyTickets().then(
      (tickets) => setView({ status: 'ready', tickets }),
      (error: unknown) => setView({ status: 'error', message: errorMessage(error) }),
    );
  }, []);
  useEffect(load, [load]);

  if (view.status === 'loading') {
    return (
      <div className="space-y-3" aria-busy="true">
        <p className="sr-only">Loading your support requests…</p>
        {[0, 1].map((row) => (
          <div key={row} className="h-20 animate-pulse rounded-2xl bg-cream-100" />
        ))}
      </div>
    );
  }
  if (view.status === 'error') {
    return (
      <div className="rounded-2xl border border-maroon-600/20 bg-maroon-600/5 px-5 py-4">
        <p role="alert" className="text-sm font-medium text-maroon-700">
          {view.message}
        </p>
        <button type="button" className="btn-outline mt-3" onClick={load}>
          Try again
        </button>
      </div>
    );
  }
  if (view.tickets.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-cream-200 bg-cream-50 px-6 py-12 text-center">
        <p className="text-base text-ink">You have not written to us yet.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/contact-us" className="btn-primary">
            Contact us
          </Link>
          <Link to="/raise-complaint" className="btn-outline">
            Raise a complaint
          </Link>
        </div>
      </div>
    );
  }
  return (
    <ul aria-label="Support requests" className="space-y-3">
      {view.tickets.map((ticket) => (
        <li key={ticket.ticketNumber}>
          <Link
            to={ticketPagePath(ticket.ticketNumber)}
            className="block rounded-2xl border border-cream-200 bg-white px-4 py-3 transition-colors hover:border-forest-700 sm:px-5"
            aria-label={`Ticket ${ticket.ticketNumber}, ${ticket.subject}, ${ticket.status}`}
          >
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-ink">{ticket.ticketNumber}</span>
              <TicketStatusBadge status={ticket.status} />
            </span>
            <span className="mt-1 block text-sm text-ink">
              {ticket.subject}
              {ticket.order ? ` · Order #${ticket.order.orderNumber}` : ''}
            </span>
            <span className="mt-1 block text-xs text-muted">
              Raised {formatOrderMoment(ticket.createdAt)} · Last message{' '}
              {formatOrderMoment(ticket.lastMessageAt)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
