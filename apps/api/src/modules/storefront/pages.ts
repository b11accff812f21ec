import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATALOGUE_PATH, catalogueSearch, readCatalogueQuery } from '@makhana/domain/filters';
import type { RenderedPage, ShopReads, StorefrontRender } from '@makhana/domain/served-page';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { type KeptAnswer, keepAnswer } from '../../lib/kept-answer';
import { type CatalogueCache, listBanners, listProducts, listReviews } from '../catalogue';
import { readShopIdentity } from '../shop';

/** A page as sent: its status, and the HTML kept with its ETag and compressed forms. */
export interface PageAnswer {
  status: number;
  answer: KeptAnswer;
  /** the catalogue cache's key of a kept page (a 200), so a repeat can be answered early */
  heldAs?: string;
  /** the path is none of the storefront's pages: the answer is the not-found page */
  unknown?: boolean;
}

export interface PageRenderer {
  /**
   * The page at `address` (a path with its query string), or null for a page the browser renders
   * on its own (the shell).
   */
  page(address: string): Promise<PageAnswer | null>;
  /** the storefront's pages with a path of their own, for the sitemap */
  listedPaths: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

const ROOT_ELEMENT = '<div id="root"></div>';
// The template's own title and description give way to the page's. Bounded runs, no backtracking.
const TEMPLATE_TITLE = /<title>[^<]{0,500}<\/title>/;
const TEMPLATE_DESCRIPTION = /<meta\s{1,10}name="description"[^>]{0,1000}>/;

/** The files a chunk needs, itself first, skipping those in `known` (which it fills in). */
function chunkFiles(
  manifest: Record<string, ManifestChunk>,
  key: string,
  known: Set<string>,
): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (at: string) => {
    const chunk = manifest[at];
    if (!chunk || known.has(chunk.file)) return;
    known.add(chunk.file);
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, styles };
}

/**
 * Which scripts a served page fetches, and when. The entry and what it imports statically (a few
 * KB) come at once; the code it imports dynamically (React DOM, the shell) and the page's own lazy
 * module wait until the page has loaded and its main picture has been painted: the entry fetches
 * them then, named in the page's `storefront-modules` meta, so the pictures and the font that draw
 * the page have a slow connection to themselves. Meanwhile a link opens its page as any link does, and a tap on a
 * button is kept and done once the page is live (src/main.tsx).
 */
function servedScripts(manifest: Record<string, ManifestChunk>) {
  const immediate = new Set<string>();
  chunkFiles(manifest, 'index.html', immediate);
  const deferred = new Set(immediate);
  const pieces = (manifest['index.html']?.dynamicImports ?? []).flatMap(
    (key) => chunkFiles(manifest, key, deferred).scripts,
  );
  return {
    pieces,
    /** the page's own module: its stylesheets in the head, its scripts with the pieces */
    page(source: string) {
      const { scripts, styles } = chunkFiles(manifest, source, new Set(deferred));
      const modules = [...pieces, ...scripts].map((file) => `/${file}`).join(' ');
      return [
        ...styles.map((file) => `<link rel="stylesheet" href="/${file}" />`),
        `<meta name="storefront-modules" content="${modules}" />`,
      ].join('');
    },
  };
}

/** Routes match whatever the case and a trailing slash: one key (and one render) for them all. */
function routeKey(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === '/') end -= 1;
  return pathname.slice(0, end).toLowerCase();
}

/**
 * Where the not-found page is kept: one render serves every unknown path (its head names no
 * canonical address), so a crawl of made-up paths renders nothing and keeps one entry.
 */
const NOT_FOUND_KEY = 'page:not-found';

/**
 * A page that is not kept (a product that is not in the catalogue): the cache drops a load that
 * fails, so it travels as one.
 */
class UncachedPage extends Error {
  constructor(readonly answer: PageAnswer | null) {
    super('page not kept');
  }
}

/**
 * Renders the storefront's public pages on the server from the built storefront (`dist`, the
 * template and Vite's manifest) and its server render (`dist-ssr`). Pages are kept in the catalogue
 * cache under their path, so a catalogue write renders them afresh in every process. Null when
 * either build is missing: the shell is served as before.
 */
