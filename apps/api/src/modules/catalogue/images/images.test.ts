import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { imageSources, renditionUrls } from '@makhana/domain/images';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_PNG,
  jpegOf,
  pngBomb,
  pngOf,
  SVG,
  twentyMegabytes,
} from '../../../adapters/images/test-images';
import { type LocalS3, startLocalS3 } from '../../../adapters/storage/test-s3';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../../../config/config';
import { bannerImages, banners, productImages } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { cartLine, customer, insertProduct, placeOrder } from '../../../test/order-fixtures';
import { call } from '../../../test/requests';

const api = useTestApp({ owner: true, reset: false, env: { RATE_LIMIT: '0' } });
const tokens = { owner: '', customer: '' };
const uploadsDir = () => path.join(api.dataDir, 'uploads');

beforeAll(async () => {
  const owner = await call(api.app, 'POST', '/admins/onlyAdminTo/login', {
    body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
  });
  tokens.owner = owner.json().data.accessToken;
  tokens.customer = (await api.signInCustomer('pictures@example.com')).accessToken;
}, 60_000);

interface Upload {
  name: string;
  bytes: Buffer;
  type?: string;
  field?: string;
}

/** A text part of a form: the upload forms have none. */
interface TextField {
  field: string;
  text: string;
}

/** A multipart form as a browser sends it. */
async function form(parts: (Upload | TextField)[]) {
  const data = new FormData();
  for (const part of parts) {
    if ('text' in part) {
      data.append(part.field, part.text);
      continue;
    }
    data.append(
      part.field ?? 'images',
      new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'image/png' }),
      part.name,
    );
  }
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') as string,
  };
}

