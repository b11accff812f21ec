import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesTag } from '../../../lib/etag';

type Encoding = 'br' | 'gzip';

/**
 * A public read's answer as sent: the body written once through the route's response schema
 * (decision 014), its ETag, a hash of those bytes, and the body compressed once per encoding a
 * caller asked for. A cache hit sends them as they are: compressing a stream per answer cost
 * more than everything else a hit does.
 */
export interface PreparedAnswer {
  body: string;
  etag: string;
  compressed: Map<Encoding, Promise<Buffer>>;
}

// As app.ts's compression: a smaller body gains too little to be worth compressing.
const COMPRESS_FROM_BYTES = 1024;
// Once per fill rather than per answer, so a little above the per-answer quality of app.ts, while
// a catalogue of thousands of products still compresses in a fraction of a second.
const BROTLI_QUALITY = 5;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function compress(encoding: Encoding, body: string): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipped(body);
}

/** The encoding to answer with: the caller's preference by q-value, brotli among equals. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name === 'x-gzip' ? 'gzip' : name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const [br, gz] = [weight('br'), weight('gzip')];
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/**
 * Browsers and proxies may keep the answer but ask again each time (a 304 costs one lookup here),
 * so a write is seen on the next visit rather than after a max-age.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, no-cache';

/**
 * The route options of a kept read: its answer is compressed once (see `sendPrepared`), so
 * `@fastify/compress`'s hooks on every request would only check and step aside.
 */
export const COMPRESSES_ITSELF = { compress: false, decompress: false } as const;

/** What the API document says of these routes. */
export const REVALIDATED =
  'Carries an `ETag` and `Cache-Control: public, no-cache`; a request whose `If-None-Match` names the ETag is answered 304 without a body.';

/** Writes `payload` through the route's 200 schema, as Fastify would, and tags the bytes. */
export function prepareAnswer(reply: FastifyReply, payload: object): PreparedAnswer {
  const serialize = reply.getSerializationFunction('200');
  if (!serialize) throw new Error(`no 200 answer schema on ${reply.request.routeOptions.url}`);
  const body = serialize(payload as Record<string, unknown>);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, etag, compressed: new Map() };
}

/**
 * The answer, compressed as the caller accepts, or 304 with no body when the caller already
 * holds it. Every encoding carries the one ETag (decision 019).
 */
export async function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): Promise<FastifyReply> {
  reply.header('etag', answer.etag).header('cache-control', PUBLIC_READ_CACHE_CONTROL);
  if (matchesTag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (answer.body.length < COMPRESS_FROM_BYTES) return reply.send(answer.body);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.body);
  let compressed = answer.compressed.get(encoding);
  if (!compressed) {
    compressed = compress(encoding, answer.body);
    answer.compressed.set(encoding, compressed);
  }
  return reply.header('content-encoding', encoding).send(await compressed);
}
