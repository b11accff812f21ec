import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesTag } from '../../../lib/etag';

/**
 * A public read's answer as sent: the body written once through the route's response schema
 * (decision 014), and its ETag, a hash of those bytes. A cache hit sends both as they are.
 */
export interface PreparedAnswer {
  body: string;
  etag: string;
}

/**
 * Browsers and proxies may keep the answer but ask again each time (a 304 costs one lookup here),
 * so a write is seen on the next visit rather than after a max-age.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, no-cache';

/** What the API document says of these routes. */
export const REVALIDATED =
  'Carries an `ETag` and `Cache-Control: public, no-cache`; a request whose `If-None-Match` names the ETag is answered 304 without a body.';

/** Writes `payload` through the route's 200 schema, as Fastify would, and tags the bytes. */
export function prepareAnswer(reply: FastifyReply, payload: object): PreparedAnswer {
  const serialize = reply.getSerializationFunction('200');
  if (!serialize) throw new Error(`no 200 answer schema on ${reply.request.routeOptions.url}`);
  const body = serialize(payload as Record<string, unknown>);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, etag };
}

/** The answer, or 304 with no body when the caller already holds it. */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', PUBLIC_READ_CACHE_CONTROL);
  if (matchesTag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
