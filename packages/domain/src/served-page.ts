/**
 * What passes between the API and the storefront's server render (apps/web/src/entry-server.tsx,
 * loaded by the API's storefront module): the reads the render asks for, and the page it gives.
 */
import type { PageMeta } from './api';
import type { ShopIdentity } from './contracts/shop';
import type { Banner, Product, Review } from './product';

/** What the server reads for a page, each only when the page needs it. */
export interface ShopReads {
  products(): Promise<Product[]>;
  banners(): Promise<Banner[]>;
  /** a page of a product's reviews */
  reviews(
    productId: string,
    page: number,
    limit: number,
  ): Promise<{ reviews: Review[]; meta: PageMeta }>;
  /** who sells, for the footer of every page; null before any identity is kept */
  identity(): Promise<ShopIdentity | null>;
}

export interface RenderedPage {
  status: number;
  /** the head's tags: title, description, canonical link, sharing tags, structured data */
  head: string;
  /** the markup inside #root */
  html: string;
  /**
   * the state the page was rendered with, as JSON safe inside a script element; null when the
   * browser renders the page itself
   */
  state: string | null;
  /** the lazy page's module, for the server to list its files in the head */
  source: string | null;
}

/** The server render's module. */
export interface StorefrontRender {
  /** `address`: the page's absolute address on the shop's public origin */
  render(address: string, reads: ShopReads): Promise<RenderedPage | null>;
  /** the pages of their own with a fixed path, for the sitemap */
  listedPaths(): string[];
  /** whether no page has this path: it answers the not-found page, the same for every such path */
  isUnknownPath(pathname: string): boolean;
}
