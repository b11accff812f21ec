/**
 * The API document: valid OpenAPI 3.1, naming every route the app serves with its inputs, its
 * answers and the realm it needs; and the answers the routes really give match it.
 */
import { randomUUID } from 'node:crypto';
import { API_BASE } from '@makhana/domain/api';
import { indiaToday } from '@makhana/domain/shipping';
import { validate as parserValidate } from '@readme/openapi-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pngOf } from './adapters/images/test-images';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from './config/config';
import { openPostgres } from './db/client';
import { refreshSessions } from './db/schema';
import { success } from './lib/envelope';
import { OPENAPI_PATH } from './plugins/api-docs';
import { answers } from './plugins/route-contracts';
import { forgetCachedReads, PRODUCTION_ENV, testApp, useTestApp } from './test/app';
import { LABEL_DECLARATIONS } from './test/catalogue-fixtures';
import { startDelhiveryStub } from './test/delhivery-stub';
import {
  ADDRESS,
  captureEvent,
  cartLine,
  insertProduct,
  customer as newCustomer,
  orderPayload,
  orderWithPayment,
  placeOrder,
  SAVED_ADDRESS,
  sendWebhook,
  signedPayment,
  simulatedOrder,
} from './test/order-fixtures';
import { refundEvent, useRazorpayStub } from './test/razorpay-stub';
import { call, codeMailedTo, insertUser, mailsTo } from './test/requests';
import { apiRoutes } from './test/routes';

interface Answer {
  method: string;
  route: string;
  statusCode: number;
  body: string;
}

const answered: Answer[] = [];

/** `METHOD /route` to every status this file's apps answered it with, 304s included. */
const produced = new Map<string, Set<number>>();

/**
 * Every answer of the apps under test: its body as it went out, to be checked against the
 * document, and its status, even when the answer skipped Fastify's send (a kept read).
 */
function recordAnswers(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith(`${API_BASE}/`)) return;
    const key = `${request.method} ${route}`;
    const statuses = produced.get(key) ?? new Set<number>();
    statuses.add(reply.statusCode);
    produced.set(key, statuses);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload === 'string' && request.routeOptions.url?.startsWith('/api/v1/')) {
      answered.push({
        method: request.method,
        route: request.routeOptions.url,
        statusCode: reply.statusCode,
        body: payload,
      });
    }
    return payload;
  });
}

/** A stand-in for Razorpay, for the answers given while it is down or refuses. */
const GATEWAY_KEYS = { keyId: 'rzp_test_OpenApiDoc01', keySecret: 'openapi-stub-key-secret' };
const gateway = useRazorpayStub(GATEWAY_KEYS);

const api = useTestApp({
  env: { RATE_LIMIT: '0' },
  owner: true,
  reset: false,
  beforeReady: recordAnswers,
});

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { required: boolean; content: Record<string, { schema: object }> };
  responses: Record<
    string,
    { content?: Record<string, { schema: object }>; headers?: Record<string, object> }
  >;
  security?: Record<string, string[]>[];
  'x-realm'?: string;
}
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> } & Record<
  string,
  unknown
>;

let document: OpenApiDocument;

