// The bench's public reads: each GET a shopper's browser makes, under 64 connections, against the
// shop and against a bare `node:http` server answering the same bytes from memory
// (scripts/bench-bare-server.mjs). The ratio of the two says what the shop's own work costs.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { row } from './bench-shop.mjs';

export const READS_HEADING = '## Public reads next to a bare server';
const CONNECTIONS = 64;
const RATIO_TARGET = 0.5;
const CATALOGUE_RATIO_TARGET = 0.6;
const P99_TARGET_MS = 25;
// What a browser sends: the shop compresses, and the bare server replays the compressed bytes.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
// Per connection, per answer: said by the server, not part of the answer itself.
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One GET's status, headers and raw bytes (not decompressed, unlike fetch). */
function rawGet(origin, path, headers = {}) {
  return new Promise((resolve, reject) => {
    request(`${origin}${path}`, { headers: { ...BROWSER, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The public GETs the storefront makes, on the demo catalogue the shop seeded. */
async function publicPaths(origin) {
  const catalogue = '/api/v1/products/getProductDetails';
  const products = (await (await fetch(`${origin}${catalogue}`)).json()).data;
  const product = products.find((p) => p.rating.count > 0) ?? products[0];
  return [
    ['catalogue', catalogue],
    ['one product', `/api/v1/products/getProductDetails/${product._id}`],
    ['banners', '/api/v1/banners/getBannerDetails'],
    ["a product's reviews", `/api/v1/reviews/get-reviews/${product._id}`],
    ['home page (HTML)', '/'],
    ['product page (HTML)', `/product/${product._id}`],
  ].map(([name, path]) => ({ name, path, shown: path.replaceAll(product._id, '{id}') }));
}

async function load(url, headers, seconds) {
  // Imported here: `npm run bench` imports this file before it has installed the packages.
  const { default: autocannon } = await import('autocannon');
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
}

async function waitForPort(origin) {
  for (let i = 0; i < 100; i++) {
    try {
      await rawGet(origin, '/');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`the bare server at ${origin} did not start`);
}

/**
 * Measures the shop at `origin` (running `processes` processes) against a bare server on
 * `barePort` with as many. Each path: a 2 s warm-up, then `seconds` under load, shop and bare
 * server in turn; then one repeat with If-None-Match, which should be a 304 without a body.
 */
export async function measurePublicReads({ origin, processes, barePort, workDir, seconds = 8 }) {
  const paths = await publicPaths(origin);
  const answers = {};
  for (const { path } of paths) {
    const answer = await rawGet(origin, path);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    const headers = Object.fromEntries(
      Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name)),
    );
    answers[path] = { status: 200, headers, body: answer.body.toString('base64') };
  }
  const answersFile = join(workDir, 'bare-answers.json');
  writeFileSync(answersFile, JSON.stringify(answers));
  const bare = spawn(
    process.execPath,
    [
      join(import.meta.dirname, 'bench-bare-server.mjs'),
      answersFile,
      String(barePort),
      String(processes),
    ],
    { stdio: 'ignore', detached: true },
  );
  const bareOrigin = `http://127.0.0.1:${barePort}`;
  const results = [];
  try {
    await waitForPort(bareOrigin);
    for (const { name, path, shown } of paths) {
      const answer = answers[path];
      const figures = {};
      for (const [who, at] of [
        ['shop', origin],
        ['bare', bareOrigin],
      ]) {
        await load(`${at}${path}`, BROWSER, 2);
        const result = await load(`${at}${path}`, BROWSER, seconds);
        figures[who] = {
          perSecond: Math.round(result.requests.average),
          p99Ms: result.latency.p99,
          failed: result.errors + result.timeouts + result.non2xx,
        };
      }
      const etag = answer.headers.etag;
      const again = etag ? await rawGet(origin, path, { 'if-none-match': etag }) : null;
      results.push({
        name,
        path: shown,
        kb: Math.round((answer.body.length / 1024) * 10) / 10,
        encoding: answer.headers['content-encoding'] ?? 'none',
        ...figures,
        ratio: Math.round((figures.shop.perSecond / figures.bare.perSecond) * 100) / 100,
        revalidated: again
          ? again.status === 304 && again.body.length === 0
            ? '304, no body'
            : `${again.status}, ${again.body.length} bytes`
          : 'no ETag',
      });
    }
  } finally {
    try {
      process.kill(-bare.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  return results;
}

/** The section of docs/performance.md. */
export function readsReport(results, { processes, database, seconds, load, date, node }) {
  const target = (r) =>
    r.path.includes('getProductDetails') && !r.path.includes('{id}')
      ? CATALOGUE_RATIO_TARGET
      : RATIO_TARGET;
  return [
    READS_HEADING,
    '',
    `Measured by \`npm run bench\` (or \`npm run bench -- --reads\`) on ${date}: 2 cores shared by the`,
    `load generator and the servers (load average ${load.join(' before, ')} after), Node ${node}. The shop runs as`,
    `\`npm start\` runs it in production (the built bundle, \`NODE_ENV=production\`, logging at \`info\`, rate limits on`,
    'with a ceiling no bench reaches) with the demo catalogue, ' +
      `${processes} process${processes > 1 ? 'es' : ''} on ${database}. Each path takes ${CONNECTIONS} connections (autocannon) for`,
    `${seconds} s after a 2 s warm-up, asking as a browser does (\`accept-encoding: gzip, deflate, br\`), first of the shop, then of a`,
    `bare \`node:http\` server (${processes} process${processes > 1 ? 'es' : ''}) that answers the bytes and headers the shop sent for that path from`,
    'memory. Targets: the shop serves at least half of what the bare server does (the catalogue 0.6),',
    `with a p99 within ${P99_TARGET_MS} ms; a repeat naming the answer's ETag in \`If-None-Match\` is a 304 without a body.`,
    '',
    row([
      'read',
      'path',
      'answer (KB, encoding)',
      'shop (req/s)',
      'bare (req/s)',
      'ratio (target)',
      'shop p99 (ms)',
      'bare p99 (ms)',
      'repeat with If-None-Match',
    ]),
    row(Array(9).fill('---')),
    ...results.map((r) =>
      row([
        r.name,
        `\`${r.path}\``,
        `${r.kb}, ${r.encoding}`,
        r.shop.perSecond + (r.shop.failed ? ` (${r.shop.failed} failed)` : ''),
        r.bare.perSecond,
        `${r.ratio} (≥ ${target(r)}${r.ratio >= target(r) ? '' : ', **missed**'})`,
        `${r.shop.p99Ms}${r.shop.p99Ms <= P99_TARGET_MS ? '' : ' (**over 25**)'}`,
        r.bare.p99Ms,
        r.revalidated,
      ]),
    ),
    '',
  ].join('\n');
}
