/**
 * The shop's numbers in Prometheus' terms (decision 042), each app with a registry of its own:
 * requests by route and status, the order moves and refunds as they commit, the mails that could
 * not go, the sweeper's last run, and what the database, the outbox and the catalogue cache hold
 * when scraped. In a cluster each worker keeps its own; the primary sums them (`serveMetrics`), so
 * what is read from the database is marked to be taken once, not added up per worker.
 */

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Mailer } from '../adapters/mail/mailer';
import { onCommit } from '../db/after-commit';
import type { Database } from '../db/client';
import { rawRows } from '../db/raw';
import type { CatalogueCache } from '../modules/catalogue';
import { ORDER_MOVED, type OrdersKit, REFUND_RECORDED } from '../modules/checkout';

/** Seconds: from a kept read (a millisecond) to a slow provider's call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A request no route took: the storefront's pages and the 404s, under one name, not their URLs. */
export const UNROUTED = '(unrouted)';

export interface ShopMetrics {
  registry: Registry;
  /** the mailer, its failures counted */
  countingMailer(mailer: Mailer): Mailer;
}

export function createShopMetrics(deps: {
  app: FastifyInstance;
  db: Database;
  catalogue: CatalogueCache;
  orders: () => OrdersKit;
}): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { app, db, catalogue } = deps;

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNROUTED,
      // A kept read is written straight to the socket: its status is the raw response's.
      status: String(reply.raw.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const paid = new Counter({
    name: 'shop_paid_checkouts_total',
    help: 'Orders paid (captured), sold out after payment included',
    registers: [registry],
  });
  const paymentFailures = new Counter({
    name: 'shop_payment_failures_total',
    help: 'Payments the gateway reported failed',
    registers: [registry],
  });
  const moves = new Counter({
    name: 'shop_order_moves_total',
    help: 'Order moves committed, by move (paid, failed, cancelled, shipped, delivered, ...)',
    labelNames: ['move'],
    registers: [registry],
  });
  const refunds = new Counter({
    name: 'shop_refunds_total',
    help: 'Refunds recorded to be sent to the bank',
    registers: [registry],
  });
  const refundedRupees = new Counter({
    name: 'shop_refunded_rupees_total',
    help: 'Rupees of the refunds recorded',
    registers: [registry],
  });
  const stopCountingMoves = onCommit(db, ORDER_MOVED, (values) => {
    for (const move of values as string[]) {
      moves.inc({ move });
      if (move === 'paid' || move === 'paid_sold_out') paid.inc();
      else if (move === 'failed') paymentFailures.inc();
    }
  });
  const stopCountingRefunds = onCommit(db, REFUND_RECORDED, (values) => {
    for (const paise of values as number[]) {
      refunds.inc();
      refundedRupees.inc(paise / 100);
    }
  });
  app.addHook('onClose', async () => {
    stopCountingMoves();
    stopCountingRefunds();
  });

  const mailsFailed = new Counter({
    name: 'shop_mails_failed_total',
    help: 'Mails the mail server (or the outbox folder) did not take',
    registers: [registry],
  });

  new Gauge({
    name: 'shop_sweeper_last_run_timestamp_seconds',
    help: 'When this shop last finished a sweep (unpaid orders expired, follow-ups retried); 0 before the first',
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.set((deps.orders().lastSweptAt ?? 0) / 1000);
    },
  });

  new Gauge({
    name: 'shop_orders',
    help: 'Orders by status, read from the database',
    labelNames: ['status'],
    registers: [registry],
    aggregator: 'first',
    async collect() {
      const rows = await rawRows(
        db,
        sql.raw('select status, count(*)::int as n from orders group by status'),
      );
      this.reset();
      for (const row of rows) this.set({ status: String(row.status) }, Number(row.n));
    },
  });
  const outboxDepth = new Gauge({
    name: 'shop_outbox_depth',
    help: 'Order follow-ups (mails, invoices, courier) not yet carried out, read from the database',
    registers: [registry],
    aggregator: 'first',
  });
  new Gauge({
    name: 'shop_outbox_oldest_age_seconds',
    help: 'Age of the oldest follow-up not yet carried out; 0 when there is none',
    registers: [registry],
    aggregator: 'first',
    async collect() {
      const [row] = await rawRows(
        db,
        sql.raw(
          'select count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age from outbox',
        ),
      );
      outboxDepth.set(Number(row?.n ?? 0));
      this.set(Number(row?.age ?? 0));
    },
  });

  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: "The database pool's connections: open, idle, and requests waiting for one",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'open' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  new Counter({
    name: 'shop_catalogue_cache_hits_total',
    help: 'Public reads answered from the catalogue cache',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(catalogue.stats.hits);
    },
  });
  new Counter({
    name: 'shop_catalogue_cache_misses_total',
    help: 'Public reads the catalogue cache had to load',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(catalogue.stats.misses);
    },
  });
  new Gauge({
    name: 'shop_catalogue_cache_hit_ratio',
    help: "Share of the catalogue cache's reads answered from what it held, since start",
    registers: [registry],
    aggregator: 'average',
    collect() {
      const { hits, misses } = catalogue.stats;
      this.set(hits + misses === 0 ? 0 : hits / (hits + misses));
    },
  });

  return {
    registry,
    countingMailer(mailer) {
      return {
        kind: mailer.kind,
        reachable: () => mailer.reachable(),
        close: () => mailer.close(),
        async send(message) {
          try {
            await mailer.send(message);
          } catch (error) {
            mailsFailed.inc();
            throw error;
          }
        },
      };
    },
  };
}
