// Invoicing: GST tax invoices and credit notes, issued as orders are paid and refunded.
export {
  backfillInvoices,
  creditNotesOf,
  InvoiceMismatchError,
  type IssuedDocument,
  invoiceOf,
  issueCreditNote,
  issueInvoice,
} from './issue';
export { renderDocumentPdf } from './pdf';
export { invoiceRoutes } from './routes';
export { orderDocuments } from './view';
