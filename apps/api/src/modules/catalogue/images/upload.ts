import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from '@makhana/domain/images';
import { imageAltSchema, MESSAGES } from '@makhana/domain/validation';
import type { FastifyRequest } from 'fastify';
import {
  ImageRefusedError,
  REFUSAL_MESSAGES,
  REFUSAL_STATUS,
  type Rendition,
  renderImage,
} from '../../../adapters/images/image-pipeline';
import { AppError } from '../../../lib/errors';
import { unknownFieldsError } from '../../../lib/validation';

/** The form field that carries the pictures. */
export const IMAGES_FIELD = 'images';

/** The multipart limits of an upload: up to ten pictures, nothing else of any size. */
/** The text field that gives a product picture its alternative text, one per picture in order. */
export const ALT_FIELD = 'alt';

/** The multipart limits of an upload: up to ten pictures and an alternative text for each. */
export const UPLOAD_LIMITS = {
  files: IMAGE_MAX_FILES,
  fileSize: IMAGE_MAX_BYTES,
  fields: IMAGE_MAX_FILES + 5,
  fieldSize: 1024,
  parts: 2 * IMAGE_MAX_FILES + 5,
};

const TOO_MANY = `At most ${IMAGE_MAX_FILES} pictures at once`;
const MALFORMED_FORM = 'Malformed multipart form';

export const imagesError = (statusCode: number, message: string) =>
  new AppError(statusCode, `${IMAGES_FIELD}: ${message}`, [{ field: IMAGES_FIELD, message }]);

/**
 * Reads the `images` files of a multipart form one at a time, checking and encoding each as it
 * arrives, so at most one upload's bytes are held at once. Nothing is stored here: a bad file
 * anywhere in the form refuses the whole form before any picture is kept. An empty file part (a
 * file input left empty) is skipped; no picture at all is 'Please select images'. Where `withAlts`,
 * the n-th `alt` field is the n-th picture's alternative text (empty: the default); any other text
 * field is refused as an unknown field, as the owner's JSON bodies refuse theirs.
 */
export async function readPictures(
  request: FastifyRequest,
  { withAlts = false } = {},
): Promise<{ pictures: Rendition[][]; alts: string[] }> {
  if (!request.isMultipart()) throw imagesError(400, MESSAGES.selectImages);
  const pictures: Rendition[][] = [];
  const alts: string[] = [];
  const unknownFields: string[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (withAlts && part.fieldname === ALT_FIELD) alts.push(altText(part.value));
        else if (part.fieldname !== IMAGES_FIELD) unknownFields.push(part.fieldname);
        continue;
      }
      if (part.fieldname !== IMAGES_FIELD) {
        part.file.resume();
        throw new AppError(400, `${part.fieldname}: Unexpected file`, [
          { field: part.fieldname, message: 'Unexpected file' },
        ]);
      }
      // The form is refused already: its remaining pictures are not worth encoding.
      if (unknownFields.length > 0) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (bytes.length === 0 && !part.filename) continue;
      pictures.push(await renderImage(bytes));
    }
  } catch (error) {
    throw asUploadError(error);
  }
  if (unknownFields.length > 0) throw unknownFieldsError(unknownFields);
  if (pictures.length === 0) throw imagesError(400, MESSAGES.selectImages);
  if (alts.length > pictures.length) throw altError('One alternative text per picture');
  return { pictures, alts };
}

const altError = (message: string) =>
  new AppError(400, `${ALT_FIELD}: ${message}`, [{ field: ALT_FIELD, message }]);

function altText(value: unknown): string {
  const parsed = imageAltSchema.safeParse(value);
  if (!parsed.success) throw altError(parsed.error.issues[0]?.message ?? 'Invalid alt');
  return parsed.data;
}

/** Whatever the parser throws on the caller's bytes is their error: a 4xx naming the field. */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof ImageRefusedError) {
    return imagesError(REFUSAL_STATUS[error.reason], REFUSAL_MESSAGES[error.reason]);
  }
  const { code, statusCode } = error as { code?: string; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return imagesError(413, REFUSAL_MESSAGES.bytes);
  if (code === 'FST_FILES_LIMIT') return imagesError(413, TOO_MANY);
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  return new AppError(400, `body: ${MALFORMED_FORM}`, [{ field: 'body', message: MALFORMED_FORM }]);
}