beforeAll(async () => {
  const response = await api.app.inject({ url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

/** The writes that read nothing from their body (the path names what they act on). */
const TAKES_NO_BODY = [
  '/api/v1/orders/ship/:orderId',
  '/api/v1/admins/totp/setup',
  '/api/v1/admins/sessions/revoke/:id',
  '/api/v1/admins/sessions/revoke-others',
  '/api/v1/users/deleteAddress/:addressId',
  '/api/v1/users/deleteUser/:userId',
  '/api/v1/products/deleteProduct/:productId',
];

/** `/api/v1/users/editAddress/:addressId` as the document spells it, below its server. */
const documentPath = (route: string) => route.slice(API_BASE.length).replace(/:(\w+)/g, '{$1}');

const operation = (method: string, route: string): Operation | undefined =>
  document.paths[documentPath(route)]?.[method.toLowerCase()];

describe('the API document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    // A second validator, which also checks what the schema cannot: unique operationIds,
    // parameters matching the path's.
    const parsed = await parserValidate(structuredClone(document) as never);
    expect(parsed.valid ? [] : parsed.errors).toEqual([]);
  });

  it('is served from /api/v1, its paths written below it', () => {
    expect(document.servers).toEqual([{ url: API_BASE, description: 'This server' }]);
    expect(Object.keys(document.paths).some((path) => path.startsWith(API_BASE))).toBe(false);
  });

  it('names every operation once, after its path', () => {
    const ids = Object.values(document.paths).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('POST', '/api/v1/products/addProduct')?.operationId).toBe('addProduct');
    expect(operation('POST', '/api/v1/orders/createOrder')?.operationId).toBe('createOrder');
    expect(operation('POST', '/api/v1/orders/verifyPayment')?.operationId).toBe('verifyPayment');
    expect(operation('GET', '/api/v1/products/getProductDetails/:id')?.operationId).toBe(
      'getProductDetailsById',
    );
    expect(operation('POST', '/api/v1/admins/refresh-token')?.operationId).toBe(
      'adminsRefreshToken',
    );
  });

  it("documents the webhook's body as Razorpay's JSON event", () => {
    const webhook = operation('POST', '/api/v1/orders/razorpay-webhook');
    expect(webhook?.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/RazorpayEventInput',
    });
    const components = document.components as { schemas: Record<string, object> };
    expect(components.schemas.RazorpayEventInput).toMatchObject({
      type: 'object',
      required: ['event', 'payload'],
    });
    expect(JSON.stringify(components.schemas.RazorpayEventInput)).not.toContain(
      '"additionalProperties":false',
    );
  });

  it('declares the ETag, If-None-Match and 304 of the reads that answer them', () => {
    for (const route of [
      '/api/v1/products/getProductDetails',
      '/api/v1/products/getProductDetails/:id',
      '/api/v1/banners/getBannerDetails',
      '/api/v1/reviews/get-reviews/:productId',
    ]) {
      const op = operation('GET', route);
      expect(op?.parameters?.some((p) => p.in === 'header' && p.name === 'If-None-Match')).toBe(
        true,
      );
      expect(Object.keys(op?.responses['200']?.headers ?? {})).toContain('ETag');
      expect(op?.responses['304']?.content, route).toBeUndefined();
      expect(Object.keys(op?.responses['304']?.headers ?? {})).toContain('ETag');
    }
    expect(operation('GET', '/api/v1/users/getUser')?.responses['304']).toBeUndefined();
  });

  it('names every route the app serves, and only those', () => {
    const served = apiRoutes(api.app);
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) =>
        Object.keys(methods).map(
          (method) => `${method.toUpperCase()} ${API_BASE}${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      )
      .sort();
    expect(served.length).toBeGreaterThan(35);
    expect(documented).toEqual(served);
  });

  it('gives every route its answers, its refusals and its realm', () => {
    for (const entry of apiRoutes(api.app)) {
      const [method, route] = entry.split(' ') as [string, string];
      const op = operation(method, route);
      const success = op?.responses['200'] ?? op?.responses['302'];
      expect(success, `${entry}: no success answer`).toBeDefined();
      const responses = Object.entries(op?.responses ?? {});
      expect(
        responses.some(([status]) => /^[45]XX$/.test(status)),
        entry,
      ).toBe(false);
      for (const [status, response] of responses) {
        if (status !== 'default' && Number(status) < 400) continue;
        expect(response.content?.['application/json']?.schema, `${entry} ${status}`).toEqual({
          $ref: '#/components/schemas/ApiFailure',
        });
      }
      if (route !== OPENAPI_PATH) expect(op?.responses.default, entry).toBeDefined();
      expect(['public', 'customer', 'owner', 'customerOrOwner'], entry).toContain(op?.['x-realm']);
      if (op?.['x-realm'] !== 'public') {
        expect(op?.security?.length, `${entry}: realm without security`).toBeGreaterThan(0);
      }
      for (const name of route.match(/:(\w+)/g) ?? []) {
        const parameter = op?.parameters?.find((p) => p.in === 'path' && `:${p.name}` === name);
        expect(parameter, `${entry}: path parameter ${name}`).toBeDefined();
      }
      if ((method === 'POST' || method === 'PUT') && !TAKES_NO_BODY.includes(route)) {
        expect(op?.requestBody, `${entry}: no request body`).toBeDefined();
      }
    }
  });

  it('describes the files that are not the JSON envelope by their own type', () => {
    const csv = operation('GET', '/api/v1/orders/export')?.responses['200'];
    expect(csv?.content?.['text/csv']?.schema).toMatchObject({ type: 'string' });
    expect(csv?.content?.['application/json']).toBeUndefined();
    const invoice = operation('GET', '/api/v1/supports/invoice/:id')?.responses['200'];
    expect(Object.keys(invoice?.content ?? {}).sort()).toEqual([
      'image/gif',
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);
  });

  it('marks a body that may be left out as optional, and every other as required', () => {
    const refresh = operation('POST', '/api/v1/users/refresh-token');
    expect(refresh?.requestBody).toMatchObject({ required: false });
    expect(operation('POST', '/api/v1/users/logoutUser')?.requestBody).toMatchObject({
      required: false,
    });
    expect(operation('POST', '/api/v1/orders/createOrder')?.requestBody).toMatchObject({
      required: true,
    });
    expect(JSON.stringify(document)).not.toContain('x-optional-body');
  });

  it('names the sign-ins: bearer and the two realms’ cookies', () => {
    const components = document.components as { securitySchemes: Record<string, object> };
    expect(components.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      customerCookie: { type: 'apiKey', in: 'cookie', name: 'accessToken' },
      ownerCookie: { type: 'apiKey', in: 'cookie', name: 'adminAccessToken' },
    });
    expect(operation('GET', '/api/v1/users/getUser')?.['x-realm']).toBe('customer');
    expect(operation('GET', '/api/v1/users/getUserDetails')?.['x-realm']).toBe('owner');
    expect(operation('GET', '/api/v1/products/owner-list')?.['x-realm']).toBe('owner');
    expect(operation('GET', '/api/v1/orders/orderDetails')?.['x-realm']).toBe('customerOrOwner');
    expect(operation('GET', '/api/v1/products/getProductDetails')?.['x-realm']).toBe('public');
  });
});

describe('the answers the routes give', () => {
  it('match the document, on success and on refusal', async () => {
    const [variant] = await insertProduct(api.db, {
      variants: [{ weight: 250, price: 299, stock: 5 }],
    });
    const { accessToken: token } = await api.signInCustomer('openapi@example.com');
    const owner = await call(api.app, 'POST', '/admins/onlyAdminTo/login', {
      body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
    });
    const ownerToken = owner.json().data.accessToken as string;

    await call(api.app, 'GET', '/health');
    await call(api.app, 'GET', '/banners/getBannerDetails');
    await call(api.app, 'GET', '/products/getProductDetails');
    await call(api.app, 'GET', `/products/getProductDetails/${variant.productId}`);
    await call(api.app, 'GET', '/products/getProductDetails/not-a-product');
    await call(api.app, 'GET', '/users/getUser', { token });
    await call(api.app, 'GET', '/users/getUser');
    await call(api.app, 'POST', '/users/updateUserAccount', {
      token,
      body: { firstName: 'Asha', lastName: 'Kumari', email: 'openapi@example.com' },
    });
    const address = await call(api.app, 'POST', '/users/newAddress', {
      token,
      body: SAVED_ADDRESS,
    });
    await call(api.app, 'POST', '/users/newAddress', { token, body: { name: '' } });
    await call(api.app, 'GET', '/users/getAddressDetails', { token });
    await call(api.app, 'POST', `/users/deleteAddress/${address.json().data?._id}`, { token });
    await call(api.app, 'POST', '/orders/pincodeVerification', { body: { pincode: '846004' } });
    await call(api.app, 'POST', '/orders/pincodeVerification', { body: { pincode: '12' } });
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(variant, 1),
    ]);
    await call(api.app, 'POST', '/payments/simulated/pay', {
      token,
      body: { razorpay_order_id: gatewayOrderId },
    });
    const review = await call(api.app, 'POST', '/reviews/add-review', {
      token,
      body: { productId: variant.productId, rating: 5, comment: 'Crisp and fresh' },
    });
    expect(review.statusCode).toBe(200);
    await call(api.app, 'POST', '/reviews/add-review', {
      token,
      body: { productId: variant.productId, rating: 4, comment: 'Again' },
    });
    await call(api.app, 'GET', `/reviews/get-reviews/${variant.productId}?limit=1`);
    await call(api.app, 'PUT', `/reviews/update-review/${review.json().data?._id}`, {
      token,
      body: { rating: 4, comment: 'Crisp' },
    });
    await call(api.app, 'DELETE', `/reviews/delete-review/${review.json().data?._id}`, {
      token: ownerToken,
    });
    await call(api.app, 'GET', '/orders/orderDetails', { token });
    await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token });
    await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token: ownerToken });
    await call(api.app, 'GET', '/users/getUserDetails', { token: ownerToken });
    await call(api.app, 'GET', '/users/getUserDetails?q=openapi&limit=5', { token: ownerToken });
    await call(api.app, 'GET', '/orders/orderDetails?status=Confirmed', { token: ownerToken });
    await call(api.app, 'GET', '/orders/orderDetails?status=Lost', { token: ownerToken });
    await call(api.app, 'GET', '/reviews/latest?limit=5', { token: ownerToken });
    await call(api.app, 'GET', '/products/owner-list?q=makhana&sort=price-desc&limit=5', {
      token: ownerToken,
    });
    await call(api.app, 'GET', '/products/owner-list?sort=cheapest', { token: ownerToken });
    await call(api.app, 'GET', '/supports/inbox?status=open', { token: ownerToken });
    await call(api.app, 'GET', '/orders/export?from=2026-02-30&to=2026-03-01', {
      token: ownerToken,
    });
    await call(api.app, 'POST', `/supports/resolve/${orderId}`, {
      token: ownerToken,
      body: { resolved: true },
    });
    await call(api.app, 'GET', `/supports/invoice/${orderId}`, { token: ownerToken });
    await call(api.app, 'GET', '/admins/getAdmin', { token: ownerToken });
    await call(api.app, 'POST', '/supports/contact-us', {
      body: {
        from_name: ADDRESS.firstName,
        reply_to: ADDRESS.email,
        phone: ADDRESS.phone,
        message: 'Do you ship to Patna?',
      },
    });
    await call(api.app, 'POST', '/users/logoutUser', { token, body: {} });

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ ...document, $id: 'openapi' });
    const statusKey = (op: Operation, status: number) =>
      String(status) in op.responses ? String(status) : 'default';

    expect(answered.length).toBeGreaterThan(25);
    const statuses = new Set(answered.map((answer) => Math.floor(answer.statusCode / 100)));
    expect([...statuses].sort()).toEqual([2, 4]);
    for (const answer of answered) {
      const op = operation(answer.method, answer.route);
      const label = `${answer.method} ${answer.route} ${answer.statusCode}`;
      expect(op, label).toBeDefined();
      if (!op) continue;
      const key = statusKey(op, answer.statusCode);
      const pointer = [
        'paths',
        documentPath(answer.route),
        answer.method.toLowerCase(),
        'responses',
        key,
        'content',
        'application/json',
        'schema',
      ]
        .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
        .join('/');
      const validate = ajv.getSchema(`openapi#/${pointer}`);
      expect(validate, `${label}: no schema`).toBeDefined();
      const valid = validate?.(JSON.parse(answer.body));
      expect(validate?.errors ?? [], `${label}: ${answer.body.slice(0, 300)}`).toEqual([]);
      expect(valid, label).toBe(true);
    }
  });
});

