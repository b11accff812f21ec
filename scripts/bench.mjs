// `npm run bench`: measures what a shopper's phone downloads and how fast the API answers.
// Builds the storefront, starts the shop on a fresh data folder, loads pages in Chromium at
// 390x844, and writes the figures to docs/performance.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureDependencies, ensureNode, ensureWebBuild, log, root } from './lib.mjs';

await ensureNode();
ensureDependencies();
ensureWebBuild({ force: true });

const { chromium } = await import('@playwright/test');

const PORT = Number(process.env.BENCH_PORT ?? 3220);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'makhana-bench-'));
const JS_BUDGET_KB = 150;
const IMAGE_BUDGET_KB = 200;

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  detached: true,
  stdio: 'ignore',
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '1000000',
  },
});

function stopServer() {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${base}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The shop did not start within 60 s');
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Loads a page like a phone would and sums what it downloaded, by kind, gzipped. */
async function measurePage(browser, path) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const resources = [];
  page.on('response', async (response) => {
    try {
      const body = await response.body();
      resources.push({
        url: response.url(),
        type: response.request().resourceType(),
        raw: body.length,
        gzip: gzipSync(body).length,
      });
    } catch {
      // redirects and aborted requests have no body
    }
  });
  const started = Date.now();
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const elapsed = Date.now() - started;
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { domInteractive: nav?.domInteractive ?? 0, fcp: fcp?.startTime ?? 0 };
  });
  await context.close();
  const sum = (type, key) =>
    resources.filter((r) => r.type === type).reduce((n, r) => n + r[key], 0);
  const images = resources.filter((r) => r.type === 'image');
  const largestImage = images.reduce((max, r) => (r.raw > max.raw ? r : max), { raw: 0, url: '-' });
  return {
    path,
    jsGzipKb: kb(sum('script', 'gzip')),
    jsFiles: resources.filter((r) => r.type === 'script').length,
    cssGzipKb: kb(sum('stylesheet', 'gzip')),
    fontKb: kb(sum('font', 'raw')),
    imageKb: kb(images.reduce((n, r) => n + r.raw, 0)),
    largestImageKb: kb(largestImage.raw),
    largestImage: largestImage.url.replace(base, ''),
    domInteractiveMs: Math.round(timing.domInteractive),
    fcpMs: Math.round(timing.fcp),
    networkIdleMs: elapsed,
  };
}

/** A bounded burst of concurrent requests against one API path, from this machine only. */
async function measureApi(path, total = 2000, concurrency = 20) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < total) {
      next += 1;
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => Math.round(latencies[Math.floor((latencies.length - 1) * p)] * 10) / 10;
  return {
    path,
    requests: total,
    concurrency,
    perSecond: Math.round(total / seconds),
    p50Ms: pct(0.5),
    p95Ms: pct(0.95),
  };
}

let exitCode = 0;
try {
  log('Starting the shop for the benchmark');
  await waitForHealth();
  const products = (await (await fetch(`${base}/api/v1/products/getProductDetails`)).json()).data;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  log('Measuring pages at 390x844');
  const pages = [];
  for (const path of ['/', '/products', `/product/${products[0]._id}`, '/cart']) {
    pages.push(await measurePage(browser, path));
  }
  await browser.close();
  log('Measuring the API');
  const api = [
    await measureApi('/api/v1/products/getProductDetails'),
    await measureApi(`/api/v1/products/getProductDetails/${products[0]._id}`),
    await measureApi('/api/v1/health'),
  ];

  console.table(pages);
  console.table(api);
  const home = pages[0];
  const overBudget = pages.filter((p) => p.largestImageKb > IMAGE_BUDGET_KB);
  if (home.jsGzipKb > JS_BUDGET_KB) {
    console.error(
      `Home page JavaScript is ${home.jsGzipKb} KB gzipped, over the ${JS_BUDGET_KB} KB budget`,
    );
    exitCode = 1;
  }
  if (overBudget.length) {
    console.error(
      `Images over ${IMAGE_BUDGET_KB} KB: ${overBudget.map((p) => p.largestImage).join(', ')}`,
    );
    exitCode = 1;
  }

  const row = (cells) => `| ${cells.join(' | ')} |`;
  const report = [
    '# Performance',
    '',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (2 cores, Node ${process.versions.node},`,
    'embedded PGlite, production build served by the API, Chromium at 390x844). Sizes are gzipped for',
    'scripts and styles and as sent for fonts and images; what a page loads until the network is idle.',
    '',
    `Budgets: home page JavaScript under ${JS_BUDGET_KB} KB gzipped; no image over ${IMAGE_BUDGET_KB} KB sent to a phone.`,
    '',
    row([
      'page',
      'JS (KB gz)',
      'JS files',
      'CSS (KB gz)',
      'fonts (KB)',
      'images (KB)',
      'largest image (KB)',
      'DOM interactive (ms)',
      'first paint (ms)',
    ]),
    row(Array(9).fill('---')),
    ...pages.map((p) =>
      row([
        p.path.startsWith('/product/') ? '/product/{id}' : p.path,
        p.jsGzipKb,
        p.jsFiles,
        p.cssGzipKb,
        p.fontKb,
        p.imageKb,
        p.largestImageKb,
        p.domInteractiveMs,
        p.fcpMs,
      ]),
    ),
    '',
    'API, a bounded burst from this machine (2,000 requests, 20 at a time):',
    '',
    row(['path', 'requests/s', 'p50 (ms)', 'p95 (ms)']),
    row(Array(4).fill('---')),
    ...api.map((a) =>
      row([a.path.replace(products[0]._id, '{id}'), a.perSecond, a.p50Ms, a.p95Ms]),
    ),
    '',
  ].join('\n');
  writeFileSync(join(root, 'docs', 'performance.md'), report);
  log('Wrote docs/performance.md');
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
