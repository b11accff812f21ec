// Invoicing: GST tax invoices and credit notes, issued as orders are paid and refunded.
export {
  backfillInvoices,
  InvoiceMismatchError,
  type IssuedDocument,
  invoiceOf,
  issueInvoice,
} from './issue';
export { renderDocumentPdf } from './pdf';
export { invoiceRoutes } from './routes';
export { orderDocuments } from './view';
