import type { LoggerOptions } from 'pino';
import { requestIdMixin } from './request-id';

/**
 * Paths whose query string carries a secret: the OpenID Connect callback (`code`, `state`), the
 * storefront page that receives the single-use hand-off code, and a ticket's thread opened with
 * its link's key (`token`). Other query strings (filters, searches) stay in the logs, where they
 * help.
 */
const SECRET_QUERY_PATHS = [
  '/api/v1/users/auth/',
  '/google-login',
  '/api/v1/supports/ticket/',
  '/api/v1/supports/reply/',
];

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The URL as a log may keep it: without the query string when the path is a sign-in step. */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const path = url.slice(0, mark);
  // The router may read an encoded or differently cased path as the same route.
  const plain = decoded(path)
    .toLowerCase()
    .replace(/\/{2,}/g, '/');
  return SECRET_QUERY_PATHS.some((prefix) => plain.startsWith(prefix)) ? path : url;
}

/** What Fastify hands the `req` serializer: its request, or Node's for errors before routing. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number } | null;
}

/** Fastify's own request serializer, but with `loggedUrl`. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url ?? ''),
    host: request.host ?? request.headers?.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The API's pino options: secrets in headers and sign-in URLs never reach a log line. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest },
    mixin: requestIdMixin,
  };
}
