import type { CreditNote, TaxDocument } from '@makhana/domain/contracts/checkout';
import type { InvoiceLine, SaleLine } from '@makhana/domain/gst';
import { paiseToRupees } from '@makhana/domain/money';
import type { IssuedDocument } from './issue';

const amounts = (figures: Omit<InvoiceLine, keyof SaleLine>) => ({
  taxableValue: paiseToRupees(figures.taxablePaise),
  cgst: paiseToRupees(figures.cgstPaise),
  sgst: paiseToRupees(figures.sgstPaise),
  igst: paiseToRupees(figures.igstPaise),
  total: paiseToRupees(figures.totalPaise),
});

/** A tax document as the order view carries it: rupees, as every answer's amounts are. */
export function documentView(document: IssuedDocument): TaxDocument {
  return {
    number: document.number,
    issuedAt: document.issuedAt,
    placeOfSupply: document.placeOfSupply,
    taxType: document.taxType,
    ...amounts(document),
    lines: document.lines.map((line) => ({
      description: line.description,
      hsnCode: line.hsnCode,
      quantity: line.quantity,
      unitPrice: paiseToRupees(line.unitPricePaise),
      discount: paiseToRupees(line.discountPaise ?? 0),
      gstRate: line.gstRate,
      ...amounts(line),
    })),
  };
}

/** An order's documents, as its view carries them: the invoice, and its credit notes in order. */
export function orderDocuments(documents: IssuedDocument[]): {
  invoice: TaxDocument | null;
  creditNotes: CreditNote[];
} {
  const invoice = documents.find((document) => document.kind === 'invoice');
  return {
    invoice: invoice ? documentView(invoice) : null,
    creditNotes: documents
      .filter((document) => document.kind === 'credit_note')
      .map((note) => ({ ...documentView(note), invoiceNumber: note.invoice?.number ?? '' })),
  };
}
