import { apiFailureShape, apiPageShape, apiSuccessShape } from '@makhana/domain/contracts/envelope';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
 * Routes declare their input and answers as zod schemas. An answer is written through its
 * schema, so a field the schema does not name (a password hash, a session id) is never sent, and
 * an answer that does not fit its schema fails loudly instead of reaching the client.
 */
export function installRouteContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/** A route's answers: `data` in the success envelope, and the failure envelope for any refusal. */
export function answers<Data extends z.ZodType>(data: Data) {
  return {
    200: apiSuccessShape(data).meta({ description: 'Done: `data` holds the answer' }),
    '4xx': apiFailureShape,
    '5xx': apiFailureShape,
  };
}

/** A paged list's answers: `data` is the page's items, `meta` its page, limit and total. */
export function pageAnswers<Item extends z.ZodType>(item: Item) {
  return {
    200: apiPageShape(item).meta({
      description: 'Done: `data` holds the page, `meta` where it sits',
    }),
    '4xx': apiFailureShape,
    '5xx': apiFailureShape,
  };
}
