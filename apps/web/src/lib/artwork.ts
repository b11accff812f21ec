/**
 * The shop's own artwork: drawings kept in apps/web/art and rendered into WebP at these widths
 * by `npm run render:pictures`, served from /images. A phone takes the small ones.
 */
const ARTWORK_WIDTHS = [320, 640, 960] as const;

export type Artwork = 'hero' | 'about' | 'faq' | 'ingredients';

/** Half the page from 1024 px up (the two-column sections), the whole width below. */
export const HALF_PAGE_SIZES = '(min-width: 1024px) 600px, 100vw';

export function artworkSources(name: Artwork): { src: string; srcSet: string } {
  const largest = ARTWORK_WIDTHS[ARTWORK_WIDTHS.length - 1];
  return {
    src: `/images/${name}-${largest}.webp`,
    srcSet: ARTWORK_WIDTHS.map((width) => `/images/${name}-${width}.webp ${width}w`).join(', '),
  };
}

/** The strip of accepted payment methods (360x40), drawn once and twice over for sharp screens. */
export const PAYMENT_METHODS = {
  src: '/images/payment-methods-720.webp',
  srcSet: '/images/payment-methods-360.webp 360w, /images/payment-methods-720.webp 720w',
};
