// Support: contact messages and complaints.
export { supportRoutes } from './routes';
