// Accounts: customers and their addresses, the owner and the owner's second factor, sessions,
// one-time codes, Google sign-in codes and sign-in failures.
export { adminRoutes } from './admins/routes';
export {
  ensureOwnerAccount,
  ownersWithDevelopmentPassword,
  ownersWithoutSecondFactor,
  refuseDevelopmentOwnerPassword,
  setOwnerPassword,
} from './admins/service';
export { authPlugin, type RouteRealm, SECURITY_SCHEMES } from './auth/plugin';
export { SESSIONS_TOPIC, SessionService } from './auth/service';
export { deriveKey, SESSION_EXPIRED } from './auth/tokens';
export { customerErasureRoutes } from './users/erase-routes';
export { userRoutes } from './users/routes';
