// The bench's paid checkout under load: buyers signed in through the shop's own one-time codes
// (mailed over SMTP to the bench's mail sink, scripts/bench-mail-sink.mjs) run the storefront's sequence
// (createOrder, razorpayPayment, the simulated window's Pay, verifyPayment) against the
// production bundle on PostgreSQL, for a fixed time, and the stock is counted before and after.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { percentile, row } from './bench-shop.mjs';

export const CHECKOUT_HEADING = '## Paid checkout under load';
const PAID_PER_SECOND_TARGET = 200;
const P99_TARGET_MS = 250;
const PRODUCTS = 16;
const SELLS_OUT = 40;
const CALLS = ['createOrder', 'razorpayPayment', 'simulated pay', 'verifyPayment'];
const APPLY_DISCOUNT = 'apply-discount';
/** The paid checkouts a second with a discount code, as a share of those without one. */
const CODE_SHARE_TARGET = 0.9;
const ADDRESS = {
  firstName: 'Asha',
  lastName: 'Kumari',
  phone: '9876543210',
  address: '12 Station Road',
  city: 'Darbhanga',
  state: 'Bihar',
  pincode: '846004',
};

// The buyers' client shares the two cores with the shop, so it is node:http on kept-alive
// connections, a fraction of fetch's cost per call; it asks for compressed answers as a browser does.
const agent = new http.Agent({ keepAlive: true });
const DECODERS = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };

/** The API's envelope in an answer's bytes, whatever its encoding; {} when it is not JSON. */
export function envelopeOf(headers, chunks) {
  try {
    const bytes = Buffer.concat(chunks);
    const decode = DECODERS[headers['content-encoding']];
    return JSON.parse((decode ? decode(bytes) : bytes).toString('utf8'));
  } catch {
    // Not JSON: the status says what happened.
    return {};
  }
}

function call(origin, method, path, { token, body, owner } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { 'accept-encoding': 'br, gzip, deflate' };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  if (owner) headers['x-auth-realm'] = 'owner';
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}/api/v1${path}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const answer = envelopeOf(res.headers, chunks);
        resolve({ status: res.statusCode, data: answer.data, message: answer.message });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** A buyer registered and signed in through the shop's one-time code, as the storefront does. */
async function signIn(origin, codeOf, n) {
  const email = `buyer.${n}.${Date.now()}@example.in`;
  const registered = await call(origin, 'POST', '/users/registerUser', {
    body: { firstName: 'Buyer', lastName: `Number ${n}`, email, phoneNumber: '9123456780' },
  });
  if (registered.status !== 200) throw new Error(`registerUser: ${registered.message}`);
  const sent = await call(origin, 'POST', '/users/loginUser', { body: { email } });
  if (sent.status !== 200) throw new Error(`loginUser: ${sent.message}`);
  const verified = await call(origin, 'POST', '/users/loginVerificationUser', {
    body: { email, otp: await codeOf(email) },
  });
  if (verified.status !== 200) throw new Error(`loginVerificationUser: ${verified.message}`);
  return { email, token: verified.data.accessToken };
}

/** The owner's products for the run, added through the owner's own form; one weight each. */
/** Who sells, for a bench's shop: well formed, and plainly not a real company. */
/**
 * A buyer's Place Order as the storefront sends it: one or two of `products`, one to three packs
 * of each, with the shop's shipping rule (free above Rs 500, else Rs 50).
 */
export function randomOrder(products, email) {
  const items = [...products]
    .sort(() => Math.random() - 0.5)
    .slice(0, 1 + Math.floor(Math.random() * 2))
    .map((p) => ({
      id: p.id,
      name: p.name,
      image: '',
      weight: p.weight,
      sku: p.sku,
      price: p.price,
      quantity: 1 + Math.floor(Math.random() * 3),
    }));
  const subtotal = items.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const shippingCost = subtotal > 500 ? 0 : 50;
  return {
    items,
    shippingCost,
    totalAmount: subtotal + shippingCost,
    shippingAddress: { ...ADDRESS, email },
    paymentMethod: 'Prepaid',
  };
}

