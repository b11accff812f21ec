// Support: contact messages and complaints.
export { forgetCustomerMessages, removeInvoiceFiles } from './erased-customer';
export { messagesFrom, supportFigures } from './inbox';
export { supportRoutes } from './routes';
