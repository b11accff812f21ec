import type { contactSchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';

export const CONTACT_SENT = 'Message sent successfully!';
export const COMPLAINT_SENT = 'Complaint submitted successfully!';
export const NETWORK_FAILURE = 'Something went wrong. Please try again.';
export const INVOICE_MAX_BYTES = 5 * 1024 * 1024;

export type ContactFields = z.input<typeof contactSchema>;

export interface ComplaintFields {
  from_name: string;
  reply_to: string;
  order_id: string;
  issue_type: string;
  query: string;
}

export function sendContactMessage(fields: ContactFields): Promise<unknown> {
  return apiRequest('/supports/contact-us', { method: 'POST', body: fields });
}

/** Multipart, as the API expects: every field and the invoice image. */
export function raiseComplaint(fields: ComplaintFields, invoice: File): Promise<unknown> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('invoice', invoice, invoice.name);
  return apiRequest('/supports/raise-complaint', { method: 'POST', body: form });
}

/** A refusal shows the server's message (or 'Server error'); anything else, the generic line. */
export function supportFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return error.message || 'Server error';
  return NETWORK_FAILURE;
}
