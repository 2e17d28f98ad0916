import type { MiddlewareHandler } from 'hono';

/**
 * What the app needs and nothing more: its own scripts, styles (inline style attributes from React
 * and three), images and media from itself, data: and blob: (photos, WebGL textures), and API
 * calls to itself. Nothing may frame the site.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // 'wasm-unsafe-eval': WebAssembly only (not eval), for text recognition on /admin/pricing (tesseract's wasm core).
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(self), microphone=(self), geolocation=(), payment=(self)',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Applied to every response, API and static app alike; a route may set a stricter CSP of its own. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (name === 'Content-Security-Policy' && c.res.headers.get(name)?.includes('sandbox')) continue;
    c.res.headers.set(name, value);
  }
};
