import type { Order } from '@makhana/domain/orders';
import type { ReturnRequestInput } from '@makhana/domain/returns';
import { apiAnswer } from '../../../lib/api-client';

/**
 * POST /orders/return-request/{id}: the customer's return of some units, multipart as the API
 * takes it (the lines as JSON text, the photos as files). Not an RTK Query mutation: its files
 * would sit in the store's state, which keeps only what can be serialised. Answers the order with
 * its return, and the server's message.
 */
export async function requestReturn(
  orderId: string,
  request: ReturnRequestInput,
  photos: readonly File[],
): Promise<{ order: Order; message: string }> {
  const form = new FormData();
  form.append('lines', JSON.stringify(request.lines));
  form.append('reason', request.reason);
  if (request.note) form.append('note', request.note);
  for (const photo of photos) form.append('photos', photo, photo.name);
  const answer = await apiAnswer<Order>(`/orders/return-request/${encodeURIComponent(orderId)}`, {
    method: 'POST',
    body: form,
  });
  return { order: answer.data, message: answer.message };
}
