import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { escapeHtml } from '../lib/html';
import { publicOrigin } from '../lib/origin';
import { PUBLIC_PAGE_PATHS } from '../shared/route-meta';

/**
 * The storefront's public pages, for search engines. Staff screens, the payment
 * gateway's pages, result pages and per-customer pages (a receipt, a stored quote) are left out.
 * One list with the pages' titles and descriptions (shared/route-meta.ts, services/page-meta.ts).
 */
export const SITEMAP_PATHS = PUBLIC_PAGE_PATHS;

/** Kept out of search results: staff screens, the API and the test gateway. */
export const DISALLOWED_PATHS = ['/api/', '/pay/', '/admin', '/admin-dashboard', '/marketing-insights', '/leads', '/site-visits'] as const;

/** GET /robots.txt and /sitemap.xml, answered by the Worker (before, the SPA's HTML answered both). */
export const crawlerRoutes = new Hono<AppBindings>()
  .get('/robots.txt', (c) => {
    const origin = publicOrigin(c.env, c.req.url);
    const body = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
    return c.text(body, 200, { 'Cache-Control': 'public, max-age=3600' });
  })
  .get('/sitemap.xml', (c) => {
    const origin = publicOrigin(c.env, c.req.url);
    const urls = SITEMAP_PATHS.map((p) => `  <url><loc>${escapeHtml(origin + p)}</loc></url>`).join('\n');
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
  });
