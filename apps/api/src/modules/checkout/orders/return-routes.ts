import multipart from '@fastify/multipart';
import { orderShape } from '@makhana/domain/contracts/checkout';
import { apiFailureShape } from '@makhana/domain/contracts/envelope';
import { IMAGE_MAX_BYTES } from '@makhana/domain/images';
import {
  RETURN_MESSAGES,
  RETURN_PHOTOS_MAX,
  returnDecisionSchema,
  returnRequestSchema,
  returnStepSchema,
} from '@makhana/domain/returns';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ImageRefusedError,
  REFUSAL_MESSAGES,
  REFUSAL_STATUS,
  renderImage,
} from '../../../adapters/images/image-pipeline';
import { success } from '../../../lib/envelope';
import { AppError, BadRequestError } from '../../../lib/errors';
import { parseInput } from '../../../lib/validation';
import { answers } from '../../../plugins/route-contracts';
import type { OrdersKit } from './kit';
import {
  assertOwnOrder,
  decideReturn,
  openReturnPhoto,
  receiveReturn,
  refundReturn,
  requestReturn,
} from './returns';

const PHOTOS_FIELD = 'photos';
/** `details` is another name for `note`, as some clients call what happened. */
const TEXT_FIELDS = new Set(['lines', 'reason', 'note', 'details']);
const MALFORMED_FORM = 'Malformed multipart form';

const photoError = (statusCode: number, message: string) =>
  new AppError(statusCode, `${PHOTOS_FIELD}: ${message}`, [{ field: PHOTOS_FIELD, message }]);

/**
 * The request's text fields and its photos, read part by part within limits. Each photo is
 * checked by its bytes and encoded again as WebP, as a product picture is (its metadata, such as
 * where it was taken, dropped), and only the largest rendition kept. Whatever the parser throws on
 * the caller's bytes is their 4xx, never a 500.
 */
async function readReturnForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; photos: Buffer[] }> {
  if (!request.isMultipart()) {
    throw new BadRequestError(`body: ${MALFORMED_FORM}`, [
      { field: 'body', message: MALFORMED_FORM },
    ]);
  }
  const fields: Record<string, string> = {};
  const photos: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== PHOTOS_FIELD) {
          part.file.resume();
          throw new BadRequestError(`${part.fieldname}: Unexpected file`, [
            { field: part.fieldname, message: 'Unexpected file' },
          ]);
        }
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && !part.filename) continue;
        const renditions = await renderImage(bytes);
        const largest = renditions.at(-1);
        if (largest) photos.push(largest.data);
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        if (part.valueTruncated) {
          throw new AppError(413, `${part.fieldname}: Too long`, [
            { field: part.fieldname, message: 'Too long' },
          ]);
        }
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ImageRefusedError) {
      throw photoError(REFUSAL_STATUS[error.reason], REFUSAL_MESSAGES[error.reason]);
    }
    const { code, statusCode } = error as { code?: string; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoError(413, REFUSAL_MESSAGES.bytes);
    if (code === 'FST_FILES_LIMIT') throw photoError(413, RETURN_MESSAGES.photos);
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) throw error;
    throw new BadRequestError(`body: ${MALFORMED_FORM}`, [
      { field: 'body', message: MALFORMED_FORM },
    ]);
  }
  return { fields, photos };
}

/** The lines arrive as JSON text in the form; text that is not JSON is a 400 naming them. */
function linesOf(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError(`lines: ${RETURN_MESSAGES.noLines}`, [
      { field: 'lines', message: RETURN_MESSAGES.noLines },
    ]);
  }
}

/** The form as the API document shows it; the handler reads and checks it part by part. */
const returnForm = z.object({
  lines: z.string().meta({
    description:
      'JSON: `[{ "item": order line id, "quantity": units }]`, or each line named by its `"sku"` in place of `"item"`',
  }),
  reason: returnRequestSchema.shape.reason,
  note: z.string().optional().meta({ description: 'what happened' }),
  details: z.string().optional().meta({ description: 'the same as `note`, when that is absent' }),
  photos: z
    .array(z.string().meta({ format: 'binary' }))
    .max(RETURN_PHOTOS_MAX)
    .optional()
    .meta({ description: `up to ${RETURN_PHOTOS_MAX} JPEG, PNG, WebP or AVIF pictures` }),
});
const formReadByHandler: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

const orderParams = z.object({ orderId: z.string() });

/** A decision that refunds: the parcel received. Read before the body is checked. */
const refundsTheReturn = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  (body as { decision?: unknown }).decision === 'received';

/**
 * Returns of delivered orders: the customer's request (a multipart form with photos), the owner's
 * decision, the parcel received, and its refund; a photo for the customer or the owner.
 */
