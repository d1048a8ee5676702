import type { Middleware } from 'koa';

/**
 * The session token lives in the browser's storage, so no script but our own bundle may run (no inline
 * scripts, no other origins), and no other site may frame the app. Styles may be inline: the component
 * library writes them at run time. Map tiles are the one outside resource the screens load.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.tile.openstreetmap.org",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const headers: Record<string, string> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** Sets the security headers on every answer, errors included. */
export const securityHeaders: Middleware = async (ctx, next) => {
  ctx.set(headers);
  await next();
};

/**
 * For the routes whose answers carry a credential (a session token, an API key in full): no cache,
 * the browser's own on disk included, may keep a copy of it.
 */
export const credentialAnswers: Middleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  await next();
};
