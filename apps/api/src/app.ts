import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import pg from 'pg';
import { createCourier } from './adapters/courier/create-courier';
import { createMailer } from './adapters/mail/mailer';
import { OidcClient } from './adapters/oauth/oidc';
import { createPaymentGateway } from './adapters/payments/create-payment-gateway';
import { createSimulatedGateway } from './adapters/payments/simulated-gateway';
import { createPincodeDirectory } from './adapters/pincode/create-pincode-directory';
import { createImageStorage } from './adapters/storage/create-storage';
import type { Config } from './config/config';
import { REPO_ROOT } from './config/config';
import { onCommit, withOwnCommitHooks } from './db/after-commit';
import type { Database } from './db/client';
import { failure } from './lib/envelope';
import { loggedUrl } from './lib/log-serializers';
import { type Notice, printNotice } from './lib/notice';
import { CIRCUIT_CLOSED, CIRCUIT_OPEN } from './lib/redis-circuit';
import { REQUEST_ID_HEADER, requestIdGenerator, requestScope } from './lib/request-id';
import { createShopMetrics, type ShopMetrics } from './metrics/shop-metrics';
import {
  adminRoutes,
  authPlugin,
  customerErasureRoutes,
  deriveKey,
  SESSIONS_TOPIC,
  userRoutes,
} from './modules/accounts';
import {
  bannerImageRoutes,
  bannerRoutes,
  CATALOGUE_CHANGED,
  type CatalogueCache,
  createCatalogueCache,
  productImageRoutes,
  productRoutes,
  reviewRoutes,
} from './modules/catalogue';
import {
  applyDiscountRoutes,
  createOrdersKit,
  DISCOUNTS_CHANGED,
  discountRoutes,
  figuresRoutes,
  handleWebhook,
  type OrdersKit,
  orderRoutes,
  paymentRoutes,
  pincodeRoutes,
  simulatedPaymentRoutes,
  webhookRoutes,
} from './modules/checkout';
import { healthRoutes } from './modules/health';
import { invoiceRoutes } from './modules/invoicing';
import { readShopIdentity, shopRoutes } from './modules/shop';
import { crawlerRoutes, createPageRenderer } from './modules/storefront';
import { supportRoutes } from './modules/support';
import { openApiRoute, registerApiDocs } from './plugins/api-docs';
import { installErrorHandler } from './plugins/error-handler';
import { installKeptReads } from './plugins/kept-reads';
import { budgetOutsideRoutes, type RequestBudget, registerRateLimit } from './plugins/rate-limit';
import { depthCheckedJson, emptyJsonAsObject, refuseNulCharacters } from './plugins/request-hooks';
import { installRouteContracts } from './plugins/route-contracts';
import { installSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { registerStorefront, registerUploads } from './plugins/static-files';

export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
/** The storefront's server render, built beside it by `vite build --ssr`. */
const SSR_DIR_NAME = 'dist-ssr';
const JSON_BODY_LIMIT = 64 * 1024;
/** Sessions whose liveness one process keeps at a time; past it the oldest answer goes. */
const SESSION_LIVENESS_ENTRIES = 50_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The public reads' cache: writers of products, stock, reviews or banners invalidate it. */
    catalogue: CatalogueCache;
    /** whether sessions are live, kept a few seconds; every ending of sessions invalidates it */
    sessionLiveness: CatalogueCache;
    /** order services: the sweep main.ts runs on a timer, and what tests wait on */
    orders: OrdersKit;
    /** the shop's metrics, which main.ts serves on METRICS_PORT; null when that is not set */
    metrics: ShopMetrics | null;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  /** the built storefront; null serves none. Defaults to apps/web/dist. */
  webDistDir?: string | null;
  /** a pino logger; none logs nothing (tests) */
  logger?: FastifyBaseLogger;
  /**
   * where a shop outside production shows each one-time code; by default printed for the
   * person at the terminal in development, and nowhere in tests
   */
  notice?: Notice;
}