export const BENCH_SELLER = {
  legalName: 'Bench Makhana Private Limited (not a real company)',
  tradeName: 'Bench Makhana',
  address: { street: '12 Station Road', city: 'Darbhanga', state: 'Bihar', pincode: '846004' },
  gstin: '10AAAAA0000A1ZH',
  fssaiLicence: '00000000000000',
  consumerCare: {
    name: 'Consumer Care',
    address: '12 Station Road, Darbhanga, Bihar 846004',
    phone: '9876543210',
    email: 'care@example.in',
  },
  grievanceOfficer: {
    name: 'Grievance Officer',
    designation: 'Grievance Officer',
    phone: '9876543210',
    email: 'care@example.in',
  },
  invoicePrefix: 'BM',
};

/** What a listed product's label declares: the shop lists none without them. */
export const BENCH_DECLARATIONS = {
  hsnCode: '2008',
  gstRate: 5,
  ingredients: 'Fox nuts (makhana, 90%), rice bran oil, salt.',
  allergens: 'None',
  nutrition: {
    energyKcal: 410,
    proteinG: 9,
    carbohydrateG: 70,
    sugarsG: 0.5,
    addedSugarsG: 0,
    fatG: 10,
    saturatedFatG: 1.8,
    transFatG: 0,
    sodiumMg: 450,
  },
  vegetarian: true,
  manufacturer: { name: 'Bench Makhana Private Limited', address: '12 Station Road, Darbhanga' },
};

/** A 10% code for every product, with no limit on its uses: every buyer's every checkout may use it. */
async function addDiscountCode(origin, ownerCredentials, code) {
  const login = await call(origin, 'POST', '/admins/onlyAdminTo/login', { body: ownerCredentials });
  if (login.status !== 200) throw new Error(`owner sign-in: ${login.message}`);
  const made = await call(origin, 'POST', '/admins/discounts', {
    token: login.data.accessToken,
    owner: true,
    body: { code, kind: 'percent', value: 10, maxUsesPerCustomer: null },
  });
  if (made.status !== 200) throw new Error(`discount code: ${made.message}`);
}

async function addProducts(origin, ownerCredentials, stocks) {
  const login = await call(origin, 'POST', '/admins/onlyAdminTo/login', { body: ownerCredentials });
  if (login.status !== 200) throw new Error(`owner sign-in: ${login.message}`);
  const token = login.data.accessToken;
  // In production the shop takes no order before its owner has saved who sells.
  const seller = await call(origin, 'POST', '/admins/shop-settings', {
    token,
    owner: true,
    body: BENCH_SELLER,
  });
  // A 404 is a shop from before the setting (bench-compare-checkout runs an older commit).
  if (seller.status !== 200 && seller.status !== 404) {
    throw new Error(`shop settings: ${seller.message}`);
  }
  const added = [];
  for (const [index, stock] of stocks.entries()) {
    const price = priceOf(index);
    const answer = await call(origin, 'POST', '/products/addProduct', {
      token,
      owner: true,
      body: {
        name: `Load Makhana ${index + 1}`,
        brand: 'Mithila Makhana',
        categoryType: 'Snacks',
        packOfBox: 1,
        price,
        description: 'Roasted fox nuts, for the checkout bench.',
        shelfLife: 6,
        variant: 'Classic',
        sku: `LOAD-${index + 1}`,
        listed: true,
        ...BENCH_DECLARATIONS,
        quantity: [{ weight: 100, stock, price }],
      },
    });
    if (answer.status !== 200) throw new Error(`addProduct: ${answer.message}`);
    const product = answer.data;
    const [weight] = product.quantity;
    added.push({ id: product._id, name: product.name, ...weight, stockBefore: stock });
  }
  return added;
}

