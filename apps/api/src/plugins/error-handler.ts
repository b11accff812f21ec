import type { ApiFieldError, FailureData } from '@makhana/domain/api';
import { TOO_MANY_REQUESTS_MESSAGE } from '@makhana/domain/api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnreachable } from '../lib/db-errors';
import { failure } from '../lib/envelope';
import { AppError } from '../lib/errors';

interface Failure {
  statusCode: number;
  message: string;
  errors: ApiFieldError[];
  data?: FailureData | null;
}

/** Friendly words for Fastify's own request errors. */
const FRAMEWORK_MESSAGES: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    statusCode: 400,
    message: 'Request body length does not match Content-Length',
  },
  FST_ERR_BAD_URL: { statusCode: 400, message: 'Malformed URL' },
  // @fastify/multipart
  FST_INVALID_MULTIPART_CONTENT_TYPE: { statusCode: 415, message: 'Expected a multipart form' },
  FST_PARTS_LIMIT: { statusCode: 413, message: 'The form has too many parts' },
  FST_FILES_LIMIT: { statusCode: 413, message: 'The form has too many files' },
  FST_FIELDS_LIMIT: { statusCode: 413, message: 'The form has too many fields' },
  FST_REQ_FILE_TOO_LARGE: { statusCode: 413, message: 'The file is too large' },
  FST_PROTO_VIOLATION: { statusCode: 400, message: 'Malformed multipart form' },
  FST_INVALID_JSON_FIELD_ERROR: { statusCode: 400, message: 'Malformed multipart form' },
  FST_MP_PREMATURE_CLOSE: { statusCode: 400, message: 'Malformed multipart form' },
};

/**
 * busboy throws plain errors, without a code or status, on a malformed form: the caller's
 * mistake, recognised by its words (lower case) and by coming from the parser.
 */
const MULTIPART_PARSER_ERRORS: { words: string; statusCode: number; message: string }[] = [
  { words: 'unsupported content-type', statusCode: 415, message: 'Unsupported content type' },
  { words: 'missing content-type', statusCode: 415, message: 'Unsupported content type' },
  { words: 'boundary not found', statusCode: 400, message: 'Malformed multipart form' },
  { words: 'boundary required', statusCode: 400, message: 'Malformed multipart form' },
  // "Unexpected end of form", "... terminated early due to unexpected end of multipart data"
  { words: 'unexpected end of', statusCode: 400, message: 'Malformed multipart form' },
  // a boundary longer than its search allows
  { words: 'the needle cannot', statusCode: 400, message: 'Malformed multipart form' },
];

function multipartParserFailure(error: Error): Failure | null {
  const stack = error.stack ?? '';
  if (!stack.includes('busboy') && !stack.includes('dicer')) return null;
  const text = error.message.toLowerCase();
  const known = MULTIPART_PARSER_ERRORS.find(({ words }) => text.includes(words));
  return known ? { statusCode: known.statusCode, message: known.message, errors: [] } : null;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('statusCode' in error || 'code' in error);
}

/** A dependency that could not be reached: the caller may try again in a moment. */
export const UNAVAILABLE_MESSAGE =
  'The shop cannot reach one of its services right now. Please try again in a moment.';
/** Seconds a caller is asked to wait before trying a 503 again. */
export const RETRY_AFTER_SECONDS = 5;

/** Maps any thrown value to the failure it answers; unknown errors are 500 and say nothing more. */
export function toFailure(error: unknown): Failure {
  if (isDatabaseUnreachable(error)) {
    return { statusCode: 503, message: UNAVAILABLE_MESSAGE, errors: [] };
  }
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      message: error.message,
      errors: error.errors,
      data: error.data,
    };
  }
  if (isFastifyError(error)) {
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    if (known) return { ...known, errors: [] };
    if (error.validation) {
      const errors = error.validation.map((v) => ({
        field:
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String(v.params?.missingProperty ?? 'body'),
        message: v.message ?? 'is invalid',
      }));
      const first = errors[0];
      return {
        statusCode: 400,
        message: first ? `${first.field}: ${first.message}` : 'Invalid input',
        errors,
      };
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return { statusCode: 429, message: TOO_MANY_REQUESTS_MESSAGE, errors: [] };
    if (status >= 400 && status < 500) {
      return { statusCode: status, message: error.message || 'Bad request', errors: [] };
    }
  }
  if (error instanceof Error) {
    const multipart = multipartParserFailure(error);
    if (multipart) return multipart;
  }
  return { statusCode: 500, message: 'Internal server error', errors: [] };
}

/** The one place where errors become the envelope. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const result = toFailure(error);
    if (result.statusCode === 503) {
      request.log.warn({ err: error }, 'request failed: a dependency is unreachable');
      if (!reply.hasHeader('retry-after')) void reply.header('retry-after', RETRY_AFTER_SECONDS);
    } else if (result.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info(
        { statusCode: result.statusCode, reason: result.message },
        'request refused',
      );
    }
    return reply
      .code(result.statusCode)
      .send(failure(result.statusCode, result.message, result.errors, result.data, request.id));
  });
}
