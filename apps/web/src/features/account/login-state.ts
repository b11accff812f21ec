import type { Location } from 'react-router';

/** Navigation state that /login reads: where to return, and a code already sent by sign-up. */
export interface LoginNavState {
  from?: string | Pick<Location, 'pathname' | 'search' | 'hash'>;
  email?: string;
  step?: 'otp';
  sentAt?: number;
}

export function readLoginState(state: unknown): LoginNavState {
  return typeof state === 'object' && state !== null ? (state as LoginNavState) : {};
}

/** Where a sign-in returns: the asked-for page, the gated page it was shown on, else home. */
export function returnPath(location: Pick<Location, 'pathname' | 'search' | 'state'>): string {
  const { from } = readLoginState(location.state);
  if (typeof from === 'string' && from.startsWith('/')) return from;
  if (from && typeof from === 'object' && from.pathname) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return location.pathname === '/login' || location.pathname === '/register'
    ? '/'
    : `${location.pathname}${location.search}`;
}

const GOOGLE_RETURN_KEY = 'googleSignInReturn';

/** A path of this shop: one leading slash, never `//host` (which a browser reads as another site). */
const isShopPath = (path: string) => path.startsWith('/') && !path.startsWith('//');

/**
 * Google's sign-in leaves the shop and comes back to /google-login, losing the router's state: the
 * page to return to waits in this tab's session storage (a path, nothing secret).
 */
export function rememberGoogleReturn(path: string): void {
  try {
    sessionStorage.setItem(GOOGLE_RETURN_KEY, path);
  } catch {
    // Storage refused (private mode, quota): the shopper lands on the home page instead.
  }
}

/** Where Google's sign-in returns, once: the remembered page, else home. */
export function takeGoogleReturn(): string {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(GOOGLE_RETURN_KEY);
    sessionStorage.removeItem(GOOGLE_RETURN_KEY);
  } catch {
    return '/';
  }
  return path && isShopPath(path) ? path : '/';
}
