// Website scraping (staff spec 2.2, 3, 7, 8): robots.txt obeyed, same origin only, the page
// cap, extraction from JSON-LD, microdata and page structure, the job Durable Object's progress and
// result, the status and result shapes, staff-only access and the MAIN_WEBSITE_URL failure.
// The shop's website is a local fixture (tests/worker/fixtures/site) served by intercepting fetch.
import { env, SELF } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../worker/lib/errors';
import { DEFAULT_MAX_PAGES, crawlConfig, crawlSite } from '../../worker/services/staff/site-crawl/crawler';
import { extractProducts } from '../../worker/services/staff/site-crawl/products';
import { parseRobotsTxt, robotsAllows } from '../../worker/services/staff/site-crawl/robots';
import { scrapeRow } from '../../worker/services/staff/site-crawl/scrape-records';
import { startWebsiteScrape } from '../../worker/services/staff/site-crawl/website-scrape';
import { fixtureResponse, ITEM_PAGES, MAIN_ORIGIN, MAIN_SITE } from './fixtures/site/main-site';
import { BASE, get, postJson } from './helpers';

const requested: { url: string; userAgent: string | null }[] = [];
const realFetch = globalThis.fetch;

beforeAll(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin === MAIN_ORIGIN || url.hostname.endsWith('.test')) {
      requested.push({ url: request.url, userAgent: request.headers.get('User-Agent') });
      const response = fixtureResponse(url);
      if (response) return response;
      throw new TypeError(`fetch failed: ${url.host} is unreachable`);
    }
    return realFetch(input, init);
  });
});
afterAll(() => {
  vi.restoreAllMocks();
});

let staffCookie = '';
beforeAll(async () => {
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.131' });
  expect(res.status).toBe(200);
  staffCookie = res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
});

const asStaff = (path: string, init: RequestInit = {}) =>
  SELF.fetch(`${BASE}${path}`, { ...init, headers: { Cookie: staffCookie, Origin: BASE, ...(init.headers as Record<string, string>) } });

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('robots.txt', () => {
  const robots = parseRobotsTxt(MAIN_SITE['/robots.txt']!);

  it('follows the group naming our token, not the * group', () => {
    expect(robotsAllows(robots, 'CustomBlindsBot', '/')).toBe(true);
    expect(robotsAllows(robots, 'customblindsbot', '/products/x')).toBe(true);
    expect(robotsAllows(robots, 'SomeOtherBot', '/')).toBe(false);
  });

  it('takes the longest match, allow winning a tie, with * and $ patterns', () => {
    expect(robotsAllows(robots, 'CustomBlindsBot', '/trade/secret-roller')).toBe(false);
    expect(robotsAllows(robots, 'CustomBlindsBot', '/trade/public-notice')).toBe(true);
    const rules = parseRobotsTxt('User-agent: *\nDisallow: /*.php$\nDisallow: /shop\nAllow: /shop\nDisallow: /a/\nAllow: /a/b');
    expect(robotsAllows(rules, 'CustomBlindsBot', '/index.php')).toBe(false);
    expect(robotsAllows(rules, 'CustomBlindsBot', '/index.php?x=1')).toBe(true);
    expect(robotsAllows(rules, 'CustomBlindsBot', '/shop/roller')).toBe(true);
    expect(robotsAllows(rules, 'CustomBlindsBot', '/a/c')).toBe(false);
    expect(robotsAllows(rules, 'CustomBlindsBot', '/a/b/c')).toBe(true);
    expect(robotsAllows(parseRobotsTxt('User-agent: *\nDisallow:'), 'CustomBlindsBot', '/x')).toBe(true);
  });
});

