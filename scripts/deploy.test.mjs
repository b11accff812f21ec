// The deployment of deploy/ (decision 041), run: the production bundle, configured as
// deploy/README.md configures it (HOST=127.0.0.1, TRUST_PROXY=1, an https PUBLIC_URL, Razorpay),
// behind deploy/nginx/makhana-shop.conf, which nginx runs as it is but for what only a server has:
// its ports become local ones, the domain becomes localhost with a self-signed certificate made
// here, and the shop's port and the storefront's folder are this checkout's. The checks go through
// nginx over HTTPS with that certificate trusted: pages and the API (HTTP/2 too), HTTP sent to
// HTTPS, the hashed assets from disk with the shop's long caching, the owner's 10 MB picture and a
// form of ten at the API's limits, a Razorpay-signed webhook that pays an order (and a wrongly
// signed one refused), and the rate limits counting each client by its own address.
//
// Razorpay's Orders API is a stub in this process. Linux answers every 127.0.0.0/8 address on the
// loopback, so clients bound to 127.0.0.2 and 127.0.0.3 are two machines to nginx.
//
// Needs Debian's nginx and libnginx-mod-http-brotli-static, and the storefront's build
// (apps/web/dist); builds its own bundle into apps/api/.tmp. Ports 3700-3799. About 30 s. Alone:
//   node --test scripts/deploy.test.mjs
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import tls from 'node:tls';
// The upload's limits, from their TypeScript (Node 22.18 and newer strip its types themselves).
import { IMAGE_ALT_MAX, IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from '@makhana/domain/images';
import sharp from 'sharp';
import { buildApi } from '../apps/api/scripts/build.mjs';
import { BENCH_DECLARATIONS, BENCH_SELLER, randomOrder } from './bench-checkout.mjs';
import { productionEnv, waitForHealth } from './bench-shop.mjs';
import { API_NODE_FLAGS, root } from './lib.mjs';

const NGINX = '/usr/sbin/nginx';
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const SITE = join(root, 'deploy', 'nginx', 'makhana-shop.conf');
const WEB_DIST = join(root, 'apps', 'web', 'dist');
const DOMAIN = 'shop.example.in';
/** What the shop gives a file whose name carries its content's hash (plugins/static-files.ts). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const STRICT_MAX = 3;
const RAZORPAY = {
  RAZORPAY_KEY_ID: 'rzp_test_deploy',
  RAZORPAY_KEY_SECRET: randomBytes(16).toString('hex'),
  RAZORPAY_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
};

const installed = existsSync(NGINX) && existsSync(BROTLI_STATIC);
if (!installed) {
  console.log(
    `${NGINX} or its brotli module is missing: the deployment test (the shop behind deploy/nginx) is skipped; apt-get install nginx libnginx-mod-http-brotli-static`,
  );
}

const scratch = join(root, 'apps', 'api', '.tmp');
const bundle = join(scratch, `deploy-test-${process.pid}.js`);

function canListen(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** `count` ports of 3700-3799 that nothing listens on, from a place that differs by process. */
async function freePorts(count, ipv6) {
  const ports = [];
  for (let n = 0; n < 100 && ports.length < count; n++) {
    const port = 3700 + ((process.pid + n) % 100);
    if ((await canListen(port, '127.0.0.1')) && (!ipv6 || (await canListen(port, '::1')))) {
      ports.push(port);
    }
  }
  if (ports.length < count) throw new Error(`fewer than ${count} free ports in 3700-3799`);
  return ports;
}

/**
 * The shipped site with what only a server has replaced, each thing as many times as the file has
 * it: a change of the file's shape fails here, by name, instead of running something else.
 */
function localSite(site, { httpPort, httpsPort, shopPort, certDir, ipv6 }) {
  const swaps = [
    ['listen 80;', `listen 127.0.0.1:${httpPort};`, 1],
    ['listen [::]:80;', ipv6 ? `listen [::1]:${httpPort};` : '', 1],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`, 1],
    ['listen [::]:443 ssl http2;', ipv6 ? `listen [::1]:${httpsPort} ssl http2;` : '', 1],
    [`/etc/letsencrypt/live/${DOMAIN}/`, `${certDir}/`, 2],
    [`server_name ${DOMAIN};`, 'server_name localhost;', 2],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${shopPort};`, 1],
    ['root /srv/makhana-shop/apps/web/dist;', `root ${WEB_DIST};`, 1],
  ];
  let local = site;
  for (const [from, to, times] of swaps) {
    const found = local.split(from).length - 1;
    if (found !== times) {
      throw new Error(
        `deploy/nginx/makhana-shop.conf has "${from}" ${found} time(s); the test puts local values in ${times}`,
      );
    }
    local = local.replaceAll(from, to);
  }
  const left = local
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .filter((line) => /shop\.example\.in|\/srv\/makhana-shop/.test(line));
  if (left.length > 0) {
    throw new Error(
      `the site names the server in lines the test does not localise:\n${left.join('\n')}`,
    );
  }
  return local;
}

