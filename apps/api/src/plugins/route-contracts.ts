import { apiFailureShape, apiPageShape, apiSuccessShape } from '@makhana/domain/contracts/envelope';
import type { FastifyInstance, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../lib/errors';
import { validationError } from '../lib/validation';

const BODY_REQUIRED = 'Request body is required';

/**
 * Checks a route's params, query and body against its zod schemas before the handler runs; a
 * failure is the same 400 a handler's own check gives, naming the field.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    // Fastify hands a missing body over as null: say so, rather than what zod found instead.
    if (httpPart === 'body' && data == null) {
      return {
        error: new ValidationError(`body: ${BODY_REQUIRED}`, [
          { field: 'body', message: BODY_REQUIRED },
        ]),
      };
    }
    return { error: validationError(result.error.issues, httpPart ?? 'body') };
  };

/**
 * A body's schema with its top-level fields closed: a field it does not name is refused rather
 * than dropped. A body of any other shape could not be closed, so the app refuses to start.
 */
function closedBody(body: unknown, url: string): z.ZodType {
  if (body instanceof z.ZodObject) return body.strict();
  if (body instanceof z.ZodPipe && body.in instanceof z.ZodObject) {
    return body.clone({ ...body.def, in: body.in.strict() });
  }
  throw new Error(`${url}: an owner route's body must be a zod object, to refuse unknown fields`);
}

/**
 * The owner's writes replace what they save, so a field the API does not know (misspelt, or
 * named by another client's spec) would be dropped and the save still look done: their bodies
 * refuse it with a 400 naming it, and the API document shows them closed.
 */
function closeOwnerBodies(route: RouteOptions): void {
  const body = route.schema?.body;
  if (route.config?.realm !== 'owner' || body === undefined) return;
  route.schema = { ...route.schema, body: closedBody(body, route.url) };
}

/**
 * Routes declare their input and answers as zod schemas. An answer is written through its
 * schema, so a field the schema does not name (a password hash, a session id) is never sent, and
 * an answer that does not fit its schema fails loudly instead of reaching the client.
 */
export function installRouteContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', closeOwnerBodies);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** answered with an ETag, and 304 to a matching If-None-Match (lib/kept-answer.ts) */
    etag?: boolean;
    /** the body is read whatever its content type says, so no 415 (the payment webhook) */
    anyContentType?: boolean;
  }
}

/**
 * The refusals a route may declare, each answered in the failure envelope. 400, 401, 403, 404 and
 * 429 follow from what the route is (`derivedRefusals`); a route declares the others it can give.
 */
export const REFUSALS = {
  400: 'Refused input: `errors` names each field at fault, `message` the first',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed: a write signed in by cookie alone from a page that is not ours, a thing that is not yours, or a dangerous act without a recent proof of identity (`data.needsProof`)',
  404: 'No such thing, or not yours',
  409: 'Not possible in the present state (taken, already done, changed since)',
  413: 'The body is too large (a JSON body over 64 KB, a picture over its limit, too many pictures)',
  415: 'The body is not of a type the route takes (JSON, or the multipart form of an upload), or a file is not a picture it takes',
  429: 'Too many requests: wait as `Retry-After` says',
  502: 'The payment gateway refused: `message` gives its reason, and nothing changed',
  503: 'A service it needs (the payment gateway, the mail, the pincode directory) is down: try again',
} as const;

export type Refusal = keyof typeof REFUSALS;

/** What the document says of a failure with no status of its own (an unexpected error is a 500). */
export const OTHER_FAILURE = 'Any other failure, in the same envelope';

/**
 * The refusals every route of its kind can give, so no route lists them by hand: any write a body
 * it cannot parse or check, a route with a body one too large or of a type it does not take, a
 * read its query string; a route behind a realm a caller not signed in,
 * a write signed in by cookie alone from another site, and a dangerous act without a recent proof
 * of identity; a path naming a thing that is not
 * there; and every route of the API its rate limit.
 */
export function derivedRefusals(route: {
  method: string;
  url: string;
  realm: string | undefined;
  takesQuery: boolean;
  takesBody: boolean;
  anyContentType: boolean;
  rateLimited: boolean;
  /** an owner's dangerous act, refused without a recent proof of identity */
  freshProof?: boolean;
}): Refusal[] {
  const write = route.method !== 'GET';
  const guarded = route.realm !== undefined && route.realm !== 'public';
  const refusals: Refusal[] = [];
  if (write || route.takesQuery) refusals.push(400);
  if (route.takesBody) refusals.push(413);
  if (route.takesBody && !route.anyContentType) refusals.push(415);
  if (guarded) refusals.push(401);
  if (guarded && (write || route.freshProof)) refusals.push(403);
  if (route.url.includes('/:')) refusals.push(404);
  if (route.rateLimited) refusals.push(429);
  return refusals;
}

const refusalAnswers = (refusals: readonly Refusal[]) =>
  Object.fromEntries(refusals.map((status) => [status, apiFailureShape]));

/**
 * A route's answers: `data` in the success envelope, and the failure envelope for any refusal.
 * `refusals` are those of its own beyond `derivedRefusals` (a 409, a 502, a 503).
 */
export function answers<Data extends z.ZodType>(data: Data, refusals: readonly Refusal[] = []) {
  return {
    200: apiSuccessShape(data).meta({ description: 'Done: `data` holds the answer' }),
    ...refusalAnswers(refusals),
    default: apiFailureShape,
  };
}

/** A paged list's answers: `data` is the page's items, `meta` its page, limit and total. */
export function pageAnswers<Item extends z.ZodType>(item: Item, refusals: readonly Refusal[] = []) {
  return {
    200: apiPageShape(item).meta({
      description: 'Done: `data` holds the page, `meta` where it sits',
    }),
    ...refusalAnswers(refusals),
    default: apiFailureShape,
  };
}
