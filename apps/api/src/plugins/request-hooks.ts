import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { BadRequestError } from '../lib/errors';
import { jsonDepthError } from '../lib/validation';

/** Fastify's own JSON parser (prototype-poisoning protection), after the depth check. */
function installJsonParser(scope: FastifyInstance, emptyAsObject: boolean): void {
  const parse = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (emptyAsObject && text.trim() === '') {
      done(null, {});
      return;
    }
    const tooDeep = jsonDepthError(text);
    if (tooDeep) {
      done(tooDeep, undefined);
      return;
    }
    parse(request, text, done);
  });
}

/**
 * Every JSON body's nesting is measured before JSON.parse, since the code after it walks a body
 * recursively. Registered on the root, so every scope inherits it; scopes that replace the
 * parser check depth too.
 */
export const depthCheckedJson = fp(
  async (scope) => {
    installJsonParser(scope, false);
  },
  { name: 'depth-checked-json' },
);

/**
 * An empty JSON body reads as `{}`: the body-less POSTs (logout, deleteAddress) work whether or
 * not the client sends a JSON content type. Anything else is parsed as `depthCheckedJson` does.
 */
export const emptyJsonAsObject = fp(
  async (scope) => {
    installJsonParser(scope, true);
  },
  { name: 'empty-json-as-object' },
);

/**
 * PostgreSQL text cannot hold a NUL character; a body carrying one is refused as bad input rather
 * than failing in the database. The walk keeps its own stack instead of recursing (as
 * JSON.stringify does), so no body, however deep, can overflow the call stack here.
 */
const refuseNul: preValidationAsyncHookHandler = async (request) => {
  const pending: unknown[] = [request.body];
  const seen = new Set<object>();
  let found = false;
  while (!found && pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      found = value.includes('\u0000');
    } else if (
      value !== null &&
      typeof value === 'object' &&
      !ArrayBuffer.isView(value) &&
      !seen.has(value)
    ) {
      seen.add(value);
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) found = true;
        pending.push(item);
      }
    }
  }
  if (found) {
    throw new BadRequestError('body: Text may not contain NUL characters', [
      { field: 'body', message: 'Text may not contain NUL characters' },
    ]);
  }
};

/**
 * Refuses a body carrying a NUL character before the route's sign-in check and schema run (a
 * scope's hooks come before a route's own).
 */
export const refuseNulCharacters = fp(
  async (scope) => {
    scope.addHook('preValidation', refuseNul);
  },
  { name: 'refuse-nul-characters' },
);
