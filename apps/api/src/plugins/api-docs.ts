import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@makhana/domain/api';
import { apiFailureShape } from '@makhana/domain/contracts/envelope';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SECURITY_SCHEMES } from '../modules/accounts';
import { derivedRefusals, OTHER_FAILURE, REFUSALS, type Refusal } from './route-contracts';

export const OPENAPI_PATH = `${API_BASE}/openapi.json`;
const API_VERSION = '1';
export const API_DOCS_PATH = '/api/docs';

const DESCRIPTION = [
  'The API of the makhana shop. Every answer travels in the envelope',
  '`{ statusCode, data, message, success }`; a refusal adds `errors`, one `{ field, message }`',
  'per input at fault, and its message names the first field. Money is in whole rupees.',
  '',
  'A route marked with a realm (`x-realm`) needs a signed-in customer, the owner, or either:',
  'the browser sends its httpOnly cookie, other clients the bearer token a sign-in answered.',
  'A route open to either (`customerOrOwner`) takes `X-Auth-Realm: owner` or `customer` to name',
  'the session it means when a browser holds both.',
].join('\n');

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;
/** A route's schema as the auth plugin leaves it: with its realm for the document. */
type DocumentedSchema = FastifySchema & { 'x-realm'?: string };

/**
 * @fastify/swagger marks every declared body required; a route whose body schema accepts none
 * (a refresh or a logout, where the browser sends only its cookie) is flagged with this and
 * corrected once the document is built.
 */
const OPTIONAL_BODY = 'x-optional-body';
/** A route answered with an ETag and a 304 (`config.etag`): flagged, then described once built. */
const ETAG = 'x-etag';

type Operation = Record<string, unknown> & {
  parameters?: Record<string, unknown>[];
  responses?: Record<string, Record<string, unknown>>;
};
type Operations = Record<string, Record<string, Operation>>;

const ETAG_HEADER = {
  description: 'The tag of this answer; every encoding of it carries the same one',
  schema: { type: 'string' },
};
const CACHE_CONTROL_HEADER = { schema: { type: 'string', const: 'public, no-cache' } };

function describeRevalidation(operation: Operation): void {
  operation.parameters = [
    ...(operation.parameters ?? []),
    {
      in: 'header',
      name: 'If-None-Match',
      required: false,
      description: "ETags the caller holds: when one is this answer's, the answer is a 304",
      schema: { type: 'string' },
    },
  ];
  const responses = operation.responses ?? {};
  const ok = responses['200'];
  if (ok) ok.headers = { ETag: ETAG_HEADER, 'Cache-Control': CACHE_CONTROL_HEADER };
  responses['304'] = {
    description: "Not modified: the tag named in If-None-Match is still this answer's; no body",
    headers: { ETag: ETAG_HEADER, 'Cache-Control': CACHE_CONTROL_HEADER },
  };
  operation.responses = responses;
}

/** `createOrder` from `/orders/createOrder`, `getReviews` from `/reviews/get-reviews/{productId}`. */
function baseOperationId(path: string): string {
  const named = path.split('/').filter((segment) => segment && !segment.startsWith('{'));
  const last = named.at(-1) ?? 'root';
  return last.replace(/[^A-Za-z0-9]+(.)/g, (_, letter: string) => letter.toUpperCase());
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Each operation's `operationId`, from its path (a route may name its own): the path's last named
 * segment. Where two share it, the one that ends with a parameter adds it (`getProductDetailsById`),
 * and any still shared are named with their first segment too (`usersRefreshToken`).
 */
function nameOperations(paths: Operations): void {
  const named: { operation: Operation; path: string; id: string }[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const operation of Object.values(operations)) {
      if (typeof operation.operationId === 'string') continue;
      named.push({ operation, path, id: baseOperationId(path) });
    }
  }
  const taken = (id: string) =>
    named.filter((entry) => entry.id === id).length +
    Object.values(paths)
      .flatMap((ops) => Object.values(ops))
      .filter((op) => op.operationId === id).length;
  for (const rename of [
    (entry: { path: string; id: string }) => {
      const param = /\{(\w+)\}$/.exec(entry.path)?.[1];
      return param ? `${entry.id}By${capitalized(param)}` : entry.id;
    },
    (entry: { path: string; id: string }) =>
      `${entry.path.split('/')[1] ?? ''}${capitalized(entry.id)}`,
  ]) {
    const shared = named.filter((entry) => taken(entry.id) > 1);
    for (const entry of shared) entry.id = rename(entry);
  }
  for (const entry of named) entry.operation.operationId = entry.id;
}

