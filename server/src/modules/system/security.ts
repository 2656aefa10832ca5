import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { MemoryCounters, RateLimiter } from '../../lib/rate-limit.js';
import { addressOf } from '../../lib/address.js';

/** Where browsers post Content-Security-Policy violations (outside /api: reports carry no client header). */
export const CSP_REPORT_PATH = '/csp-report';

/**
 * The site's policy: its own scripts only (no inline script, no eval), styles from its own CSS files
 * (React sets `style` through the CSSOM, which CSP does not govern; the pre-rendered pages carry no
 * style attributes), images from itself and data: URLs (QR codes), the service worker, manifest and
 * API calls (socket.io included) from its own origin, never framed, no plugins, no <base>, forms post
 * only here.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // blob: is the preview of a slip photo the member picked, before it is sent
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'report-uri': [CSP_REPORT_PATH],
};

/** Powerful features the site never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=()';

const HSTS = 'max-age=31536000; includeSubDomains';

/** For answers that bypass the hooks (router-level errors): the same protection, no content allowed. */
export function setBareSecurityHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'")
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('permissions-policy', PERMISSIONS_POLICY);
}

/** Over HTTPS only: a TLS request, or a proxy TRUST_PROXY trusts that says x-forwarded-proto https. */
const overHttps = (request: FastifyRequest) => request.protocol === 'https';

interface CspReport {
  'document-uri'?: string;
  'blocked-uri'?: string;
  'violated-directive'?: string;
  'effective-directive'?: string;
  'source-file'?: string;
  'line-number'?: number;
}

/** Reports per address and minute: a page in a violation loop (or anyone posting) cannot flood the log. */
export const CSP_REPORT_LIMIT = { max: 60, windowMs: 60_000 };

const clip = (value: unknown) => (typeof value === 'string' ? value.slice(0, 300) : typeof value === 'number' ? value : undefined);

/**
 * Security headers on every answer (pages, assets, API, the sandbox's /play pages) through helmet,
 * plus Permissions-Policy, HSTS over HTTPS, and the endpoint that logs CSP violations.
 */
export const securityHeaders = fp(async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // set per request below: only over HTTPS
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (overHttps(request)) reply.header('strict-transport-security', HSTS);
  });

  // this instance's log only: its own count is enough, and a flood of reports writes nothing to the database
  const limiter = new RateLimiter(new MemoryCounters());
  await app.register(async (reports) => {
    reports.addContentTypeParser(
      ['application/csp-report', 'application/reports+json', 'application/json'],
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(null, undefined);
        }
      },
    );
    reports.post(CSP_REPORT_PATH, { schema: { hide: true } }, async (request, reply) => {
      await limiter.hit([[`csp-report:${addressOf(request)}`, CSP_REPORT_LIMIT]]);
      // report-uri posts { "csp-report": {...} }; the Reporting API posts [{ type, body: {...} }]
      const body = request.body as { 'csp-report'?: CspReport } | { type?: string; body?: Record<string, unknown> }[] | undefined;
      const entries = Array.isArray(body)
        ? body.filter((r) => r?.type === 'csp-violation').map((r) => r.body ?? {})
        : body?.['csp-report']
          ? [body['csp-report'] as Record<string, unknown>]
          : [];
      for (const r of entries) {
        request.log.warn(
          {
            csp: {
              document: clip(r['document-uri'] ?? r.documentURL),
              blocked: clip(r['blocked-uri'] ?? r.blockedURL),
              directive: clip(r['effective-directive'] ?? r.effectiveDirective ?? r['violated-directive']),
              source: clip(r['source-file'] ?? r.sourceFile),
              line: clip(r['line-number'] ?? r.lineNumber),
            },
          },
          'csp violation',
        );
      }
      return reply.status(204).send();
    });
  });
});
