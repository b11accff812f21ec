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
