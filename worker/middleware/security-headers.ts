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

/**
 * A JavaScript file loaded as a classic or module script: the browser ignores a CSP on it (the page's
 * policy governs it), so the header would only add ~400 bytes to every script the landing page
 * fetches. A Web Worker's script is different: its own response's CSP is the worker's policy, so
 * worker chunks (Vite names them '*.worker-<hash>.js') keep it.
 */
function isPageScript(path: string, contentType: string | null): boolean {
  return /javascript/i.test(contentType ?? '') && !/worker/i.test(path);
}

/** Applied to every response, API and static app alike; a route may set a stricter CSP of its own. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const pageScript = isPageScript(c.req.path, c.res.headers.get('Content-Type'));
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (name === 'Content-Security-Policy' && (pageScript || c.res.headers.get(name)?.includes('sandbox'))) continue;
    // A route that may be framed by the site itself (the staff outbox's e-mail preview) says so.
    if (name === 'X-Frame-Options' && c.res.headers.get(name) === 'SAMEORIGIN') continue;
    c.res.headers.set(name, value);
  }
};