/** Shelf stock and units sold (lines of paid orders) of each weight, read from the database. */
async function stockFigures(databaseUrl, skus) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select v.sku, v.stock,
         coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
           where i.variant_id = v.id and o.payment_status = 'completed'), 0)::int as sold
       from product_variants v where v.sku = any($1)`,
      [skus],
    );
    return new Map(rows.map((r) => [r.sku, { stock: r.stock, sold: r.sold }]));
  } finally {
    await client.end();
  }
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU ticks so far of the server (the process group `serverGroup`), of PostgreSQL's processes on
 * this machine, of the mail sink (`mailPid`) and of this process (the buyers' client), from
 * /proc; null without /proc.
 */
function cpuTicks(serverGroup, mailPid) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const ticks = { server: 0, postgres: 0, mail: 0, client: 0 };
  for (const pid of pids) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // After the name: state, ppid, pgrp, ... utime (the 12th) and stime (the 13th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const used = Number(fields[11]) + Number(fields[12]);
    if (Number(pid) === process.pid) ticks.client += used;
    else if (Number(fields[2]) === serverGroup) ticks.server += used;
    else if (Number(pid) === mailPid) ticks.mail += used;
    else if (name === 'postgres') ticks.postgres += used;
  }
  return ticks;
}

/**
 * Each of `people` runs paid checkouts back to back for `seconds`: a cart of one or two of the
 * products (one to three packs each), the four calls of the storefront's Place Order and Pay,
 * each timed. A refusal (sold out) counts and the buyer carries on with a new cart.
 */
async function runBuyers({
  origin,
  products,
  people,
  seconds,
  serverGroup,
  mailPid,
  mailSink,
  discountCode = null,
}) {
  // With a code, each checkout first asks the server to price the cart with it, as the summary does.
  const names = discountCode ? [APPLY_DISCOUNT, ...CALLS] : CALLS;
  const latencies = Object.fromEntries(names.map((name) => [name, []]));
  // When each paid order's Pay was asked for (Date.now() time, comparable with the sink's).
  const payAsked = new Map();
  const refusals = new Map();
  const failures = new Map();
  const bought = new Map(products.map((p) => [p.sku, 0]));
  let paid = 0;
  const timed = async (name, request) => {
    const t0 = performance.now();
    const answer = await request();
    latencies[name].push(performance.now() - t0);
    return answer;
  };
  const tally = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

  async function buyer({ email, token }) {
    while (performance.now() < until) {
      const order = randomOrder(products, email);
      if (discountCode) {
        const priced = await timed(APPLY_DISCOUNT, () =>
          call(origin, 'POST', '/orders/apply-discount', {
            token,
            body: { code: discountCode, items: order.items },
          }),
        );
        if (priced.status !== 200) {
          tally(priced.status === 409 ? refusals : failures, `apply-discount: ${priced.message}`);
          continue;
        }
        order.discountCode = discountCode;
        order.shippingCost = priced.data.shippingCost;
        order.totalAmount = priced.data.totalAmount;
      }
      const created = await timed('createOrder', () =>
        call(origin, 'POST', '/orders/createOrder', { token, body: order }),
      );
      if (created.status === 409) {
        tally(refusals, created.message);
        continue;
      }
      if (created.status !== 200) {
        tally(failures, `createOrder ${created.status}: ${created.message}`);
        continue;
      }
      const opened = await timed('razorpayPayment', () =>
        call(origin, 'POST', '/orders/razorpayPayment', {
          token,
          body: { orderId: created.data._id },
        }),
      );
      if (opened.status !== 200) {
        tally(failures, `razorpayPayment ${opened.status}: ${opened.message}`);
        continue;
      }
      payAsked.set(created.data.orderNumber, Date.now());
      const signed = await timed('simulated pay', () =>
        call(origin, 'POST', '/payments/simulated/pay', {
          token,
          body: { razorpay_order_id: opened.data.id },
        }),
      );
      if (signed.status !== 200) {
        tally(failures, `simulated pay ${signed.status}: ${signed.message}`);
        continue;
      }
      const verified = await timed('verifyPayment', () =>
        call(origin, 'POST', '/orders/verifyPayment', { token, body: signed.data }),
      );
      if (verified.status !== 200 || verified.data?.paymentStatus !== 'completed') {
        tally(failures, `verifyPayment ${verified.status}: ${verified.message}`);
        continue;
      }
      paid += 1;
      for (const line of order.items) bought.set(line.sku, bought.get(line.sku) + line.quantity);
    }
  }

  const cpuBefore = cpuTicks(serverGroup, mailPid);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(people.map(buyer));
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuTicks(serverGroup, mailPid);
  // The last confirmations are still on their way when the clock stops.
  if (mailSink) await new Promise((resolve) => setTimeout(resolve, 2_000));
  const mailDelays = mailSink
    ? [...payAsked]
        .map(([order, asked]) => mailSink.confirmedAt(order) - asked)
        .filter((delay) => Number.isFinite(delay))
        .sort((a, b) => a - b)
    : [];
  const perCheckout = (part) =>
    Math.round(((cpuAfter[part] - cpuBefore[part]) / TICKS_PER_SECOND / paid) * 10_000) / 10;
  return {
    /** CPU milliseconds a paid checkout: the server's processes, PostgreSQL's, the mail sink's, the client's */
    cpuMs:
      cpuBefore && cpuAfter && paid > 0
        ? {
            server: perCheckout('server'),
            postgres: perCheckout('postgres'),
            mail: perCheckout('mail'),
            client: perCheckout('client'),
          }
        : null,
    buyers: people.length,
    seconds: Math.round(elapsed * 10) / 10,
    paid,
    perSecond: Math.round((paid / elapsed) * 10) / 10,
    calls: names.map((name) => {
      const sorted = latencies[name].sort((a, b) => a - b);
      return {
        name,
        count: sorted.length,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
      };
    }),
    refusals: [...refusals],
    failures: [...failures],
    bought,
    /** from asking to pay to the order confirmation's arrival at the mail server */
    confirmationMail: mailSink
      ? {
          paid,
          arrived: mailDelays.length,
          p50Ms: percentile(mailDelays, 0.5),
          p95Ms: percentile(mailDelays, 0.95),
        }
      : null,
  };
}

/** Whether what was on the shelf, less what paid orders took, is what is left, never below 0. */
function stockCheck(products, after, bought) {
  return products.map((p) => {
    const figures = after.get(p.sku);
    return {
      sku: p.sku,
      before: p.stockBefore,
      sold: figures.sold,
      boughtByBench: bought.get(p.sku),
      after: figures.stock,
      holds:
        p.stockBefore - figures.sold === figures.stock &&
        figures.stock >= 0 &&
        figures.sold === bought.get(p.sku),
    };
  });
}

/** The shelf of a run: as many products as the shop's, one of them stocked to sell out. */
const shelf = () => [...Array(PRODUCTS - 1).fill(1_000_000), SELLS_OUT];
const priceOf = (index) => 199 + index * 50;

/**
 * `buyers` buyers, each registered and signed in through the shop's own one-time code (read from
 * `mailSink`, the SMTP server the shop at `origin` sends its mail to), run paid
 * checkouts against the shop at `origin` for `seconds` (see `runBuyers`), starting once
 * `beforeRun` (when given) resolves; then the stock is counted in the shop's database.
 */
export async function measureCheckout({
  origin,
  databaseUrl,
  mailSink,
  owner,
  serverGroup,
  buyers = 32,
  seconds = 20,
  beforeRun,
  discountCode = null,
}) {
  // A small shop's shelf: every cart locks the rows of its weights, so a handful of products would
  // measure one queue rather than a shop. One product is stocked to sell out within the run.
  const products = await addProducts(origin, owner, shelf());
  if (discountCode) await addDiscountCode(origin, owner, discountCode);
  const people = [];
  for (let n = 0; n < buyers; n++) people.push(await signIn(origin, mailSink.codeOf, n));
  await beforeRun?.();
  const run = await runBuyers({
    origin,
    products,
    people,
    seconds,
    serverGroup,
    mailPid: mailSink.pid,
    mailSink,
    discountCode,
  });
  const after = await stockFigures(
    databaseUrl,
    products.map((p) => p.sku),
  );
  return { ...run, stock: stockCheck(products, after, run.bought) };
}

/**
 * The same buyers' run against the bare checkout (scripts/bench-bare-checkout.mjs) with
 * `processes` processes on a new database `databaseUrl`: what the machine gives when nothing but
 * the checkout's essential work is done.
 */
export async function measureBareCheckout({
  databaseUrl,
  port,
  processes,
  buyers = 32,
  seconds = 20,
}) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const products = shelf().map((stock, index) => ({
    sku: `LOAD-${index + 1}-100`,
    name: `Load Makhana ${index + 1}`,
    weight: 100,
    price: priceOf(index),
    stockBefore: stock,
  }));
  let server = null;
  try {
    // It makes its tables before it answers; the shelf goes in before the clock starts.
    server = spawn(
      process.execPath,
      [
        join(import.meta.dirname, 'bench-bare-checkout.mjs'),
        databaseUrl,
        String(port),
        String(processes),
      ],
      { detached: true, stdio: 'ignore' },
    );
    const origin = `http://127.0.0.1:${port}`;
    await waitForAnswer(origin);
    for (const p of products) {
      const { rows } = await client.query(
        'insert into variants (sku, price, stock) values ($1, $2, $3) returning id',
        [p.sku, p.price * 100, p.stockBefore],
      );
      p.id = rows[0].id;
    }
    const people = Array.from({ length: buyers }, (_, n) => ({
      email: `buyer.${n}@example.in`,
      token: `buyer-${n}`,
    }));
    const run = await runBuyers({ origin, products, people, seconds, serverGroup: server.pid });
    const { rows } = await client.query(
      `select v.sku, v.stock, coalesce((select sum(l.quantity) from order_lines l
         join orders o on o.id = l.order_id where l.variant_id = v.id and o.status = 'paid'), 0)::int as sold
       from variants v`,
    );
    const after = new Map(rows.map((r) => [r.sku, { stock: r.stock, sold: r.sold }]));
    return { ...run, stock: stockCheck(products, after, run.bought) };
  } finally {
    if (server) process.kill(-server.pid, 'SIGTERM');
    await client.end();
  }
}

