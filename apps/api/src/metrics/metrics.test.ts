import type { Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import {
  captureEvent,
  cartLine,
  customer,
  insertProduct,
  orderWithPayment,
  ownerToken,
  sendWebhook,
  simulatedOrder,
} from '../test/order-fixtures';
import { call } from '../test/requests';
import { METRICS_PATH, ownMetrics, serveMetrics } from './serve';
import { UNROUTED } from './shop-metrics';

const api = useTestApp({ owner: true, env: { METRICS_PORT: '9464' } });

let server: Server | null = null;
afterAll(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** The value of a sample in Prometheus' text (`name{labels} value`), 0 when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const open = line.indexOf('{');
    const space = line.lastIndexOf(' ');
    const metric = open === -1 ? line.slice(0, space) : line.slice(0, open);
    if (metric !== name) continue;
    const body = open === -1 ? '' : line.slice(open + 1, line.lastIndexOf('}'));
    if (wanted.every((pair) => body.split(',').includes(pair)))
      return Number(line.slice(space + 1));
  }
  return 0;
}

async function scrape(): Promise<string> {
  if (!server) {
    const metrics = api.app.metrics;
    if (!metrics) throw new Error('METRICS_PORT is set: the app keeps metrics');
    const { read, contentType } = ownMetrics(metrics.registry);
    server = await serveMetrics({ port: 0, host: '127.0.0.1' }, read, contentType, console);
  }
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const answer = await fetch(`http://127.0.0.1:${address.port}${METRICS_PATH}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.text();
}

describe('GET /metrics', () => {
  it('moves with a paid checkout, a refund and the requests that made them', async () => {
    const before = await scrape();
    const createOrder = { method: 'POST', route: '/api/v1/orders/createOrder', status: '200' };
    const { orderId } = await simulatedOrder(api);
    const owner = await ownerToken(api.app);
    const refunded = await call(api.app, 'POST', `/orders/refund/${orderId}`, {
      token: owner,
      body: { reason: 'Damaged in transit' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await api.app.orders.idle();
    await api.app.inject({ url: '/no-such-page' });
    await api.app.orders.sweep();
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('http_requests_total', createOrder)).toBe(1);
    expect(moved('http_request_duration_seconds_count', createOrder)).toBe(1);
    expect(moved('http_requests_total', { route: UNROUTED, status: '404' })).toBe(1);
    expect(moved('shop_paid_checkouts_total')).toBe(1);
    expect(moved('shop_order_moves_total', { move: 'paid' })).toBe(1);
    expect(moved('shop_refunds_total')).toBe(1);
    // The pack at ₹449 and its ₹50 shipping.
    expect(moved('shop_refunded_rupees_total')).toBe(499);
    // Read from the database: the order, now refunded in full, and nothing left to carry out.
    expect(sample(after, 'shop_orders', { status: 'Cancelled' })).toBe(1);
    expect(sample(after, 'shop_outbox_depth')).toBe(0);
    expect(sample(after, 'shop_sweeper_last_run_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect(sample(after, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(after).toContain('shop_catalogue_cache_hit_ratio');
  });

  it('counts a payment the gateway reports failed, and a mail that could not go', async () => {
    const before = await scrape();
    const [pouch] = await insertProduct(api.db, {
      variants: [{ weight: 100, price: 199, stock: 5 }],
    });
    const buyer = await customer(api.db);
    const { gatewayOrderId, amount } = await orderWithPayment(api.app, buyer.token, [
      cartLine(pouch, 1),
    ]);
    const failed = await sendWebhook(
      api.app,
      captureEvent(gatewayOrderId, 'pay_Failed000001', amount, 'payment.failed'),
    );
    expect(failed.json().message).toBe('Webhook processed');
    const mailer = api.app.metrics?.countingMailer({
      kind: 'smtp',
      reachable: async () => false,
      close: () => {},
      send: async () => {
        throw new Error('the mail server refused');
      },
    });
    await expect(
      mailer?.send({ to: 'a@example.in', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow();
    const after = await scrape();
    expect(
      sample(after, 'shop_payment_failures_total') - sample(before, 'shop_payment_failures_total'),
    ).toBe(1);
    expect(
      sample(after, 'shop_mails_failed_total') - sample(before, 'shop_mails_failed_total'),
    ).toBe(1);
  });

  it('answers only GET /metrics', async () => {
    await scrape();
    const address = server?.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    expect((await fetch(`http://127.0.0.1:${address.port}/`)).status).toBe(404);
    expect(
      (await fetch(`http://127.0.0.1:${address.port}${METRICS_PATH}`, { method: 'POST' })).status,
    ).toBe(404);
  });
});