describe('product extraction', () => {
  it('reads schema.org Product JSON-LD: name, description, category, colours, features and a ZAR price', () => {
    const [product] = extractProducts(
      MAIN_SITE['/products/roller-blinds/blockout-roller']!,
      `${MAIN_ORIGIN}/products/roller-blinds/blockout-roller`,
    );
    expect(product).toMatchObject({
      name: 'Blockout Roller Blind',
      description: 'A roller blind that blocks all light & heat.',
      category: 'Roller Blinds',
      colours: ['Charcoal', 'Ivory', 'Linen Grey'],
      features: ['Chain: Stainless steel'],
      priceCents: 89_900,
      source: 'json-ld',
    });
  });

  it('finds a Product inside @graph and fills features from the page', () => {
    const products = extractProducts(MAIN_SITE['/products/venetians/aluminium-50mm']!, `${MAIN_ORIGIN}/products/venetians/aluminium-50mm`);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      name: '50mm Aluminium Venetian',
      category: 'Venetian Blinds',
      colours: ['Silver', 'White', 'Charcoal'],
    });
    expect(products[0]!.features).toEqual(['50 mm slats', 'Tilt wand', 'Easy to clean', 'Five-year guarantee']);
  });

  it('reads microdata when there is no JSON-LD', () => {
    const [product] = extractProducts(MAIN_SITE['/products/outdoor/patio-blind']!, `${MAIN_ORIGIN}/products/outdoor/patio-blind`);
    expect(product).toMatchObject({
      name: 'Outdoor Patio Blind',
      description: 'PVC patio blind for the stoep.',
      colours: ['Clear'],
      priceCents: 245_000,
      source: 'microdata',
      category: 'Outdoor',
    });
  });

  it('falls back to the page structure: h1, meta description, breadcrumbs, colour list, features list', () => {
    const [product] = extractProducts(
      MAIN_SITE['/products/shutters/basswood-shutter']!,
      `${MAIN_ORIGIN}/products/shutters/basswood-shutter`,
    );
    expect(product).toEqual({
      name: 'Basswood Shutter',
      description: 'Timber shutters made to measure in George.',
      category: 'Shutters',
      colours: ['Pure White', 'Oak', 'Walnut'],
      features: ['Solid basswood', '89 mm louvres'],
      url: `${MAIN_ORIGIN}/products/shutters/basswood-shutter`,
      source: 'page',
    });
  });

  it('finds no product on a page without product data', () => {
    expect(extractProducts(MAIN_SITE['/catalogue/item-1']!, `${MAIN_ORIGIN}/catalogue/item-1`)).toEqual([]);
  });
});

