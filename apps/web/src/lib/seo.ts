import { SITE } from '@makhana/domain/site';
import { createContext, useContext, useEffect } from 'react';

export interface PageMeta {
  title?: string;
  description?: string;
  /** a path such as /product/123; the canonical link is the site root plus this path */
  canonicalPath?: string;
  /**
   * keep the page out of search engines (the owner's pages, a missing page); such a page names no
   * canonical address, so its head is the same whatever path it was asked for
   */
  noindex?: boolean;
  /** the picture a shared link shows: a path on this shop or an address */
  image?: string;
  /** schema.org data for the page, given the site's origin (links in it are absolute) */
  structuredData?: (origin: string) => Record<string, unknown>;
}

export const DEFAULT_TITLE = `${SITE.brand} | Premium organic makhana from Bihar`;

/** What a shared link to a page without a picture of its own shows (1200x630, as link previews want). */
export const DEFAULT_SHARE_IMAGE = '/images/og-image.jpg';

/**
 * Where a page rendered on the server leaves its meta: effects do not run there, so the page's
 * `usePageMeta` call records it during the render and the server writes it into the head.
 */
export interface ServerHead {
  origin: string;
  pathname: string;
  meta: PageMeta;
}

export const ServerHeadContext = createContext<ServerHead | null>(null);

interface ResolvedHead {
  title: string;
  description: string;
  robots: string;
  /** null for a page kept out of search engines */
  canonical: string | null;
  image: string;
  ogType: 'product' | 'website';
  structuredData: string | null;
}

function resolveHead(meta: PageMeta, origin: string, pathname: string): ResolvedHead {
  const data = meta.structuredData?.(origin) ?? null;
  const image = meta.image ?? DEFAULT_SHARE_IMAGE;
  return {
    title: meta.title ?? DEFAULT_TITLE,
    description: meta.description ?? SITE.description,
    robots: meta.noindex ? 'noindex, nofollow' : 'index, follow',
    canonical: meta.noindex ? null : `${origin}${meta.canonicalPath ?? pathname}`,
    image: /^https?:\/\//.test(image) ? image : `${origin}${image}`,
    ogType: data?.['@type'] === 'Product' ? 'product' : 'website',
    // `<` escaped: no text in the data can close the script element.
    structuredData: data ? JSON.stringify(data).replace(/</g, '\\u003c') : null,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head's tags for a page rendered on the server. */
export function renderHead(head: ServerHead): string {
  const h = resolveHead(head.meta, head.origin, head.pathname);
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(h.title)}</title>`,
    meta('name', 'description', h.description),
    meta('name', 'robots', h.robots),
    ...(h.canonical ? [`<link rel="canonical" href="${escapeHtml(h.canonical)}" />`] : []),
    meta('property', 'og:site_name', SITE.brand),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:type', h.ogType),
    meta('property', 'og:title', h.title),
    meta('property', 'og:description', h.description),
    ...(h.canonical ? [meta('property', 'og:url', h.canonical)] : []),
    meta('property', 'og:image', h.image),
    meta('name', 'twitter:card', 'summary_large_image'),
    ...(h.structuredData
      ? [`<script type="application/ld+json">${h.structuredData}</script>`]
      : []),
  ];
  return tags.join('');
}

function setTag(selector: string, create: () => HTMLElement, apply: (el: HTMLElement) => void) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  apply(element);
}

function setMeta(attr: 'name' | 'property', key: string, content: string | null): void {
  const selector = `meta[${attr}="${key}"]`;
  if (content === null) {
    document.head.querySelector(selector)?.remove();
    return;
  }
  setTag(
    selector,
    () => {
      const element = document.createElement('meta');
      element.setAttribute(attr, key);
      return element;
    },
    (element) => element.setAttribute('content', content),
  );
}

/** The same head in the browser, after a move to another page. */
function applyHead(h: ResolvedHead): void {
  document.title = h.title;
  setMeta('name', 'description', h.description);
  setMeta('name', 'robots', h.robots);
  const { canonical } = h;
  if (canonical === null) document.head.querySelector('link[rel="canonical"]')?.remove();
  else {
    setTag(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      (element) => element.setAttribute('href', canonical),
    );
  }
  setMeta('property', 'og:type', h.ogType);
  setMeta('property', 'og:title', h.title);
  setMeta('property', 'og:description', h.description);
  setMeta('property', 'og:url', h.canonical);
  setMeta('property', 'og:image', h.image);
  const data = document.head.querySelector('script[type="application/ld+json"]');
  if (!h.structuredData) data?.remove();
  else if (data) data.textContent = h.structuredData;
  else {
    const script = Object.assign(document.createElement('script'), {
      type: 'application/ld+json',
      textContent: h.structuredData,
    });
    document.head.appendChild(script);
  }
}

/**
 * Page title, description, canonical link, sharing tags and structured data; defaults describe
 * the premium makhana shop.
 */
export function usePageMeta(meta: PageMeta): void {
  const server = useContext(ServerHeadContext);
  if (server) server.meta = meta;
  const head = server ? null : resolveHead(meta, window.location.origin, window.location.pathname);
  const applied = JSON.stringify(head);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `applied` is the head's value; the object is new each render
  useEffect(() => {
    if (head) applyHead(head);
  }, [applied]);
}
