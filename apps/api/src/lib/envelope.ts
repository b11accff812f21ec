import type { ApiFailure, ApiFieldError, ApiSuccess } from '@makhana/domain/api';

export function success<T>(data: T, message: string, statusCode = 200): ApiSuccess<T> {
  return { statusCode, data, message, success: true };
}

export function failure(
  statusCode: number,
  message: string,
  errors: ApiFieldError[] = [],
): ApiFailure {
  return { statusCode, data: null, message, success: false, errors };
}
