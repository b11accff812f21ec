// The crash test's buyers (scripts/crash.test.mjs): the storefront's paid checkout, as
// scripts/bench-checkout.mjs runs it, on a client that writes down every answer the shop gives
// and repeats a call, as the storefront's retry would, when the shop answered 503 (its database
// was lost) or the connection was cut before an answer (the worker that had it was killed).
// Repeating is safe: createOrder is sent again with the same Idempotency-Key, razorpayPayment
// reuses the order's gateway order, verifyPayment answers a settled payment as it did, and the
// simulated window's Pay refuses a second payment for a paid order (409), after which the buyer
// reads the order to learn whether the first Pay went through. (bench-checkout's own client
// throws at a cut connection and keeps no record of the answers: the bench measures speed.)
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { BENCH_DECLARATIONS, BENCH_SELLER, envelopeOf, randomOrder } from './bench-checkout.mjs';

/** A call unanswered this long is abandoned and counted as unanswered. */
const ANSWER_WAIT_MS = 20_000;
/** A call is repeated this long at most (PostgreSQL is lost for 3 s), a pause between tries. */
const REPEAT_FOR_MS = 20_000;
const REPEAT_PAUSE_MS = 200;
/** One checkout in this many ends with the simulated window's failure instead of Pay. */
const FAILS_ONE_IN = 10;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A client of the shop at `origin` on kept-alive connections. `answers` holds every request's
 * outcome: `{ call, status, message, error, startedAt, endedAt }` (performance.now() times),
 * `status` null and `error` the socket's code when no answer came.
 */
export function shopClient(origin) {
  const agent = new http.Agent({ keepAlive: true });
  const answers = [];

  function once(call, method, path, { token, body, owner, headers: extra = {} }) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { 'accept-encoding': 'br, gzip, deflate', ...extra };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (token) headers.authorization = `Bearer ${token}`;
    if (owner) headers['x-auth-realm'] = 'owner';
    const startedAt = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      // A response that errors after its status came may report twice: the first word stands.
      const settle = (outcome) => {
        if (settled) return;
        settled = true;
        const answer = { call, startedAt, endedAt: performance.now(), ...outcome };
        answers.push(answer);
        resolve(answer);
      };
      const request = http.request(`${origin}/api/v1${path}`, { method, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', (error) => settle({ status: null, error: error.code ?? error.message }));
        res.on('end', () => {
          const parsed = envelopeOf(res.headers, chunks);
          settle({ status: res.statusCode, data: parsed.data, message: parsed.message });
        });
      });
      request.setTimeout(ANSWER_WAIT_MS, () => request.destroy(new Error('unanswered')));
      request.on('error', (error) => settle({ status: null, error: error.code ?? error.message }));
      request.end(payload);
    });
  }

  /** One call, repeated while the shop answers 503 or no answer comes, for REPEAT_FOR_MS. */
  async function call(name, method, path, options = {}) {
    const until = performance.now() + REPEAT_FOR_MS;
    for (;;) {
      const answer = await once(name, method, path, options);
      const again = answer.status === null || answer.status === 503;
      if (!again || performance.now() > until) return answer;
      await sleep(REPEAT_PAUSE_MS);
    }
  }

  return { call, answers, close: () => agent.destroy() };
}

function expect200(answer, what) {
  if (answer.status !== 200) {
    throw new Error(`${what}: ${answer.status ?? answer.error} ${answer.message ?? ''}`);
  }
  return answer.data;
}

/** A buyer registered and signed in through the shop's one-time code, as the storefront does. */
export async function signIn(client, codeOf, n) {
  const email = `buyer.${n}.${Date.now()}@example.in`;
  expect200(
    await client.call('registerUser', 'POST', '/users/registerUser', {
      body: { firstName: 'Buyer', lastName: `Number ${n}`, email, phoneNumber: '9123456780' },
    }),
    'registerUser',
  );
  expect200(
    await client.call('loginUser', 'POST', '/users/loginUser', { body: { email } }),
    'loginUser',
  );
  const verified = expect200(
    await client.call('loginVerificationUser', 'POST', '/users/loginVerificationUser', {
      body: { email, otp: await codeOf(email) },
    }),
    'loginVerificationUser',
  );
  return { email, token: verified.accessToken };
}

/**
 * The owner's shop for the run, set up through the owner's forms as the bench sets up its own:
 * who sells (in production the shop takes no order before that is saved), then the products with
 * their labels' declarations, one weight each with the given stock.
 */
