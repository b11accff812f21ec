import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@makhana/domain/api';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SECURITY_SCHEMES } from '../modules/accounts';

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

/**
 * @fastify/swagger marks every declared body required; a route whose body schema accepts none
 * (a refresh or a logout, where the browser sends only its cookie) is flagged with this and
 * corrected once the document is built.
 */
const OPTIONAL_BODY = 'x-optional-body';

type Operations = Record<string, Record<string, Record<string, unknown>>>;

function withOptionalBodies(document: OpenApiDocument): OpenApiDocument {
  const paths = (document as { paths?: Operations }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      if (!(OPTIONAL_BODY in operation)) continue;
      delete operation[OPTIONAL_BODY];
      const body = operation.requestBody as { required?: boolean } | undefined;
      if (body) body.required = false;
    }
  }
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
      components: { securitySchemes: SECURITY_SCHEMES },
      tags: [
        { name: 'catalogue', description: 'Products and banners, for everyone' },
        { name: 'accounts', description: 'Customers, their addresses, the owner and sessions' },
        { name: 'checkout', description: 'Delivery areas, orders and their payment' },
        { name: 'support', description: 'The contact and complaint forms' },
        { name: 'operations', description: 'Health and this document' },
      ],
    },
    transform: (document) => {
      if (!document.url.startsWith(`${API_BASE}/`)) {
        return { schema: { hide: true }, url: document.url };
      }
      const transformed = jsonSchemaTransform(document);
      const body = document.schema?.body;
      if (body instanceof z.ZodType && body.safeParse(undefined).success) {
        return { ...transformed, schema: { ...transformed.schema, [OPTIONAL_BODY]: true } };
      }
      return transformed;
    },
    transformObject: (document) =>
      withOptionalBodies(withoutUnusedSchemas(jsonSchemaTransformObject(document))),
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
