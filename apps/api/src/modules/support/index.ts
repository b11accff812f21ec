// Support: contact messages and complaints.
export { forgetCustomerMessages } from './erased-customer';
export { supportRoutes } from './routes';