describe('the crawler', () => {
  it('obeys robots.txt, stays on the origin, stops at the page cap and sends its User-Agent', async () => {
    requested.length = 0;
    const state = await crawlSite(`${MAIN_ORIGIN}/`, crawlConfig({ delayMs: 0 }));
    const urls = requested.map((r) => r.url);
    expect(urls[0]).toBe(`${MAIN_ORIGIN}/robots.txt`);
    expect(urls).not.toContain(`${MAIN_ORIGIN}/trade/secret-roller`);
    expect(urls).toContain(`${MAIN_ORIGIN}/trade/public-notice`);
    expect(urls.some((u) => u.includes('elsewhere.test'))).toBe(false);
    expect(urls.some((u) => u.endsWith('.pdf'))).toBe(false);
    // 7 pages before the catalogue's 50 items; the cap stops at 40 requested pages (one of them a 404).
    expect(7 + ITEM_PAGES).toBeGreaterThan(DEFAULT_MAX_PAGES);
    expect(state.failed).toEqual([{ url: `${MAIN_ORIGIN}/products/shutters`, reason: 'status 404' }]);
    expect(state.crawled).toHaveLength(DEFAULT_MAX_PAGES - 1);
    expect(urls).toHaveLength(DEFAULT_MAX_PAGES + 1);
    expect(new Set(urls).size).toBe(urls.length);
    expect(state.disallowed).toEqual([`${MAIN_ORIGIN}/trade/secret-roller`]);
    expect(requested.every((r) => r.userAgent?.includes('CustomBlindsBot'))).toBe(true);
    expect(state.products.map((p) => p.name).sort()).toEqual([
      '50mm Aluminium Venetian',
      'Basswood Shutter',
      'Blockout Roller Blind',
      'Outdoor Patio Blind',
    ]);
  });

  it('follows redirects by hand: checks each hop is the configured site (and allowed) before requesting it, at most 5', async () => {
    const origin = 'https://redirecting.test';
    const html = (body: string) =>
      new Response(`<!doctype html><html><body>${body}</body></html>`, { headers: { 'Content-Type': 'text/html' } });
    const redirect = (to: string, status = 302) => new Response(null, { status, headers: { Location: to } });
    const pages: Record<string, () => Response> = {
      '/robots.txt': () => new Response('User-agent: *\nDisallow: /private\n', { headers: { 'Content-Type': 'text/plain' } }),
      '/': () => html('<a href="/away">a</a> <a href="/moved">b</a> <a href="/loop0">c</a> <a href="/sneaky">d</a>'),
      '/away': () => redirect('http://169.254.169.254/latest/meta-data/'),
      '/moved': () => redirect('/new-home', 301),
      '/new-home': () => html('<h1>Moved here</h1><a href="found-by-relative-link">e</a>'),
      '/found-by-relative-link': () => html('<h1>Relative</h1>'),
      '/sneaky': () => redirect('/private/staff'),
      '/private/staff': () => html('secret'),
      ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`/loop${i}`, () => redirect(`/loop${i + 1}`)])),
    };
    const asked: string[] = [];
    // Behaves as fetch does: with redirect 'follow' it requests each target itself.
    const fetcher = async (req: Request): Promise<Response> => {
      let url = new URL(req.url);
      for (let i = 0; i < 20; i++) {
        asked.push(url.toString());
        const page = url.origin === origin ? pages[url.pathname] : undefined;
        const res = page ? page() : new Response('not here', { status: 404 });
        const location = res.headers.get('Location');
        if (req.redirect !== 'follow' || !location) return res;
        url = new URL(location, url);
      }
      return new Response('loop', { status: 508 });
    };
    const state = await crawlSite(`${origin}/`, crawlConfig({ delayMs: 0, fetcher }));
    expect(asked.some((u) => u.includes('169.254.169.254'))).toBe(false);
    expect(asked).not.toContain(`${origin}/private/staff`);
    expect(asked).toContain(`${origin}/new-home`);
    expect(asked).toContain(`${origin}/found-by-relative-link`);
    // The loop is cut after 5 redirects: /loop0 and five targets, /loop6 never asked for.
    expect(asked).toContain(`${origin}/loop5`);
    expect(asked).not.toContain(`${origin}/loop6`);
    expect(state.failed).toEqual(
      expect.arrayContaining([
        { url: `${origin}/away`, reason: 'redirected to another site' },
        { url: `${origin}/sneaky`, reason: 'redirected to a page robots.txt disallows' },
        { url: `${origin}/loop0`, reason: 'too many redirects' },
      ]),
    );
    expect(state.crawled).toEqual(expect.arrayContaining([`${origin}/`, `${origin}/moved`, `${origin}/found-by-relative-link`]));
  });

  it('waits the configured pause between requests', async () => {
    const started = Date.now();
    await crawlSite(`${MAIN_ORIGIN}/`, crawlConfig({ delayMs: 30, maxPages: 4 }));
    // robots.txt, then 4 pages with a pause before each
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 30);
  });
});

