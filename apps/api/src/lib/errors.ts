import type { ApiFieldError, FailureData } from '@makhana/domain/api';
import { TOO_MANY_REQUESTS_MESSAGE } from '@makhana/domain/api';

/** The errors services throw; the app's one error handler turns each into the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: ApiFieldError[] = [],
    readonly data: FailureData | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'Bad request', errors: ApiFieldError[] = []) {
    super(400, message, errors);
  }
}

/** Input that fails its schema: the message names the first field, `errors` lists them all. */
export class ValidationError extends BadRequestError {}

export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized request', data: FailureData | null = null) {
    super(401, message, [], data);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden', data: FailureData | null = null) {
    super(403, message, [], data);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'Conflict', errors: ApiFieldError[] = []) {
    super(409, message, errors);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message = TOO_MANY_REQUESTS_MESSAGE) {
    super(429, message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'Service unavailable', errors: ApiFieldError[] = []) {
    super(503, message, errors);
  }
}
