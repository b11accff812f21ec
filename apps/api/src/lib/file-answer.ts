import type { FastifyReply } from 'fastify';

/**
 * Answers a private file to download: the owner's or a customer's documents, never kept by a
 * cache or sniffed into another type by the browser. The route's schema documents the body as a
 * string; Fastify sends a Buffer or a stream as it is.
 */
export function sendDownload(
  reply: FastifyReply,
  file: { contentType: string; name: string; body: Buffer | NodeJS.ReadableStream | string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body as unknown as string);
}
