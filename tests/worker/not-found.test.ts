// Storefront spec section 2: 'unknown paths show a 404 page'; 'A real 404': an unknown
// path answers HTTP 404 with the app's HTML (the browser still draws the app's 404 page), while
// every route of the table, '/{assistant}-workspace', static files, robots.txt and the sitemap
// answer as before. ASSETS serves tests/worker/fixtures/assets here: its index.html stands in for
// the built app.
import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SITEMAP_PATHS } from '../../worker/routes/crawlers';
import { serveApp } from '../../worker/routes/static';
import { PRIVATE_PAGE_TITLES } from '../../worker/shared/route-meta';
import { SPEC_ROUTES } from '../e2e/spec-routes';
import { BASE, get } from './helpers';

const APP_SHELL = 'test app shell';

describe('unknown paths', () => {
  it.each([
    '/no-such-page',
    '/quote/Q-123',
    '/track/TRK-1',
    '/admin/not-built-yet',
    '/former-name-workspace',
    '/melvin-workspace/extra',
    '/measurement/extra',
  ])('%s is HTTP 404 with the app HTML', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(await res.text()).toContain(APP_SHELL);
  });

  it('a HEAD and a conditional request for an unknown path are 404 too', async () => {
    expect((await SELF.fetch(`${BASE}/no-such-page`, { method: 'HEAD' })).status).toBe(404);
    const shell = await get('/');
    const etag = shell.headers.get('ETag');
    await shell.arrayBuffer();
    const conditional = await get('/no-such-page', etag ? { 'If-None-Match': etag } : {});
    expect(conditional.status).toBe(404);
    expect(await conditional.text()).toContain(APP_SHELL);
  });

  it('a missing file is a plain 404, not the app HTML', async () => {
    for (const path of ['/assets/index-missing.js', '/media/missing.jpg', '/no-such-file.png']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain(APP_SHELL);
    }
  });
});

describe('the route table still answers 200', () => {
  it.each([...SPEC_ROUTES, '/privacy'])('%s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    // The landing page's root holds its first screen instead of the shell's text.
    expect(await res.text()).toContain(path === '/' ? '<div id="root">' : APP_SHELL);
  });

  it('with a query, a trailing slash or in another letter case, like the app router', async () => {
    for (const path of [
      '/quote?id=Q-1&key=abc',
      '/track?tracking=TRK1',
      '/melvin-workspace?note=n1',
      '/Melvin-Workspace',
      '/measurement/',
      '/Quote-Calculator',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
  });

  it('every staff screen of the table, even one not built yet', async () => {
    for (const path of Object.keys(PRIVATE_PAGE_TITLES)) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
  });

  it("'/{assistant}-workspace' follows ASSISTANT_NAME", async () => {
    const ava = { ...env, ASSISTANT_NAME: 'Ava' };
    expect((await serveApp(new Request(`${BASE}/ava-workspace`), env.ASSETS, ava)).status).toBe(200);
    expect((await serveApp(new Request(`${BASE}/melvin-workspace`), env.ASSETS, ava)).status).toBe(404);
  });
});

describe('search engines and static files are unaffected', () => {
  it('robots.txt, the sitemap and every page it lists', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(await robots.text()).toMatch(/^User-agent/);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    await sitemap.arrayBuffer();
    for (const path of SITEMAP_PATHS) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
  });

  it('static files and the redirects', async () => {
    const image = await get('/media/social-card.jpg');
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toContain('image/jpeg');
    await image.arrayBuffer();
    for (const [from, to] of [
      ['/calculator', '/quote-calculator'],
      ['/shutter-visualization', '/shutters'],
      ['/mobile-ruler', '/camera-ruler'],
    ]) {
      const res = await SELF.fetch(`${BASE}${from}`, { redirect: 'manual' });
      expect(res.status, from).toBe(301);
      expect(new URL(res.headers.get('Location')!).pathname).toBe(to);
    }
  });
});
