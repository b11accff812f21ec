/** Pictures for tests, made with sharp, and files that only pretend to be pictures. */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c89b3c' } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF (a camera and an orientation), as a phone would send it. */
export async function jpegOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7a4b1f' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestPhone', Model: 'Secret Model 7', Copyright: 'Asha' } })
    .toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
/** A text file renamed .png. */
export const FAKE_PNG = Buffer.from('this is not a picture, only named like one\n');
export const GIF = Buffer.from(
  '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
  'hex',
);

/**
 * A decompression bomb: a real 1 x 1 PNG whose header now claims `width` x `height` pixels
 * (50,000 x 50,000 is 2.5 gigapixels, 10 GB once decoded), with a valid checksum.
 */
export async function pngBomb(width = 50_000, height = 50_000): Promise<Buffer> {
  const png = Buffer.from(await pngOf(1, 1));
  // The IHDR chunk: length (4), type (4) at 8, then width and height at 16 and 20, CRC at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** Twenty megabytes that start like a PNG. */
export function twentyMegabytes(): Buffer {
  const bytes = Buffer.alloc(20 * 1024 * 1024, 0x41);
  Buffer.from('89504e470d0a1a0a', 'hex').copy(bytes);
  return bytes;
}