/** The main nginx.conf around the site: Debian's own settings, with every path in `dir`. */
function mainConf(dir, sitePath) {
  return `${process.getuid?.() === 0 ? 'user www-data;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
load_module ${BROTLI_STATIC};
events { worker_connections 64; }
http {
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    ssl_prefer_server_ciphers on;
    gzip on;
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${sitePath};
}
`;
}

/** A stand-in for Razorpay's Orders API: makes orders for the shop's key, knows no payments. */
function startRazorpayStub(port) {
  const basic = `Basic ${Buffer.from(`${RAZORPAY.RAZORPAY_KEY_ID}:${RAZORPAY.RAZORPAY_KEY_SECRET}`).toString('base64')}`;
  let made = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== basic) {
        res.writeHead(401).end('{"error":{"code":"BAD_REQUEST_ERROR"}}');
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/orders') {
        const { amount, receipt } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        made += 1;
        const id = `order_Deploy${String(made).padStart(8, '0')}`;
        res
          .writeHead(200)
          .end(JSON.stringify({ id, entity: 'order', amount, currency: 'INR', receipt }));
        return;
      }
      if (req.method === 'GET' && /^\/v1\/orders\/[^/]+\/payments$/.test(req.url ?? '')) {
        res.writeHead(200).end('{"entity":"collection","count":0,"items":[]}');
        return;
      }
      res.writeHead(404).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** A PNG of noise just under the API's 10 MiB: stored uncompressed, so its size is known. */
async function tenMegabytePicture() {
  const width = 1800;
  // Each row: three bytes a pixel and the filter byte; the rest is a few hundred bytes of chunks.
  const height = Math.floor((IMAGE_MAX_BYTES - 64 * 1024) / (width * 3 + 1));
  const png = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
  assert.ok(
    png.length > IMAGE_MAX_BYTES - 128 * 1024 && png.length <= IMAGE_MAX_BYTES,
    `the picture is ${png.length} bytes, not just under ${IMAGE_MAX_BYTES}`,
  );
  return png;
}

