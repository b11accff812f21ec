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
/** The build's scripts, stylesheets and fonts: never a document, so a document's policies do nothing. */
const BUILT_SUBRESOURCES = /^\/assets\/[\w.-]{1,200}\.(?:js|css|woff2)$/;
const API_PATH = /^\/api(\/|$|\?)/;

/** The security headers an answer carries, by its path, in the order they are written. */
export interface SecurityHeaders {
  forUrl(url: string): Readonly<Record<string, string>>;
  /** an API answer may name its own policy (the API document's page does) */
  keepsOwnPolicy(headers: Readonly<Record<string, string>>): boolean;
}

const CSP = 'content-security-policy';

/** Built once: every answer of a kind carries the same headers. */
export function securityHeaders(config: Config): SecurityHeaders {
  // What a script or a style heeds: no sniffing, no other site's embedding, HTTPS. The rest is a
  // document's, and at about 650 bytes an answer it was most of what a phone downloaded for each
  // of the build's small scripts.
  const subresources: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (config.publicUrl.startsWith('https://')) {
    subresources['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }
  const common: Record<string, string> = {
    ...subresources,
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  };
  const htmlPolicy = htmlContentSecurityPolicy(config);
  const uploads = { ...common, [CSP]: UPLOADS_CONTENT_SECURITY_POLICY };
  const api = { ...common, [CSP]: API_CONTENT_SECURITY_POLICY };
  const pages = { ...common, [CSP]: htmlPolicy };
  // The owner's pages are linked from nowhere; a crawler that finds them must not list them.
  const ownerPages = { ...common, 'x-robots-tag': 'noindex, nofollow', [CSP]: htmlPolicy };
  return {
    // By path, not by content type: a 304 revalidating index.html has no content type, and the
    // browser would store whatever policy it carried for the page.
    forUrl(url) {
      if (OWNER_PAGES.test(url)) return ownerPages;
      if (url.startsWith('/uploads/')) return uploads;
      if (BUILT_SUBRESOURCES.test(url)) return subresources;
      if (API_PATH.test(url)) return api;
      return pages;
    },
    keepsOwnPolicy: (headers) => headers === api,
  };
}

export function installSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const written = headers.forUrl(request.url);
    const ownPolicy = headers.keepsOwnPolicy(written) && reply.hasHeader(CSP);
    for (const name in written) {
      if (name === CSP && ownPolicy) continue;
      reply.header(name, written[name]);
    }
    done(null, payload);
  });
}
