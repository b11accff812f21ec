import type { ApiFieldError } from '@makhana/domain/api';
import type { z } from 'zod';
import { BadRequestError, ValidationError } from './errors';

/** What `errors` says of a field the schema does not know, in a body that refuses them. */
const UNKNOWN_FIELD = 'Unknown field';

/**
 * The 400 for input that failed its schema: the message names the first field, `errors` lists
 * them all, each unknown field on its own. `part` names input with no field of its own (a body
 * that is not an object).
 */
export function validationError(
  issues: readonly z.core.$ZodIssue[],
  part = 'body',
): ValidationError {
  const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join('.') || part;
  return fieldsError(
    issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => unknownField(fieldOf([...issue.path, key])))
        : [{ field: fieldOf(issue.path), message: issue.message }],
    ),
  );
}

/** The 400 for the fields of a form read by its handler (a multipart one) that it does not know. */
export function unknownFieldsError(fields: readonly string[]): ValidationError {
  return fieldsError(fields.map(unknownField));
}

const unknownField = (field: string): ApiFieldError => ({ field, message: UNKNOWN_FIELD });

function fieldsError(errors: ApiFieldError[]): ValidationError {
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