/** Flags made into what they mean, ranges into `default`, refusals described, operations named. */
function finishOperations(document: OpenApiDocument): OpenApiDocument {
  const paths = (document as { paths?: Operations }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      if (OPTIONAL_BODY in operation) {
        delete operation[OPTIONAL_BODY];
        const body = operation.requestBody as { required?: boolean } | undefined;
        if (body) body.required = false;
      }
      if (ETAG in operation) {
        delete operation[ETAG];
        describeRevalidation(operation);
      }
      const responses = operation.responses ?? {};
      for (const range of ['4XX', '5XX']) {
        const failure = responses[range];
        delete responses[range];
        if (failure && !responses.default) responses.default = failure;
      }
      for (const [status, response] of Object.entries(responses)) {
        if (status in REFUSALS) response.description = REFUSALS[Number(status) as Refusal];
        else if (status === 'default') response.description = OTHER_FAILURE;
      }
    }
  }
  nameOperations(paths);
  return document;
}
type WithComponents = { components?: { schemas?: Record<string, unknown> } };

/**
 * The document without the component schemas no route refers to. Every named shape is generated
 * twice, as a request and as an answer; most are only ever one of them.
 */
function withoutUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  const { components, ...rest } = document as WithComponents;
  const schemas = { ...components?.schemas };
  const used = new Set<string>();
  const visit = (text: string) => {
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name)) {
        used.add(name);
        visit(JSON.stringify(schemas[name] ?? null));
      }
    }
  };
  visit(JSON.stringify(rest));
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } } as OpenApiDocument;
}

/**
 * The API document, generated from the routes' own schemas: collects every route registered
 * after it, so it is registered before them. Only the API's routes are documented; the
 * storefront's files and pages are not part of it.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  options: { page: boolean },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Makhana shop API', version: API_VERSION, description: DESCRIPTION },
      // Paths are written below it (@fastify/swagger strips it from each route's URL).
      servers: [{ url: API_BASE, description: 'This server' }],
      components: { securitySchemes: SECURITY_SCHEMES },
      tags: [
        { name: 'catalogue', description: 'Products and banners, for everyone' },
        { name: 'accounts', description: 'Customers, their addresses, the owner and sessions' },
        { name: 'checkout', description: 'Delivery areas, orders and their payment' },
        { name: 'invoicing', description: 'GST tax invoices and credit notes of paid orders' },
        {
          name: 'support',
          description: 'Contact messages and complaints: tickets and their threads',
        },
        { name: 'operations', description: 'Health and this document' },
      ],
    },
    transform: (document) => {
      if (!document.url.startsWith(`${API_BASE}/`)) {
        return { schema: { hide: true }, url: document.url };
      }
      const { route, url } = document;
      const schema = document.schema as DocumentedSchema;
      const method = [route.method].flat()[0] ?? 'GET';
      const query = schema.querystring;
      const refusals = derivedRefusals({
        method,
        url,
        realm: schema['x-realm'],
        // A query read whatever it holds (`.catch`) refuses none.
        takesQuery: query instanceof z.ZodType && !query.safeParse(null).success,
        takesBody: schema.body !== undefined,
        anyContentType: route.config?.anyContentType === true,
        rateLimited: route.config?.rateLimit !== false,
        freshProof: Boolean(route.config?.freshProof),
      });
      const response = {
        ...Object.fromEntries(refusals.map((status) => [status, apiFailureShape])),
        ...(schema.response as Record<string, unknown> | undefined),
      };
      const transformed = jsonSchemaTransform({ ...document, schema: { ...schema, response } });
      const flags = {
        ...(schema.body instanceof z.ZodType && schema.body.safeParse(undefined).success
          ? { [OPTIONAL_BODY]: true }
          : {}),
        ...(route.config?.etag ? { [ETAG]: true } : {}),
      };
      return { ...transformed, schema: { ...transformed.schema, ...flags } };
    },
    transformObject: (document) =>
      finishOperations(withoutUnusedSchemas(jsonSchemaTransformObject(document))),
  });

  if (options.page) {
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      staticCSP: true,
      // Swagger UI sets a few inline styles while it draws; its scripts stay its own files.
      transformStaticCSP: (policy) =>
        policy.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
      // Offline-friendly: no call to swagger.io's validator from the page.
      uiConfig: { validatorUrl: null, deepLinking: true },
    });
  }
}

/** `GET /openapi.json`, under the API's prefix: the document itself, not in the envelope. */
export const openApiRoute: FastifyPluginAsync = async (api) => {
  api.get(
    '/openapi.json',
    {
      schema: {
        summary: 'This document (OpenAPI 3.1)',
        tags: ['operations'],
        response: { 200: z.looseObject({ openapi: z.string() }) },
      },
    },
    async () => api.swagger(),
  );
};
