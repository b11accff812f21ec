import { documentFileName } from '@makhana/domain/gst';
import type { Order } from '@makhana/domain/orders';
import { useState } from 'react';
import { apiFile, errorMessage, saveBlob } from '../lib/api-client';
import { toast } from '../lib/toast';

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
  const [busy, setBusy] = useState(false);
  const invoice = order.invoice;
  if (!invoice) return null;
  const download = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await apiFile(`/orders/invoice/${encodeURIComponent(order._id)}`, {
        realm,
      });
      saveBlob(blob, filename ?? documentFileName('invoice', invoice.number));
    } catch (error) {
      const text = errorMessage(error, 'The invoice could not be downloaded. Please try again.');
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
      aria-label={`Download invoice ${invoice.number}`}
    >
      {busy ? 'Downloading…' : 'Download invoice'}
    </button>
  );
}
