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
  /** the body's UTF-8 bytes, for answers written without Fastify's send */
  bytes: Buffer;
  etag: string;
  compressed: Map<Encoding, Promise<Buffer>>;
  /** the compressed forms already made, for answers that cannot wait for one */
  ready: Map<Encoding, Buffer>;
}

/** How a kept answer is sent: its type and caching, and the catalogue cache's key it is held under. */
export interface KeptAnswerHeaders {
  contentType: string;
  cacheControl: string;
  /**
   * The key under which the catalogue cache holds the answer; given, a repeat of the request is
   * answered from the cache before Fastify's later steps (plugins/kept-reads.ts) while it holds it.
   */
  heldAs?: string;
}

/** Which form of a kept answer a request gets: a 304, the body as it is, or compressed. */
export type KeptForm = Encoding | 'identity' | 'not-modified';

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

// Browsers send one of a handful of Accept-Encoding headers, over and over: the last one's answer
// is kept rather than parsed again.
let lastAcceptEncoding: string | undefined;
let lastEncoding: Encoding | null = null;

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 asks). */
export function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Tags `body` for keeping. */
export function keepAnswer(body: string): KeptAnswer {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, bytes: Buffer.from(body), etag, compressed: new Map(), ready: new Map() };
}

/** The form a request with these headers gets. */
export function keptForm(
  answer: KeptAnswer,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): KeptForm {
  if (matchesTag(ifNoneMatch, answer.etag)) return 'not-modified';
  if (answer.bytes.length < COMPRESS_FROM_BYTES) return 'identity';
  if (acceptEncoding !== lastAcceptEncoding) {
    lastEncoding = acceptedEncoding(acceptEncoding);
    lastAcceptEncoding = acceptEncoding;
  }
  return lastEncoding ?? 'identity';
}

/**
 * The headers of a kept answer in one form, in the order they are written. Every encoding carries
 * the one ETag (decision 019).
 */
export function keptHeaders(
  answer: KeptAnswer,
  headers: KeptAnswerHeaders,
  form: KeptForm,
): Record<string, string> {
  const written: Record<string, string> = {
    etag: answer.etag,
    'cache-control': headers.cacheControl,
  };
  if (form === 'not-modified') return written;
  written['content-type'] = headers.contentType;
  if (answer.bytes.length < COMPRESS_FROM_BYTES) return written;
  written.vary = 'accept-encoding';
  if (form !== 'identity') written['content-encoding'] = form;
  return written;
}

/** The kept answer compressed, made on the first request that asks for this encoding. */
export function compressedForm(answer: KeptAnswer, encoding: Encoding): Promise<Buffer> {
  let compressed = answer.compressed.get(encoding);
  if (!compressed) {
    compressed = compress(encoding, answer.body);
    compressed.then(
      (bytes) => answer.ready.set(encoding, bytes),
      () => answer.compressed.delete(encoding),
    );
    answer.compressed.set(encoding, compressed);
  }
  return compressed;
}

/**
 * The kept answer, compressed as the caller accepts, or 304 with no body when the caller already
 * holds it.
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptAnswer,
  headers: KeptAnswerHeaders,
): Promise<FastifyReply> {
  if (headers.heldAs && request.method === 'GET' && reply.statusCode === 200) {
    request.server.keptReads.remember(request.url, headers.heldAs, headers);
  }
  const form = keptForm(
    answer,
    request.headers['if-none-match'],
    request.headers['accept-encoding'],
  );
  reply.headers(keptHeaders(answer, headers, form));
  if (form === 'not-modified') return reply.code(304).send();
  if (form === 'identity') return reply.send(answer.body);
  return reply.send(await compressedForm(answer, form));
}