async function upload(
  url: string,
  parts: (Upload | TextField)[],
  token = tokens.owner,
  app = api.app,
) {
  const { payload, contentType } = await form(parts);
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: {
      'content-type': contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
}

const post = (url: string, body: unknown, token = tokens.owner) =>
  call(api.app, 'POST', url, { body, token });

/** Every stored file under the uploads folder, as paths relative to it. */
function storedFiles(): string[] {
  const files: string[] = [];
  for (const folder of ['products', 'banners']) {
    const dir = path.join(uploadsDir(), folder);
    if (existsSync(dir)) for (const name of readdirSync(dir)) files.push(`${folder}/${name}`);
  }
  return files.sort();
}

async function productImageRows(productId: string) {
  return api.db
    .select({ url: productImages.url, position: productImages.position })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(productImages.position);
}

async function newProduct(): Promise<string> {
  const [variant] = await insertProduct(api.db, {
    variants: [{ weight: 100, price: 199, stock: 5 }],
  });
  return variant.productId;
}

async function productDetails(id: string) {
  const response = await call(api.app, 'GET', `/products/getProductDetails/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as { images: string[] };
}

/** Fetches a stored picture through the app and reads its size. */
async function served(url: string) {
  const response = await api.app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) return { status: response.statusCode };
  const meta = await sharp(response.rawPayload).metadata();
  return {
    status: 200,
    type: response.headers['content-type'],
    cache: response.headers['cache-control'],
    format: meta.format,
    width: meta.width,
  };
}

describe('product pictures', () => {
  it('takes a real PNG and JPEG at once and serves each in its widths', async () => {
    const productId = await newProduct();
    // The catalogue is cached: read it first, so the answer below must come from a fresh one.
    expect((await productDetails(productId)).images).toHaveLength(1);
    const response = await upload(`/products/addProductImage/${productId}`, [
      { name: 'wide.png', bytes: await pngOf(1600, 900) },
      { name: 'photo.jpg', bytes: await jpegOf(800, 600), type: 'image/jpeg' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Images added successfully' });
    const images: string[] = body.data.images;
    expect(images).toHaveLength(3);
    const [, png, jpeg] = images as [string, string, string];
    expect(png).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-1280\.webp$/);
    expect(jpeg).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-800\.webp$/);
    expect((await productDetails(productId)).images).toEqual(images);

    for (const [url, widths] of [
      [png, [320, 640, 960, 1280]],
      [jpeg, [320, 640, 800]],
    ] as const) {
      const renditions = renditionUrls(url) ?? [];
      expect(renditions.map((r) => r.width)).toEqual(widths);
      for (const rendition of renditions) {
        expect(await served(rendition.url)).toEqual({
          status: 200,
          type: 'image/webp',
          cache: 'public, max-age=31536000, immutable',
          format: 'webp',
          width: rendition.width,
        });
      }
      expect(imageSources(url)?.srcSet).toContain(' 320w');
    }
  });

  it('refuses a fake image, an SVG, 20 MB and a decompression bomb, leaving nothing behind', async () => {
    const productId = await newProduct();
    const before = storedFiles();
    const rowsBefore = await productImageRows(productId);
    const good = { name: 'good.png', bytes: await pngOf(700, 400) };
    const cases: [string, Upload, number, string][] = [
      [
        'text named .png',
        { name: 'fake.png', bytes: FAKE_PNG },
        415,
        'Only JPEG, PNG, WebP and AVIF pictures are accepted',
      ],
      [
        'SVG',
        { name: 'logo.svg', bytes: SVG, type: 'image/svg+xml' },
        415,
        'Only JPEG, PNG, WebP and AVIF pictures are accepted',
      ],
      [
        '20 MB',
        { name: 'huge.png', bytes: twentyMegabytes() },
        413,
        'Each picture must be at most 10 MB',
      ],
      [
        'a PNG claiming 50,000 x 50,000',
        { name: 'bomb.png', bytes: await pngBomb() },
        413,
        'Each picture must be at most 40 megapixels',
      ],
    ];
    for (const [label, bad, status, message] of cases) {
      for (const files of [[bad], [good, bad], [bad, good]]) {
        const response = await upload(`/products/addProductImage/${productId}`, files);
        expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
        expect(response.json(), label).toMatchObject({
          success: false,
          message: `images: ${message}`,
          errors: [{ field: 'images', message }],
        });
      }
    }
    expect(storedFiles()).toEqual(before);
    expect(await productImageRows(productId)).toEqual(rowsBefore);
  });

  it('asks for pictures when none are sent, and 404s an unknown product before reading any', async () => {
    const productId = await newProduct();
    for (const response of [
      await upload(`/products/addProductImage/${productId}`, []),
      await upload(`/products/addProductImage/${productId}`, [
        { name: '', bytes: Buffer.alloc(0) },
      ]),
      await post(`/products/addProductImage/${productId}`, {}),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message: 'images: Please select images' });
    }
    const other = await upload(`/products/addProductImage/${productId}`, [
      { name: 'a.png', bytes: await pngOf(10, 10), field: 'invoice' },
    ]);
    expect(other.statusCode).toBe(400);
    const before = storedFiles();
    const missing = await upload('/products/addProductImage/00000000-0000-4000-8000-00000000dead', [
      { name: 'a.png', bytes: await pngOf(400, 400) },
    ]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product not found');
    // A product the owner deleted is hidden from the shop, and takes no more pictures.
    const deleted = await post(`/products/deleteProduct/${productId}`, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await productImageRows(productId);
    const late = await upload(`/products/addProductImage/${productId}`, [
      { name: 'a.png', bytes: await pngOf(400, 400) },
    ]);
    expect(late.statusCode).toBe(404);
    const [url] = rows.map((row) => row.url);
    expect(
      (await post(`/products/deleteProductImage/${productId}`, { imageUrl: url })).statusCode,
    ).toBe(404);
    expect(
      (await post(`/products/reorderProductImages/${productId}`, { images: [url] })).statusCode,
    ).toBe(404);
    expect(await productImageRows(productId)).toEqual(rows);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a field the owner’s forms and bodies do not have, naming each, keeping nothing', async () => {
    const productId = await newProduct();
    const [demo] = (await productDetails(productId)).images as [string];
    const before = storedFiles();
    const rowsBefore = await productImageRows(productId);
    const picture = { name: 'a.png', bytes: await pngOf(400, 400) };
    const caption = { field: 'caption', text: 'Top view' };
    const label = { field: 'label', text: 'A bowl' };
    for (const parts of [
      [caption, picture, label],
      [picture, caption, label],
    ]) {
      const response = await upload(`/products/addProductImage/${productId}`, parts);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        message: 'caption: Unknown field',
        errors: [
          { field: 'caption', message: 'Unknown field' },
          { field: 'label', message: 'Unknown field' },
        ],
      });
    }
    // A banner's pictures take no alternative text of their own.
    const banner = await upload('/banners/addBannerImage', [picture, caption, label]);
    expect(banner.statusCode, banner.body).toBe(400);
    expect(banner.json().errors).toEqual([
      { field: 'caption', message: 'Unknown field' },
      { field: 'label', message: 'Unknown field' },
    ]);
    const bannerAlt = await upload('/banners/addBannerImage', [
      picture,
      { field: 'alt', text: 'x' },
    ]);
    expect(bannerAlt.json().errors).toEqual([{ field: 'alt', message: 'Unknown field' }]);

    for (const [url, body] of [
      [`/products/deleteProductImage/${productId}`, { imageUrl: demo, force: true }],
      [`/products/reorderProductImages/${productId}`, { images: [demo], force: true }],
      ['/banners/deleteBannerImage', { imageUrl: demo, force: true }],
      ['/banners/reorderBannerImages', { images: [demo], force: true }],
    ] as const) {
      const response = await post(url, body);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'force: Unknown field',
        errors: [{ field: 'force', message: 'Unknown field' }],
      });
    }
    expect(storedFiles()).toEqual(before);
    expect(await productImageRows(productId)).toEqual(rowsBefore);
  });

  it('keeps an alternative text per picture, the name and smallest weight when none is given', async () => {
    const productId = await newProduct();
    const png = async () => ({ name: 'a.png', bytes: await pngOf(400, 400) });
    const added = await upload(`/products/addProductImage/${productId}`, [
      await png(),
      { field: 'alt', text: '  Roasted makhana in a bowl ' },
      await png(),
      { field: 'alt', text: '' },
      await png(),
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const product = added.json().data as { name: string; images: string[]; imageAlts: string[] };
    const fallback = `${product.name} 100g`;
    // The seeded picture first, then the three in the order sent.
    expect(product.images).toHaveLength(4);
    expect(product.imageAlts).toEqual([fallback, 'Roasted makhana in a bowl', fallback, fallback]);

    const second = product.images[2] as string;
    const edited = await post(`/products/productImageAlt/${productId}`, {
      imageUrl: second,
      alt: 'Pouch, front',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: 'Picture description saved' });
    expect(edited.json().data.imageAlts[2]).toBe('Pouch, front');
    // The shop's page reads the same, and an empty text goes back to the default.
    const shown = await call(api.app, 'GET', `/products/getProductDetails/${productId}`);
    expect(shown.json().data.imageAlts[2]).toBe('Pouch, front');
    const reset = await post(`/products/productImageAlt/${productId}`, {
      imageUrl: second,
      alt: ' ',
    });
    expect(reset.json().data.imageAlts[2]).toBe(fallback);
  });

  it('refuses an alternative text too long, one too many, or for a picture not the product’s', async () => {
    const productId = await newProduct();
    const [url] = (await productDetails(productId)).images as [string];
    const rowsBefore = await productImageRows(productId);
    const png = { name: 'a.png', bytes: await pngOf(400, 400) };
    for (const [parts, message] of [
      [[png, { field: 'alt', text: 'x'.repeat(201) }], 'At most 200 characters'],
      [
        [png, { field: 'alt', text: 'a' }, { field: 'alt', text: 'b' }],
        'One alternative text per picture',
      ],
    ] as const) {
      const response = await upload(`/products/addProductImage/${productId}`, [...parts]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'alt', message }]);
    }
    expect(await productImageRows(productId)).toEqual(rowsBefore);

    const tooLong = await post(`/products/productImageAlt/${productId}`, {
      imageUrl: url,
      alt: 'x'.repeat(201),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0]).toEqual({ field: 'alt', message: 'At most 200 characters' });
    const other = await post(`/products/productImageAlt/${productId}`, {
      imageUrl: '/uploads/products/elsewhere.webp',
      alt: 'A bowl',
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, message: 'Image not found' });
  });

  it('deletes a picture with every rendition, and reorders to change the main picture', async () => {
    const productId = await newProduct();
    const added = await upload(`/products/addProductImage/${productId}`, [
      { name: 'a.png', bytes: await pngOf(1400, 700) },
      { name: 'b.png', bytes: await pngOf(600, 600) },
    ]);
    const [demo, first, second] = added.json().data.images as [string, string, string];
    const firstFiles = (renditionUrls(first) ?? []).map((r) => r.url);
    expect(firstFiles).toHaveLength(4);

    const missingUrl = await post(`/products/deleteProductImage/${productId}`, {});
    expect(missingUrl.statusCode).toBe(400);
    expect(missingUrl.json()).toMatchObject({
      message: 'imageUrl: Please select image to delete',
    });
    const otherProduct = await newProduct();
    const notHers = await post(`/products/deleteProductImage/${otherProduct}`, { imageUrl: first });
    expect(notHers.statusCode).toBe(404);
    expect((await served(first)).status).toBe(200);

    const deleted = await post(`/products/deleteProductImage/${productId}`, { imageUrl: first });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({
      message: 'Images delete successfully',
      data: { _id: productId, images: [demo, second] },
    });
    for (const url of firstFiles) expect((await served(url)).status, url).toBe(404);
    expect((await served(second)).status).toBe(200);
    expect(await productImageRows(productId)).toEqual([
      { url: demo, position: 0 },
      { url: second, position: 1 },
    ]);

    // Not the same set: one left out, one twice, one unknown.
    for (const images of [[second], [second, second], [second, demo, '/uploads/x.webp']]) {
      const refused = await post(`/products/reorderProductImages/${productId}`, { images });
      expect(refused.statusCode, JSON.stringify(images)).toBe(400);
      expect(refused.json().errors[0].field).toBe('images');
    }
    const reordered = await post(`/products/reorderProductImages/${productId}`, {
      images: [second, demo],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.images).toEqual([second, demo]);
    expect((await productDetails(productId)).images[0]).toBe(second);
    const list = await call(api.app, 'GET', '/products/getProductDetails');
    const listed = (list.json().data as { _id: string; images: string[] }[]).find(
      (p) => p._id === productId,
    );
    expect(listed?.images).toEqual([second, demo]);
  });
  it('keeps the files of a picture an order line shows, the order keeping it as bought', async () => {
    const [variant] = await insertProduct(api.db, {
      variants: [{ weight: 100, price: 199, stock: 5 }],
    });
    const added = await upload(`/products/addProductImage/${variant.productId}`, [
      { name: 'a.png', bytes: await pngOf(700, 700) },
    ]);
    const [demo, picture] = added.json().data.images as [string, string];
    await post(`/products/reorderProductImages/${variant.productId}`, {
      images: [picture, demo],
    });
    const shopper = await customer(api.db);
    const ordered = await placeOrder(api.app, shopper.token, [cartLine(variant, 1)]);
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().data.items[0].image).toBe(picture);

    const deleted = await post(`/products/deleteProductImage/${variant.productId}`, {
      imageUrl: picture,
    });
    expect(deleted.json().data.images).toEqual([demo]);
    for (const r of renditionUrls(picture) ?? []) expect((await served(r.url)).status).toBe(200);
  });
});

describe('banner pictures', () => {
  it('adds (making the first banner), reorders and deletes, and getBannerDetails follows at once', async () => {
    await api.db.delete(banners);
    const banner = () => call(api.app, 'GET', '/banners/getBannerDetails');
    expect((await banner()).json().data).toEqual([]);

    const added = await upload('/banners/addBannerImage', [
      { name: 'one.jpg', bytes: await jpegOf(2000, 800), type: 'image/jpeg' },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe('Banner images added successfully');
    const [made] = added.json().data as [{ _id: string; images: [string] }];
    const [one] = made.images;
    expect(one).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}-1280\.webp$/);
    expect((await banner()).json().data).toEqual(added.json().data);

    const more = await upload('/banners/addBannerImage', [
      { name: 'two.png', bytes: await pngOf(1200, 500) },
    ]);
    const [same] = more.json().data as [{ _id: string; images: [string, string] }];
    expect(same._id).toBe(made._id);
    const [, two] = same.images;
    expect(await api.db.select().from(banners)).toHaveLength(1);

    const reordered = await post('/banners/reorderBannerImages', { images: [two, one] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await banner()).json().data[0].images).toEqual([two, one]);
    expect((await post('/banners/reorderBannerImages', { images: [two] })).statusCode).toBe(400);

    expect((await post('/banners/deleteBannerImage', {})).json().message).toBe(
      'imageUrl: Please select image to delete',
    );
    expect(
      (await post('/banners/deleteBannerImage', { imageUrl: '/uploads/banners/none.webp' }))
        .statusCode,
    ).toBe(404);
    const deleted = await post('/banners/deleteBannerImage', { imageUrl: two });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({
      message: 'Banner image deleted',
      data: [{ _id: made._id, images: [one] }],
    });
    expect((await banner()).json().data[0].images).toEqual([one]);
    for (const r of renditionUrls(two) ?? []) expect((await served(r.url)).status).toBe(404);
    const rows = await api.db.select().from(bannerImages);
    expect(rows.map((r) => [r.url, r.position])).toEqual([[one, 0]]);

    const bomb = await upload('/banners/addBannerImage', [
      { name: 'ok.png', bytes: await pngOf(400, 200) },
      { name: 'bomb.png', bytes: await pngBomb() },
    ]);
    expect(bomb.statusCode).toBe(413);
    expect((await banner()).json().data[0].images).toEqual([one]);
  });
});

describe('only the owner', () => {
  // The realms are apart: a customer's token is no owner's token, so it is a 401 like none.
  it('refuses a visitor and a customer on every picture route, changing nothing', async () => {
    const productId = await newProduct();
    const [url] = (await productDetails(productId)).images as [string];
    const png = { name: 'a.png', bytes: await pngOf(400, 300) };
    const before = storedFiles();
    for (const [token, status] of [
      ['', 401],
      [tokens.customer, 401],
    ] as const) {
      const responses = [
        await upload(`/products/addProductImage/${productId}`, [png], token),
        await post(`/products/deleteProductImage/${productId}`, { imageUrl: url }, token),
        await post(`/products/reorderProductImages/${productId}`, { images: [url] }, token),
        await post(`/products/productImageAlt/${productId}`, { imageUrl: url, alt: 'x' }, token),
        await upload('/banners/addBannerImage', [png], token),
        await post('/banners/deleteBannerImage', { imageUrl: url }, token),
        await post('/banners/reorderBannerImages', { images: [url] }, token),
      ];
      for (const response of responses) {
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json()).toMatchObject({ success: false, data: null });
      }
    }
    expect(storedFiles()).toEqual(before);
    expect(await productImageRows(productId)).toEqual([{ url, position: 0 }]);
  });
});

describe('when the storage is down', () => {
  it('answers 503 naming images, and keeps no row', async () => {
    const app = await api.startApp({
      env: {
        RATE_LIMIT: '0',
        STORAGE: 's3',
        S3_BUCKET: 'nowhere',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_ACCESS_KEY_ID: 'x',
        S3_SECRET_ACCESS_KEY: 'x',
      },
    });
    const productId = await newProduct();
    const rows = await productImageRows(productId);
    const response = await upload(
      `/products/addProductImage/${productId}`,
      [{ name: 'p.png', bytes: await pngOf(400, 400) }],
      tokens.owner,
      app,
    );
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json().errors[0].field).toBe('images');
    expect(await productImageRows(productId)).toEqual(rows);
  });
});

describe('on S3 storage', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it('stores every width in the bucket, serves them from its URL and deletes them all', async () => {
    const app = await api.startApp({ env: { RATE_LIMIT: '0', ...s3.env } });
    const productId = await newProduct();
    const added = await upload(
      `/products/addProductImage/${productId}`,
      [{ name: 'p.png', bytes: await pngOf(900, 900) }],
      tokens.owner,
      app,
    );
    expect(added.statusCode, added.body).toBe(200);
    const url = added.json().data.images[1] as string;
    expect(url.startsWith(`${s3.config.endpoint}/${s3.config.bucket}/products/`)).toBe(true);
    const renditions = renditionUrls(url) ?? [];
    expect(renditions.map((r) => r.width)).toEqual([320, 640, 900]);
    for (const r of renditions) {
      const response = await fetch(r.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.width).toBe(r.width);
    }
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain(
      `img-src 'self' data: blob: ${s3.config.endpoint}`,
    );

    const deleted = await call(app, 'POST', `/products/deleteProductImage/${productId}`, {
      body: { imageUrl: url },
      token: tokens.owner,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const r of renditions) expect((await fetch(r.url)).status).toBe(404);
  });
});
