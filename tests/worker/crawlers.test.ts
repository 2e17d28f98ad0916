import { describe, expect, it } from 'vitest';
import { SITEMAP_PATHS } from '../../worker/routes/crawlers';
import { BASE, get } from './helpers';

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is plain text for crawlers, keeps the API and staff screens out and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/plain');
    const text = await res.text();
    expect(text).not.toContain('<html');
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const path of ['/api/', '/admin', '/leads', '/marketing-insights']) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages as absolute URLs and no staff or per-customer page', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(SITEMAP_PATHS.map((p) => `${BASE}${p}`));
    for (const hidden of ['/leads', '/admin', '/order-confirmation', '/quote?', '/pay/'])
      expect(locs.some((l) => l!.includes(hidden))).toBe(false);
  });
});
