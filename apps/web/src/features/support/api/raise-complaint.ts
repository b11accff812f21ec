import type { complaintSchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const COMPLAINT_SENT = 'Complaint submitted successfully!';
export const INVOICE_MAX_BYTES = 5 * 1024 * 1024;

export type ComplaintFields = z.output<typeof complaintSchema>;

/** Multipart, as the API expects: every field and the invoice image. */
export function raiseComplaint(
  fields: ComplaintFields,
  invoice: File,
): Promise<{ ticketNumber: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('invoice', invoice, invoice.name);
  return apiRequest<{ ticketNumber: string }>('/supports/raise-complaint', {
    method: 'POST',
    body: form,
  });
}
