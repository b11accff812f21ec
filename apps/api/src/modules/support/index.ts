// Support: contact messages and complaints.
export { forgetCustomerMessages, removeInvoiceFiles } from './erased-customer';
export { countOpenMessages, messagesFrom } from './inbox';
export { supportRoutes } from './routes';
