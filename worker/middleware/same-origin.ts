import type { Context, MiddlewareHandler } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie-authenticated write must come from this site (DESIGN.md section 7). Browsers say where a
 * request came from in Sec-Fetch-Site, or else in Origin; a client that sends neither is not a
 * browser, so it cannot be riding a staff member's cookie and is let through.
 */
export function isCrossSiteRequest(c: Context<AppBindings>): boolean {
  const fetchSite = c.req.header('Sec-Fetch-Site');
  // 'none' is a request the user started themselves (address bar, bookmark), not another site.
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = c.req.header('Origin');
  if (origin === undefined) return false;
  return !allowedOrigins(c).has(origin.trim());
}

function allowedOrigins(c: Context<AppBindings>): Set<string> {
  const origins = new Set([new URL(c.req.url).origin]);
  const configured = c.env.PUBLIC_BASE_URL?.trim();
  if (configured) {
    try {
      origins.add(new URL(configured).origin);
    } catch {
      // An unparsable PUBLIC_BASE_URL adds nothing: the request's own origin still works.
    }
  }
  return origins;
}

export function assertSameOriginWrite(c: Context<AppBindings>): void {
  if (!SAFE_METHODS.has(c.req.method) && isCrossSiteRequest(c)) {
    throw new AppError('forbidden', 'This request came from another site and was refused.');
  }
}

/** Refuses cross-site writes; reads pass. */
export const sameOriginWrites: MiddlewareHandler<AppBindings> = async (c, next) => {
  assertSameOriginWrite(c);
  await next();
};
