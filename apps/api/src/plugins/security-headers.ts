import type { FastifyInstance } from 'fastify';
import { s3PublicBase } from '../adapters/storage/storage';
import type { Config } from '../config/config';

/** The storefront's policy: own scripts and styles (plus inline style attributes React sets), Razorpay Checkout. */
export function htmlContentSecurityPolicy(config: Pick<Config, 'storage'>): string {
  const imageSources = ["'self'", 'data:', 'blob:'];
  // Pictures stored on S3 are read from the CDN, the endpoint or the bucket's AWS address.
  if (config.storage.kind === 's3') imageSources.push(new URL(s3PublicBase(config.storage)).origin);
  return [
    "default-src 'self'",
    "script-src 'self' https://checkout.razorpay.com",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imageSources.join(' ')}`,
    "font-src 'self' data:",
    "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
    'frame-src https://api.razorpay.com https://checkout.razorpay.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Uploaded files (an SVG can carry script): nothing runs, inline styles only. */
export const UPLOADS_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
const OWNER_PAGES = /^\/(?:owner\/|login\/admin(?:\/|$|\?))/;

export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const htmlPolicy = htmlContentSecurityPolicy(config);
  const hsts = config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header(
      'permissions-policy',
      'camera=(), microphone=(), geolocation=(), interest-cohort=()',
    );
    if (hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // The owner's pages are linked from nowhere; a crawler that finds them must not list them.
    if (OWNER_PAGES.test(request.url)) reply.header('x-robots-tag', 'noindex, nofollow');
    // By path, not by content type: a 304 revalidating index.html has no content type, and the
    // browser would store whatever policy it carried for the page.
    if (request.url.startsWith('/uploads/')) {
      reply.header('content-security-policy', UPLOADS_CONTENT_SECURITY_POLICY);
    } else if (/^\/api(\/|$|\?)/.test(request.url)) {
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
      }
    } else {
      reply.header('content-security-policy', htmlPolicy);
    }
    return payload;
  });
}