export async function createPageRenderer(options: {
  distDir: string;
  ssrDir: string;
  db: Database;
  catalogue: CatalogueCache;
  /** canonical links and structured data name the shop's public address, never a request's Host */
  publicUrl: string;
  log: FastifyBaseLogger;
}): Promise<PageRenderer | null> {
  const { distDir, ssrDir, db, catalogue, publicUrl, log } = options;
  const templateFile = path.join(distDir, 'index.html');
  const entryFile = path.join(ssrDir, 'entry-server.js');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(templateFile) || !existsSync(entryFile) || !existsSync(manifestFile)) {
    return null;
  }
  const template = readFileSync(templateFile, 'utf8');
  if (!template.includes(ROOT_ELEMENT)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = (await import(pathToFileURL(entryFile).href)) as StorefrontRender;

  const scripts = servedScripts(manifest);
  let served = template
    .replace(TEMPLATE_TITLE, '')
    .replace(TEMPLATE_DESCRIPTION, '')
    // A served page paints without its scripts: they come after the stylesheet and the pictures.
    .replaceAll(
      '<script type="module" crossorigin',
      '<script type="module" crossorigin fetchpriority="low"',
    )
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" crossorigin fetchpriority="low"',
    );
  for (const file of scripts.pieces) {
    served = served.replace(
      `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`,
      '',
    );
  }
  const [before, after] = served.split(ROOT_ELEMENT) as [string, string];
  const headEnd = before.lastIndexOf('</head>');

  const reads: ShopReads = {
    products: () => catalogue.list(() => listProducts(db)),
    banners: () => catalogue.get('banners', () => listBanners(db)),
    identity: async () => (await readShopIdentity(db, catalogue)).identity,
    reviews: (productId, page, limit) =>
      catalogue.get(`reviews:${productId.toLowerCase()}:${page}:${limit}`, () =>
        listReviews(db, productId, { page, limit }),
      ),
  };

  const assemble = (page: RenderedPage) => {
    const head = page.head + scripts.page(page.source ?? '');
    const state =
      page.state === null
        ? ''
        : `<script type="application/json" id="served-state">${page.state}</script>`;
    return `${before.slice(0, headEnd)}${head}${before.slice(headEnd)}<div id="root">${page.html}</div>${state}${after}`;
  };

  /**
   * The query string a page is rendered with: the catalogue's filters and sort, in one canonical
   * form with what the catalogue does not offer dropped, so the kept pages are bounded by the
   * choices there are. Every other page reads nothing from its query string.
   */
  const pageSearch = async (pathname: string, query: string): Promise<string> => {
    if (pathname !== CATALOGUE_PATH) return '';
    return catalogueSearch(readCatalogueQuery(new URLSearchParams(query), await reads.products()));
  };

  /**
   * What the cache keeps of a page: the kept answer of the status it is kept as (a 200, or the
   * not-found page's 404), as the public reads keep theirs.
   */
  const render = async (address: string, keptStatus: number): Promise<KeptAnswer> => {
    const page = await entry.render(new URL(address, publicUrl).href, reads);
    if (!page) throw new UncachedPage(null);
    const answer = keepAnswer(assemble(page));
    if (page.status !== keptStatus) throw new UncachedPage({ status: page.status, answer });
    return answer;
  };

  return {
    listedPaths: entry.listedPaths(),
    async page(requested) {
      const mark = requested.indexOf('?');
      const pathname = routeKey(mark === -1 ? requested : requested.slice(0, mark));
      try {
        if (entry.isUnknownPath(pathname)) {
          const answer = await catalogue.get(NOT_FOUND_KEY, () => render(pathname, 404));
          return { status: 404, answer, unknown: true };
        }
        const search = await pageSearch(pathname, mark === -1 ? '' : requested.slice(mark + 1));
        const key = `page:${pathname}${search}`;
        const answer = await catalogue.get(key, () => render(`${pathname}${search}`, 200));
        return { status: 200, answer, heldAs: key };
      } catch (error) {
        if (error instanceof UncachedPage) return error.answer;
        // A page that cannot be rendered still works: the browser renders it from the shell.
        log.error({ err: error, pathname }, 'server render failed');
        return null;
      }
    },
  };
}
