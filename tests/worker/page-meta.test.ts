// Issue 12, 'Found by search engines and by AI agents': each page's own title, description,
// canonical, Open Graph and schema.org JSON-LD in the HTML the Worker sends (services/page-meta.ts).
// In the worker pool ASSETS serves tests/worker/fixtures/assets (its index.html stands in for the
// built app; its media/ is web/public/media, so the social image and logo are the real files).
import { env, SELF } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfig } from '../../worker/routes/config';
import { SITEMAP_PATHS } from '../../worker/routes/crawlers';
import { GARDEN_ROUTE_TOWNS, jsonForScript, pageHeadFor, renderHead, withPageHead, type PageHead } from '../../worker/services/page-meta';
import { gridForProduct } from '../../worker/services/pricing';
import { documentTitle, pageMetaFor, PRIVATE_PAGE_TITLES, PUBLIC_PAGES } from '../../worker/shared/route-meta';
import { BASE, get, postJson } from './helpers';

interface Head {
  titles: string[];
  metas: { name: string | null; property: string | null; content: string | null }[];
  links: { rel: string | null; href: string | null }[];
  jsonLd: string[];
}

const decode = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The head as a crawler reads it, parsed with the same HTML parser the Worker runs. */
async function parseHead(htmlText: string): Promise<Head> {
  const head: Head = { titles: [], metas: [], links: [], jsonLd: [] };
  await new HTMLRewriter()
    .on('title', {
      element: () => void head.titles.push(''),
      text: (t) => void (head.titles[head.titles.length - 1] += t.text),
    })
    .on('meta', {
      element: (e) =>
        void head.metas.push({ name: e.getAttribute('name'), property: e.getAttribute('property'), content: e.getAttribute('content') && decode(e.getAttribute('content')!) }),
    })
    .on('link', { element: (e) => void head.links.push({ rel: e.getAttribute('rel'), href: e.getAttribute('href') && decode(e.getAttribute('href')!) }) })
    .on('script[type="application/ld+json"]', {
      element: () => void head.jsonLd.push(''),
      text: (t) => void (head.jsonLd[head.jsonLd.length - 1] += t.text),
    })
    .transform(new Response(htmlText))
    .text();
  head.titles = head.titles.map(decode);
  return head;
}

const metasNamed = (head: Head, name: string) => head.metas.filter((m) => m.name === name).map((m) => m.content);
const ogs = (head: Head, property: string) => head.metas.filter((m) => m.property === property).map((m) => m.content);
const canonicals = (head: Head) => head.links.filter((l) => l.rel === 'canonical').map((l) => l.href);

async function pageHead(path: string, headers: Record<string, string> = {}): Promise<{ res: Response; head: Head; body: string }> {
  const res = await get(path, headers);
  const body = await res.text();
  return { res, head: await parseHead(body), body };
}

/** The JSON-LD of a page as one list of schema.org objects. */
function graphOf(head: Head): Record<string, any>[] {
  expect(head.jsonLd).toHaveLength(1);
  const data = JSON.parse(head.jsonLd[0]!);
  return Array.isArray(data) ? data : [data];
}

const LOCAL_BUSINESS_TYPES = ['LocalBusiness', 'HomeAndConstructionBusiness', 'HomeGoodsStore', 'Store'];
const productsOf = (graph: Record<string, any>[]) => graph.filter((o) => o['@type'] === 'Product');
const businessOf = (graph: Record<string, any>[]) => graph.find((o) => LOCAL_BUSINESS_TYPES.includes(o['@type']))!;

