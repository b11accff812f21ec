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

export const apiFailureShape = z
  .object({
    statusCode: z.int(),
    data: z.null(),
    message: z.string().meta({ description: 'names the first field at fault, where there is one' }),
    success: z.literal(false),
    errors: z.array(apiFieldErrorShape),
  })
  .meta({ id: 'ApiFailure', description: 'Every refused or failed request answers this.' });

/** The success envelope around `data`. */
export function apiSuccessShape<Data extends z.ZodType>(data: Data) {
  return z.object({
    statusCode: z.int(),
    data,
    message: z.string(),
    success: z.literal(true),
  });
}
