import { SITE } from '@makhana/domain/site';
import { useEffect } from 'react';

interface PageMeta {
  title?: string;
  description?: string;
  /** a path such as /product/123; the canonical link is the site root plus this path */
  canonicalPath?: string;
  /** keep the page out of search engines (the owner's pages) */
  noindex?: boolean;
}

function setMeta(name: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.appendChild(element);
  }
  element.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

export const DEFAULT_TITLE = `${SITE.brand} | Premium organic makhana from Bihar`;

/** Page title, description and canonical link; defaults describe the premium makhana shop. */
export function usePageMeta({
  title,
  description,
  canonicalPath,
  noindex = false,
}: PageMeta): void {
  useEffect(() => {
    document.title = title ?? DEFAULT_TITLE;
    setMeta('description', description ?? SITE.description);
    setMeta('robots', noindex ? 'noindex, nofollow' : 'index, follow');
    setCanonical(`${window.location.origin}${canonicalPath ?? window.location.pathname}`);
  }, [title, description, canonicalPath, noindex]);
}