/** Resolves once the server at `origin` answers at all. */
async function waitForAnswer(origin) {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(origin);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`the bare checkout at ${origin} did not start`);
}

/** Paid checkouts a second of runs taken one after another: their mean. */
export const meanPerSecond = (runs) =>
  Math.round((runs.reduce((sum, run) => sum + run.perSecond, 0) / runs.length) * 10) / 10;

/** Phases of the code comparison: without, with, with, without, repeated, so drift weighs alike. */
const CODE_PHASES = Array.from({ length: 4 }, () => [false, true, true, false]).flat();
const CODE_PHASE_SECONDS = 10;

/**
 * The paid checkout with a discount code against the same without one, on one shop: its products
 * (none selling out, so every phase sells the same shelf), a 10% code and the buyers are made
 * once, then the buyers run `CODE_PHASES` back to back, each for `CODE_PHASE_SECONDS`, with the
 * code in the phases marked true. Single runs on separate shops differed by a quarter from one
 * to the next on this machine; alternating on one shop takes that drift out of the share.
 */
export async function measureCodeShare({
  origin,
  mailSink,
  owner,
  serverGroup,
  code,
  buyers = 32,
}) {
  const products = await addProducts(origin, owner, Array(PRODUCTS).fill(1_000_000));
  await addDiscountCode(origin, owner, code);
  const people = [];
  for (let n = 0; n < buyers; n++) people.push(await signIn(origin, mailSink.codeOf, n));
  const phases = [];
  for (const withCode of CODE_PHASES) {
    const run = await runBuyers({
      origin,
      products,
      people,
      seconds: CODE_PHASE_SECONDS,
      serverGroup,
      mailPid: mailSink.pid,
      mailSink: null,
      discountCode: withCode ? code : null,
    });
    phases.push({ withCode, ...run });
  }
  return phases;
}

