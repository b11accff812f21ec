import type { FastifyReply, FastifyRequest } from 'fastify';
import { type KeptAnswer, keepAnswer, sendKept } from '../../../lib/kept-answer';

/**
 * A public read's answer as sent: the body written once through the route's response schema
 * (decision 014), kept with its ETag and its compressed forms.
 */
export type PreparedAnswer = KeptAnswer;

/**
 * Browsers and proxies may keep the answer but ask again each time (a 304 costs one lookup here),
 * so a write is seen on the next visit rather than after a max-age.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, no-cache';

/**
 * The route options of a kept read: its answer is compressed once (see `sendPrepared`), so
 * `@fastify/compress`'s hooks on every request would only check and step aside; and the API
 * document declares its ETag and 304.
 */
export const KEPT_READ = {
  compress: false,
  decompress: false,
  config: { etag: true },
} as const;

/** What the API document says of these routes. */
export const REVALIDATED =
  'Carries an `ETag` and `Cache-Control: public, no-cache`; a request whose `If-None-Match` names the ETag is answered 304 without a body.';

/** Writes `payload` through the route's 200 schema, as Fastify would, and tags the bytes. */
export function prepareAnswer(reply: FastifyReply, payload: object): PreparedAnswer {
  const serialize = reply.getSerializationFunction('200');
  if (!serialize) throw new Error(`no 200 answer schema on ${reply.request.routeOptions.url}`);
  return keepAnswer(serialize(payload as Record<string, unknown>));
}

/**
 * The answer, compressed as the caller accepts, or 304 with no body when the caller holds it.
 * `heldAs` names the catalogue cache's key of a kept answer: repeats are then answered early
 * (plugins/kept-reads.ts) while the cache holds it.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  heldAs?: string,
): Promise<FastifyReply> {
  return sendKept(request, reply, answer, {
    contentType: 'application/json; charset=utf-8',
    cacheControl: PUBLIC_READ_CACHE_CONTROL,
    ...(heldAs ? { heldAs } : {}),
  });
}