export const returnRoutes: FastifyPluginAsyncZod<{ orders: OrdersKit }> = async (
  app,
  { orders },
) => {
  // Multipart is parsed in this scope only: the rest of the API takes JSON.
  await app.register(multipart, {
    limits: {
      files: RETURN_PHOTOS_MAX,
      fileSize: IMAGE_MAX_BYTES,
      fields: 5,
      fieldSize: 20 * 1024,
      parts: RETURN_PHOTOS_MAX + 5,
    },
  });

  app.post(
    '/return-request/:orderId',
    {
      config: { realm: 'customer' },
      validatorCompiler: formReadByHandler,
      schema: {
        summary:
          'The customer asks to return units of their delivered order within 14 days of delivery, with a reason and up to 3 photos; 409 says why not',
        tags: ['checkout'],
        consumes: ['multipart/form-data'],
        params: orderParams,
        body: returnForm,
        response: answers(orderShape, [404, 409, 413, 415]),
      },
    },
    async (request) => {
      const { orderId } = parseInput(orderParams, request.params);
      await assertOwnOrder(orders.context, request.auth.subjectId, orderId);
      const { fields, photos } = await readReturnForm(request);
      if (Object.values(fields).some((value) => value.includes('\u0000'))) {
        throw new BadRequestError('body: Text may not contain NUL characters', [
          { field: 'body', message: 'Text may not contain NUL characters' },
        ]);
      }
      const input = parseInput(returnRequestSchema, {
        ...fields,
        note: fields.note ?? fields.details,
        lines: linesOf(fields.lines),
      });
      const { order, message } = await requestReturn(
        orders.context,
        request.auth.subjectId,
        orderId,
        input,
        photos,
      );
      return success(order, message);
    },
  );

  app.post(
    '/return-decision/:orderId',
    {
      // Marking the parcel received refunds it: a refund's proof of identity.
      config: { realm: 'owner', freshProof: refundsTheReturn },
      schema: {
        summary:
          'The owner decides a return (`returnId`, or the order\'s one return waiting for that step): `decision` "approve", or "reject" with a note saying why; "received" marks an approved return\'s parcel back and refunds exactly its units (the shipping only when nothing else is left; `restock`, true by default, puts them back on the shelf). `approve: true | false` is the same as "approve" | "reject"',
        tags: ['checkout'],
        params: orderParams,
        body: returnDecisionSchema,
        response: answers(orderShape, [404, 409, 502, 503]),
      },
    },
    async (request) => {
      const { order, message } = await decideReturn(
        orders.context,
        request.auth.subjectId,
        request.params.orderId,
        request.body,
      );
      return success(order, message);
    },
  );

  app.post(
    '/return-received/:orderId',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "The owner has an approved return's parcel back",
        tags: ['checkout'],
        params: orderParams,
        body: returnStepSchema,
        response: answers(orderShape, [404, 409]),
      },
    },
    async (request) => {
      const { order, message } = await receiveReturn(
        orders.context,
        request.auth.subjectId,
        request.params.orderId,
        request.body.returnId,
      );
      return success(order, message);
    },
  );

  app.post(
    '/return-refund/:orderId',
    {
      config: { realm: 'owner', freshProof: true },
      schema: {
        summary:
          "Refund exactly a received return's units through the gateway (the shipping too when nothing else is left), `restock` to put them back on the shelf",
        tags: ['checkout'],
        params: orderParams,
        body: returnStepSchema,
        response: answers(orderShape, [404, 409, 502, 503]),
      },
    },
    async (request) => {
      const { order, message } = await refundReturn(
        orders.context,
        request.auth.subjectId,
        request.params.orderId,
        request.body.returnId,
        request.body.restock === true,
      );
      return success(order, message);
    },
  );

  app.get(
    '/return-photo/:returnId/:place',
    {
      config: { realm: 'customerOrOwner' },
      schema: {
        summary: "A return's photo (0, 1 or 2), for the order's customer or the owner",
        tags: ['checkout'],
        params: z.object({ returnId: z.string(), place: z.string() }),
        response: {
          200: {
            description: 'The photo, encoded again as WebP',
            content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } },
          },
          default: apiFailureShape,
        },
      },
    },
    async (request, reply) => {
      const { realm, subjectId } = request.auth;
      const photo = await openReturnPhoto(
        orders.context,
        request.params.returnId,
        request.params.place,
        { userId: realm === 'owner' ? null : subjectId },
      );
      // The schema documents the bytes as a binary string; Fastify sends a stream as it is.
      const bytes = photo.stream as unknown as string;
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', String(photo.size))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
