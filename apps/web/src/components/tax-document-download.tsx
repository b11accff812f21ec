import { documentFileName } from '@makhana/domain/gst';
import type { Order } from '@makhana/domain/orders';
import { useState } from 'react';
import { apiFile, errorMessage, saveBlob } from '../lib/api-client';
import { toast } from '../lib/toast';

interface DocumentLink {
  kind: 'invoice' | 'credit-note';
  number: string;
  /** the path of its PDF */
  path: string;
}

/** A button that fetches a tax document's PDF with the session and saves it under its name. */
function DownloadButton({
  document: taxDocument,
  realm,
  className,
  label,
}: {
  document: DocumentLink;
  realm: 'customer' | 'owner';
  className: string;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await apiFile(taxDocument.path, { realm });
      saveBlob(blob, filename ?? documentFileName(taxDocument.kind, taxDocument.number));
    } catch (error) {
      const text = errorMessage(error, 'The document could not be downloaded. Please try again.');
      toast.error(text, { toastId: text });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={className}
      onClick={download}
      disabled={busy}
      aria-label={`${label} ${taxDocument.number}`}
    >
      {busy ? 'Downloading…' : label}
    </button>
  );
}

const orderPath = (order: Pick<Order, '_id'>) => encodeURIComponent(order._id);

/**
 * "Download invoice" for a paid order's GST tax invoice: the PDF fetched with the session (the
 * customer's, or the owner's) and saved under the server's name. Nothing before it is issued.
 */
export function InvoiceDownload({
  order,
  realm,
  className = 'btn-outline px-4 py-2',
}: {
  order: Pick<Order, '_id' | 'invoice'>;
  realm: 'customer' | 'owner';
  className?: string;
}) {
  if (!order.invoice) return null;
  return (
    <DownloadButton
      document={{
        kind: 'invoice',
        number: order.invoice.number,
        path: `/orders/invoice/${orderPath(order)}`,
      }}
      realm={realm}
      className={className}
      label="Download invoice"
    />
  );
}

/** The order's credit notes, each with its number, amount and date, and a download. */
export function CreditNotes({
  order,
  realm,
  className = 'font-semibold text-forest-700 underline underline-offset-4',
}: {
  order: Pick<Order, '_id' | 'creditNotes'>;
  realm: 'customer' | 'owner';
  className?: string;
}) {
  const notes = order.creditNotes ?? [];
  if (notes.length === 0) return null;
  return (
    <ul className="space-y-1" aria-label="Credit notes">
      {notes.map((note, index) => (
        <li key={note.number} className="flex flex-wrap items-center gap-x-2">
          <span>
            Credit note <span className="font-medium">{note.number}</span> against{' '}
            {note.invoiceNumber}
          </span>
          <DownloadButton
            document={{
              kind: 'credit-note',
              number: note.number,
              path: `/orders/credit-note/${orderPath(order)}?n=${index + 1}`,
            }}
            realm={realm}
            className={className}
            label="Download"
          />
        </li>
      ))}
    </ul>
  );
}