/** Paid checkouts a second over some phases, and their CPU milliseconds a paid checkout. */
function sideOf(phases) {
  const paid = phases.reduce((sum, phase) => sum + phase.paid, 0);
  const seconds = phases.reduce((sum, phase) => sum + phase.seconds, 0);
  const cpu = (part) =>
    phases.every((phase) => phase.cpuMs)
      ? Math.round(
          (phases.reduce((sum, phase) => sum + phase.cpuMs[part] * phase.paid, 0) / paid) * 10,
        ) / 10
      : null;
  return {
    paid,
    perSecond: Math.round((paid / seconds) * 10) / 10,
    cpuMs: { server: cpu('server'), postgres: cpu('postgres'), client: cpu('client') },
  };
}

function codeReport(phases, p99s) {
  const without = sideOf(phases.filter((phase) => !phase.withCode));
  const withCode = sideOf(phases.filter((phase) => phase.withCode));
  const share = Math.round((withCode.perSecond / without.perSecond) * 100) / 100;
  const cpuShare = (side) =>
    side.cpuMs.server === null
      ? 'not read'
      : `${side.cpuMs.server} / ${side.cpuMs.postgres} / ${side.cpuMs.client}`;
  return [
    'With a discount code (a new database `makhana_bench_load_code`, the same processes and buyers):',
    'each checkout first asked `POST /orders/apply-discount` to price its cart with a 10% code, as the',
    'summary does, then placed the order with `discountCode` and the priced total (the code checked',
    "again in the order's transaction; a code without a total limit, as this one, locks no row). The",
    `buyers ran ${CODE_PHASES.length} phases of ${CODE_PHASE_SECONDS} s on one shop, without and with the code in turn`,
    '(without, with, with, without, four times), none of its products selling out. Target: with the code, at',
    `least ${CODE_SHARE_TARGET} of the paid checkouts a second without it.`,
    '',
    row(['phase', 'code', 'paid checkouts', 'per second', 'p99 of the calls (ms)']),
    row(Array(5).fill('---')),
    ...phases.map((phase, index) =>
      row([index + 1, phase.withCode ? 'yes' : 'no', phase.paid, phase.perSecond, p99s(phase)]),
    ),
    '',
    row([
      '',
      'paid checkouts',
      'per second',
      'CPU a paid checkout (ms): server / PostgreSQL / client',
    ]),
    row(Array(4).fill('---')),
    row(['without a code', without.paid, without.perSecond, cpuShare(without)]),
    row([
      'with a code',
      withCode.paid,
      `${withCode.perSecond}: ${share} of without (≥ ${CODE_SHARE_TARGET}${share >= CODE_SHARE_TARGET ? '' : ', **missed**'})`,
      cpuShare(withCode),
    ]),
    '',
  ];
}

