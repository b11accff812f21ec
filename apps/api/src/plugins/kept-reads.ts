import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type KeptAnswer,
  type KeptAnswerHeaders,
  type KeptForm,
  keptForm,
  keptHeaders,
} from '../lib/kept-answer';
import type { CatalogueCache } from '../modules/catalogue';
import type { SecurityHeaders } from './security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    /** the URLs whose GET is a kept answer: see `installKeptReads` */
    keptReads: KeptReads;
  }
}

export interface KeptReads {
  /** A GET of `url` was answered 200 with what the catalogue cache holds under `key`. */
  remember(url: string, key: string, headers: KeptAnswerHeaders): void;
}

/** Unknown URLs (a query string of the caller's choosing) push out the oldest beyond this. */
const MAX_URLS = 5_000;

interface Known {
  key: string;
  headers: KeptAnswerHeaders;
  /** the answer the written headers below were made for */
  answer: KeptAnswer | null;
  written: Partial<Record<KeptForm, Record<string, string>>>;
}

/**
 * The public reads and pages the catalogue cache keeps (decisions 019, 021, 023), answered as soon
 * as Fastify has routed the request and run its `onRequest` hooks, so the API's rate limit has
 * counted it and set its headers. The cache's answer goes out with the headers the handler's path
 * gives it (the rate limit's, the kept answer's, the security headers), made once per answer and
 * form; Fastify still runs the `onResponse` hooks, so the access log keeps its line. Skipped: body
 * parsing, the schema's check of the URL, the handler, Fastify's send and the `onSend` hooks,
 * which were most of what a kept answer cost.
 *
 * Only a URL whose GET the handler answered from the cache is known, and only while the cache
 * holds that answer: an invalidation, in this process or another, drops it from the cache and the
 * next request takes the handler's path, which loads it again. So does a form not made yet (the
 * first request for gzip).
 */
export function installKeptReads(
  app: FastifyInstance,
  options: { catalogue: CatalogueCache; security: SecurityHeaders },
): void {
  const { catalogue, security } = options;
  const known = new Map<string, Known>();

  app.decorate('keptReads', {
    remember(url, key, headers) {
      const held = known.get(url);
      if (held && held.key === key) return;
      known.set(url, { key, headers, answer: null, written: {} });
      if (known.size > MAX_URLS) {
        const oldest = known.keys().next().value;
        if (oldest !== undefined) known.delete(oldest);
      }
    },
  } satisfies KeptReads);

  const send = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const entry = known.get(request.url);
    if (!entry) return false;
    const answer = catalogue.peek<KeptAnswer>(entry.key);
    if (!answer) return false;
    const form = keptForm(
      answer,
      request.headers['if-none-match'],
      request.headers['accept-encoding'],
    );
    const body =
      form === 'not-modified' ? null : form === 'identity' ? answer.bytes : answer.ready.get(form);
    if (body === undefined) return false;
    if (entry.answer !== answer) {
      entry.answer = answer;
      entry.written = {};
    }
    let written = entry.written[form];
    if (!written) {
      written = {
        ...keptHeaders(answer, entry.headers, form),
        ...security.forUrl(request.url),
      };
      if (body) written['content-length'] = String(body.length);
      entry.written[form] = written;
    }
    reply.hijack();
    // The headers set so far (the rate limit's) come first, as Fastify's send would write them.
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    for (const name in written) headers[name] = written[name];
    const status = body ? 200 : 304;
    reply.raw.writeHead(status, headers);
    reply.raw.end(body ?? undefined);
    return true;
  };

  app.addHook('preParsing', (request, reply, payload, done) => {
    if (request.method !== 'GET' || !send(request, reply)) done(null, payload);
  });
}
