import type { FastifyInstance } from 'fastify';

/**
 * The policy the web app runs under: its scripts only from this origin, no inline script; antd's CSS-in-JS,
 * the OEM's custom CSS and the ALTCHA widget inject styles, so inline styles are allowed; ALTCHA solves
 * its challenge in a worker made from a blob: URL; the live feed needs WebSockets. Swagger UI (/api/docs)
 * works under the same policy (external scripts only).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** One onSend hook: every answer (API, static files, errors, 404) carries the security headers. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    return payload;
  });
}
