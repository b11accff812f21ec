import type {
  ApiFailure,
  ApiFieldError,
  ApiPage,
  ApiSuccess,
  FailureData,
  PageMeta,
} from '@makhana/domain/api';

export function success<T>(data: T, message: string, statusCode = 200): ApiSuccess<T> {
  return { statusCode, data, message, success: true };
}

/** One page of a list that grows: `data` stays the list, `meta` says which page of how many. */
export function page<T>(data: T[], meta: PageMeta, message: string, statusCode = 200): ApiPage<T> {
  return { statusCode, data, message, success: true, meta };
}

/** A refusal or failure; `requestId` names the request, as its log lines and header do. */
export function failure(
  statusCode: number,
  message: string,
  errors: ApiFieldError[] = [],
  data: FailureData | null = null,
  requestId?: string,
): ApiFailure {
  return requestId === undefined
    ? { statusCode, data, message, success: false, errors }
    : { statusCode, data, message, success: false, errors, requestId };
}
