import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/form-field';
import { errorMessage, saveBlob } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { fetchOwnerFile } from './owner-file';

/** The longest range one export may cover, both ends counted: a year, a leap year too. */
export const EXPORT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export const exportRangeSchema = z
  .object({
    from: z.string().regex(isoDay, 'Choose the first day'),
    to: z.string().regex(isoDay, 'Choose the last day'),
  })
  .refine((range) => range.from <= range.to, {
    message: 'The last day must not be before the first day',
    path: ['to'],
  })
  .refine((range) => daysBetween(range.from, range.to) + 1 <= EXPORT_MAX_DAYS, {
    message: `Export at most ${EXPORT_MAX_DAYS} days at a time`,
    path: ['to'],
  });

export type ExportRange = z.infer<typeof exportRangeSchema>;

// The server counts India's calendar days, so the form's "this month" is India's month too.
const indiaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** From the 1st of this month to today, in India's time. */
export function thisMonthInIndia(now: Date = new Date()): ExportRange {
  const today = indiaDay.format(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

function ExportForm({ onDone }: { onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ExportRange>({
    resolver: zodResolver(exportRangeSchema),
    defaultValues: thisMonthInIndia(),
  });

  const submit = handleSubmit(async ({ from, to }) => {
    setFailure(null);
    try {
      const query = new URLSearchParams({ from, to });
      const { blob, filename } = await fetchOwnerFile(`/orders/export?${query}`);
      saveBlob(blob, filename ?? `orders-${from}-to-${to}.csv`);
      toast.success('The orders were exported');
      onDone();
    } catch (error) {
      setFailure(`The export failed: ${errorMessage(error)}`);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Export orders as CSV" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="First day"
          type="date"
          registration={register('from')}
          error={errors.from?.message}
        />
        <TextField
          label="Last day"
          type="date"
          registration={register('to')}
          error={errors.to?.message}
        />
      </div>
      <p className="text-sm text-muted">
        Orders paid on these days, both included, in India's time, one line per item; at most{' '}
        {EXPORT_MAX_DAYS} days.
      </p>
      {failure && (
        <p role="alert" className="text-sm font-medium text-maroon-700">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Exporting…' : 'Download CSV'}
        </button>
      </div>
    </form>
  );
}

/** "Export CSV": the accountant's file of the orders paid between two days. */
export function OrderExport() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-outline" onClick={() => setOpen(true)}>
        Export CSV
      </button>
      {open && (
        <Dialog
          title="Export orders"
          description="A CSV file for the accountant."
          onClose={() => setOpen(false)}
          size="sm"
        >
          <ExportForm onDone={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}
