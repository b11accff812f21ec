import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatRupees } from '@makhana/domain/money';
import type { Product } from '@makhana/domain/product';
import { productStructuredData } from '@makhana/domain/structured-data';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, fetchProducts, holdFirstLoadChunk, PHONE } from './support';

/** The page's HTML as a crawler or a phone without JavaScript gets it. */
async function firstResponse(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  return { response, html: await response.text() };
}

/** The HTML's text, tags dropped, entities of the shop's texts read back. */
function textOf(html: string): string {
  return html
    .replace(/<script[^>]{0,200}>[^<]{0,200000}<\/script>/g, ' ')
    .replace(/<[^>]{0,2000}>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

/** Calls the page makes to the API for what the server already sent with it. */
function watchCatalogueCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/v1\/(products\/getProductDetails|banners\/|reviews\/get-reviews)/.test(pathname)) {
      calls.push(pathname);
    }
  });
  return calls;
}

/** React reports a page whose HTML did not match its first render on the console. */
function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('content in the first response', () => {
  test('home, the catalogue and a product page carry their names and prices in the HTML', async ({
    request,
  }) => {
    const products = await fetchProducts(request);
    const listed = products.filter((product) => product.listed);

    const home = await firstResponse(request, '/');
    expect(home.response.status()).toBe(200);
    const homeText = textOf(home.html);
    expect(homeText).toContain('Featured Products');
    expect(listed.some((product) => homeText.includes(product.name))).toBe(true);
    // The first banner picture is in the HTML, asked for first.
    expect(home.html).toMatch(/<img[^>]{0,600}fetchpriority="high"/i);

    const catalogue = await firstResponse(request, '/products');
    const catalogueText = textOf(catalogue.html);
    for (const product of listed) {
      expect(catalogueText).toContain(product.name);
      expect(catalogueText).toContain(formatRupees(product.price));
    }
    expect(catalogue.html).toContain('<link rel="canonical" href="http://127.0.0.1:');

    const product = listed[0] as Product;
    const path = `/product/${product._id}`;
    const page = await firstResponse(request, path);
    expect(page.response.status()).toBe(200);
    const pageText = textOf(page.html);
    expect(pageText).toContain(product.name);
    expect(pageText).toContain(formatRupees(product.quantity[0]?.price ?? product.price));
    expect(page.html).toContain(`<title>${product.name} | ${product.brand}</title>`);
    const origin = new URL(page.response.url()).origin;
    expect(page.html).toContain(`<link rel="canonical" href="${origin}${path}" />`);
    expect(page.html).toContain('<meta property="og:type" content="product" />');
    expect(page.html).toContain(`<meta property="og:title" content="${product.name} | `);
    expect(page.html).toMatch(/<meta property="og:image" content="http[^"]{1,300}"/);

    // The page's code waits until it has painted: named for the entry to fetch, not preloaded.
    const modules = /<meta name="storefront-modules" content="([^"]{1,5000})"/.exec(page.html)?.[1];
    expect(modules?.split(' ')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/shell-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/product-page-[\w-]+\.js$/),
      ]),
    );
    expect(page.html).not.toMatch(/rel="modulepreload"[^>]{0,100}(shell|product-page)-/);

    // The schema.org Product is the one the domain builds (its shape is tested there).
    const ld = /<script type="application\/ld\+json">([^<]{1,100000})<\/script>/.exec(page.html);
    expect(ld, 'a JSON-LD script in the head').not.toBeNull();
    expect(JSON.parse(ld?.[1] ?? '{}')).toEqual(productStructuredData(product, origin));

    // A repeat names what it holds and gets no body.
    const etag = page.response.headers().etag ?? '';
    expect(etag).not.toBe('');
    const repeat = await request.get(path, { headers: { 'if-none-match': etag } });
    expect(repeat.status()).toBe(304);
    expect(await repeat.text()).toBe('');
  });

  test('the first load of a page carries no validation library: forms bring their own', async ({
    request,
  }) => {
    // The build's map of chunks, to follow each file's static imports as the browser does.
    const manifest = JSON.parse(
      await readFile(join(import.meta.dirname, '..', 'apps/web/dist/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[] }>;
    const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
    const [product] = await fetchProducts(request);
    for (const path of ['/', '/products', `/product/${product?._id}`, '/cart']) {
      const { html } = await firstResponse(request, path);
      const named = [
        ...html.matchAll(/(?:src|href)="\/(assets\/[\w.-]{1,200}\.js)"/g),
        ...(/<meta name="storefront-modules" content="([^"]{1,5000})"/.exec(html)?.[1] ?? '')
          .split(' ')
          .filter(Boolean)
          .map((module) => [module, module.slice(1)]),
      ].map(([, file]) => file as string);
      const loaded = new Set<string>();
      const follow = (file: string) => {
        if (loaded.has(file)) return;
        loaded.add(file);
        for (const key of manifest[byFile.get(file) ?? '']?.imports ?? []) {
          follow(manifest[key]?.file ?? key);
        }
      };
      named.forEach(follow);
      expect(loaded.size, `${path} loads some script`).toBeGreaterThan(1);
      for (const file of loaded) {
        const code = await readFile(join(import.meta.dirname, '..', 'apps/web/dist', file), 'utf8');
        expect(code.includes('ZodError'), `${path} loads zod in ${file}`).toBe(false);
      }
    }
  });

  test('a served page hydrates without asking for its data again, and keeps the cart', async ({
    page,
    request,
  }) => {
    const products = await fetchProducts(request);
    const product = products.find((p) => p.listed && p.inStock) as Product;
    const calls = watchCatalogueCalls(page);
    const consoleErrors = watchConsoleErrors(page);
    await page.setViewportSize(PHONE);

    await page.goto(`/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Customer reviews' })).toBeVisible();
    // Interactive once hydrated: the button adds to the cart and moves to it.
    await expect(page.locator('html[data-live="true"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-badge')).toContainText('1');

    // A served page shows this browser's cart as soon as it has hydrated.
    await page.goto('/');
    await expect(page.getByTestId('cart-badge')).toContainText('1');
    await page.setViewportSize(DESKTOP);
    await page.goto('/products');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toContainText('1');

    expect(calls, 'catalogue, banner or review calls on served pages').toEqual([]);
    expect(consoleErrors, 'errors on the console (a hydration mismatch among them)').toEqual([]);
  });

  test('a tap on a served page before its code has come is done once the page is live, and once only', async ({
    page,
    request,
  }) => {
    const products = await fetchProducts(request);
    const product = products.find((p) => p.listed && p.inStock) as Product;
    // The first-load chunk held back, as on a slow phone, until the button has been tapped.
    const release = await holdFirstLoadChunk(page);
    await page.setViewportSize(PHONE);
    await page.goto(`/product/${product._id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
    release();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-badge')).toHaveText('1 item in cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
  });

  test('a page scrolled before it is live stays where the shopper scrolled it', async ({
    page,
    request,
  }) => {
    const products = await fetchProducts(request);
    const product = products.find((p) => p.listed && p.inStock) as Product;
    await page.setViewportSize(PHONE);
    const release = await holdFirstLoadChunk(page);
    await page.goto(`/product/${product._id}`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => window.scrollTo(0, 400));
    release();
    await page.locator('html[data-live]').waitFor({ state: 'attached' });
    // A frame for anything that would move it once live.
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(await page.evaluate(() => window.scrollY)).toBe(400);

    // Moving on to another page starts it at its top, as ever.
    await page.getByRole('link', { name: 'Products' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a link tapped before the page is live opens its page, whenever the tap comes', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const firstCard = () => page.getByTestId('product-card').first().getByRole('link').first();

    // Before the code has come: the link is the browser's, and the next page is served whole.
    const release = await holdFirstLoadChunk(page);
    await page.goto('/products');
    const href = (await firstCard().getAttribute('href')) ?? '';
    await firstCard().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The held request went with the page that asked for it.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    release();

    // While the code comes and the page hydrates: taps spread over the first few hundred ms.
    for (const delay of [0, 30, 60, 90, 120, 160, 200, 260]) {
      await page.goto('/products');
      await page.waitForTimeout(delay);
      await firstCard().click();
      await expect(page, `a tap ${delay} ms after the page loaded`).toHaveURL(
        new RegExp(`${href}$`),
      );
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('the sitemap lists every page and product; robots.txt keeps crawlers out of private areas', async ({
    request,
    page,
  }) => {
    const products = await fetchProducts(request);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    const origin = new URL(sitemap.url()).origin;
    for (const path of ['/', '/products', '/about-us', '/contact-us', '/policy']) {
      expect(xml).toContain(`<loc>${origin}${path}</loc>`);
    }
    for (const product of products) {
      expect(xml).toContain(`<loc>${origin}/product/${product._id}</loc>`);
    }
    expect(xml).not.toContain('/checkout');

    const robots = await (await request.get('/robots.txt')).text();
    for (const path of ['/checkout', '/dashboard', '/owner/', '/login', '/cart', '/api/']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);

    // A path no page has answers 404 with the not-found page, rendered once for every such path
    // (kept like a page: one ETag) and kept out of search engines, with no canonical address.
    const [first, second] = await Promise.all([
      firstResponse(request, '/no-such-page'),
      firstResponse(request, '/Another/Made-Up/Path?x=1'),
    ]);
    for (const { response, html } of [first, second]) {
      expect(response.status()).toBe(404);
      expect(textOf(html)).toContain('Page Not Found');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain('og:url');
    }
    expect(second.response.headers().etag).toBe(first.response.headers().etag);
    expect(second.html).toBe(first.html);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);

    // A product that is not in the catalogue answers 404, and the page says so.
    const missing = '/product/00000000-0000-4000-8000-000000000000';
    expect((await request.get(missing)).status()).toBe(404);
    await page.goto(missing);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  });
});