/** A multipart form of `files` under the field `images`, and `alts` under `alt`. */
function multipart(files, alts = []) {
  const boundary = `----deploy${randomBytes(8).toString('hex')}`;
  const parts = [];
  for (const [index, bytes] of files.entries()) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="picture-${index}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  for (const alt of alts) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\n${alt}\r\n`),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, parts };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deployment: the shop behind deploy/nginx', {
  skip: !installed && 'nginx or its brotli module is not installed',
}, () => {
  let dir;
  let cert;
  let ports;
  let shop;
  let nginx;
  let stub;
  let shopLogFile;
  let owner;
  let product;
  const env = {};

  /**
   * One request through nginx: over TLS trusting only the test's certificate unless `plain`,
   * from `from` (an address of 127.0.0.0/8), with Host as a browser would send it.
   */
  function request(method, path, options = {}) {
    const { body, headers = {}, from = '127.0.0.1', plain = false, port } = options;
    const parts = body === undefined ? [] : Array.isArray(body) ? body : [Buffer.from(body)];
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    const target = port ?? (plain ? ports.http : ports.https);
    const client = plain ? http : https;
    return new Promise((resolve, reject) => {
      const req = client.request(
        {
          method,
          path,
          host: '127.0.0.1',
          port: target,
          localAddress: from,
          agent: false,
          ...(plain ? {} : { ca: cert, servername: 'localhost' }),
          headers: {
            host: port ? `127.0.0.1:${port}` : 'localhost',
            ...(body === undefined ? {} : { 'content-length': length }),
            ...headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      (async () => {
        for (const part of parts) {
          if (!req.write(part)) await new Promise((drained) => req.once('drain', drained));
        }
        req.end();
      })().catch(reject);
    });
  }

  /** An API call through nginx; its answer's envelope. */
  async function api(method, path, { json, token, realm, from, headers = {} } = {}) {
    const answer = await request(method, `/api/v1${path}`, {
      from,
      body: json === undefined ? undefined : JSON.stringify(json),
      headers: {
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(realm ? { 'x-auth-realm': realm } : {}),
        ...headers,
      },
    });
    let envelope = {};
    try {
      envelope = JSON.parse(answer.body.toString('utf8'));
    } catch {
      // not the shop's JSON (nginx's own page): the status and headers tell
    }
    return { ...answer, data: envelope.data, message: envelope.message };
  }

  function expect200(answer, what) {
    assert.equal(answer.status, 200, `${what}: ${answer.status} ${answer.message ?? answer.body}`);
    return answer.data;
  }

  /** The sign-in code the shop wrote to its outbox for `email`. */
  async function codeFor(email) {
    const outbox = join(env.DATA_DIR, 'outbox');
    for (const until = Date.now() + 10_000; Date.now() < until; await sleep(50)) {
      const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
      for (const file of files.sort().reverse()) {
        const raw = readFileSync(join(outbox, file), 'utf8');
        if (!raw.includes(email)) continue;
        const code = raw.replace(/=\r?\n/g, '').match(/^\s{2,}(\d{6})\s*$/m)?.[1];
        if (code) return code;
      }
    }
    throw new Error(`no sign-in code for ${email} in ${outbox}`);
  }

  const shopLog = () =>
    readFileSync(shopLogFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));

  function stopGroup(child, signal = 'SIGTERM') {
    if (!child || child.exitCode !== null || child.signalCode !== null) return null;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
    // Unreferenced: a wait that outlived the process would hold this one open.
    return Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
  }
  // A run that dies outright must not leave nginx or the shop behind.
  const killAll = () => {
    for (const child of [nginx, shop]) {
      if (child?.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  };

  before(async () => {
    process.on('exit', killAll);
    assert.ok(
      existsSync(join(WEB_DIST, 'index.html')),
      `${WEB_DIST} has no build: npm run build -w apps/web`,
    );
    dir = mkdtempSync(join(tmpdir(), 'deploy_'));
    // nginx's workers run as www-data: they read the certificate's folder and write their own.
    chmodSync(dir, 0o755);
    mkdirSync(scratch, { recursive: true });
    const ipv6 = await canListen(0, '::1');
    const [shopPort, httpPort, httpsPort, stubPort] = await freePorts(4, ipv6);
    ports = { shop: shopPort, http: httpPort, https: httpsPort };

    const certDir = join(dir, 'certificate');
    mkdirSync(certDir);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        join(certDir, 'privkey.pem'),
        '-out',
        join(certDir, 'fullchain.pem'),
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(join(certDir, 'fullchain.pem'));

    const sitePath = join(dir, 'makhana-shop.conf');
    writeFileSync(
      sitePath,
      localSite(readFileSync(SITE, 'utf8'), { httpPort, httpsPort, shopPort, certDir, ipv6 }),
    );
    const confPath = join(dir, 'nginx.conf');
    writeFileSync(confPath, mainConf(dir, sitePath));
    const nginxArgs = ['-p', dir, '-c', confPath, '-e', join(dir, 'error.log')];
    try {
      execFileSync(NGINX, [...nginxArgs, '-t', '-q'], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`nginx refuses the site:\n${error.stderr}`);
    }

    [, stub] = await Promise.all([buildApi(bundle), startRazorpayStub(stubPort)]);

    Object.assign(env, productionEnv(shopPort), RAZORPAY, {
      PORT: String(shopPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://localhost',
      TRUST_PROXY: '1',
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_API_URL: `http://127.0.0.1:${stubPort}`,
      RATE_LIMIT_STRICT_MAX: String(STRICT_MAX),
      LOG_LEVEL: 'info',
    });
    shopLogFile = join(dir, 'shop.log');
    const log = openSync(shopLogFile, 'a');
    shop = spawn(process.execPath, [...API_NODE_FLAGS, bundle], {
      cwd: root,
      detached: true,
      stdio: ['ignore', log, log],
      env: { ...process.env, ...env },
    });
    nginx = spawn(NGINX, [...nginxArgs, '-g', 'daemon off;'], {
      detached: true,
      stdio: ['ignore', 'ignore', openSync(join(dir, 'error.log'), 'a')],
    });

    try {
      // A fresh embedded database takes 10 to 20 s here, more when the machine is busy.
      await waitForHealth(`http://127.0.0.1:${shopPort}`, 60);
    } catch (error) {
      throw new Error(`${error.message}; its log:\n${readFileSync(shopLogFile, 'utf8')}`);
    }
    for (let tries = 0; ; tries++) {
      const up = await request('GET', '/api/v1/health').then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (up) break;
      if (tries > 50 || nginx.exitCode !== null) {
        throw new Error(
          `nginx did not answer on ${httpsPort}: ${readFileSync(join(dir, 'error.log'), 'utf8')}`,
        );
      }
      await sleep(100);
    }

    const signedIn = expect200(
      await api('POST', '/admins/onlyAdminTo/login', {
        json: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
      }),
      'owner sign-in',
    );
    owner = signedIn.accessToken;
    expect200(
      await api('POST', '/admins/shop-settings', {
        token: owner,
        realm: 'owner',
        json: BENCH_SELLER,
      }),
      'shop settings',
    );
    const added = expect200(
      await api('POST', '/products/addProduct', {
        token: owner,
        realm: 'owner',
        json: {
          name: 'Deploy Makhana',
          brand: 'Mithila Makhana',
          categoryType: 'Snacks',
          packOfBox: 1,
          price: 249,
          description: 'Roasted fox nuts, for the deployment test.',
          shelfLife: 6,
          variant: 'Classic',
          sku: 'DEPLOY-1',
          listed: true,
          ...BENCH_DECLARATIONS,
          quantity: [{ weight: 100, stock: 50, price: 249 }],
        },
      }),
      'addProduct',
    );
    product = { id: added._id, name: added.name, ...added.quantity[0] };
  });

  after(async () => {
    await Promise.all([stopGroup(nginx, 'SIGQUIT'), stopGroup(shop)]);
    await new Promise((resolve) => (stub ? stub.close(resolve) : resolve()));
    process.off('exit', killAll);
    rmSync(bundle, { force: true });
    rmSync(`${bundle}.map`, { force: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the pages and the API over HTTPS, HTTP/2 included', async () => {
    const home = await request('GET', '/');
    assert.equal(home.status, 200);
    assert.match(home.headers['content-type'], /^text\/html/);
    assert.match(home.body.toString('utf8'), /<html/i);
    // Written by the shop, which knows its address is https (PUBLIC_URL) behind the proxy.
    assert.match(home.headers['content-security-policy'] ?? '', /default-src 'self'/);
    assert.equal(home.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');

    // The shop takes nginx's request id (32 hex digits) as its own, from the proxy it trusts.
    assert.match(home.headers['x-request-id'] ?? '', /^[0-9a-f]{32}$/);

    const listed = await api('GET', '/products/getProductDetails');
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.data.map((p) => p.name),
      ['Deploy Makhana'],
    );

    const session = http2.connect(`https://localhost:${ports.https}`, {
      createConnection: () =>
        tls.connect({
          host: '127.0.0.1',
          port: ports.https,
          ca: cert,
          servername: 'localhost',
          ALPNProtocols: ['h2'],
        }),
    });
    try {
      const status = await new Promise((resolve, reject) => {
        session.on('error', reject);
        const stream = session.request({ ':path': '/api/v1/health' });
        stream.on('response', (headers) => resolve(headers[':status']));
        stream.on('error', reject);
        stream.resume();
        stream.end();
      });
      assert.equal(session.alpnProtocol, 'h2');
      assert.equal(status, 200);
    } finally {
      session.close();
    }
  });

  it("redirects HTTP to HTTPS, all but certbot's challenges", async () => {
    const page = await request('GET', '/products?category=Snacks', { plain: true });
    assert.equal(page.status, 301);
    assert.equal(page.headers.location, 'https://localhost/products?category=Snacks');
    const write = await request('POST', '/api/v1/users/loginUser', { plain: true, body: '{}' });
    assert.equal(write.status, 301);
    // Answered from the webroot certbot writes to (nothing there: 404), not redirected.
    const challenge = await request('GET', '/.well-known/acme-challenge/token', { plain: true });
    assert.equal(challenge.status, 404);
  });

  it("serves the hashed assets from disk, compressed, with the shop's long caching", async () => {
    const name = readdirSync(join(WEB_DIST, 'assets')).find(
      (file) => file.endsWith('.js') && existsSync(join(WEB_DIST, 'assets', `${file}.br`)),
    );
    assert.ok(name, 'the build has a script with its brotli form');
    const path = `/assets/${name}`;
    const cached = ['cache-control', 'x-content-type-options', 'cross-origin-resource-policy'];
    for (const encoding of ['br', 'gzip']) {
      const asset = await request('GET', path, { headers: { 'accept-encoding': encoding } });
      assert.equal(asset.status, 200, `${path} (${encoding})`);
      assert.equal(asset.headers['content-encoding'], encoding);
      const suffix = encoding === 'br' ? 'br' : 'gz';
      assert.ok(
        asset.body.equals(readFileSync(join(WEB_DIST, 'assets', `${name}.${suffix}`))),
        `nginx sent the build's own ${suffix} file`,
      );
      assert.match(asset.headers.vary ?? '', /accept-encoding/i);
      // The shop itself, asked directly, gives the same headers: nginx keeps its promises.
      const fromShop = await request('GET', path, {
        port: ports.shop,
        plain: true,
        headers: { 'accept-encoding': encoding },
      });
      for (const header of cached) {
        assert.equal(asset.headers[header], fromShop.headers[header], header);
      }
      assert.equal(asset.headers['cache-control'], IMMUTABLE);
      assert.equal(
        asset.headers['strict-transport-security'],
        fromShop.headers['strict-transport-security'],
      );
    }
    const missing = await request('GET', '/assets/none-such-0000.js');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['cache-control'], undefined, 'a missing asset is not kept');
  });

  it("takes the owner's 10 MB picture, and a form of ten as large as the API takes", async () => {
    const picture = await tenMegabytePicture();
    const form = multipart([picture]);
    const sent = await request('POST', `/api/v1/products/addProductImage/${product.id}`, {
      body: form.parts,
      headers: {
        'content-type': form.type,
        authorization: `Bearer ${owner}`,
        'x-auth-realm': 'owner',
      },
    });
    const answer = JSON.parse(sent.body.toString('utf8'));
    assert.equal(sent.status, 200, `the upload: ${sent.status} ${answer.message}`);
    const [stored] = answer.data.images;
    assert.match(stored, /^\/uploads\/products\/[0-9a-f]{32}-1280\.webp$/);
    const served = await request('GET', stored);
    assert.equal(served.status, 200);
    assert.equal(served.headers['content-type'], 'image/webp');

    // The largest form the route reads: ten files at the size limit and an alternative text each.
    // Not pictures, so the shop refuses the first in its own words: nginx let it all through.
    const full = multipart(
      Array(IMAGE_MAX_FILES).fill(Buffer.alloc(IMAGE_MAX_BYTES)),
      Array(IMAGE_MAX_FILES).fill('a'.repeat(IMAGE_ALT_MAX)),
    );
    const largest = await request('POST', `/api/v1/products/addProductImage/${product.id}`, {
      body: full.parts,
      headers: {
        'content-type': full.type,
        authorization: `Bearer ${owner}`,
        'x-auth-realm': 'owner',
      },
    });
    assert.equal(
      largest.status,
      415,
      `ten files of ${IMAGE_MAX_BYTES} bytes: ${largest.status} ${largest.body.subarray(0, 200)}`,
    );
    assert.match(JSON.parse(largest.body.toString('utf8')).message, /JPEG, PNG, WebP and AVIF/);

    // A body past the limit is refused by nginx from its length, before any of it is read.
    const tooLarge = await new Promise((resolve, reject) => {
      const req = https.request(
        {
          method: 'POST',
          host: '127.0.0.1',
          port: ports.https,
          path: `/api/v1/products/addProductImage/${product.id}`,
          ca: cert,
          servername: 'localhost',
          agent: false,
          headers: {
            host: 'localhost',
            'content-type': full.type,
            'content-length': 102 * 1024 * 1024,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
    assert.equal(tooLarge, 413);
  });

  it('verifies a Razorpay-signed webhook through nginx, and refuses a wrongly signed one', async () => {
    const email = `buyer.${Date.now()}@example.in`;
    expect200(
      await api('POST', '/users/registerUser', {
        json: { firstName: 'Asha', lastName: 'Kumari', email, phoneNumber: '9123456780' },
      }),
      'registerUser',
    );
    expect200(await api('POST', '/users/loginUser', { json: { email } }), 'loginUser');
    const { accessToken: buyer } = expect200(
      await api('POST', '/users/loginVerificationUser', {
        json: { email, otp: await codeFor(email) },
      }),
      'loginVerificationUser',
    );
    const order = expect200(
      await api('POST', '/orders/createOrder', {
        token: buyer,
        headers: { 'idempotency-key': randomUUID() },
        json: randomOrder([product], email),
      }),
      'createOrder',
    );
    const gatewayOrder = expect200(
      await api('POST', '/orders/razorpayPayment', { token: buyer, json: { orderId: order._id } }),
      'razorpayPayment',
    );
    assert.match(gatewayOrder.id, /^order_Deploy/, "the order was made at Razorpay's stand-in");

    // As Razorpay sends it: indented JSON, with UTF-8 text in its notes and over 16 KB, so nginx
    // keeps it in a file before passing it on. Any byte changed on the way breaks the signature.
    const event = {
      entity: 'event',
      account_id: 'acc_Deploy',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: `pay_Deploy${randomBytes(4).toString('hex')}`,
            entity: 'payment',
            order_id: gatewayOrder.id,
            amount: gatewayOrder.amount,
            currency: 'INR',
            status: 'captured',
            notes: { message: 'मिथिला मखाना, ₹ '.repeat(900) },
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    };
    const raw = JSON.stringify(event, null, 2);
    assert.ok(Buffer.byteLength(raw) > 16 * 1024 && Buffer.byteLength(raw) < 60 * 1024);
    const sign = (secret) => createHmac('sha256', secret).update(raw).digest('hex');
    const webhook = (signature) =>
      request('POST', '/api/v1/orders/razorpay-webhook', {
        body: raw,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': `evt_${randomBytes(6).toString('hex')}`,
        },
      });

    const forged = await webhook(sign('not-the-webhook-secret'));
    assert.equal(forged.status, 400, forged.body.toString('utf8'));
    const signed = await webhook(sign(RAZORPAY.RAZORPAY_WEBHOOK_SECRET));
    const outcome = JSON.parse(signed.body.toString('utf8'));
    assert.equal(signed.status, 200, outcome.message);
    assert.equal(outcome.data.status, 'processed');

    const paid = expect200(
      await api('GET', `/orders/order-id-details/${order._id}`, { token: buyer }),
      'the order read back',
    );
    assert.equal(paid.paymentStatus, 'completed');
  });

  it("counts the rate limits by each client's own address, not nginx's", async () => {
    const ask = (from, n) =>
      api('POST', '/users/loginUser', {
        from,
        // Written by the client: the shop takes only the entry nginx appended.
        headers: { 'x-forwarded-for': `198.51.100.${n}` },
        json: { email: 'nobody@example.in' },
      });
    const statuses = [];
    for (let n = 0; n <= STRICT_MAX; n++) statuses.push((await ask('127.0.0.2', n)).status);
    assert.deepEqual(
      statuses,
      [...Array(STRICT_MAX).fill(404), 429],
      `one client's ${STRICT_MAX + 1} sign-ins against a limit of ${STRICT_MAX}`,
    );
    const other = await ask('127.0.0.3', 99);
    assert.equal(other.status, 404, `another client, served: ${other.status} ${other.message}`);

    // What the shop wrote down as each request's address (its log is written a moment later).
    let seen = [];
    for (const until = Date.now() + 3_000; Date.now() < until; await sleep(100)) {
      seen = shopLog()
        .filter((line) => line.url === '/api/v1/users/loginUser')
        .map((line) => line.remoteAddress);
      if (seen.filter((address) => address === '127.0.0.3').length > 0) break;
    }
    assert.equal(seen.filter((address) => address === '127.0.0.2').length, STRICT_MAX + 1);
    assert.equal(seen.filter((address) => address === '127.0.0.3').length, 1);
    assert.ok(!seen.some((address) => address.startsWith('198.51.100.')), seen.join(', '));
  });
});
