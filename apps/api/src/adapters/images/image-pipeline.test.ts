import { IMAGE_MAX_PIXELS } from '@makhana/domain/images';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRefusedError, renderImage, sniffImageFormat } from './image-pipeline';
import { FAKE_PNG, GIF, jpegOf, pngBomb, pngOf, SVG, twentyMegabytes } from './test-images';

async function refusal(bytes: Buffer): Promise<string> {
  const error = await renderImage(bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImageRefusedError);
  return (error as ImageRefusedError).reason;
}

describe('the image pipeline', () => {
  it('tells formats by their bytes', async () => {
    expect(sniffImageFormat(await pngOf(2, 2))).toBe('png');
    expect(sniffImageFormat(await jpegOf(2, 2))).toBe('jpeg');
    const webp = await sharp(await pngOf(2, 2))
      .webp()
      .toBuffer();
    expect(sniffImageFormat(webp)).toBe('webp');
    const avif = await sharp(await pngOf(8, 8))
      .avif()
      .toBuffer();
    expect(sniffImageFormat(avif)).toBe('avif');
    for (const other of [SVG, FAKE_PNG, GIF, Buffer.alloc(0), Buffer.from('RIFF')]) {
      expect(sniffImageFormat(other)).toBeNull();
    }
  });

  it('encodes WebP at the standard widths, never enlarged, without metadata', async () => {
    const renditions = await renderImage(await jpegOf(1600, 1200));
    expect(renditions.map((r) => [r.width, r.height])).toEqual([
      [320, 240],
      [640, 480],
      [960, 720],
      [1280, 960],
    ]);
    for (const rendition of renditions) {
      const meta = await sharp(rendition.data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(rendition.width);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(rendition.data.includes('Secret Model')).toBe(false);
    }
    const small = await renderImage(await pngOf(500, 250));
    expect(small.map((r) => r.width)).toEqual([320, 500]);
  });

  it('accepts WebP and AVIF uploads', async () => {
    const webp = await sharp(await pngOf(700, 100))
      .webp()
      .toBuffer();
    expect((await renderImage(webp)).map((r) => r.width)).toEqual([320, 640, 700]);
    const avif = await sharp(await pngOf(400, 100))
      .avif()
      .toBuffer();
    expect((await renderImage(avif)).map((r) => r.width)).toEqual([320, 400]);
  });

  it('refuses what is not a JPEG, PNG, WebP or AVIF picture', async () => {
    expect(await refusal(FAKE_PNG)).toBe('type');
    expect(await refusal(SVG)).toBe('type');
    expect(await refusal(GIF)).toBe('type');
    // A PNG signature on broken bytes.
    expect(await refusal(Buffer.concat([(await pngOf(4, 4)).subarray(0, 30)]))).toBe('unreadable');
  });

  it('refuses more than 10 MB before looking any further', async () => {
    expect(await refusal(twentyMegabytes())).toBe('bytes');
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const bomb = await pngBomb();
    const header = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect(header.width! * header.height!).toBeGreaterThan(IMAGE_MAX_PIXELS);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    expect(await refusal(bomb)).toBe('pixels');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    // Just over the limit is refused too.
    expect(await refusal(await pngBomb(8000, 5001))).toBe('pixels');
  });
});