export async function openShop(client, owner, stocks) {
  const { accessToken: token } = expect200(
    await client.call('owner login', 'POST', '/admins/onlyAdminTo/login', { body: owner }),
    'owner sign-in',
  );
  expect200(
    await client.call('shop settings', 'POST', '/admins/shop-settings', {
      token,
      owner: true,
      body: BENCH_SELLER,
    }),
    'shop settings',
  );
  const added = [];
  for (const [index, stock] of stocks.entries()) {
    const price = 199 + index * 50;
    const product = expect200(
      await client.call('addProduct', 'POST', '/products/addProduct', {
        token,
        owner: true,
        body: {
          name: `Crash Makhana ${index + 1}`,
          brand: 'Mithila Makhana',
          categoryType: 'Snacks',
          packOfBox: 1,
          price,
          description: 'Roasted fox nuts, for the crash test.',
          shelfLife: 6,
          variant: 'Classic',
          sku: `CRASH-${index + 1}`,
          listed: true,
          ...BENCH_DECLARATIONS,
          quantity: [{ weight: 100, stock, price }],
        },
      }),
      'addProduct',
    );
    const [weight] = product.quantity;
    added.push({ id: product._id, name: product.name, ...weight, stockBefore: stock });
  }
  return added;
}

/**
 * Each of `people` runs checkouts back to back until `until` (performance.now() time): a cart of
 * one or two of `products`, one to three packs each; createOrder, razorpayPayment, the simulated
 * window's Pay, verifyPayment. A buyer's first order is left unpaid, for the sweeper to expire;
 * one in FAILS_ONE_IN checkouts fails in the window instead of paying. A refusal (sold out, too
 * many unpaid orders) and a call the shop never answered end the checkout; the buyer starts
 * another. Returns what the buyers were told.
 */
export async function runBuyers(client, { products, people, until }) {
  const told = {
    /** payment id → order id, for every Pay the window answered 200 */
    captured: new Map(),
    /** order id → the verified order, for every checkout the buyer saw paid */
    paid: new Map(),
    /** orders whose Pay answer was lost, found paid when read back */
    paidUnseen: new Set(),
    /** order ids left unpaid on purpose */
    abandoned: new Set(),
    failedInWindow: 0,
    /** call and answer → count, for the checkouts that ended early */
    ended: new Map(),
    /** performance.now() times of the paid checkouts */
    paidAt: [],
  };
  const endedBy = (answer) => {
    const key = `${answer.call} ${answer.status ?? answer.error}: ${answer.message ?? ''}`;
    told.ended.set(key, (told.ended.get(key) ?? 0) + 1);
  };

  async function checkout({ email, token }, leaveUnpaid) {
    const created = await client.call('createOrder', 'POST', '/orders/createOrder', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: randomOrder(products, email),
    });
    if (created.status !== 200) return endedBy(created);
    const orderId = created.data._id;
    if (leaveUnpaid) return told.abandoned.add(orderId);

    const opened = await client.call('razorpayPayment', 'POST', '/orders/razorpayPayment', {
      token,
      body: { orderId },
    });
    if (opened.status !== 200) return endedBy(opened);
    const gatewayOrder = { razorpay_order_id: opened.data.id };
    if (Math.random() * FAILS_ONE_IN < 1) {
      const failed = await client.call('simulated fail', 'POST', '/payments/simulated/fail', {
        token,
        body: gatewayOrder,
      });
      if (failed.status !== 200) return endedBy(failed);
      told.failedInWindow += 1;
      return;
    }

    const signed = await client.call('simulated pay', 'POST', '/payments/simulated/pay', {
      token,
      body: gatewayOrder,
    });
    if (signed.status === 409) {
      // Refused as paid already: an earlier Pay of this checkout went through, its answer lost.
      const read = await client.call('order', 'GET', `/orders/order-id-details/${orderId}`, {
        token,
      });
      if (read.status === 200 && read.data.paymentStatus === 'completed') {
        told.paidUnseen.add(orderId);
        told.paidAt.push(performance.now());
        return;
      }
      return endedBy(signed);
    }
    if (signed.status !== 200) return endedBy(signed);
    told.captured.set(signed.data.razorpay_payment_id, orderId);

    const verified = await client.call('verifyPayment', 'POST', '/orders/verifyPayment', {
      token,
      body: signed.data,
    });
    if (verified.status !== 200 || verified.data.paymentStatus !== 'completed') {
      return endedBy(verified);
    }
    told.paid.set(orderId, verified.data);
    told.paidAt.push(performance.now());
  }

  await Promise.all(
    people.map(async (person) => {
      for (let first = true; performance.now() < until; first = false) {
        await checkout(person, first);
      }
    }),
  );
  return told;
}
