import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * An answer kept to be sent many times (a public read, a page rendered on the server): its body,
 * its ETag, a hash of those bytes, and the body compressed once per encoding a caller asked for.
 * Sending one costs a lookup: compressing a stream per answer cost more than everything else.
 */
export interface KeptAnswer {
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

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 asks). */
export function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Tags `body` for keeping. */
export function keepAnswer(body: string): KeptAnswer {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, etag, compressed: new Map() };
}

/**
 * The kept answer, compressed as the caller accepts, or 304 with no body when the caller already
 * holds it. Every encoding carries the one ETag (decision 019).
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptAnswer,
  headers: { contentType: string; cacheControl: string },
): Promise<FastifyReply> {
  reply.header('etag', answer.etag).header('cache-control', headers.cacheControl);
  if (matchesTag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type(headers.contentType);
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
