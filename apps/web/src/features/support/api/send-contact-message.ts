import type { contactSchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const CONTACT_SENT = 'Message sent successfully!';

export type ContactFields = z.input<typeof contactSchema>;

export function sendContactMessage(fields: ContactFields): Promise<{ ticketNumber: string }> {
  return apiRequest<{ ticketNumber: string }>('/supports/contact-us', {
    method: 'POST',
    body: fields,
  });
}
