import type { z } from 'zod';
import { BadRequestError, ValidationError } from './errors';

/**
 * The 400 for input that failed its schema: the message names the first field, `errors` lists
 * them all. `part` names input with no field of its own (a body that is not an object).
 */
export function validationError(
  issues: readonly z.core.$ZodIssue[],
  part = 'body',
): ValidationError {
  const errors = issues.map((issue) => ({
    field: issue.path.map(String).join('.') || part,
    message: issue.message,
  }));
  const first = errors[0];
  const message = first ? `${first.field}: ${first.message}` : 'Invalid input';
  return new ValidationError(message, errors);
}

/** Parses request input with a schema, for input a route's schema cannot see (a multipart form). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error.issues);
}

/**
 * Deeper than any body the shop's own pages send. Code after the parser (the NUL check, zod, the
 * database driver) walks a body recursively, so depth must be bounded before it gets there.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The error for JSON text that nests arrays and objects deeper than `maxDepth`, else null. One
 * pass over the text, brackets inside strings skipped, so it can run before `JSON.parse`; text
 * that is not JSON at all is left for the parser to refuse.
 */
export function jsonDepthError(text: string, maxDepth = MAX_JSON_DEPTH): BadRequestError | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth += 1;
      if (depth > maxDepth) {
        const message = `JSON may nest at most ${maxDepth} levels deep`;
        return new BadRequestError(`body: ${message}`, [{ field: 'body', message }]);
      }
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return null;
}
