// 'Found by search engines and by AI agents': each page's own title, description,
// canonical, Open Graph and schema.org JSON-LD in the HTML the Worker sends (services/page-meta.ts).
// In the worker pool ASSETS serves tests/worker/fixtures/assets (its index.html stands in for the
// built app; its media/ is web/public/media, so the social image and logo are the real files).
// Here: public and private pages, unknown paths and the landing page's first screen; the business and
// products in JSON-LD and JSON written into a <script> element: page-meta-json-ld.test.ts.
import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { publicConfig } from '../../worker/routes/config';
import { SITEMAP_PATHS } from '../../worker/routes/crawlers';
import { pageHeadFor, withPageHead } from '../../worker/services/page-meta';
import { documentTitle, pageMetaFor, PRIVATE_PAGE_TITLES, PUBLIC_PAGES } from '../../worker/shared/route-meta';
import { BASE, get } from './helpers';
import {
  businessOf,
  canonicals,
  expectImage,
  expectValidBusiness,
  graphOf,
  metasNamed,
  ogs,
  pageHead,
  parseHead,
  productsOf,
} from './page-meta-fixtures';

describe('public pages: their own head in the served HTML', () => {
  it('the table of public pages is the sitemap', () => {
    expect(PUBLIC_PAGES.map((p) => p.path)).toEqual([...SITEMAP_PATHS]);
    expect(new Set(PUBLIC_PAGES.map((p) => p.title)).size).toBe(PUBLIC_PAGES.length);
    expect(new Set(PUBLIC_PAGES.map((p) => p.description)).size).toBe(PUBLIC_PAGES.length);
  });

  it.each(PUBLIC_PAGES.map((p) => [p.path, p] as const))(
    '%s: one title, description, canonical, Open Graph and JSON-LD',
    async (path, page) => {
      const { res, head } = await pageHead(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toContain('text/html');
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
      expect(res.headers.get('ETag')).toBeNull();

      const title = path === '/' ? `Custom Blinds | ${page.title}` : `${page.title} | Custom Blinds`;
      expect(head.titles).toEqual([title]);
      expect(metasNamed(head, 'description')).toEqual([page.description]);
      expect(page.description.length).toBeGreaterThan(50);
      expect(page.description.length).toBeLessThanOrEqual(160);
      expect(canonicals(head)).toEqual([`${BASE}${path}`]);
      expect(metasNamed(head, 'robots')).toEqual(['index, follow']);

      expect(ogs(head, 'og:title')).toEqual([title]);
      expect(ogs(head, 'og:description')).toEqual([page.description]);
      expect(ogs(head, 'og:url')).toEqual([`${BASE}${path}`]);
      expect(ogs(head, 'og:type')).toEqual(['website']);
      expect(ogs(head, 'og:site_name')).toEqual(['Custom Blinds']);
      expect(ogs(head, 'og:locale')).toEqual(['en_ZA']);
      expect(ogs(head, 'og:image:width')).toEqual(['1200']);
      expect(ogs(head, 'og:image:height')).toEqual(['630']);
      expect(ogs(head, 'og:image:alt')).toHaveLength(1);
      const images = ogs(head, 'og:image');
      expect(images).toHaveLength(1);
      expect(images[0]).toMatch(new RegExp(`^${BASE}/`));
      await expectImage(images[0]!, /^image\//);
      expect(metasNamed(head, 'twitter:card')).toEqual(['summary_large_image']);

      const graph = graphOf(head);
      expectValidBusiness(businessOf(graph));
      // Products only on the landing page.
      if (path !== '/') expect(productsOf(graph)).toEqual([]);
    },
  );

  it('the app shell itself is still served below the head', async () => {
    const { body } = await pageHead('/measurement');
    expect(body).toContain('test app shell');
    expect(body.indexOf('application/ld+json')).toBeLessThan(body.indexOf('</head>'));
  });

  it('a trailing slash is the same page, with the canonical URL without it', async () => {
    const { head } = await pageHead('/quote-calculator/');
    expect(canonicals(head)).toEqual([`${BASE}/quote-calculator`]);
    expect(head.titles).toEqual(['Online Blind Quotation | Custom Blinds']);
  });

  it('a conditional request still gets the page with its head (no 304 from the file ETag)', async () => {
    const res = await get('/shutters', { 'If-None-Match': '*' });
    expect(res.status).toBe(200);
    expect((await parseHead(await res.text())).titles).toEqual(['Plantation Shutter Visualiser | Custom Blinds']);
  });

  it('the logo and the social image are real images served by the site', async () => {
    const { head } = await pageHead('/');
    const business = businessOf(graphOf(head));
    await expectImage(business.logo, /^image\/png/);
    await expectImage(business.image, /^image\/jpeg/);
    expect((await get('/media/social-card.jpg')).headers.get('Cache-Control')).toBe('public, max-age=86400');
  });
});

describe('private pages: noindex, no canonical', () => {
  const privatePaths = [...Object.keys(PRIVATE_PAGE_TITLES), '/melvin-workspace', '/Melvin-workspace'];

  it.each(privatePaths)('%s', async (path) => {
    const { res, head } = await pageHead(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(metasNamed(head, 'robots')).toEqual(['noindex, nofollow']);
    expect(canonicals(head)).toEqual([]);
    expect(ogs(head, 'og:url')).toEqual([]);
    expect(head.jsonLd).toEqual([]);
    expect(head.titles).toHaveLength(1);
    expect(head.titles[0]).toBe(documentTitle(pageMetaFor(path, 'Melvin'), 'Custom Blinds'));
    expect(metasNamed(head, 'description')).toHaveLength(1);
  });

  it('names the page in the title where it has a name', async () => {
    expect((await pageHead('/quote')).head.titles).toEqual(['Your Quote | Custom Blinds']);
    expect((await pageHead('/leads')).head.titles).toEqual(['Leads | Custom Blinds']);
    expect((await pageHead('/melvin-workspace')).head.titles).toEqual(['Melvin Workspace | Custom Blinds']);
  });
});

describe('unknown paths', () => {
  it('are HTTP 404 with the app shell unchanged (the app shows its 404 page)', async () => {
    const { res, head, body } = await pageHead('/no-such-page');
    expect(res.status).toBe(404);
    expect(body).toContain('test app shell');
    expect(head.titles).toEqual(['test app']);
    expect(head.metas).toEqual([]);
    expect(head.jsonLd).toEqual([]);
  });

  it('static files and redirects are untouched', async () => {
    const redirect = await SELF.fetch(`${BASE}/calculator`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(await (await get('/robots.txt')).text()).toMatch(/^User-agent/);
  });
});

describe('the landing page: its first screen in the HTML, its code started by /boot.js', () => {
  const built = `<!doctype html><html lang="en-ZA"><head><title>x</title>
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-1.js">
      <link rel="modulepreload" crossorigin href="/assets/router-2.js">
      <link rel="stylesheet" crossorigin href="/assets/index-3.css">
      </head><body><div id="root"></div></body></html>`;
  const rewrite = async (path: string, config = publicConfig(env)) =>
    withPageHead(
      new Response(built, { headers: { 'Content-Type': 'text/html' } }),
      (await pageHeadFor(env, config, `${BASE}${path}`))!,
    ).text();

  it('writes the header and hero into the root and hands the module script and its preloads to /boot.js', async () => {
    const page = await rewrite('/');
    expect(page).toContain('<h1 id="hero-title">Blinds, shutters and awnings made for your windows</h1>');
    expect(page).toContain(
      '<div id="root"><div class="page"><a class="skip-link" href="#main">Skip to content</a><header class="site-header">',
    );
    expect(page).toContain(
      '<script src="/boot.js" data-entry="/assets/index-abc.js" data-preload="/assets/react-1.js /assets/router-2.js" defer></script></head>',
    );
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(page).toContain('<link rel="preload" as="image" href="/media/hero-poster.jpg" fetchpriority="high">');
  });

  it('leaves other pages their module script and empty root, and gives every page the public configuration', async () => {
    const page = await rewrite('/quote-calculator');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain('boot.js');
    const config = /<script type="application\/json" id="public-config">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(config!)).toEqual(publicConfig(env));
  });

  it('escapes every configured value it writes into the first screen', async () => {
    const evil = '<img src=x onerror=alert(1)> & "Co"';
    const page = await rewrite('/', {
      ...publicConfig(env),
      businessName: evil,
      assistantName: evil,
      phone: { gardenRoute: '', national: '"><script>1</script>' },
    });
    const root = page.slice(page.indexOf('<div id="root">'));
    expect(root).not.toContain('<img src=x');
    expect(root).not.toContain('<script>1');
    expect(root).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    const config = /<script type="application\/json" id="public-config">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(config!).businessName).toBe(evil);
  });
});
