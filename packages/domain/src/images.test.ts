import { describe, expect, it } from 'vitest';
import {
  defaultImageAlt,
  imageSources,
  parseRendition,
  renditionUrls,
  renditionWidths,
} from './images';
import { deleteImageSchema, reorderImagesSchema } from './validation';

const ID = '0123456789abcdef0123456789abcdef';

describe('renditions', () => {
  it('stores the standard widths below a picture and never enlarges it', () => {
    expect(renditionWidths(4000)).toEqual([320, 640, 960, 1280]);
    expect(renditionWidths(1280)).toEqual([320, 640, 960, 1280]);
    expect(renditionWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(renditionWidths(900)).toEqual([320, 640, 900]);
    expect(renditionWidths(640)).toEqual([320, 640]);
    expect(renditionWidths(200)).toEqual([200]);
  });

  it('finds the smaller widths from the largest URL, local or on a CDN', () => {
    expect(renditionUrls(`/uploads/products/${ID}-900.webp`)).toEqual([
      { url: `/uploads/products/${ID}-320.webp`, width: 320 },
      { url: `/uploads/products/${ID}-640.webp`, width: 640 },
      { url: `/uploads/products/${ID}-900.webp`, width: 900 },
    ]);
    expect(imageSources(`https://cdn.example.com/banners/${ID}-1280.webp`)).toEqual({
      src: `https://cdn.example.com/banners/${ID}-1280.webp`,
      srcSet: [320, 640, 960, 1280]
        .map((w) => `https://cdn.example.com/banners/${ID}-${w}.webp ${w}w`)
        .join(', '),
    });
    expect(imageSources(`${ID}-200.webp`)).toEqual({
      src: `${ID}-200.webp`,
      srcSet: `${ID}-200.webp 200w`,
    });
  });

  it('leaves pictures that do not follow the rule alone', () => {
    for (const url of [
      '/uploads/demo/classic.svg',
      '/uploads/products/photo-1280.webp',
      `/uploads/products/${ID}-1280.png`,
      `/uploads/products/${ID}-2560.webp`,
      `/uploads/products/${ID}-0.webp`,
      `/uploads/products/${ID.toUpperCase()}-640.webp`,
      `/uploads/products/${ID}-640.webp?v=2`,
    ]) {
      expect(imageSources(url), url).toBeNull();
      expect(parseRendition(url), url).toBeNull();
    }
  });
});

describe('image bodies', () => {
  it('asks for a picture to delete', () => {
    for (const body of [{}, { imageUrl: '' }, { imageUrl: '   ' }, { imageUrl: 3 }]) {
      const result = deleteImageSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please select image to delete');
    }
    expect(deleteImageSchema.parse({ imageUrl: ' /a.webp ' })).toEqual({ imageUrl: '/a.webp' });
  });

  it('takes a non-empty list of URLs to reorder', () => {
    expect(reorderImagesSchema.safeParse({ images: [] }).success).toBe(false);
    expect(reorderImagesSchema.safeParse({ images: [''] }).success).toBe(false);
    expect(reorderImagesSchema.safeParse({}).success).toBe(false);
    expect(reorderImagesSchema.parse({ images: ['/b', '/a'] })).toEqual({ images: ['/b', '/a'] });
  });
});

describe('defaultImageAlt', () => {
  it("is the product's name and its smallest weight, whatever the order of the weights", () => {
    expect(defaultImageAlt(' Peri Peri Makhana ', [{ weight: 250 }, { weight: 100 }])).toBe(
      'Peri Peri Makhana 100g',
    );
  });

  it('is the name alone before any weight is typed', () => {
    expect(defaultImageAlt('Mint Makhana', [])).toBe('Mint Makhana');
    expect(defaultImageAlt('Mint Makhana', [{ weight: Number('') }, { weight: Number.NaN }])).toBe(
      'Mint Makhana',
    );
  });
});