describe('POST /api/admin/scrape-website and GET /api/admin/scraping-status', () => {
  it('are staff-only', async () => {
    expect((await postJson('/api/admin/scrape-website', {})).status).toBe(401);
    expect((await get('/api/admin/scraping-status')).status).toBe(401);
    expect((await get('/api/admin/scraping-result')).status).toBe(401);
  });

  it('answer no data before the first scrape', async () => {
    const status = await (await asStaff('/api/admin/scraping-status')).json<any>();
    expect(status).toMatchObject({
      hasData: false,
      lastScrape: null,
      totalProducts: 0,
      categories: [],
      uniqueColors: [],
      running: null,
      latestJob: null,
    });
    const result = await asStaff('/api/admin/scraping-result');
    expect(result.status).toBe(404);
    expect((await result.json<any>()).message).toContain('No previous scraping data found');
  });

  it('runs the crawl in the job object, reports progress, and stores the result', async () => {
    requested.length = 0;
    const res = await asStaff('/api/admin/scrape-website', { method: 'POST', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(202);
    const started = await res.json<any>();
    expect(started).toMatchObject({
      success: true,
      data: { status: 'running', startUrl: `${MAIN_ORIGIN}/`, alreadyRunning: false, maxPages: DEFAULT_MAX_PAGES },
    });
    expect(started.message).toContain('1-2 minutes');
    const jobId = started.data.jobId as string;

    // A second start answers the running job instead of starting another.
    const again = await (
      await asStaff('/api/admin/scrape-website', { method: 'POST', headers: { 'Content-Type': 'application/json' } })
    ).json<any>();
    expect(again.data).toMatchObject({ jobId, alreadyRunning: true });

    const status = await waitFor(
      async () => (await asStaff('/api/admin/scraping-status')).json<any>(),
      (s) => s.latestJob?.status !== 'running',
    );
    expect(status.latestJob).toMatchObject({
      jobId,
      status: 'completed',
      pagesCrawled: DEFAULT_MAX_PAGES - 1,
      productsFound: 4,
      error: null,
    });
    expect(status).toMatchObject({ hasData: true, totalProducts: 4, running: null });
    expect(typeof status.lastScrape).toBe('string');
    expect(status.categories.sort()).toEqual(['Outdoor', 'Roller Blinds', 'Shutters', 'Venetian Blinds']);
    expect(status.uniqueColors).toEqual(
      expect.arrayContaining(['Charcoal', 'Ivory', 'Linen Grey', 'Silver', 'White', 'Pure White', 'Oak', 'Walnut', 'Clear']),
    );
    expect(status.uniqueColors.filter((c: string) => c === 'Charcoal')).toHaveLength(1);

    const result = await (await asStaff('/api/admin/scraping-result')).json<any>();
    expect(result).toMatchObject({ success: true, jobId, data: { totalProducts: 4, pagesCrawled: DEFAULT_MAX_PAGES - 1 } });
    for (const product of result.data.products) {
      expect(Object.keys(product)).toEqual(expect.arrayContaining(['name', 'description', 'category', 'colours', 'features']));
    }
    expect(result.data.products.map((p: any) => p.name)).not.toContain('Secret Trade Roller');
    expect(requested.map((r) => r.url)).not.toContain(`${MAIN_ORIGIN}/trade/secret-roller`);

    const audit = await env.DB.prepare(`SELECT actor, action, target FROM audit_log WHERE action = 'website-scrape.start'`).all<any>();
    expect(audit.results).toEqual([expect.objectContaining({ target: jobId })]);
    expect(audit.results[0].actor).toMatch(/^S-/);
  });

  it('fails with a message a person can act on when MAIN_WEBSITE_URL is unset', async () => {
    const attempt = startWebsiteScrape({ MAIN_WEBSITE_URL: undefined, SCRAPE_JOB: env.SCRAPE_JOB }, 'S-test');
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ status: 409, message: expect.stringContaining('set MAIN_WEBSITE_URL') });
  });

  it('marks the job failed when robots.txt disallows everything, or the site cannot be reached', async () => {
    for (const [startUrl, expected] of [
      ['https://rival-two.test/', 'does not allow crawling'],
      ['https://nowhere.test/', 'Could not reach https://nowhere.test'],
    ] as const) {
      const job = env.SCRAPE_JOB.get(env.SCRAPE_JOB.idFromName(`failure ${startUrl}`));
      const { progress } = await job.start({ startUrl, actor: 'S-test' });
      const row = await waitFor(
        () => scrapeRow(env.DB, progress.jobId),
        (r) => r?.status !== 'running',
      );
      expect(row).toMatchObject({ status: 'failed', pagesCrawled: 0 });
      expect(row!.error).toContain(expected);
    }
    // A failed job is never the data the tab shows.
    const status = await (await asStaff('/api/admin/scraping-status')).json<any>();
    expect(status.totalProducts).toBe(4);
  });
});
