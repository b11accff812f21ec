import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { type CatalogueCache, listProducts } from '../catalogue';

/** The areas a crawler has no business in: a shopper's own pages, the owner's, and the API. */
const PRIVATE_PATHS = [
  '/api/',
  '/cart',
  '/checkout',
  '/dashboard',
  '/order-status/',
  '/login',
  '/register',
  '/google-login',
  '/undo-email-change',
  '/owner/',
  '/raise-complaint',
  '/support/',
];

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** `/robots.txt` and `/sitemap.xml`: every public page and product, for search engines. */
export const crawlerRoutes: FastifyPluginAsync<{
  db: Database;
  catalogue: CatalogueCache;
  publicUrl: string;
  listedPaths: string[];
}> = async (app, { db, catalogue, publicUrl, listedPaths }) => {
  const origin = publicUrl.replace(/\/$/, '');
  const robots = [
    'User-agent: *',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = await catalogue.get('sitemap', async () => {
      const products = await catalogue.list(() => listProducts(db));
      const urls = [
        ...listedPaths.map((path) => `<url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`),
        ...products.map(
          (product) =>
            `<url><loc>${escapeXml(`${origin}/product/${encodeURIComponent(product._id)}`)}</loc><lastmod>${product.updatedAt.slice(0, 10)}</lastmod></url>`,
        ),
      ];
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    });
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, no-cache')
      .send(xml);
  });
};
