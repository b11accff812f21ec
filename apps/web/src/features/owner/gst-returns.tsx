import type { GstReturns as Returns } from '@makhana/domain/contracts/invoicing';
import { MONTH } from '@makhana/domain/gst';
import { useEffect, useId, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { apiFile, apiRequest, errorMessage, saveBlob } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { thisMonthInIndia } from './order-export';

/** This month in India's time, `YYYY-MM`: the server counts India's months. */
export function thisIndiaMonth(now: Date = new Date()): string {
  return thisMonthInIndia(now).from.slice(0, 7);
}

const PARTS = [
  { part: 'b2cs', label: 'B2C (small)' },
  { part: 'hsn', label: 'HSN summary' },
  { part: 'documents', label: 'Documents issued' },
] as const;

const amount = (rupees: number) =>
  rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  const captionId = useId();
  // The title stays above the table, in view, while a phone scrolls the wide table sideways.
  return (
    <section className="rounded-xl border border-cream-200">
      <h3 id={captionId} className="bg-cream-50 px-3 py-2 text-sm font-semibold text-forest-800">
        {caption}
      </h3>
      <div className="overflow-x-auto">
        <table aria-labelledby={captionId} className="w-full min-w-[32rem] text-sm">
          <thead>
            <tr className="border-b border-cream-200 text-left text-muted">
              {head.map((cell) => (
                <th key={cell} scope="col" className="px-3 py-2 font-medium">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={head.length} className="px-3 py-3 text-muted">
                  Nothing this month.
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.join('|')} className="border-b border-cream-100 last:border-0">
                  {row.map((cell, index) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns
                      key={index}
                      className={`px-3 py-2 ${index > 0 ? 'tabular-nums' : ''}`}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ReturnsView({ returns }: { returns: Returns }) {
  const { invoices, creditNotes } = returns.documents;
  return (
    <div className="space-y-4">
      <Table
        caption="B2C (small): by place of supply and rate, credit notes subtracted"
        head={['Place of supply', 'Rate', 'Taxable value (₹)', 'IGST (₹)', 'CGST (₹)', 'SGST (₹)']}
        rows={returns.b2cs.map((row) => [
          row.placeOfSupply,
          `${row.gstRate}%`,
          amount(row.taxableValue),
          amount(row.igst),
          amount(row.cgst),
          amount(row.sgst),
        ])}
      />
      <Table
        caption="HSN summary"
        head={[
          'HSN',
          'Description',
          'Qty',
          'Total (₹)',
          'Taxable (₹)',
          'IGST (₹)',
          'CGST (₹)',
          'SGST (₹)',
        ]}
        rows={returns.hsn.map((row) => [
          row.hsnCode,
          row.description,
          `${row.quantity} ${row.unit}`,
          amount(row.totalValue),
          amount(row.taxableValue),
          amount(row.igst),
          amount(row.cgst),
          amount(row.sgst),
        ])}
      />
      <Table
        caption="Documents issued"
        head={['Nature of document', 'From', 'To', 'Number', 'Cancelled']}
        rows={[
          [
            'Invoices',
            invoices.from ?? '—',
            invoices.to ?? '—',
            String(invoices.count),
            String(invoices.cancelled),
          ],
          [
            'Credit notes',
            creditNotes.from ?? '—',
            creditNotes.to ?? '—',
            String(creditNotes.count),
            '0',
          ],
        ]}
      />
    </div>
  );
}

function ReturnsDialog({ onClose }: { onClose: () => void }) {
  const [month, setMonth] = useState(thisIndiaMonth());
  const [returns, setReturns] = useState<Returns | { error: string } | null>(null);
  const valid = MONTH.test(month);

  useEffect(() => {
    if (!MONTH.test(month)) return;
    let current = true;
    setReturns(null);
    apiRequest<Returns>(`/orders/gst-returns?month=${month}`, { realm: 'owner' }).then(
      (answer) => current && setReturns(answer),
      (error: unknown) => current && setReturns({ error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [month]);

  const download = async (part: (typeof PARTS)[number]['part']) => {
    try {
      const query = new URLSearchParams({ month, format: 'csv', part });
      const { blob, filename } = await apiFile(`/orders/gst-returns?${query}`, { realm: 'owner' });
      saveBlob(blob, filename ?? `gst-${part}-${month}.csv`);
    } catch (error) {
      const text = `The download failed: ${errorMessage(error)}`;
      toast.error(text, { toastId: text });
    }
  };

  return (
    <Dialog
      title="GST returns"
      description="What GSTR-1 asks of a B2C seller, from the invoices and credit notes issued in the month (India's time)."
      onClose={onClose}
    >
      <div className="space-y-4">
        <label className="flex flex-wrap items-center gap-3 text-sm font-medium text-ink">
          Month
          <input
            type="month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            className="h-11 rounded-xl border border-cream-200 px-3"
          />
        </label>
        {!valid && <p className="text-sm text-maroon-700">Choose a month.</p>}
        {valid && returns === null && <p className="text-muted">Adding up the month…</p>}
        {returns && 'error' in returns && (
          <p role="alert" className="text-maroon-700">
            The returns could not be read: {returns.error}
          </p>
        )}
        {returns && 'b2cs' in returns && (
          <>
            <ReturnsView returns={returns} />
            <div className="flex flex-wrap gap-2">
              {PARTS.map(({ part, label }) => (
                <button
                  key={part}
                  type="button"
                  className="btn-outline px-4 py-2"
                  onClick={() => download(part)}
                >
                  {label} CSV
                </button>
              ))}
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

/** "GST returns": the month's figures for the accountant, on screen and as CSV files. */
export function GstReturnsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-outline" onClick={() => setOpen(true)}>
        GST returns
      </button>
      {open && <ReturnsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
