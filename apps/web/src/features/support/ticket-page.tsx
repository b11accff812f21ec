import type { Ticket } from '@makhana/domain/contracts/support';
import { SITE } from '@makhana/domain/site';
import { TICKET_PROMISE, ticketKeyOfFragment } from '@makhana/domain/support';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { getTicket, replyToTicket, type TicketAccess } from '../../api/tickets';
import { PageTitleBanner } from '../../components/page-title-banner';
import { TicketStatusBadge } from '../../components/status-badges';
import { TicketReplyForm, TicketThread } from '../../components/ticket-thread';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatOrderMoment } from '../../lib/orders';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { selectCustomer } from '../../stores/auth-slice';
import { useAppSelector } from '../../stores/hooks';

type Loaded = { ticket: Ticket } | { failure: string; notFound: boolean } | null;

/**
 * /support/ticket/{ticketNumber}: one support request and its thread, answered from here. Opened
 * from the link of a ticket's mail (its key in the address's fragment, which the browser never
 * sends to a server) or by the signed-in customer it belongs to.
 */
export function TicketPage() {
  const { ticketNumber = '' } = useParams();
  const { hash } = useLocation();
  usePageMeta({ title: `Support request ${ticketNumber} | ${SITE.brand}`, noindex: true });
  const signedIn = useAppSelector(selectCustomer) !== null;
  const key = ticketKeyOfFragment(hash);
  const [loaded, setLoaded] = useState<Loaded>(null);

  const access: TicketAccess = { realm: 'customer', key };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key and sign-in decide the access
  useEffect(() => {
    let current = true;
    setLoaded(null);
    getTicket(ticketNumber, access).then(
      (ticket) => current && setLoaded({ ticket }),
      (error: unknown) =>
        current &&
        setLoaded({
          failure: errorMessage(error, 'Something went wrong. Please try again.'),
          notFound: error instanceof ApiError && error.status === 404,
        }),
    );
    return () => {
      current = false;
    };
  }, [ticketNumber, key, signedIn]);

  const send = async (message: string) => {
    const ticket = await replyToTicket(ticketNumber, message, access);
    setLoaded({ ticket });
    toast.success('Reply sent');
  };

  return (
    <>
      <PageTitleBanner title="Support request" subtitle={TICKET_PROMISE} />
      <div className="container-page max-w-3xl py-8 sm:py-12">
        {loaded === null && <p className="text-muted">Loading your support request…</p>}
        {loaded && 'failure' in loaded && (
          <div className="card space-y-3 p-6" role="alert">
            <p className="font-semibold text-ink">
              {loaded.notFound ? 'We could not find this support request.' : loaded.failure}
            </p>
            <p className="text-sm text-muted">
              Open it from the link in our e-mail, or{' '}
              {signedIn ? (
                <Link
                  to="/dashboard"
                  state={{ section: 'support' }}
                  className="font-medium text-forest-700 underline underline-offset-4"
                >
                  see your support requests
                </Link>
              ) : (
                <Link
                  to="/login"
                  className="font-medium text-forest-700 underline underline-offset-4"
                >
                  sign in
                </Link>
              )}{' '}
              with the address you wrote from. You can always{' '}
              <Link
                to="/contact-us"
                className="font-medium text-forest-700 underline underline-offset-4"
              >
                write to us again
              </Link>
              .
            </p>
          </div>
        )}
        {loaded && 'ticket' in loaded && (
          <TicketView ticket={loaded.ticket} signedIn={signedIn} onSend={send} />
        )}
      </div>
    </>
  );
}

function TicketView({
  ticket,
  signedIn,
  onSend,
}: {
  ticket: Ticket;
  signedIn: boolean;
  onSend: (message: string) => Promise<void>;
}) {
  return (
    <article aria-labelledby="ticket-title" className="space-y-6">
      <header className="card space-y-2 p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="ticket-title" className="font-display text-2xl font-semibold text-forest-800">
            Ticket {ticket.ticketNumber}
          </h2>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline text-muted">About: </dt>
            <dd className="inline font-medium">{ticket.subject}</dd>
          </div>
          <div>
            <dt className="inline text-muted">Raised: </dt>
            <dd className="inline">
              <time dateTime={ticket.createdAt}>{formatOrderMoment(ticket.createdAt)}</time>
            </dd>
          </div>
          {ticket.kind === 'complaint' && (
            <div>
              <dt className="inline text-muted">Order: </dt>
              <dd className="inline">
                {ticket.order && signedIn ? (
                  <Link
                    to={`/order-status/${ticket.order._id}`}
                    className="font-medium text-forest-700 underline underline-offset-4"
                  >
                    #{ticket.order.orderNumber}
                  </Link>
                ) : (
                  (ticket.order?.orderNumber ?? ticket.orderReference)
                )}
              </dd>
            </div>
          )}
          {ticket.resolvedAt && (
            <div>
              <dt className="inline text-muted">Resolved: </dt>
              <dd className="inline">
                <time dateTime={ticket.resolvedAt}>{formatOrderMoment(ticket.resolvedAt)}</time>
              </dd>
            </div>
          )}
        </dl>
      </header>
      <section aria-label="Conversation">
        <TicketThread ticket={ticket} viewer="customer" />
      </section>
      <section aria-labelledby="ticket-reply-title" className="card p-5 sm:p-6">
        <h3 id="ticket-reply-title" className="font-display text-lg font-semibold text-forest-800">
          {ticket.status === 'Resolved' ? 'Write again about this' : 'Answer us'}
        </h3>
        <p className="mt-1 mb-4 text-sm text-muted">
          {ticket.status === 'Resolved'
            ? 'A new message opens this request again.'
            : 'We will mail you when we answer.'}
        </p>
        <TicketReplyForm label="Your reply" onSend={onSend} />
      </section>
    </article>
  );
}