export function checkoutReport(
  result,
  bare,
  { date, node, load, processes, redis = null, codePhases = null },
) {
  const { buyers, seconds, paid, perSecond, calls, stock } = result;
  const ratio = Math.round((perSecond / bare.perSecond) * 100) / 100;
  const floorRatio = Math.round((PAID_PER_SECOND_TARGET / bare.perSecond) * 100) / 100;
  const p99s = (figures) => figures.calls.map((c) => c.p99Ms).join(' / ');
  const sold = (figures) => figures.refusals.reduce((n, [, count]) => n + count, 0);
  const failed = (figures) =>
    figures.failures.length ? figures.failures.map(([why, n]) => `${n} × ${why}`).join('; ') : 0;
  return [
    CHECKOUT_HEADING,
    '',
    `Measured by \`BENCH_DATABASE_URL=postgres://… npm run bench\` (or \`npm run bench -- --checkout\`) on ${date}: 2 cores`,
    `shared by the buyers' client and the shop (load average ${load.join(' before, ')} after), Node ${node}; the production`,
    `bundle with \`WEB_CONCURRENCY=${processes}\` on a new PostgreSQL database of its own (\`makhana_bench_load\`, on`,
    "BENCH_DATABASE_URL's server), the simulated gateway, and mail over SMTP as production sends it (to",
    '`scripts/bench-mail-sink.mjs`, an SMTP server in a process of its own that keeps only the sign-in',
    `codes). Each of the ${buyers} buyers registered and signed in through the shop's one-time code before the`,
    `clock started, then for ${seconds} s ran paid checkouts back to back as the storefront does: a cart of one or two of`,
    `${PRODUCTS} products, one weight each (one to three packs of each), \`POST /orders/createOrder\`, \`POST /orders/razorpayPayment\`, the`,
    "simulated window's `POST /payments/simulated/pay` (which captures the payment as Razorpay's webhook",
    `would) and \`POST /orders/verifyPayment\`. One product had ${SELLS_OUT} packs, to sell out during the run.`,
    `Targets: at least ${PAID_PER_SECOND_TARGET} paid checkouts a second; each call's p99 within ${P99_TARGET_MS} ms.`,
    '',
    'Next to it, in the same bench, the same buyers ran against a bare checkout',
    `(\`scripts/bench-bare-checkout.mjs\`, ${processes} processes, a new database \`makhana_bench_bare\` on the same server):`,
    'the four calls on `node:http` and `pg` with only the work no shop can skip: the prices checked, the stock',
    'held and taken under row locks, every write on disk before its answer, the signature checked. No',
    'sign-in check, no validation, no mail, no log line: what these two cores give a checkout with nothing else to do.',
    '',
    row([
      '',
      'paid checkouts',
      'per second',
      'refused: sold out',
      'failed',
      'p99 of the four calls (ms)',
    ]),
    row(Array(6).fill('---')),
    row([
      'the shop',
      paid,
      `${perSecond} (≥ ${PAID_PER_SECOND_TARGET}${perSecond >= PAID_PER_SECOND_TARGET ? '' : ', **missed**'})`,
      sold(result),
      failed(result),
      p99s(result),
    ]),
    row(['bare checkout', bare.paid, bare.perSecond, sold(bare), failed(bare), p99s(bare)]),
    '',
    `The shop reached ${ratio} of the bare checkout; ${PAID_PER_SECOND_TARGET} a second would be ${floorRatio} of it.`,
    '',
    ...(codePhases ? codeReport(codePhases, p99s) : []),
    ...(result.cpuMs && bare.cpuMs
      ? [
          "CPU time a paid checkout, read from `/proc` over each run (PostgreSQL's processes are all of this",
          `machine's server; ${PAID_PER_SECOND_TARGET} a second on two cores leaves ${2000 / PAID_PER_SECOND_TARGET} ms for them all; in production the mail`,
          'server is another machine, here it shares the two cores):',
          '',
          row(['CPU a paid checkout (ms)', 'the shop', 'bare checkout']),
          row(Array(3).fill('---')),
          row(['the server processes', result.cpuMs.server, bare.cpuMs.server]),
          row(['PostgreSQL', result.cpuMs.postgres, bare.cpuMs.postgres]),
          row(['the mail server (the sink)', result.cpuMs.mail, 'no mail']),
          row(["the buyers' client", result.cpuMs.client, bare.cpuMs.client]),
          '',
        ]
      : []),
    row(['call', 'calls', 'p50 (ms)', 'p99 (ms)', `within ${P99_TARGET_MS} ms`]),
    row(Array(5).fill('---')),
    ...calls.map((c) =>
      row([c.name, c.count, c.p50Ms, c.p99Ms, c.p99Ms <= P99_TARGET_MS ? 'yes' : '**no**']),
    ),
    '',
    ...(result.confirmationMail
      ? [
          `The customer's order confirmation, from the moment Pay was asked for to its arrival at the mail server`,
          `(the capture commits inside that call; the mail leaves after the commit): ${result.confirmationMail.arrived} of`,
          `${result.confirmationMail.paid} paid orders' confirmations arrived within the run and 2 s after it, p50`,
          `${result.confirmationMail.p50Ms} ms, p95 ${result.confirmationMail.p95Ms} ms.`,
          '',
        ]
      : []),
    'Stock, read from the database after the run: what was on the shelf, less the packs on paid orders,',
    'is what is left, never below zero, and the packs on paid orders are those the buyers were told they bought.',
    '',
    row([
      'weight',
      'before',
      'sold (paid orders)',
      'bought (buyers)',
      'after',
      'before − sold = after ≥ 0',
    ]),
    row(Array(6).fill('---')),
    ...stock.map((s) =>
      row([s.sku, s.before, s.sold, s.boughtByBench, s.after, s.holds ? 'yes' : '**no**']),
    ),
    `The bare checkout's stock held too: ${bare.stock.every((s) => s.holds) ? 'yes' : '**no**'}.`,
    '',
    ...(redis ? redisReport(redis) : ['No Redis answered: the runs with Redis were left out.', '']),
  ].join('\n');
}

