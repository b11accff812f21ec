import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from '../lib/envelope';
import { TooManyRequestsError } from '../lib/errors';
import { sendKept } from '../lib/kept-answer';
import type { PageRenderer } from '../modules/storefront';
import type { RequestBudget } from './rate-limit';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `/uploads/*` from DATA_DIR/uploads: names never change meaning, so they are cached for a year. */
export async function registerUploads(app: FastifyInstance, uploadsDir: string): Promise<void> {
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
    setHeaders(res) {
      res.setHeader('cache-control', IMMUTABLE);
    },
  });
}

const API_PATH = /^\/api(\/|$)/;
const FILE_PATH = /^\/(assets|uploads)\/|\.[a-z0-9]{1,8}$/i;

/** A path the single-page app answers: not the API, not a file that should 404 when missing. */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return !API_PATH.test(pathname) && !FILE_PATH.test(pathname);
}

/**
 * The built storefront: hashed `/assets/*` cached for a year, and every page path answered with
 * its page rendered on the server (`pages`) or else `index.html`, revalidated on every visit, so
 * deep links and reloads work. Returns false (and serves nothing) when the build is missing.
 */
export async function registerStorefront(
  app: FastifyInstance,
  distDir: string | null,
  pages: PageRenderer | null = null,
  /** the budget an unknown page path draws on, like an API call; null counts nothing */
  unknownPages: RequestBudget | null = null,
): Promise<boolean> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const available = Boolean(distDir && indexFile && existsSync(indexFile));

  if (available && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // The build writes brotli and gzip forms beside each text file (apps/web/vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'ignore',
      // Pages are rendered (or sent as index.html) by the handlers below, never as a bare file.
      index: false,
      setHeaders(res, filePath) {
        // Which form was sent follows the caller's Accept-Encoding: caches keep them apart.
        res.setHeader('vary', 'accept-encoding');
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        if (relative.startsWith('assets/')) res.setHeader('cache-control', IMMUTABLE);
        else if (relative.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = pages ? await pages.page(request.url) : null;
    if (page?.unknown && unknownPages) {
      // A crawl of made-up paths costs as much as one of API calls.
      const wait = await unknownPages(request);
      if (wait !== null) {
        void reply.header('retry-after', wait);
        throw new TooManyRequestsError();
      }
    }
    // The same for every visitor, revalidated on every visit.
    if (page) {
      return sendKept(request, reply.code(page.status), page.answer, {
        contentType: 'text/html; charset=utf-8',
        cacheControl: 'public, no-cache',
        ...(page.heldAs ? { heldAs: page.heldAs } : {}),
      });
    }
    return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
  };
  // The static files' wildcard would answer `/` as a directory.
  if (available) app.get('/', { schema: { hide: true } }, servePage);

  app.setNotFoundHandler(async (request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (available && isRead && isPagePath(request.url)) return servePage(request, reply);
    const message = API_PATH.test(request.url) ? 'Route not found' : 'Not found';
    return reply.code(404).send(failure(404, message, [], null, request.id));
  });
  return available;
}