/** Google's LocalBusiness rich result: @type, name, address or areaServed; ours adds url, image, logo. */
function expectValidBusiness(business: Record<string, any>) {
  expect(business['@context']).toBe('https://schema.org');
  expect(LOCAL_BUSINESS_TYPES).toContain(business['@type']);
  expect(business.name).toBe('Custom Blinds');
  expect(business.address ?? business.areaServed).toBeTruthy();
  expect(business.url).toBe(`${BASE}/`);
  expect(business.image).toMatch(/^https:\/\//);
  expect(business.logo).toMatch(/^https:\/\//);
}

/** Google's Product snippet: name, image, offers with price or lowPrice and priceCurrency. */
function expectValidProduct(product: Record<string, any>) {
  expect(product['@context']).toBe('https://schema.org');
  expect(typeof product.name).toBe('string');
  expect(product.name.length).toBeGreaterThan(0);
  expect(product.description.length).toBeGreaterThan(0);
  expect(product.image.length).toBeGreaterThan(0);
  for (const url of product.image) expect(url).toMatch(/^https:\/\//);
  expect(product.brand).toMatchObject({ '@type': 'Brand', name: 'Custom Blinds' });
  expect(product.offers['@type']).toBe('AggregateOffer');
  expect(product.offers.priceCurrency).toBe('ZAR');
  expect(Number(product.offers.lowPrice)).toBeGreaterThan(0);
  expect(Number(product.offers.highPrice)).toBeGreaterThanOrEqual(Number(product.offers.lowPrice));
  expect(product.offers.offerCount).toBeGreaterThan(0);
  expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\//);
  expect(product.offers.url).toMatch(/^https:\/\//);
}

async function expectImage(url: string, type: RegExp) {
  const res = await SELF.fetch(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('Content-Type'), url).toMatch(type);
  expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
}

describe('public pages: their own head in the served HTML', () => {
  it('the table of public pages is the sitemap', () => {
    expect(PUBLIC_PAGES.map((p) => p.path)).toEqual([...SITEMAP_PATHS]);
    expect(new Set(PUBLIC_PAGES.map((p) => p.title)).size).toBe(PUBLIC_PAGES.length);
    expect(new Set(PUBLIC_PAGES.map((p) => p.description)).size).toBe(PUBLIC_PAGES.length);
  });

  it.each(PUBLIC_PAGES.map((p) => [p.path, p] as const))('%s: one title, description, canonical, Open Graph and JSON-LD', async (path, page) => {
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
  });

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

describe('the business in JSON-LD', () => {
  it('has the configured contacts, the Garden Route towns and South Africa', async () => {
    const business = businessOf(graphOf((await pageHead('/tracking')).head));
    expect(business['@type']).toBe('HomeAndConstructionBusiness');
    expect(business.telephone).toBe('+27 21 000 0000');
    expect(business.email).toBe('info@example.co.za');
    expect(business.sameAs).toEqual(['https://example.co.za']);
    const served = business.areaServed.map((a: any) => a.name);
    for (const town of ['Mossel Bay', 'George', 'Knysna', 'Plettenberg Bay']) expect(served).toContain(town);
    expect(served).toEqual([...GARDEN_ROUTE_TOWNS, 'South Africa']);
    expect(business.areaServed.at(-1)['@type']).toBe('Country');
    expect(business.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: 'ZA' });
  });

  it('leaves unset contacts out', async () => {
    const bare = { ...env, BUSINESS_PHONE_NATIONAL: '', BUSINESS_PHONE_GARDEN_ROUTE: '', BUSINESS_EMAIL: '', MAIN_WEBSITE_URL: '' };
    const head = (await pageHeadFor(bare, publicConfig(bare), `${BASE}/`))!;
    const business = head.jsonLd[0]!;
    expect(business).not.toHaveProperty('telephone');
    expect(business).not.toHaveProperty('email');
    expect(business).not.toHaveProperty('sameAs');
    expect(renderHead(head)).not.toContain('"telephone"');
  });

  it('uses the configured public origin for canonical, og:url, images and ids, like the sitemap', async () => {
    const configured = { ...env, PUBLIC_BASE_URL: 'https://www.customblinds.example/' };
    const head = (await pageHeadFor(configured, publicConfig(configured), 'https://preview.workers.dev/measurement?utm_source=x'))!;
    expect(head.canonical).toBe('https://www.customblinds.example/measurement');
    expect(head.url).toBe('https://www.customblinds.example/measurement');
    expect(head.image.url).toBe('https://www.customblinds.example/media/social-card.jpg');
    expect(head.jsonLd[0]).toMatchObject({ url: 'https://www.customblinds.example/', '@id': 'https://www.customblinds.example/#business' });
  });
});

describe('products in JSON-LD follow the price lists', () => {
  let staffCookie = '';
  let seedVersion = 0;
  const staffIp = '192.0.2.121';

  const asStaff = (path: string, init: RequestInit = {}) =>
    SELF.fetch(`${BASE}${path}`, { ...init, headers: { Cookie: staffCookie, Origin: BASE, 'CF-Connecting-IP': staffIp, ...(init.headers as Record<string, string>) } });

  function upload(name: string, csv: string) {
    const form = new FormData();
    form.append('price_lists', new File([csv], name, { type: 'text/csv' }));
    // Staff confirm: the cheap test cell (R 123,45) is a drop of more than half, which asks first.
    form.append('confirm', 'true');
    return asStaff('/api/pricing/bulk-upload', { method: 'POST', body: form });
  }

  /** The template CSV with every price set by `price(rand, row, column)`. */
  async function pricedTemplate(productId: string, price: (rand: number, row: number, col: number) => number): Promise<string> {
    const csv = await (await asStaff(`/api/pricing/template/${productId}`)).text();
    return csv
      .trim()
      .split(/\r?\n/)
      .map((line, i) => (i === 0 ? line : line.split(',').map((cell, j) => (j === 0 ? cell : price(Number(cell), i - 1, j - 1).toFixed(2))).join(',')))
      .join('\r\n');
  }

  const landingProducts = async () => productsOf(graphOf((await pageHead('/')).head));

  beforeAll(async () => {
    const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': staffIp });
    expect(res.status).toBe(200);
    staffCookie = res.headers.getSetCookie().find((l) => l.startsWith('__Host-cb_staff='))!.split(';')[0]!;
    const versions = (await (await asStaff('/api/pricing/versions/roller-blockout')).json<any>()).versions;
    seedVersion = versions[0].version;
  });

  afterAll(async () => {
    await asStaff('/api/pricing/rollback/roller-blockout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ version: seedVersion }) });
  });

  it('sample prices are not published as offers; an uploaded list is, with its lowest and highest grid price; a new list moves them', async () => {
    const grid = await gridForProduct(env.DB, 'roller-blockout');
    expect(grid?.isSample).toBe(true);
    expect((await landingProducts()).map((p) => p.sku)).not.toContain('roller-blockout');

    // The cheapest cell is not the first one: lowPrice is the grid's minimum, not its 'from' price.
    const first = await upload('roller-blockout.csv', await pricedTemplate('roller-blockout', (rand, row, col) => (row === 1 && col === 1 ? 123.45 : rand + 500)));
    expect(first.status).toBe(200);
    const uploaded = (await gridForProduct(env.DB, 'roller-blockout'))!;
    const cells = uploaded.pricesCents.flat();
    expect(Math.min(...cells)).toBe(12_345);

    let product = (await landingProducts()).find((p) => p.sku === 'roller-blockout')!;
    expect(product).toBeDefined();
    expectValidProduct(product);
    expect(product.name).toBe(uploaded.productName);
    expect(product.offers.lowPrice).toBe('123.45');
    expect(Number(product.offers.highPrice) * 100).toBeCloseTo(Math.max(...cells), 5);
    expect(product.offers.offerCount).toBe(cells.length);
    // The business's price range on every public page comes from the published prices.
    const business = businessOf(graphOf((await pageHead('/measurement')).head));
    expect(business.priceRange).toContain('123,45');
    expect(productsOf(graphOf((await pageHead('/measurement')).head))).toEqual([]);

    const second = await upload('roller-blockout.csv', await pricedTemplate('roller-blockout', (rand) => rand + 10));
    expect(second.status).toBe(200);
    const raised = (await gridForProduct(env.DB, 'roller-blockout'))!.pricesCents.flat();
    product = (await landingProducts()).find((p) => p.sku === 'roller-blockout')!;
    expect(Number(product.offers.lowPrice) * 100).toBeCloseTo(Math.min(...raised), 5);
    expect(product.offers.lowPrice).not.toBe('123.45');

    const back = await asStaff('/api/pricing/rollback/roller-blockout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ version: seedVersion }) });
    expect(back.status).toBe(200);
    expect((await landingProducts()).map((p) => p.sku)).not.toContain('roller-blockout');
  });
});

describe('JSON in a <script> element', () => {
  it('cannot close the element: < > & are escaped, and the data reads back the same', async () => {
    const evil = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const text = jsonForScript(evil);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(evil);

    const head: PageHead = { ...(await pageHeadFor(env, publicConfig(env), `${BASE}/track`))!, jsonLd: [{ '@context': 'https://schema.org', ...evil }] };
    const parsed = await parseHead(`<html><head></head><body></body></html>`.replace('</head>', `${renderHead(head)}</head>`));
    expect(parsed.jsonLd).toHaveLength(1);
    expect(JSON.parse(parsed.jsonLd[0]!).name).toBe(evil.name);
  });

  it('replaces the built index.html own tags, so each appears once', async () => {
    // The head of web/index.html (plus tags a later build might add), as the Worker receives it.
    const built = `<!doctype html><html lang="en-ZA"><head><meta charset="UTF-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="description" content="Old description" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="canonical" href="https://old.example/" />
      <meta property="og:title" content="Old" /><meta name="twitter:card" content="summary" />
      <script type="application/ld+json">{"old":true}</script>
      <title>Custom Blinds | Made-to-measure blinds, shutters and awnings</title></head><body><div id="root"></div></body></html>`;
    const head = (await pageHeadFor(env, publicConfig(env), `${BASE}/privacy`))!;
    const parsed = await parseHead(await withPageHead(new Response(built, { headers: { 'Content-Type': 'text/html' } }), head).text());
    expect(parsed.titles).toEqual(['Privacy Notice | Custom Blinds']);
    expect(metasNamed(parsed, 'description')).toEqual([head.description]);
    expect(canonicals(parsed)).toEqual([`${BASE}/privacy`]);
    expect(ogs(parsed, 'og:title')).toEqual(['Privacy Notice | Custom Blinds']);
    expect(metasNamed(parsed, 'twitter:card')).toEqual(['summary_large_image']);
    expect(parsed.jsonLd).toHaveLength(1);
    expect(JSON.parse(parsed.jsonLd[0]!)).not.toHaveProperty('old');
    expect(metasNamed(parsed, 'viewport')).toHaveLength(1);
    expect(parsed.links.filter((l) => l.rel === 'icon')).toHaveLength(1);
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
    withPageHead(new Response(built, { headers: { 'Content-Type': 'text/html' } }), (await pageHeadFor(env, config, `${BASE}${path}`))!).text();

  it('writes the header and hero into the root and hands the module script and its preloads to /boot.js', async () => {
    const page = await rewrite('/');
    expect(page).toContain('<h1 id="hero-title">Blinds, shutters and awnings made for your windows</h1>');
    expect(page).toContain('<div id="root"><div class="page"><a class="skip-link" href="#main">Skip to content</a><header class="site-header">');
    expect(page).toContain('<script src="/boot.js" data-entry="/assets/index-abc.js" data-preload="/assets/react-1.js /assets/router-2.js" defer></script></head>');
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
    const page = await rewrite('/', { ...publicConfig(env), businessName: evil, assistantName: evil, phone: { gardenRoute: '', national: '"><script>1</script>' } });
    const root = page.slice(page.indexOf('<div id="root">'));
    expect(root).not.toContain('<img src=x');
    expect(root).not.toContain('<script>1');
    expect(root).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    const config = /<script type="application\/json" id="public-config">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(config!).businessName).toBe(evil);
  });
});
