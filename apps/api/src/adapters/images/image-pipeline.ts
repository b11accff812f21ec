import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, renditionWidths } from '@makhana/domain/images';
import type { Sharp, SharpOptions } from 'sharp';

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let loaded: Promise<SharpFactory> | null = null;

/**
 * sharp is loaded at the first upload, not at start: it held about 20 MB of every process, most
 * of which never sees an upload.
 */
function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is decoded once per width and never again: sharp's cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export type RefusalReason = 'type' | 'bytes' | 'pixels' | 'unreadable';

export const REFUSAL_MESSAGES: Record<RefusalReason, string> = {
  type: 'Only JPEG, PNG, WebP and AVIF pictures are accepted',
  bytes: `Each picture must be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  pixels: `Each picture must be at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
  unreadable: 'The file is not a readable picture',
};

/** Why one upload is refused; the route names the form field. */
/** The HTTP status of each refusal: not a picture 415, too big 413, unreadable 400. */
export const REFUSAL_STATUS: Record<RefusalReason, number> = {
  type: 415,
  bytes: 413,
  pixels: 413,
  unreadable: 400,
};

export class ImageRefusedError extends Error {
  constructor(readonly reason: RefusalReason) {
    super(REFUSAL_MESSAGES[reason]);
    this.name = 'ImageRefusedError';
  }
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/**
 * The format of a picture told by its first bytes, whatever its name or declared type says; null
 * for anything else (SVG, GIF, HEIC, text).
 */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'webp';
  }
  // ISO-BMFF: a `ftyp` box naming AVIF as its major or one of its compatible brands.
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      const brand = ascii(bytes, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/** What sharp calls each format in its metadata. */
const SHARP_FORMAT: Record<ImageFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'heif',
};

export interface Rendition {
  width: number;
  height: number;
  /** WebP, without metadata */
  data: Buffer;
}

/**
 * Checks one upload and encodes it as WebP at the standard widths up to its own, smallest first.
 * The header is read before any decoding, so a picture claiming more than the pixel limit (a
 * decompression bomb) is refused without its pixels ever being allocated; sharp's own
 * `limitInputPixels` stands behind that check. EXIF orientation is applied, then every piece of
 * metadata (place, camera, colour profile) is left behind.
 */
export async function renderImage(bytes: Buffer): Promise<Rendition[]> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageRefusedError('bytes');
  const format = sniffImageFormat(bytes);
  if (!format) throw new ImageRefusedError('type');
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' } as const;
  const sharp = await loadSharp();
  let width: number;
  try {
    const header = await sharp(bytes, options).metadata();
    if (header.format !== SHARP_FORMAT[format]) throw new ImageRefusedError('type');
    if (format === 'avif' && header.compression !== 'av1') throw new ImageRefusedError('type');
    if (!header.width || !header.height) throw new ImageRefusedError('unreadable');
    if (header.width * header.height > IMAGE_MAX_PIXELS) throw new ImageRefusedError('pixels');
    width = header.autoOrient?.width ?? header.width;
  } catch (error) {
    throw refusalOf(error);
  }
  try {
    const source = sharp(bytes, options).rotate();
    const renditions: Rendition[] = [];
    for (const target of renditionWidths(width)) {
      const { data, info } = await source
        .clone()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      renditions.push({ width: target, height: info.height, data });
    }
    return renditions;
  } catch (error) {
    throw refusalOf(error);
  }
}

/** What a document's picture (a complaint's invoice) may be, and is written back as. */
export type DocumentFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/**
 * A picture sent as a document, decoded and written again in its own format at its own size:
 * orientation applied, every piece of metadata (place, camera, author) left behind, and any bytes
 * that are not the picture with it. Refused when it does not decode as the format it claims, or
 * claims more pixels than the limit.
 */
export async function reencodeDocument(bytes: Buffer, format: DocumentFormat): Promise<Buffer> {
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', animated: false } as const;
  const sharp = await loadSharp();
  try {
    const header = await sharp(bytes, options).metadata();
    if (header.format !== format) throw new ImageRefusedError('type');
    if (!header.width || !header.height) throw new ImageRefusedError('unreadable');
    if (header.width * header.height > IMAGE_MAX_PIXELS) throw new ImageRefusedError('pixels');
    const image = sharp(bytes, options).rotate();
    switch (format) {
      case 'jpeg':
        return await image.jpeg({ quality: 90 }).toBuffer();
      case 'png':
        return await image.png().toBuffer();
      case 'webp':
        return await image.webp({ quality: 90 }).toBuffer();
      case 'gif':
        return await image.gif().toBuffer();
    }
  } catch (error) {
    throw refusalOf(error);
  }
}

/** sharp's own refusal of the pixel count (from the header) is ours; any other failure is bad bytes. */
function refusalOf(error: unknown): ImageRefusedError {
  if (error instanceof ImageRefusedError) return error;
  if (/pixel limit/i.test(String((error as Error)?.message)))
    return new ImageRefusedError('pixels');
  return new ImageRefusedError('unreadable');
}
