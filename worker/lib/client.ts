import type { Context } from 'hono';

/** The caller's address as Cloudflare reports it; 'local' when running without the edge. */
export function clientAddress(c: Context): string {
  return c.req.header('CF-Connecting-IP') ?? 'local';
}
