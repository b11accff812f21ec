/**
 * The month's GST returns of a B2C seller (GSTR-1): B2C (small) by place of supply and rate, the
 * HSN summary, and the documents issued, all from the tax documents issued in the month (India's
 * time). A credit note counts against the month it was issued in, its amounts subtracted.
 */
import type { GstReturns } from '@makhana/domain/contracts/invoicing';
import { monthInstants, SHIPPING_DESCRIPTION } from '@makhana/domain/gst';
import { paiseToRupees } from '@makhana/domain/money';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rawRows } from '../../db/raw';
import { csvLine } from '../../lib/csv';

/** Invoices add, credit notes subtract. */
const SIGN = sql`case when d.kind = 'credit_note' then -1 else 1 end`;

/** The parts of the returns, each a CSV file of its own. */
export type ReturnsPart = 'b2cs' | 'hsn' | 'documents';

/**
 * The month's returns; with `only`, just that part is read (the others come back empty), which
 * is what its CSV needs: each part reads every document line of the month once more.
 */
export async function gstReturns(
  db: Executor,
  month: string,
  only?: ReturnsPart,
): Promise<GstReturns> {
  const { start, end } = monthInstants(month);
  const inMonth = sql`d.issued_at >= ${start.toISOString()}::timestamptz
    and d.issued_at < ${end.toISOString()}::timestamptz`;
  const wanted = (part: ReturnsPart) => !only || only === part;
  const none = Promise.resolve([] as Record<string, unknown>[]);
  const [b2cs, hsn, documents] = await Promise.all([
    !wanted('b2cs')
      ? none
      : rawRows(
          db,
          sql`select d.place_of_supply_code as code, d.place_of_supply_state as state,
            l.gst_rate as rate,
            sum(${SIGN} * l.taxable_paise)::bigint as taxable,
            sum(${SIGN} * l.cgst_paise)::bigint as cgst, sum(${SIGN} * l.sgst_paise)::bigint as sgst,
            sum(${SIGN} * l.igst_paise)::bigint as igst
          from tax_documents d join tax_document_lines l on l.document_id = d.id
          where ${inMonth}
          group by d.place_of_supply_code, d.place_of_supply_state, l.gst_rate
          order by d.place_of_supply_code, d.place_of_supply_state, l.gst_rate`,
        ),
    !wanted('hsn')
      ? none
      : rawRows(
          db,
          sql`select l.hsn_code as hsn,
            coalesce(min(l.description) filter (where l.description <> ${SHIPPING_DESCRIPTION}),
              ${SHIPPING_DESCRIPTION}) as description,
            coalesce(sum(${SIGN} * l.quantity) filter (where l.description <> ${SHIPPING_DESCRIPTION}), 0)::bigint as quantity,
            sum(${SIGN} * l.total_paise)::bigint as total,
            sum(${SIGN} * l.taxable_paise)::bigint as taxable,
            sum(${SIGN} * l.cgst_paise)::bigint as cgst, sum(${SIGN} * l.sgst_paise)::bigint as sgst,
            sum(${SIGN} * l.igst_paise)::bigint as igst
          from tax_documents d join tax_document_lines l on l.document_id = d.id
          where ${inMonth}
          group by l.hsn_code order by l.hsn_code`,
        ),
    !wanted('documents')
      ? none
      : rawRows(
          db,
          sql`select d.kind, count(*)::int as count,
            (array_agg(d.number order by d.financial_year, d.serial))[1] as first,
            (array_agg(d.number order by d.financial_year desc, d.serial desc))[1] as last
          from tax_documents d where ${inMonth} group by d.kind`,
        ),
  ]);
  const money = (value: unknown) => paiseToRupees(Number(value));
  const documentsOf = (kind: string) => documents.find((row) => row.kind === kind);
  const invoices = documentsOf('invoice');
  const notes = documentsOf('credit_note');
  return {
    month,
    b2cs: b2cs.map((row) => ({
      placeOfSupply: row.code ? `${row.code}-${row.state}` : String(row.state),
      gstRate: Number(row.rate),
      taxableValue: money(row.taxable),
      cgst: money(row.cgst),
      sgst: money(row.sgst),
      igst: money(row.igst),
    })),
    hsn: hsn.map((row) => ({
      hsnCode: String(row.hsn),
      description: String(row.description),
      unit: 'NOS',
      quantity: Number(row.quantity),
      totalValue: money(row.total),
      taxableValue: money(row.taxable),
      cgst: money(row.cgst),
      sgst: money(row.sgst),
      igst: money(row.igst),
    })),
    documents: {
      invoices: {
        from: (invoices?.first as string | undefined) ?? null,
        to: (invoices?.last as string | undefined) ?? null,
        count: Number(invoices?.count ?? 0),
        // An issued invoice is never cancelled: money given back is a credit note.
        cancelled: 0,
      },
      creditNotes: {
        from: (notes?.first as string | undefined) ?? null,
        to: (notes?.last as string | undefined) ?? null,
        count: Number(notes?.count ?? 0),
      },
    },
  };
}

const amount = (rupees: number) => rupees.toFixed(2);

/** A byte-order mark first, so a spreadsheet reads the file as UTF-8. */
const BOM = '\ufeff';

/** One part of the returns as CSV, with the column names of GSTR-1's offline tool. */
export function gstReturnsCsv(returns: GstReturns, part: ReturnsPart): string {
  return BOM + csvOf(returns, part);
}

function csvOf(returns: GstReturns, part: ReturnsPart): string {
  if (part === 'b2cs') {
    return [
      csvLine([
        'Type',
        'Place Of Supply',
        'Rate',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
        'Cess Amount',
      ]),
      ...returns.b2cs.map((row) =>
        csvLine([
          'OE',
          row.placeOfSupply,
          row.gstRate,
          amount(row.taxableValue),
          amount(row.igst),
          amount(row.cgst),
          amount(row.sgst),
          '0.00',
        ]),
      ),
    ].join('');
  }
  if (part === 'hsn') {
    return [
      csvLine([
        'HSN',
        'Description',
        'UQC',
        'Total Quantity',
        'Total Value',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
        'Cess Amount',
      ]),
      ...returns.hsn.map((row) =>
        csvLine([
          row.hsnCode,
          row.description,
          `${row.unit}-NUMBERS`,
          row.quantity,
          amount(row.totalValue),
          amount(row.taxableValue),
          amount(row.igst),
          amount(row.cgst),
          amount(row.sgst),
          '0.00',
        ]),
      ),
    ].join('');
  }
  const { invoices, creditNotes } = returns.documents;
  return [
    csvLine(['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled']),
    csvLine([
      'Invoices for outward supply',
      invoices.from ?? '',
      invoices.to ?? '',
      invoices.count,
      invoices.cancelled,
    ]),
    csvLine(['Credit Note', creditNotes.from ?? '', creditNotes.to ?? '', creditNotes.count, 0]),
  ].join('');
}
