import type { BannerState } from './banner-slice';
import type { ProductState } from './product-slice';
import type { ReviewState } from './review-slice';
import type { ShopState } from './shop-slice';

/** The data a page was rendered with on the server, handed to the browser's store. */
export interface ServedState {
  state: { product: ProductState; banner: BannerState; review: ReviewState; shop: ShopState };
}

/** The element that carries it: JSON, never run as a script. */
export const SERVED_STATE_ID = 'served-state';

/**
 * JSON that can stand inside a `<script>` element: `<` escaped, so no text in a product's name or
 * a review can close the element, and the two line separators JavaScript once rejected.
 */
export function serializeServedState(served: ServedState): string {
  return JSON.stringify(served)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The state the server rendered this page with, or null for a page it sent empty. */
export function readServedState(): ServedState | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SERVED_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServedState;
  } catch {
    return null;
  }
}