/** The HTTP app, not yet listening: main.ts listens, tests call `app.inject`. */
/** Longer than any Redis command of the shop takes on a working server, by far. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const db = withOwnCommitHooks(deps.db);
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    // The logger's mixin names the request on every line written during its work (the shop's own
    // services log through the app's logger too), so a child logger per request would say it twice.
    childLoggerFactory: (logger) => logger,
    // Every JSON body of the API fits in a few KB; uploads are multipart, with their own limits.
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // One line a request, written below once it is answered (a kept read answered early too),
    // instead of Fastify's two (received, completed): at `info` those two were a fifth of the
    // work of a cached read.
    logController: new LogController({ disableRequestLogging: true }),
    // A malformed URL (bad percent-encoding) is the caller's error, answered in the envelope.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void reply
        .code(statusCode)
        .header(REQUEST_ID_HEADER, request.id)
        .send(failure(statusCode, 'Malformed request', [], null, request.id));
    },
  });

  // First of all: every answer, a refusal by the rate limit or a kept read too, names its request,
  // and the request's work runs in its scope (Fastify keeps it through the body's parsing; the
  // test of request ids sends a body late to check).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    requestScope.run(request.id, done);
  });

  app.addHook('onResponse', (request, reply, done) => {
    // Flat fields, no `req` or `res`: pino then runs no serializer and no redaction for the line
    // (a fifth of its cost on a kept read), and nothing in it can carry a header.
    request.log.info(
      {
        method: request.method,
        url: loggedUrl(request.url),
        statusCode: reply.statusCode,
        remoteAddress: request.ip,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
    done();
  });
  installErrorHandler(app);
  installRouteContracts(app);
  await registerApiDocs(app, { page: config.apiDocs });
  await app.register(depthCheckedJson);
  const security = securityHeaders(config);
  installSecurityHeaders(app, security);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 (the default) costs far too much CPU per response; 4 is close in size.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Signs short-lived cookies (the Google sign-in state); sessions use their own tokens.
  await app.register(cookie, {
    secret: deriveKey(config.authSecret, 'cookie-signing-v1'),
    // Read by the sign-in guards (preValidation) and handlers only: parsed then, so a kept public
    // read answered earlier (plugins/kept-reads.ts) does not parse them.
    hook: 'preValidation',
  });
  const plainMailer = createMailer({ ...config.mail, outboxDir: config.outboxDir });
  app.addHook('onClose', async () => plainMailer.close());
  const oidc = config.google ? new OidcClient(config.google) : null;

  // Loaded only when used, as the S3 SDK is: each held about 20 MB of a process that has no need.
  const redis = config.redisUrl
    ? new (await import('./lib/redis-client')).ShopRedis(config.redisUrl, {
        connectTimeout: 1000,
        // Fail fast while Redis is away: a command is refused at once instead of queued for the
        // next reconnection (which held every checkout for a second), and one that gets no answer
        // gives up soon. Each user has its fallback: per-process counts, the cache's lifetime.
        enableOfflineQueue: false,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : null;
  if (redis) {
    // Said once when Redis goes away (or stops answering) and once when it is back, not at every
    // reconnection.
    let away = false;
    const gone = (message: string, error?: unknown) => {
      if (away) return;
      away = true;
      app.log.warn(
        error ? { err: error } : {},
        `${message}: rate limits count per process and cached reads live out their lifetime until it does`,
      );
    };
    const back = () => {
      if (!away) return;
      away = false;
      app.log.info('Redis answers again');
    };
    redis.on('error', (error) => gone('Redis does not answer', error));
    redis.on(CIRCUIT_OPEN, () => gone('Redis does not answer in time, so it is not asked for now'));
    redis.on('ready', back);
    redis.on(CIRCUIT_CLOSED, back);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  const pincodes = createPincodeDirectory(config.pincode, (error) =>
    app.log.warn({ err: error }, 'pincode service failed'),
  );
  const storage = await createImageStorage(config);
  app.addHook('onClose', async () => storage.close());
  // Without Redis, processes sharing a PostgreSQL server hear each other's writes through it.
  const pool = (db as { $client?: unknown }).$client;
  const catalogue = await createCatalogueCache({
    redis,
    postgres: !redis && pool instanceof pg.Pool ? pool : null,
  });
  app.decorate('catalogue', catalogue);
  installKeptReads(app, { catalogue, security });
  // The one place the catalogue's cached reads are dropped: after any commit that changed them.
  const stopInvalidating = onCommit(db, CATALOGUE_CHANGED, () => catalogue.invalidate());
  app.addHook('onClose', () => {
    stopInvalidating();
    return catalogue.close();
  });
  // Whether a session is still live, asked on every signed-in call, is kept the same way and
  // dropped in every process by each sign-out and revocation.
  const sessionLiveness = await createCatalogueCache({
    topic: SESSIONS_TOPIC,
    redis,
    postgres: !redis && pool instanceof pg.Pool ? pool : null,
    maxEntries: SESSION_LIVENESS_ENTRIES,
  });
  app.decorate('sessionLiveness', sessionLiveness);
  app.addHook('onClose', () => sessionLiveness.close());

  // Counted only when someone reads them (METRICS_PORT): a request's labels and timing cost it.
  const metrics = config.metrics
    ? createShopMetrics({ app, db, catalogue, orders: () => orders })
    : null;
  app.decorate('metrics', metrics);
  const mailer = metrics?.countingMailer(plainMailer) ?? plainMailer;

  // The simulated gateway also serves its own window (`pay`), so it is kept by its own type.
  const simulated =
    config.payments.provider === 'simulated' ? createSimulatedGateway(config.payments) : null;
  const gateway =
    simulated ??
    createPaymentGateway(config.payments, (error) =>
      app.log.warn({ err: error }, 'payment gateway failed'),
    );
  const courier = createCourier(config.shipping, pincodes);
  // A discount code is read on every checkout that carries one and changed only by the owner:
  // kept the same way, each change dropping it in every process.
  const discountCodes = await createCatalogueCache({
    topic: DISCOUNTS_CHANGED,
    redis,
    postgres: !redis && pool instanceof pg.Pool ? pool : null,
  });
  const orders = createOrdersKit({
    db,
    mailer,
    gateway,
    courier,
    log: app.log,
    config,
    discountCodes,
  });
  app.decorate('orders', orders);
  app.addHook('onClose', () => orders.close());
  if (simulated) {
    // Its refunds reach the bank later and are reported as Razorpay reports them: signed events
    // through the webhook's own handler.
    simulated.sendEventsTo((event) =>
      handleWebhook(orders.context, event.rawBody, event.signature, event.eventId).catch((error) =>
        app.log.warn({ err: error }, 'simulated refund event not applied'),
      ),
    );
    app.addHook('onClose', async () => simulated.close());
  }

  // Unknown page paths are answered outside the API, on the API's budget per client.
  let unknownPages: RequestBudget | null = null;
  await app.register(
    async (api) => {
      await registerRateLimit(api, config.rateLimit, redis);
      unknownPages = budgetOutsideRoutes(api, config.rateLimit, 'unknown-pages');
      await api.register(authPlugin, { db, config, liveness: sessionLiveness });
      // A map of every route is for developers: production serves it only when asked to.
      if (config.apiDocs) await api.register(openApiRoute);
      await api.register(healthRoutes, { db, redis, mailer });
      await api.register(productRoutes, { db, catalogue, prefix: '/products' });
      await api.register(bannerRoutes, { db, catalogue, prefix: '/banners' });
      await api.register(pincodeRoutes, { directory: pincodes, prefix: '/orders' });
      await api.register(webhookRoutes, { orders, prefix: '/orders' });
      await api.register(figuresRoutes, { db, prefix: '/admins' });
      // The routes that store what a shopper or the owner types refuse NUL characters up front.
      await api.register(async (writes) => {
        await writes.register(refuseNulCharacters);
        // Logout, deleteAddress, deleteUser and delete-review take no body; clients differ on
        // sending a JSON content type.
        await writes.register(async (bodyless) => {
          await bodyless.register(emptyJsonAsObject);
          await bodyless.register(userRoutes, {
            db,
            config,
            redis,
            mailer,
            oidc,
            notice: deps.notice ?? (config.nodeEnv === 'development' ? printNotice : null),
            prefix: '/users',
          });
          await bodyless.register(customerErasureRoutes, {
            db,
            privateDir: path.join(config.dataDir, 'private'),
            prefix: '/users',
          });
          await bodyless.register(adminRoutes, { db, config, prefix: '/admins' });
          await bodyless.register(reviewRoutes, {
            db,
            catalogue,
            rateLimit: config.rateLimit,
            prefix: '/reviews',
          });
        });
        await writes.register(orderRoutes, {
          db,
          orders,
          takesOrders: config.isProduction
            ? async () => (await readShopIdentity(db, catalogue)).missing.length === 0
            : async () => true,
          directory: pincodes,
          prefix: '/orders',
        });
        await writes.register(paymentRoutes, { orders, prefix: '/orders' });
        await writes.register(applyDiscountRoutes, { orders, prefix: '/orders' });
        await writes.register(discountRoutes, { db, prefix: '/admins' });
        await writes.register(invoiceRoutes, { db, prefix: '/orders' });
        if (simulated) {
          await writes.register(simulatedPaymentRoutes, {
            orders,
            gateway: simulated,
            prefix: '/payments/simulated',
          });
        }
        await writes.register(supportRoutes, { db, config, mailer, prefix: '/supports' });
        await writes.register(shopRoutes, { db, catalogue });
        // The owner's pictures: multipart uploads in scopes of their own, and JSON deletes.
        await writes.register(productImageRoutes, { db, storage, prefix: '/products' });
        await writes.register(bannerImageRoutes, { db, storage, prefix: '/banners' });
      });
    },
    { prefix: '/api/v1' },
  );

  await registerUploads(app, config.uploadsDir);
  const webDist = deps.webDistDir === undefined ? DEFAULT_WEB_DIST : deps.webDistDir;
  const pages = webDist
    ? await createPageRenderer({
        distDir: webDist,
        ssrDir: path.join(path.dirname(webDist), SSR_DIR_NAME),
        db,
        catalogue,
        publicUrl: config.publicUrl,
        log: app.log,
      })
    : null;
  if (pages) {
    await app.register(crawlerRoutes, {
      db,
      catalogue,
      publicUrl: config.publicUrl,
      listedPaths: pages.listedPaths,
    });
  }
  await registerStorefront(app, webDist, pages, unknownPages);
  return app;
}
