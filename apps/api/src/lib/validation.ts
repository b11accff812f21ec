import { z } from 'zod';
import { ValidationError } from './errors';

/** Parses request input with a schema; a failure names the field in the message and in `errors`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
  const first = errors[0];
  const message = first ? `${first.field}: ${first.message}` : 'Invalid input';
  throw new ValidationError(message, errors);
}

/** Upper bounds on free text (the shared schemas carry the spec's rules, not storage limits). */
export function maxLengths(limits: Record<string, number>) {
  return z.looseObject(
    Object.fromEntries(
      Object.entries(limits).map(([field, max]) => [
        field,
        z
          .unknown()
          .refine(
            (value) => typeof value !== 'string' || value.length <= max,
            `Must be at most ${max} characters`,
          )
          .optional(),
      ]),
    ),
  );
}
