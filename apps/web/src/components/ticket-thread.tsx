import { zodResolver } from '@hookform/resolvers/zod';
import type { Ticket } from '@makhana/domain/contracts/support';
import { SITE } from '@makhana/domain/site';
import { ticketReplySchema } from '@makhana/domain/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../lib/api-client';
import { formatOrderMoment } from '../lib/orders';
import { FormAlert, TextAreaField } from './form-field';

/**
 * A ticket's messages, oldest first: the customer's on one side, the shop's on the other, each
 * with who wrote it and when. `viewer` names whose words read as "You".
 */
export function TicketThread({ ticket, viewer }: { ticket: Ticket; viewer: 'customer' | 'owner' }) {
  const nameOf = (by: 'customer' | 'owner') => {
    if (by === viewer) return 'You';
    return by === 'owner' ? SITE.brand : ticket.fromName || 'Customer';
  };
  return (
    <ol aria-label={`Messages of ticket ${ticket.ticketNumber}`} className="space-y-3">
      {ticket.messages.map((entry, index) => (
        <li
          // The thread only grows at its end, so a message's place is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className={`rounded-2xl border px-4 py-3 ${
            entry.by === 'owner'
              ? 'border-forest-100 bg-forest-50 sm:ml-10'
              : 'border-cream-200 bg-white sm:mr-10'
          }`}
          data-testid="ticket-message"
        >
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-muted">
            <span className="font-semibold text-ink">{nameOf(entry.by)}</span>
            <time dateTime={entry.at}>{formatOrderMoment(entry.at)}</time>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm leading-relaxed text-ink">
            {entry.message}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The box under a thread: a reply checked by the API's own schema, sent, then cleared. */
export function TicketReplyForm({
  label,
  onSend,
}: {
  label: string;
  onSend: (message: string) => Promise<void>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ticketReplySchema), defaultValues: { message: '' } });
  const submit = handleSubmit(async ({ message }) => {
    setFailure(null);
    try {
      await onSend(message);
      reset({ message: '' });
    } catch (error) {
      setFailure(errorMessage(error, 'Something went wrong. Please try again.'));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextAreaField
        label={label}
        rows={4}
        registration={register('message')}
        error={errors.message?.message}
      />
      <FormAlert message={failure} />
      <button type="submit" className="btn-primary h-11 px-6" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send reply'}
      </button>
    </form>
  );
}
