// Competitor prices: COMPETITOR_URLS crawled under the scraper's rules, prices read in
// rand, compared with ours for the same width x drop (or 'from' against 'from'), one snapshot per
// competitor, and the result in the dashboard's competitors figure and the marketing insights.
// The competitor sites are local fixtures (tests/worker/fixtures/site) served by intercepting fetch.
import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyseCompetitors, competitorFigure, competitorUrls, matchProductKind } from '../../worker/services/staff/competitor-prices';
import { dashboardFigures } from '../../worker/services/staff/dashboard';
import { realtimeInsights } from '../../worker/services/staff/realtime-insights';
import { bulkUploadPriceLists, rollbackPriceList, templateFor } from '../../worker/services/staff/price-lists';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';
import { fixtureResponse, RIVAL_ONE, RIVAL_TWO } from './fixtures/site/main-site';
import { get, postJson } from './helpers';

const requested: string[] = [];
const realFetch = globalThis.fetch;
beforeAll(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.hostname.endsWith('.test') || url.hostname === 'example.co.za') {
      requested.push(request.url);
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

const competitors = { DB: env.DB, COMPETITOR_URLS: `${RIVAL_ONE}/, ${RIVAL_TWO}`, CRAWL_DELAY_MS: '0' };

describe('competitor analysis', () => {
  it('is staff-only, and says what to set when COMPETITOR_URLS is unset', async () => {
    expect((await postJson('/api/competitor-intelligence/analyze', {})).status).toBe(401);
    expect(() => competitorUrls({ COMPETITOR_URLS: undefined })).toThrow(/set COMPETITOR_URLS/);
    expect(() => competitorUrls({ COMPETITOR_URLS: 'not a url' })).toThrow(/not a web address/);
    expect(competitorUrls({ COMPETITOR_URLS: 'https://a.test/x, https://a.test/y,https://b.test' })).toEqual([
      'https://a.test/x',
      'https://b.test/',
    ]);
  });

  it('matches their products to our kinds', () => {
    const kind = (name: string, url = 'https://a.test/p') => matchProductKind({ name, category: '', url });
    expect(kind('Blockout Roller Blind 1200 x 1500 mm')).toBe('roller-blockout');
    expect(kind('Aluminium Venetian Blind 50mm')).toBe('venetian-50mm-aluminium');
    expect(kind('Day & Night Zebra Blind')).toBe('doubleroller-zebra');
    expect(kind('Folding Arm Awning')).toBe('awning-folding-arm');
    expect(kind('Basswood Shutters')).toBe('shutter-basswood');
    expect(kind('Curtain rail')).toBeNull();
  });

  it('dashboard and insights say nothing about competitors before an analysis', async () => {
    expect(await competitorFigure(env.DB)).toMatchObject({ value: 0, note: 'Competitor analysis is not set up yet' });
  });

  it('compares their prices with ours and stores one snapshot per competitor', async () => {
    // Compared only with prices of our own: the seeded sample grids are replaced by uploads (same figures).
    await uploadRealPrices('roller-blockout');
    await uploadRealPrices('venetian-50mm-aluminium');
    requested.length = 0;
    const now = new Date();
    const result = await analyseCompetitors(competitors, 'S-test', { now });

    // Our prices from the pricing service: the stated size, and the 'from' price (smallest bands).
    const roller = (await gridForProduct(env.DB, 'roller-blockout'))!;
    const rollerAtSize = priceForSize(roller, 1200, 1500);
    if (!rollerAtSize.ok) throw new Error('the seeded roller grid prices 1200 x 1500');
    const venetian = (await gridForProduct(env.DB, 'venetian-50mm-aluminium'))!;
    const venetianFrom = venetian.pricesCents[0]![0]!;

    const [one, two] = result.data.competitors;
    expect(one).toMatchObject({ competitor: RIVAL_ONE, status: 'ok', pagesFetched: 3, productsWithPrices: 2, error: null });
    expect(one!.comparisons).toEqual(
      expect.arrayContaining([
        {
          competitor: RIVAL_ONE,
          theirs: 'Blockout Roller Blind 1200 x 1500 mm',
          url: `${RIVAL_ONE}/blinds/roller-blockout-1200x1500`,
          ourProductId: 'roller-blockout',
          ourProductName: roller.productName,
          basis: 'size',
          sizeMm: { width: 1200, drop: 1500 },
          theirPriceCents: 50_000,
          ourPriceCents: rollerAtSize.priceCents,
          differenceCents: 50_000 - rollerAtSize.priceCents,
          differencePercent: Math.round(((50_000 - rollerAtSize.priceCents) / rollerAtSize.priceCents) * 1000) / 10,
        },
        expect.objectContaining({
          theirs: 'Aluminium Venetian Blind 50mm',
          ourProductId: 'venetian-50mm-aluminium',
          basis: 'from',
          sizeMm: null,
          theirPriceCents: 100_000,
          ourPriceCents: venetianFrom,
          differenceCents: 100_000 - venetianFrom,
        }),
      ]),
    );
    expect(one!.comparisons).toHaveLength(2);
    // robots.txt obeyed (/admin/ is disallowed) and the link to another site not followed.
    expect(requested).not.toContain(`${RIVAL_ONE}/admin/prices`);
    expect(requested.some((u) => u.startsWith('https://example.co.za'))).toBe(false);
    expect(two).toMatchObject({ competitor: RIVAL_TWO, status: 'failed', pagesFetched: 0, comparisons: [] });
    expect(two!.error).toContain('does not allow crawling');
    expect(requested.filter((u) => u.startsWith(RIVAL_TWO))).toEqual([`${RIVAL_TWO}/robots.txt`]);
    expect(result.success).toBe(true);
    expect(result.message).toMatch(/^Analysed 1 of 2 competitor sites: 2 price comparisons/);

    const rows = await env.DB.prepare(
      'SELECT competitor, status, pages_fetched, products, comparisons, error, created_by FROM competitor_snapshots ORDER BY id',
    ).all<any>();
    expect(rows.results).toHaveLength(2);
    expect(rows.results[0]).toMatchObject({ competitor: RIVAL_ONE, status: 'ok', pages_fetched: 3, created_by: 'S-test' });
    expect(JSON.parse(rows.results[0].products)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Blockout Roller Blind 1200 x 1500 mm',
          priceCents: 50_000,
          widthMm: 1200,
          dropMm: 1500,
          fromPrice: false,
        }),
      ]),
    );
    expect(rows.results[1]).toMatchObject({ competitor: RIVAL_TWO, status: 'failed' });
    const audit = await env.DB.prepare(`SELECT actor FROM audit_log WHERE action = 'competitor-analysis.run'`).all<any>();
    expect(audit.results).toEqual([{ actor: 'S-test' }]);

    // The dashboard counts the competitors analysed, with its basis.
    const figure = (await dashboardFigures(env.DB, now)).competitors;
    expect(figure.value).toBe(1);
    expect(figure.note).toBe(`Last analysis ${now.toISOString().slice(0, 10)}; 1 site could not be read`);
    expect(figure.basis).toContain('competitor snapshots');

    // Marketing insights: one insight per notable gap (15% or more), from the snapshots only.
    const gaps = result.data.notableGaps;
    expect(gaps.length).toBeGreaterThan(0);
    const insights = (await realtimeInsights(env.DB, new Date(now.getTime() + 1000))).filter((i) => i.title.startsWith('rival-one.test'));
    expect(insights).toHaveLength(gaps.length);
    for (const gap of gaps) {
      expect(insights.some((i) => i.title.includes(gap.theirs) && i.title.includes(`${Math.abs(gap.differencePercent)}%`))).toBe(true);
    }
  });

  it('answers through the route for staff', async () => {
    const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.177' });
    const cookie = res.headers
      .getSetCookie()
      .find((l) => l.startsWith('__Host-cb_staff='))!
      .split(';')[0]!;
    // COMPETITOR_URLS is not configured in the worker tests: a clear 409, not a 500.
    const answer = await postJson('/api/competitor-intelligence/analyze', '', { Cookie: cookie, 'Content-Type': 'application/json' });
    expect(answer.status).toBe(409);
    expect((await answer.json<any>()).message).toContain('set COMPETITOR_URLS');
    expect((await get('/api/competitor-intelligence/analyze')).status).toBe(401);
  });

  it('leaves out our products on sample prices, and says why, in the analysis and the insights', async () => {
    // Back to the seeded sample grids (a rollback to version 1 restores them, flag included).
    await rollbackPriceList(env.DB, 'roller-blockout', 1, 'S-test');
    await rollbackPriceList(env.DB, 'venetian-50mm-aluminium', 1, 'S-test');
    const roller = (await gridForProduct(env.DB, 'roller-blockout'))!;
    const venetian = (await gridForProduct(env.DB, 'venetian-50mm-aluminium'))!;
    expect([roller.isSample, venetian.isSample]).toEqual([true, true]);

    const now = new Date(Date.now() + 5000);
    const result = await analyseCompetitors(competitors, 'S-test', { now });
    const [one] = result.data.competitors;
    expect(one).toMatchObject({ competitor: RIVAL_ONE, status: 'ok', productsWithPrices: 2, comparisons: [] });
    expect(one!.leftOutOnSamplePrices).toEqual(expect.arrayContaining([roller.productName, venetian.productName]));
    expect(result.data.notableGaps).toEqual([]);
    expect(result.message).toContain(`still on sample prices`);
    expect(result.message).toContain(roller.productName);

    const insights = await realtimeInsights(env.DB, new Date(now.getTime() + 1000));
    expect(insights.filter((i) => i.title.startsWith('rival-one.test'))).toEqual([]);
    const note = insights.find((i) => i.title === 'Competitor comparison leaves out products on sample prices');
    expect(note?.description).toContain(roller.productName);
    expect(note?.description).toContain('still on sample prices');
  });
});

/** A staff upload of the product's list as its template downloads: the same prices, no longer sample ones. */
async function uploadRealPrices(product: string) {
  const { csv } = await templateFor(env.DB, product);
  const answer = await bulkUploadPriceLists(
    env.DB,
    [{ name: `${product}-pricing-template.csv`, text: async () => csv, size: csv.length }],
    'S-test',
    64 * 1024,
  );
  expect(answer.successful_uploads).toBe(1);
}