describe('input goes in through its schema', () => {
  it('refuses a missing body by saying so, and a bad field by naming it', async () => {
    const { accessToken: token } = await api.signInCustomer('no-body@example.com');
    const none = await call(api.app, 'POST', '/orders/createOrder', { token });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: 'body: Request body is required',
      errors: [{ field: 'body', message: 'Request body is required' }],
    });
    const bad = await call(api.app, 'POST', '/orders/pincodeVerification', {
      body: { pincode: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('pincode');
    expect(bad.json().message).toMatch(/^pincode: /);
  });

  it('checks the sign-in before the input: a visitor learns only that', async () => {
    const visitor = await call(api.app, 'POST', '/orders/createOrder', { body: { items: 'x' } });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('an answer goes out through its schema', () => {
  const probe: FastifyPluginAsyncZod = async (app) => {
    const person = z.object({ name: z.string() });
    app.get('/probe/extra', { schema: { response: answers(person) } }, async () =>
      // A row with a secret the schema does not name: it must not leave the server.
      success({ name: 'Asha', passwordHash: 'secret' } as { name: string }, 'ok'),
    );
    app.get('/probe/wrong', { schema: { response: answers(person) } }, async () =>
      success({ name: 42 } as unknown as { name: string }, 'ok'),
    );
  };

  it('drops a field the schema does not name, and refuses an answer that breaks it', async () => {
    const app = await api.startApp({
      beforeReady: (instance) => instance.register(probe, { prefix: '/api/v1' }),
    });
    const extra = await call(app, 'GET', '/probe/extra');
    expect(extra.statusCode).toBe(200);
    expect(extra.json().data).toEqual({ name: 'Asha' });
    expect(extra.body).not.toContain('secret');

    const wrong = await call(app, 'GET', '/probe/wrong');
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json()).toEqual({
      statusCode: 500,
      data: null,
      message: 'Internal server error',
      success: false,
      errors: [],
      requestId: wrong.headers['x-request-id'],
    });
  });
});

describe('the document as a page', () => {
  it('is at /api/docs in development, with its own script-only policy', async () => {
    const page = await api.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe");
    const spec = await api.app.inject({ url: '/api/docs/json' });
    expect(spec.json()).toEqual(document);
  });

  it('is off in production, the page and the document, unless API_DOCS=on', async () => {
    const closed = await api.startApp({ env: PRODUCTION_ENV });
    expect((await closed.inject({ url: '/api/docs/' })).statusCode).toBe(404);
    expect((await closed.inject({ url: OPENAPI_PATH })).statusCode).toBe(404);

    const open = await api.startApp({ env: { ...PRODUCTION_ENV, API_DOCS: 'on' } });
    expect((await open.inject({ url: '/api/docs/' })).statusCode).toBe(200);
    expect((await open.inject({ url: OPENAPI_PATH })).json()).toEqual(document);
  });
});

describe('every refusal the document declares is one the routes give', () => {
  const FOREIGN_ORIGIN = 'https://elsewhere.example';
  /** A body each write with a path parameter accepts, so its unknown thing is reached. */
  const VALID_BODIES: Record<string, unknown> = {
    'POST /api/v1/users/editAddress/:addressId': SAVED_ADDRESS,
    'PUT /api/v1/reviews/update-review/:reviewId': { rating: 4, comment: 'Crisp' },
    'POST /api/v1/supports/resolve/:id': { resolved: true },
    'POST /api/v1/supports/reply/:ticketNumber': { message: 'We have sent a new pouch.' },
    'POST /api/v1/orders/refund/:orderId': { reason: 'Out of stock' },
    'POST /api/v1/orders/cancel/:orderId': { reason: 'Changed my mind' },
    'POST /api/v1/orders/return-decision/:orderId': { returnId: randomUUID(), approve: true },
    'POST /api/v1/orders/return-received/:orderId': { returnId: randomUUID() },
    'POST /api/v1/orders/return-refund/:orderId': { returnId: randomUUID(), restock: true },
    'POST /api/v1/orders/refund-extra-payment/:orderId': { paymentId: 'pay_NotAPayment01' },
    'POST /api/v1/orders/refund-again/:orderId': { refundId: randomUUID() },
    'POST /api/v1/admins/discounts/:id': { code: 'MISSING1', kind: 'freeShipping' },
    'POST /api/v1/orders/update-status/:orderId': { status: 'Delivered' },
    'POST /api/v1/products/deleteProductImage/:productId': { imageUrl: '/uploads/a.webp' },
    'POST /api/v1/products/reorderProductImages/:productId': { images: ['/uploads/a.webp'] },
    'POST /api/v1/products/productImageAlt/:productId': {
      imageUrl: '/uploads/a.webp',
      alt: 'A bowl of makhana',
    },
    'POST /api/v1/products/updateProduct/:productId': {
      name: 'Peri Peri Makhana',
      brand: 'Mithila Makhana',
      categoryType: 'Snacks',
      packOfBox: 1,
      price: 149,
      description: 'Slow-roasted fox nuts with peri peri.',
      shelfLife: 6,
      variant: 'Peri Peri',
      ...LABEL_DECLARATIONS,
      quantity: [{ weight: 100, price: 149, stock: 10 }],
    },
  };

  const routes = () => apiRoutes(api.app).map((entry) => entry.split(' ') as [Method, string]);
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const declares = (method: string, route: string, status: number) =>
    String(status) in (operation(method, route)?.responses ?? {});
  const inject = (app: FastifyInstance, method: Method, url: string, more: object = {}) =>
    app.inject({ method, url, ...more });

  let customer = '';
  let owner = '';
  beforeAll(async () => {
    customer = (await api.signInCustomer('refusals@example.com')).accessToken;
    const signIn = await call(api.app, 'POST', '/admins/onlyAdminTo/login', {
      body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
    });
    owner = signIn.json().data.accessToken as string;
  });
  const tokenFor = (realm: string | undefined) => (realm === 'customer' ? customer : owner);

  it('400: a write whose body is not JSON, a read whose query is not one', async () => {
    for (const [method, route] of routes()) {
      if (!declares(method, route, 400)) continue;
      const op = operation(method, route);
      const url = route.replace(/:\w+/g, randomUUID());
      const authorization = `Bearer ${tokenFor(op?.['x-realm'])}`;
      const query = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const response =
        method === 'GET'
          ? await inject(api.app, method, `${url}?${query.map((n) => `${n}=a&${n}=b`).join('&')}`, {
              headers: { authorization },
            })
          : await inject(api.app, method, url, {
              headers: { authorization, 'content-type': 'application/json' },
              payload: '{',
            });
      expect(response.statusCode, `${method} ${route}: ${response.body}`).toBe(400);
    }
  });

  it('413 for a body over the limit, 415 for a body of a type the route does not take', async () => {
    const tooLarge = JSON.stringify({ padding: 'x'.repeat(70 * 1024) });
    for (const [method, route] of routes()) {
      if (!declares(method, route, 413)) continue;
      const url = route.replace(/:\w+/g, randomUUID());
      const authorization = `Bearer ${tokenFor(operation(method, route)?.['x-realm'])}`;
      const large = await inject(api.app, method, url, {
        headers: { authorization, 'content-type': 'application/json' },
        payload: tooLarge,
      });
      expect(large.statusCode, `${method} ${route}: ${large.body}`).toBe(413);
      if (!declares(method, route, 415)) continue;
      const xml = await inject(api.app, method, url, {
        headers: { authorization, 'content-type': 'application/xml' },
        payload: '<makhana/>',
      });
      expect(xml.statusCode, `${method} ${route}: ${xml.body}`).toBe(415);
    }
  });

  it('401 without a sign-in; 403 for a cookie write from another site', async () => {
    for (const [method, route] of routes()) {
      const realm = operation(method, route)?.['x-realm'];
      if (realm === 'public' || !declares(method, route, 401)) continue;
      const url = route.replace(/:\w+/g, randomUUID());
      const visitor = await inject(api.app, method, url);
      expect(visitor.statusCode, `${method} ${route}`).toBe(401);
      // A read's 403 is a dangerous act's, given below to a session without a recent proof.
      if (!declares(method, route, 403) || method === 'GET') continue;
      const cookies =
        realm === 'customer' ? { accessToken: customer } : { adminAccessToken: owner };
      const foreign = await inject(api.app, method, url, {
        cookies,
        headers: { origin: FOREIGN_ORIGIN },
      });
      expect(foreign.statusCode, `${method} ${route}`).toBe(403);
    }
  });

  it('404 for a thing that is not there', async () => {
    for (const [method, route] of routes()) {
      if (!declares(method, route, 404) || !route.includes('/:')) continue;
      const realm = operation(method, route)?.['x-realm'];
      const body = VALID_BODIES[`${method} ${route}`];
      const response = await inject(api.app, method, route.replace(/:\w+/g, randomUUID()), {
        headers: realm === 'public' ? {} : { authorization: `Bearer ${tokenFor(realm)}` },
        ...(body ? { payload: body } : {}),
      });
      expect(response.statusCode, `${method} ${route}: ${response.body}`).toBe(404);
    }
    // A shop that has not set out who sells yet has no identity to show.
    expect((await inject(api.app, 'GET', `${API_BASE}/shop/identity`)).statusCode).toBe(404);
  });

  it('429 past the rate limit, on every route', async () => {
    const limited = await api.startApp({
      env: {
        RATE_LIMIT: '1',
        RATE_LIMIT_MAX: '1',
        RATE_LIMIT_STRICT_MAX: '1',
        RATE_LIMIT_ACCOUNT_MAX: '1',
      },
      beforeReady: recordAnswers,
    });
    for (const [method, route] of routes()) {
      await inject(limited, method, route.replace(/:\w+/g, randomUUID()));
      const again = await inject(limited, method, route.replace(/:\w+/g, randomUUID()));
      expect(again.statusCode, `${method} ${route}`).toBe(429);
    }
  });

  it("the routes' own: a sign-in refused, a thing not there, a conflict", async () => {
    const [variant] = await insertProduct(api.db, {
      variants: [{ weight: 250, price: 299, stock: 5 }],
    });
    const token = (await api.signInCustomer('own-refusals@example.com')).accessToken;
    for (const path of ['/loginUser', '/send-otp']) {
      await call(api.app, 'POST', `/users${path}`, { body: { email: 'nobody@example.com' } });
    }
    await call(api.app, 'POST', '/admins/onlyAdminTo/login', {
      body: { email: DEV_ADMIN_EMAIL, password: 'not-the-password' },
    });
    for (const realm of ['users', 'admins']) {
      await call(api.app, 'POST', `/${realm}/refresh-token`, { body: {} });
      const cookie = realm === 'users' ? 'refreshToken' : 'adminRefreshToken';
      await call(api.app, 'POST', `/${realm}/refresh-token`, {
        cookies: { [cookie]: 'a-refresh-token' },
        headers: { origin: FOREIGN_ORIGIN },
      });
      await call(api.app, 'POST', realm === 'users' ? '/users/logoutUser' : '/admins/logoutAdmin', {
        cookies: { [cookie]: 'a-refresh-token' },
        headers: { origin: FOREIGN_ORIGIN },
      });
    }
    await call(api.app, 'POST', '/reviews/add-review', {
      token,
      body: { productId: randomUUID(), rating: 5, comment: 'Crisp' },
    });
    for (const attempt of ['first', 'again']) {
      await call(api.app, 'POST', '/reviews/add-review', {
        token,
        body: { productId: variant.productId, rating: 5, comment: attempt },
      });
    }
    await call(api.app, 'POST', '/orders/razorpayPayment', {
      token,
      body: { orderId: randomUUID() },
    });
    for (const path of ['/payments/simulated/pay', '/payments/simulated/fail']) {
      await call(api.app, 'POST', path, { token, body: { razorpay_order_id: 'order_unknown' } });
    }
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(variant, 1),
    ]);
    const pay = () =>
      call(api.app, 'POST', '/payments/simulated/pay', {
        token,
        body: { razorpay_order_id: gatewayOrderId },
      });
    await pay();
    await pay();
    await call(api.app, 'POST', '/orders/razorpayPayment', { token, body: { orderId } });
    // More than the shelf holds; a paid order delivered before it shipped; a refund of an unpaid one.
    await call(api.app, 'POST', '/orders/createOrder', {
      token,
      body: orderPayload([cartLine(variant, 5)]),
    });
    await call(api.app, 'POST', `/orders/update-status/${orderId}`, {
      token: owner,
      body: { status: 'Delivered' },
    });
    const unpaid = await orderWithPayment(api.app, token, [cartLine(variant, 1)]);
    await call(api.app, 'POST', `/orders/refund/${unpaid.orderId}`, {
      token: owner,
      body: { reason: 'Out of stock' },
    });
    // A cancellation of an order that was never paid.
    await call(api.app, 'POST', `/orders/cancel/${unpaid.orderId}`, {
      token,
      body: { reason: 'Changed my mind' },
    });
    // A second payment for a paid order; an e-mail already registered; a sku already in use.
    await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, 'pay_SecondPayment01'),
    });
    await call(api.app, 'POST', '/users/registerUser', {
      body: {
        firstName: 'Asha',
        lastName: 'Kumari',
        email: 'own-refusals@example.com',
        phoneNumber: '9123456780',
      },
    });
    const product = (sku: string) => ({
      ...(VALID_BODIES['POST /api/v1/products/updateProduct/:productId'] as object),
      quantity: [{ weight: 100, price: 149, stock: 10, sku }],
    });
    await call(api.app, 'POST', '/products/addProduct', {
      token: owner,
      body: product(variant.sku),
    });
    const [other] = await insertProduct(api.db, {
      variants: [{ weight: 100, price: 149, stock: 1 }],
    });
    await call(api.app, 'POST', `/products/updateProduct/${other.productId}`, {
      token: owner,
      body: product(variant.sku),
    });
    // The dangerous acts of a session whose last proof of identity is 11 minutes old; then the
    // owner proves it again.
    await api.db
      .update(refreshSessions)
      .set({ provenAt: sql`now() - interval '11 minutes'` })
      .where(eq(refreshSessions.subjectType, 'admin'));
    for (const [method, path] of [
      ['GET', '/orders/export?from=2026-11-01&to=2026-11-02'],
      ['POST', `/orders/refund/${orderId}`],
      ['POST', `/users/deleteUser/${randomUUID()}`],
      ['POST', '/admins/totp/setup'],
    ] as const) {
      const stale = await call(api.app, method, path, {
        token: owner,
        body: method === 'POST' && path.includes('refund') ? { reason: 'Out of stock' } : undefined,
      });
      expect(stale.statusCode, `${method} ${path}: ${stale.body}`).toBe(403);
      expect(stale.json().data).toEqual({ needsProof: 'password' });
    }
    const proven = await call(api.app, 'POST', '/admins/confirm-identity', {
      token: owner,
      body: { password: DEV_ADMIN_PASSWORD },
    });
    expect(proven.statusCode, proven.body).toBe(200);
    // The owner's second factor: nothing to confirm yet, then set up, then set up again.
    await call(api.app, 'POST', '/admins/totp/confirm', { token: owner, body: { otp: '123456' } });
    const setup = await call(api.app, 'POST', '/admins/totp/setup', { token: owner });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.json().data.secret) });
    const confirmed = await call(api.app, 'POST', '/admins/totp/confirm', {
      token: owner,
      body: { otp: totp.generate() },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await call(api.app, 'POST', '/admins/totp/setup', { token: owner });
  });

  it('503 while a service the route needs is down; 502 when the gateway refuses a refund', async () => {
    const dead = 'http://127.0.0.1:9';
    const down = await api.startApp({
      env: {
        RATE_LIMIT: '0',
        SMTP_URL: 'smtp://127.0.0.1:9',
        PINCODE_PROVIDER: 'delhivery',
        DELHIVERY_TOKEN: 'a-delhivery-token',
        DELHIVERY_API_URL: dead,
        STORAGE: 's3',
        S3_BUCKET: 'nowhere',
        S3_ENDPOINT: dead,
        S3_ACCESS_KEY_ID: 'x',
        S3_SECRET_ACCESS_KEY: 'x',
      },
      dataDir: `${api.dataDir}/down`,
      beforeReady: recordAnswers,
    });
    const expectDown = async (method: Method, route: string, more: object, app = down) => {
      const response = await inject(app, method, `${API_BASE}${route}`, more);
      expect(response.statusCode, `${method} ${route}: ${response.body}`).toBe(503);
    };
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    // The mail: a sign-in code, and the code that proves a new e-mail (taken: a 409 first).
    const shopper = await newCustomer(api.db, 'mail-down@example.com');
    for (const path of ['/users/loginUser', '/users/send-otp']) {
      await expectDown('POST', path, { payload: { email: shopper.user.email } });
    }
    const profile = (email: string) => ({
      headers: bearer(shopper.token),
      payload: { firstName: 'Asha', lastName: 'Kumari', email, phoneNumber: '9876543210' },
    });
    const taken = await inject(
      down,
      'POST',
      `${API_BASE}/users/updateUserAccount`,
      profile('refusals@example.com'),
    );
    expect(taken.statusCode, taken.body).toBe(409);
    await expectDown('POST', '/users/updateUserAccount', profile('new-address@example.com'));
    // The e-mail change's later mails: the new address's code, then the old address's notice.
    const mover = await api.signInCustomer('mover-down@example.com');
    const move = {
      token: mover.accessToken,
      body: {
        firstName: 'Asha',
        lastName: 'Kumari',
        email: 'moved-down@example.com',
        phoneNumber: '9876543210',
      },
    };
    await call(api.app, 'POST', '/users/updateUserAccount', move);
    await expectDown('POST', '/users/approveEmailChange', {
      headers: bearer(mover.accessToken),
      payload: { otp: codeMailedTo(api.outboxDir, 'mover-down@example.com') },
    });
    // Approved already: saving again sends the new address its code without asking again.
    await call(api.app, 'POST', '/users/updateUserAccount', move);
    await expectDown('POST', '/users/verifyEmailChange', {
      headers: bearer(mover.accessToken),
      payload: { otp: codeMailedTo(api.outboxDir, 'moved-down@example.com') },
    });
    // The pincode directory: the check, and the order that checks its address.
    const [variant] = await insertProduct(api.db, {
      variants: [{ weight: 100, price: 149, stock: 5 }],
    });
    await expectDown('POST', '/orders/pincodeVerification', { payload: { pincode: '846004' } });
    await expectDown('POST', '/orders/createOrder', {
      headers: bearer(customer),
      payload: orderPayload([cartLine(variant, 1)]),
    });
    // The picture storage.
    const data = new FormData();
    data.append('images', new Blob([new Uint8Array(await pngOf(400, 400))]), 'p.png');
    const encoded = new Response(data);
    const picture = {
      headers: { ...bearer(owner), 'content-type': encoded.headers.get('content-type') as string },
      payload: Buffer.from(await encoded.arrayBuffer()),
    };
    await expectDown('POST', `/products/addProductImage/${variant.productId}`, picture);
    await expectDown('POST', '/banners/addBannerImage', picture);
    // The database, for the health check.
    const noDatabase = await openPostgres('postgres://postgres@127.0.0.1:1/nothing', {
      migrate: false,
    });
    const unhealthy = await testApp({
      db: noDatabase.db,
      dataDir: `${api.dataDir}/unhealthy`,
      beforeReady: recordAnswers,
    });
    try {
      expect((await inject(unhealthy, 'GET', `${API_BASE}/health`)).statusCode).toBe(503);
    } finally {
      await unhealthy.close();
      await noDatabase.close();
    }

    // The payment gateway: opening a payment, confirming one, refunding one.
    const razorpay = await api.startApp({
      env: {
        RATE_LIMIT: '0',
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: GATEWAY_KEYS.keyId,
        RAZORPAY_KEY_SECRET: GATEWAY_KEYS.keySecret,
        RAZORPAY_WEBHOOK_SECRET: 'openapi-webhook-secret',
        RAZORPAY_API_URL: gateway.url,
      },
      dataDir: `${api.dataDir}/razorpay`,
      beforeReady: recordAnswers,
    });
    const { orderId, gatewayOrderId, amount } = await orderWithPayment(razorpay, customer, [
      cartLine(variant, 1),
    ]);
    const unopened = await placeOrder(razorpay, customer, [cartLine(variant, 1)]);
    const paymentId = 'pay_OpenApiDown001';
    const confirm = {
      headers: bearer(customer),
      payload: signedPayment(gatewayOrderId, paymentId, GATEWAY_KEYS.keySecret),
    };
    gateway.down = true;
    await expectDown(
      'POST',
      '/orders/razorpayPayment',
      {
        headers: bearer(customer),
        payload: { orderId: unopened.json().data._id },
      },
      razorpay,
    );
    await expectDown('POST', '/orders/verifyPayment', confirm, razorpay);
    gateway.down = false;
    gateway.payments.set(paymentId, { order_id: gatewayOrderId, amount, status: 'captured' });
    const paid = await inject(razorpay, 'POST', `${API_BASE}/orders/verifyPayment`, confirm);
    expect(paid.statusCode, paid.body).toBe(200);
    const refund = () =>
      inject(razorpay, 'POST', `${API_BASE}/orders/refund/${orderId}`, {
        headers: bearer(owner),
        payload: { reason: 'Out of stock' },
      });
    gateway.refundMode = { kind: 'refuse', description: 'The payment has been fully refunded' };
    expect((await refund()).statusCode).toBe(502);
    gateway.down = true;
    expect((await refund()).statusCode).toBe(503);
    const cancel = () =>
      inject(razorpay, 'POST', `${API_BASE}/orders/cancel/${orderId}`, {
        headers: bearer(customer),
        payload: { reason: 'Changed my mind' },
      });
    expect((await cancel()).statusCode).toBe(503);
    gateway.down = false;
    expect((await cancel()).statusCode).toBe(502);
    gateway.down = true;
    // A second payment for the paid order, heard from the webhook, then its refund.
    gateway.down = false;
    gateway.refundMode = { kind: 'ok' };
    const heard = await sendWebhook(
      razorpay,
      captureEvent(gatewayOrderId, 'pay_OpenApiTwice01', amount),
      {
        secret: 'openapi-webhook-secret',
      },
    );
    expect(heard.statusCode, heard.body).toBe(200);
    const refundExtra = () =>
      inject(razorpay, 'POST', `${API_BASE}/orders/refund-extra-payment/${orderId}`, {
        headers: bearer(owner),
        payload: { paymentId: 'pay_OpenApiTwice01' },
      });
    gateway.refundMode = { kind: 'refuse', description: 'Refund amount exceeds the payment' };
    expect((await refundExtra()).statusCode).toBe(502);
    gateway.down = true;
    expect((await refundExtra()).statusCode).toBe(503);

    // A return, step by step, with each refusal on the way; then its refund refused and unanswered.
    gateway.down = false;
    gateway.refundMode = { kind: 'ok' };
    const kept = await orderWithPayment(razorpay, customer, [cartLine(variant, 1)]);
    gateway.payments.set('pay_OpenApiReturn1', {
      order_id: kept.gatewayOrderId,
      amount: kept.amount,
      status: 'captured',
    });
    const keptPaid = await inject(razorpay, 'POST', `${API_BASE}/orders/verifyPayment`, {
      headers: bearer(customer),
      payload: signedPayment(kept.gatewayOrderId, 'pay_OpenApiReturn1', GATEWAY_KEYS.keySecret),
    });
    expect(keptPaid.statusCode, keptPaid.body).toBe(200);
    const line = keptPaid.json().data.items[0]._id as string;
    const returnForm = async (photos: { bytes: Buffer; name: string }[] = []) => {
      const form = new FormData();
      form.append('lines', JSON.stringify([{ item: line, quantity: 1 }]));
      form.append('reason', 'Damaged');
      for (const photo of photos) {
        form.append('photos', new Blob([new Uint8Array(photo.bytes)]), photo.name);
      }
      const encoded = new Response(form);
      return {
        headers: {
          ...bearer(customer),
          'content-type': encoded.headers.get('content-type') as string,
        },
        payload: Buffer.from(await encoded.arrayBuffer()),
      };
    };
    const askReturn = async (photos?: { bytes: Buffer; name: string }[]) =>
      inject(
        razorpay,
        'POST',
        `${API_BASE}/orders/return-request/${kept.orderId}`,
        await returnForm(photos),
      );
    expect((await askReturn()).statusCode).toBe(409);
    const notAPicture = { bytes: Buffer.from('not a picture at all'), name: 'a.png' };
    expect((await askReturn([notAPicture])).statusCode).toBe(415);
    const png = { bytes: await pngOf(40, 40), name: 'p.png' };
    expect((await askReturn([png, png, png, png])).statusCode).toBe(413);
    for (const body of [
      { status: 'Shipped', trackingNumber: 'DL-RETURN' },
      { status: 'Delivered' },
    ]) {
      const moved = await inject(
        razorpay,
        'POST',
        `${API_BASE}/orders/update-status/${kept.orderId}`,
        {
          headers: bearer(owner),
          payload: body,
        },
      );
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const asked = await askReturn([png]);
    expect(asked.statusCode, asked.body).toBe(200);
    const returnId = asked.json().data.returns[0].id as string;
    const photo = await inject(razorpay, 'GET', `${API_BASE}/orders/return-photo/${returnId}/0`, {
      headers: bearer(owner),
    });
    expect(photo.statusCode).toBe(200);
    const step = (path: string, payload: object) =>
      inject(razorpay, 'POST', `${API_BASE}/orders/${path}/${kept.orderId}`, {
        headers: bearer(owner),
        payload: { returnId, ...payload },
      });
    expect((await step('return-received', {})).statusCode).toBe(409);
    expect((await step('return-refund', {})).statusCode).toBe(409);
    expect((await step('return-decision', { approve: true })).statusCode).toBe(200);
    expect((await step('return-decision', { approve: true })).statusCode).toBe(409);
    expect((await step('return-received', {})).statusCode).toBe(200);
    gateway.refundMode = { kind: 'refuse', description: 'The refund amount is not valid' };
    expect((await step('return-refund', { restock: true })).statusCode).toBe(502);
    expect((await step('return-decision', { decision: 'received' })).statusCode).toBe(502);
    gateway.down = true;
    expect((await step('return-refund', { restock: true })).statusCode).toBe(503);
    expect((await step('return-decision', { decision: 'received' })).statusCode).toBe(503);

    // That refund made after all, then sent back by the bank: sending it again refused, unanswered.
    gateway.down = false;
    gateway.refundMode = { kind: 'ok' };
    const made = await step('return-refund', { restock: true });
    expect(made.statusCode, made.body).toBe(200);
    const sentBack = made.json().data.refunds.at(-1) as { id: string };
    const failed = await sendWebhook(
      razorpay,
      refundEvent('refund.failed', gateway.refunds.get(sentBack.id)!),
      { secret: 'openapi-webhook-secret' },
    );
    expect(failed.json().message).toBe('Webhook processed');
    const sendAgain = () =>
      inject(razorpay, 'POST', `${API_BASE}/orders/refund-again/${kept.orderId}`, {
        headers: bearer(owner),
        payload: { refundId: sentBack.id },
      });
    gateway.refundMode = { kind: 'refuse', description: 'The payment is under dispute' };
    expect((await sendAgain()).statusCode).toBe(502);
    gateway.down = true;
    expect((await sendAgain()).statusCode).toBe(503);
  });

  it('409 for a discount code taken, and for one a cart cannot use', async () => {
    const make = (code: string, more: object = {}) =>
      call(api.app, 'POST', '/admins/discounts', {
        token: owner,
        body: { code, kind: 'percent', value: 10, ...more },
      });
    expect((await make('TAKEN1')).statusCode).toBe(200);
    expect((await make('TAKEN1')).statusCode).toBe(409);
    const other = await make('OTHER1', { active: false });
    const renamed = await call(api.app, 'POST', `/admins/discounts/${other.json().data._id}`, {
      token: owner,
      body: { code: 'TAKEN1', kind: 'percent', value: 10 },
    });
    expect(renamed.statusCode).toBe(409);
    const [variant] = await insertProduct(api.db, {
      variants: [{ weight: 100, price: 149, stock: 5 }],
    });
    await forgetCachedReads(api.app);
    const refused = await call(api.app, 'POST', '/orders/apply-discount', {
      token: customer,
      body: { code: 'OTHER1', items: [cartLine(variant!, 1)] },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('409 when no courier is set up or it refuses; 503 while it does not answer', async () => {
    const stub = await startDelhiveryStub();
    try {
      const courierApp = (env: Record<string, string>, dir: string) =>
        api.startApp({
          env: { RATE_LIMIT: '0', ...env },
          dataDir: `${api.dataDir}/${dir}`,
          beforeReady: recordAnswers,
        });
      const manual = await courierApp({ SHIPPING_PROVIDER: 'manual' }, 'manual');
      const delhivery = await courierApp(
        {
          SHIPPING_PROVIDER: 'delhivery',
          DELHIVERY_TOKEN: stub.token,
          DELHIVERY_API_URL: stub.url,
          DELHIVERY_PICKUP_LOCATION: 'Darbhanga warehouse',
        },
        'delhivery',
      );
      const { orderId } = await simulatedOrder(api);
      const pickup = { date: indiaToday(), packages: 1 };
      const post = (app: FastifyInstance, route: string, payload?: object) =>
        inject(app, 'POST', `${API_BASE}${route}`, {
          headers: { authorization: `Bearer ${owner}` },
          ...(payload ? { payload } : {}),
        });
      expect((await post(manual, `/orders/ship/${orderId}`)).statusCode).toBe(409);
      expect((await post(manual, '/orders/pickup', pickup)).statusCode).toBe(409);
      stub.failNext('server-error', 1, '/api/cmu/create.json');
      expect((await post(delhivery, `/orders/ship/${orderId}`)).statusCode).toBe(503);
      stub.failNext('server-error', 1, '/fm/request/new');
      expect((await post(delhivery, '/orders/pickup', pickup)).statusCode).toBe(503);
      stub.refusePincodes.add(ADDRESS.pincode);
      expect((await post(delhivery, `/orders/ship/${orderId}`)).statusCode).toBe(409);
    } finally {
      await stub.close();
    }
  });

  it('409 when an e-mail change meets an address another account took meanwhile', async () => {
    const change = async (from: string, to: string) => {
      const { accessToken: token } = await api.signInCustomer(from);
      await call(api.app, 'POST', '/users/updateUserAccount', {
        token,
        body: { firstName: 'Asha', lastName: 'Kumari', email: to, phoneNumber: '9876543210' },
      });
      return token;
    };
    const approve = (token: string, from: string) =>
      call(api.app, 'POST', '/users/approveEmailChange', {
        token,
        body: { otp: codeMailedTo(api.outboxDir, from) },
      });
    const verify = (token: string, to: string) =>
      call(api.app, 'POST', '/users/verifyEmailChange', {
        token,
        body: { otp: codeMailedTo(api.outboxDir, to) },
      });

    const early = await change('taken-early@example.com', 'taken-first@example.com');
    await insertUser(api.db, 'taken-first@example.com');
    expect((await approve(early, 'taken-early@example.com')).statusCode).toBe(409);

    const late = await change('taken-late@example.com', 'taken-next@example.com');
    expect((await approve(late, 'taken-late@example.com')).statusCode).toBe(200);
    await insertUser(api.db, 'taken-next@example.com');
    expect((await verify(late, 'taken-next@example.com')).statusCode).toBe(409);

    // The way back is held against every route; a row written past them still meets the index.
    const moved = await change('undo-from@example.com', 'undo-to@example.com');
    expect((await approve(moved, 'undo-from@example.com')).statusCode).toBe(200);
    expect((await verify(moved, 'undo-to@example.com')).statusCode).toBe(200);
    const link = mailsTo(api.outboxDir, 'undo-from@example.com').at(-1)?.text ?? '';
    const token = link.match(/#([\w.-]{80})/)?.[1];
    await insertUser(api.db, 'undo-from@example.com');
    const undo = await call(api.app, 'POST', '/users/undoEmailChange', { body: { token } });
    expect(undo.statusCode, undo.body).toBe(409);
  });

  it('304 to an If-None-Match that names the ETag', async () => {
    const [variant] = await insertProduct(api.db, {
      variants: [{ weight: 100, price: 149, stock: 1 }],
    });
    for (const route of [
      '/products/getProductDetails',
      `/products/getProductDetails/${variant.productId}`,
      '/banners/getBannerDetails',
      `/reviews/get-reviews/${variant.productId}`,
    ]) {
      const first = await call(api.app, 'GET', route);
      const etag = String(first.headers.etag);
      // The second is answered from the cache before the handler (plugins/kept-reads.ts).
      for (const attempt of [1, 2]) {
        const again = await call(api.app, 'GET', route, { headers: { 'if-none-match': etag } });
        expect(again.statusCode, `${route} ${attempt}`).toBe(304);
      }
    }
  });

  it('leaves no declared status unproduced', () => {
    const missing: string[] = [];
    for (const [method, route] of routes()) {
      const statuses = Object.keys(operation(method, route)?.responses ?? {})
        .filter((status) => status !== 'default')
        .map(Number);
      const seen = produced.get(`${method} ${route}`) ?? new Set<number>();
      for (const status of statuses) {
        if (status >= 400 || status === 304) {
          if (!seen.has(status)) missing.push(`${method} ${route} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares every refusal this file saw a route give', () => {
    const undeclared: string[] = [];
    for (const [key, statuses] of produced) {
      const [method, route] = key.split(' ') as [Method, string];
      for (const status of statuses) {
        if (status >= 400 && !declares(method, route, status)) {
          undeclared.push(`${key} ${status}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });
});
