import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure } from '../lib/envelope';

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
 * The built storefront: hashed `/assets/*` cached for a year, `index.html` revalidated on every
 * visit, and `index.html` for every page path so deep links and reloads work.
 * Returns false (and serves nothing) when the build is missing.
 */
export async function registerStorefront(
  app: FastifyInstance,
  distDir: string | null,
): Promise<boolean> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const available = Boolean(distDir && indexFile && existsSync(indexFile));

  if (available && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      cacheControl: false,
      dotfiles: 'ignore',
      setHeaders(res, filePath) {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        if (relative.startsWith('assets/')) res.setHeader('cache-control', IMMUTABLE);
        else if (relative.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (available && isRead && isPagePath(request.url)) {
      return reply.code(200).sendFile('index.html');
    }
    const message = API_PATH.test(request.url) ? 'Route not found' : 'Not found';
    return reply.code(404).send(failure(404, message));
  });
  return available;
}
