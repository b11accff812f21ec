/**
 * The envelope every API answer travels in (docs/product.md#envelope), as schemas: the server
 * serializes its answers through them and the API document is generated from them.
 */
import { z } from 'zod';

export const apiFieldErrorShape = z
  .object({
    field: z.string().meta({ description: 'the input at fault, as a dotted path' }),
    message: z.string(),
  })
  .meta({ id: 'ApiFieldError' });

/** What a refusal tells beyond its words: only the owner's sign-in and dangerous acts do (030, 031). */
export const failureDataShape = z
  .object({
    needsOtp: z.literal(true).optional().meta({
      description: 'the password was right; send it again with the second factor as `otp`',
    }),
    needsProof: z.enum(['otp', 'password']).optional().meta({
      description:
        'a dangerous act wants a fresh proof of identity: `POST /admins/confirm-identity` with this, then again',
    }),
  })
  .meta({ id: 'FailureData' });

export const apiFailureShape = z
  .object({
    statusCode: z.int(),
    data: failureDataShape.nullable(),
    message: z.string().meta({ description: 'names the first field at fault, where there is one' }),
    success: z.literal(false),
    errors: z.array(apiFieldErrorShape),
    requestId: z.string().optional().meta({
      description:
        "the request's id, as its `X-Request-Id` header and the shop's log give it: quote it when reporting a problem",
    }),
  })
  .meta({ id: 'ApiFailure', description: 'Every refused or failed request answers this.' });

export const pageMetaShape = z
  .object({
    page: z.int().meta({ description: 'from 1' }),
    limit: z.int().meta({ description: 'items per page, at most 100' }),
    total: z.int().meta({ description: 'items in every page together' }),
  })
  .meta({ id: 'PageMeta' });

const SEARCH_MAX = 100;

/**
 * The query of a list that grows: `?page=` from 1, `?limit=` at most 100 (50 unless given), and
 * `?q=`, words to search for (empty means everything).
 */
export const pageQueryShape = z.object({
  q: z
    .string()
    .max(SEARCH_MAX, { message: `q must be at most ${SEARCH_MAX} characters`, abort: true })
    // The database refuses a NUL in text: say so here rather than fail there.
    .refine((q) => !q.includes('\u0000'), 'q may not contain NUL characters')
    .trim()
    .optional()
    .meta({ description: 'words to search for' }),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page must be a whole number from 1')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .default(50),
});

/** A page of a list that grows: `data` stays the list, `meta` says where it sits. */
export function apiPageShape<Item extends z.ZodType>(item: Item) {
  return z.object({
    statusCode: z.int(),
    data: z.array(item),
    message: z.string(),
    success: z.literal(true),
    meta: pageMetaShape,
  });
}

/** The success envelope around `data`. */
export function apiSuccessShape<Data extends z.ZodType>(data: Data) {
  return z.object({
    statusCode: z.int(),
    data,
    message: z.string(),
    success: z.literal(true),
  });
}
