import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config/config';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Longer than any proxy's id (nginx's `$request_id` is 32 hex digits, a UUID 36 characters). */
const MAX_LENGTH = 128;
// Written into every log line of the request and into its answer's header: nothing else.
const SAFE_ID = /^[A-Za-z0-9._:-]+$/;

/**
 * Fastify's `genReqId`: the `X-Request-Id` a trusted proxy (as `TRUST_PROXY` names it, the same
 * trust X-Forwarded-For gets) set, so the proxy's log and the shop's share an id; else a new UUID.
 * A client's own header is not taken when nothing trusted stands between it and the shop, nor one
 * too long or with characters beyond letters, digits and `._:-`.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  const trusted =
    trustProxy === false
      ? () => false
      : typeof trustProxy === 'function'
        ? (address: string) => trustProxy(address, 0)
        : (() => {
            const inList = proxyAddr.compile(trustProxy);
            return (address: string) => inList(address, 0);
          })();
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (
      typeof given === 'string' &&
      given.length > 0 &&
      given.length <= MAX_LENGTH &&
      SAFE_ID.test(given) &&
      trusted(request.socket.remoteAddress ?? '')
    ) {
      return given;
    }
    return randomUUID();
  };
}

/**
 * The id of the request whose work is running, for log lines written by the shop's own logger
 * (a payment provider's failure, a mail that could not go) as well as the request's.
 */
export const requestScope = new AsyncLocalStorage<string>();

/** pino's `mixin`: every line written while a request's work runs names it. */
export function requestIdMixin(): { reqId?: string } {
  const id = requestScope.getStore();
  return id === undefined ? {} : { reqId: id };
}
