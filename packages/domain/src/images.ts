/**
 * Uploaded pictures and their renditions. The server stores each picture as WebP at the standard
 * widths up to its own width (never enlarged), all named `<id>-<width>.webp` side by side, and
 * keeps only the largest one's URL in `images`. From that URL a client finds the smaller ones:
 * every standard width below the largest exists next to it.
 *
 *   /uploads/products/3f9c…e1-1280.webp   (in `images`)
 *   /uploads/products/3f9c…e1-960.webp
 *   /uploads/products/3f9c…e1-640.webp
 *   /uploads/products/3f9c…e1-320.webp
 *
 * No schema lives here: a storefront page that only shows pictures must not download the validator.
 * The upload calls' bodies are in validation.ts.
 */
/** The widths a picture is stored at, smallest first; a narrower picture stops at its own width. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export const LARGEST_IMAGE_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;

/** Limits of one uploaded picture. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Pictures in one upload. */
export const IMAGE_MAX_FILES = 10;
/** The formats an upload may be in, told by its bytes, not its name. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
/** The longest alternative text a product's picture may have. */
export const IMAGE_ALT_MAX = 200;

/**
 * A product picture's alternative text when the owner gave none: the product's name and its
 * smallest weight ("Peri Peri Makhana 100g"), the one its card shows first.
 */
export function defaultImageAlt(name: string, weights: readonly { weight: number }[]): string {
  const grams = weights
    .map((entry) => entry.weight)
    .filter((weight) => Number.isFinite(weight) && weight > 0);
  return grams.length > 0 ? `${name.trim()} ${Math.min(...grams)}g` : name.trim();
}

/** The id part of a rendition's name: 32 lowercase hex digits, so no hand-named file matches. */
const RENDITION = /^(.*\/)?([0-9a-f]{32})-([1-9][0-9]{0,4})\.webp$/;

export interface RenditionName {
  /** everything before the id (the folder, with its trailing slash), possibly empty */
  base: string;
  id: string;
  width: number;
}

/** The parts of a rendition's URL, or null for a URL that does not follow the rule. */
export function parseRendition(url: string): RenditionName | null {
  const match = RENDITION.exec(url);
  if (!match) return null;
  const width = Number(match[3]);
  if (width > LARGEST_IMAGE_WIDTH) return null;
  return { base: match[1] ?? '', id: match[2] as string, width };
}

/** The name of one rendition. */
export function renditionName(id: string, width: number): string {
  return `${id}-${width}.webp`;
}

/** The widths stored for a picture `width` pixels wide: the standard ones below it, and the largest. */
export function renditionWidths(width: number): number[] {
  const largest = Math.min(Math.max(1, Math.floor(width)), LARGEST_IMAGE_WIDTH);
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/** Every rendition's URL of the picture whose largest rendition is `url`, smallest first. */
export function renditionUrls(url: string): { url: string; width: number }[] | null {
  const parsed = parseRendition(url);
  if (!parsed) return null;
  return renditionWidths(parsed.width).map((width) => ({
    url: `${parsed.base}${renditionName(parsed.id, width)}`,
    width,
  }));
}

/**
 * What an `<img>` needs to let a phone fetch a small rendition: `src` (the largest) and `srcSet`
 * (`url 320w, url 640w, …`). Null for a picture that does not follow the rule (the demo's SVGs, a
 * hand-entered URL): show it with `src` alone.
 */
export function imageSources(url: string): { src: string; srcSet: string } | null {
  const renditions = renditionUrls(url);
  if (!renditions) return null;
  return {
    src: url,
    srcSet: renditions.map((r) => `${r.url} ${r.width}w`).join(', '),
  };
}
