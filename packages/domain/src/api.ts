/** The API envelope (docs/product.md#envelope), shared by the server and the client. */
import type { z } from 'zod';
import type {
  apiFailureShape,
  apiFieldErrorShape,
  failureDataShape,
  pageMetaShape,
} from './contracts/envelope';

export interface ApiSuccess<T> {
  statusCode: number;
  data: T;
  message: string;
  success: true;
}

export type PageMeta = z.infer<typeof pageMetaShape>;

/** A page of a list that grows (reviews, the owner's lists): `data` stays the list. */
export interface ApiPage<T> extends ApiSuccess<T[]> {
  meta: PageMeta;
}

export type ApiFieldError = z.infer<typeof apiFieldErrorShape>;

export type FailureData = z.infer<typeof failureDataShape>;

export type ApiFailure = z.infer<typeof apiFailureShape>;

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export const API_BASE = '/api/v1';

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests, please try again after few minutes.';
