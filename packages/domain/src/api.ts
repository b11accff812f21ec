/** The API envelope (docs/product.md#envelope), shared by the server and the client. */

export interface ApiSuccess<T> {
  statusCode: number;
  data: T;
  message: string;
  success: true;
}

export interface ApiFieldError {
  field: string;
  message: string;
}

export interface ApiFailure {
  statusCode: number;
  data: null;
  message: string;
  success: false;
  errors: ApiFieldError[];
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export const API_BASE = '/api/v1';

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests, please try again after few minutes.';