/** Redis lost under a running shop may cost checkout at most a third of its speed. */
const REDIS_DOWN_FLOOR = 1 / 1.5;

/**
 * The same buyers with `REDIS_URL` set (the rate limits and caches shared through it), then with
 * Redis shut after the shop started: every call to it refused, the shop on its fallbacks.
 */
function redisReport({ up, down }) {
  const ratio = Math.round((down.perSecond / up.perSecond) * 100) / 100;
  const createOrder = (figures) => figures.calls.find((c) => c.name === 'createOrder') ?? {};
  const failed = (figures) =>
    figures.failures.length ? figures.failures.map(([why, n]) => `${n} × ${why}`).join('; ') : 0;
  const stockHeld = (figures) => (figures.stock.every((s) => s.holds) ? 'yes' : '**no**');
  return [
    'The same buyers again, each run on a new database of its own, with `REDIS_URL` set (through a TCP',
    'proxy, `scripts/tcp-proxy.mjs`): Redis up, then Redis shut once the buyers had signed in and before the',
    'clock started (the proxy closed every connection and refused new ones), the shop on its fallbacks:',
    'rate limits counted in each process, the caches bypassed. Target: with Redis down, at least',
    `${Math.round(REDIS_DOWN_FLOOR * 100) / 100} of the checkouts a second with Redis up (within 1.5x of its speed).`,
    '',
    row([
      'Redis',
      'paid checkouts',
      'per second',
      'failed',
      'createOrder p50 / p99 (ms)',
      'stock held',
    ]),
    row(Array(6).fill('---')),
    ...[
      ['up', up],
      ['down', down],
    ].map(([name, figures]) =>
      row([
        name,
        figures.paid,
        figures.perSecond,
        failed(figures),
        `${createOrder(figures).p50Ms} / ${createOrder(figures).p99Ms}`,
        stockHeld(figures),
      ]),
    ),
    '',
    `With Redis down the shop kept ${ratio} of its speed with Redis up (target ≥ ${Math.round(REDIS_DOWN_FLOOR * 100) / 100}${ratio >= REDIS_DOWN_FLOOR ? '' : ', **missed**'}).`,
    '',
  ];
}
