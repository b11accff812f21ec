// `npm run render:pictures`: draws the shop's own artwork (SVG, with blur filters that a phone
// would otherwise paint on its main thread at every visit) into the raster files that are served:
// WebP at the widths a phone or a desktop asks for, and one JPEG for link previews, which the
// social networks do not take as SVG. Run it after changing a drawing; the results are committed,
// so neither a start nor a build pays the few seconds each drawing takes.
import { readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { root } from './lib.mjs';

const { default: sharp } = await import('sharp');

/** Each folder of drawings, where its pictures go and the widths they are drawn at. */
const SETS = [
  // The demo catalogue's pictures follow the uploads' rendition widths (packages/domain/src/images.ts).
  {
    from: 'apps/api/seed/images/banners',
    to: 'apps/api/seed/images/banners',
    widths: [320, 640, 960, 1280],
  },
  {
    from: 'apps/api/seed/images/products',
    to: 'apps/api/seed/images/products',
    widths: [320, 640, 960],
  },
  {
    from: 'apps/web/art',
    to: 'apps/web/public/images',
    widths: [320, 640, 960],
    skip: ['og-image.svg', 'payment-methods.svg'],
  },
  // A strip of small marks shown at its own size: once and twice over, for sharp screens.
  {
    from: 'apps/web/art',
    to: 'apps/web/public/images',
    widths: [360, 720],
    only: ['payment-methods.svg'],
  },
];
const PREVIEW = {
  from: 'apps/web/art/og-image.svg',
  to: 'apps/web/public/images/og-image.jpg',
  width: 1200,
};

/** The drawing rasterised at `width` pixels: drawn at that size from the vectors, not scaled up. */
async function draw(file, width) {
  const svg = sharp(file);
  const { width: natural } = await svg.metadata();
  return sharp(file, { density: (72 * width) / natural }).resize({ width });
}

let written = 0;
for (const set of SETS) {
  for (const name of readdirSync(join(root, set.from)).sort()) {
    if (!name.endsWith('.svg') || set.skip?.includes(name)) continue;
    if (set.only && !set.only.includes(name)) continue;
    const file = join(root, set.from, name);
    for (const width of set.widths) {
      const out = join(root, set.to, `${basename(name, '.svg')}-${width}.webp`);
      const picture = await draw(file, width);
      writeFileSync(out, await picture.webp({ quality: 78, effort: 6 }).toBuffer());
      written++;
    }
    console.log(`${set.from}/${name}: ${set.widths.join(', ')}`);
  }
}
const preview = await draw(join(root, PREVIEW.from), PREVIEW.width);
writeFileSync(
  join(root, PREVIEW.to),
  await preview.jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
);
console.log(`${PREVIEW.from}: ${PREVIEW.to}`);
console.log(`${written + 1} pictures written`);
