// Competitor prices (staff spec 2.12 'competitor-analysis trigger'): each site of
// COMPETITOR_URLS is crawled under the scraper's rules (robots.txt, same origin, page cap, polite
// pace), its rand prices are read, and matching products are compared with ours: for the size they
// state when they state one (our grid's price for that width x drop), else their 'from' price
// against ours. One competitor_snapshots row per competitor, written with the audit entry in one batch.
import { desc } from 'drizzle-orm';
import { database } from '../../lib/db';
import { competitorSnapshots } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import {
  NOTABLE_GAP_PERCENT,
  type CompetitorAnalysisResponse,
  type CompetitorResult,
  type PriceComparison,
} from '../../shared/website-scraping-api';
import { formatRandFromCents } from '../../shared/money';
import type { InsightDto } from '../../shared/insights-api';
import { auditStatement } from './audit';
import { gridForProduct, priceForSize, type PriceGrid } from '../pricing';
import { CrawlError, crawlConfig, crawlSite, delayFromEnv, type CrawlConfig } from './site-crawl/crawler';
import type { ExtractedProduct } from './site-crawl/products';

/** At most this many competitors per analysis, and pages per competitor, so one request can finish it. */
export const MAX_COMPETITORS = 5;
export const COMPETITOR_MAX_PAGES = 12;

/** The competitor sites of COMPETITOR_URLS (comma-separated), as origins-with-path; a clear 409 when none. */
export function competitorUrls(env: Pick<Env, 'COMPETITOR_URLS'>): string[] {
  const entries = (env.COMPETITOR_URLS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) {
    throw new AppError(
      'conflict',
      'Competitor analysis needs competitor websites: set COMPETITOR_URLS to their addresses, separated by commas, and try again.',
    );
  }
  const urls: string[] = [];
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new AppError(
        'conflict',
        `COMPETITOR_URLS has '${entry}', which is not a web address (it should look like https://www.example.co.za).`,
      );
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new AppError('conflict', `COMPETITOR_URLS has '${entry}': addresses must start with https:// or http://.`);
    if (!urls.some((u) => new URL(u).origin === url.origin)) urls.push(url.toString());
  }
  if (urls.length > MAX_COMPETITORS)
    throw new AppError('conflict', `COMPETITOR_URLS lists ${urls.length} sites; analyse at most ${MAX_COMPETITORS} at a time.`);
  return urls;
}

/** Keyword rules from a competitor's words to our product ids; the first match wins, so specific kinds come first. */
const KINDS: { id: string; test: RegExp }[] = [
  { id: 'doubleroller-zebra', test: /zebra|double\s*roller|day\s*(?:&|and)?\s*night/ },
  { id: 'honeycomb-duotone', test: /(honeycomb|cellular).*(duo|light\s*filter)|(duo|light\s*filter).*(honeycomb|cellular)/ },
  { id: 'honeycomb-blockout', test: /honeycomb|cellular/ },
  { id: 'awning-folding-arm', test: /folding\s*arm/ },
  { id: 'awning-drop-arm', test: /drop\s*arm/ },
  { id: 'awning-fixed-canvas', test: /awning/ },
  { id: 'outdoor-shutter-aluminium', test: /outdoor.*aluminium.*shutter|aluminium.*outdoor.*shutter/ },
  { id: 'outdoor-shutter-pvc', test: /outdoor.*pvc.*shutter|pvc.*outdoor.*shutter/ },
  { id: 'shutter-aluminium-security', test: /security.*shutter|shutter.*security/ },
  { id: 'shutter-pvc', test: /(pvc|polymer).*shutter|shutter.*(pvc|polymer)/ },
  { id: 'shutter-basswood', test: /shutter/ },
  { id: 'outdoor-blinds', test: /outdoor|patio|cafe|café|exterior/ },
  { id: 'vertical-blockout', test: /vertical/ },
  { id: 'venetian-25mm-aluwood', test: /aluwood.*25|25\s*mm.*aluwood/ },
  { id: 'venetian-50mm-aluwood', test: /aluwood/ },
  { id: 'venetian-50mm-plaswood', test: /plaswood|faux\s*wood/ },
  { id: 'venetian-50mm-wood', test: /(wood|timber|basswood).*venetian|venetian.*(wood|timber|basswood)/ },
  { id: 'venetian-25mm-aluminium', test: /(aluminium|aluminum|venetian).*25\s*mm|25\s*mm.*(aluminium|aluminum|venetian)/ },
  { id: 'venetian-50mm-aluminium', test: /venetian|aluminium\s*blind|aluminum\s*blind/ },
  { id: 'roller-sheer', test: /roller.*(sheer|screen|translucent)|(sheer|screen|translucent).*roller/ },
  { id: 'roller-blockout', test: /roller/ },
];

/** Our product id for a competitor's product, from its name, category and address; null when no kind matches. */
export function matchProductKind(product: Pick<ExtractedProduct, 'name' | 'category' | 'url'>): string | null {
  const words = `${product.name} ${product.category} ${new URL(product.url).pathname.replace(/[-_/]+/g, ' ')}`.toLowerCase();
  return KINDS.find((kind) => kind.test.test(words))?.id ?? null;
}

const percent = (theirs: number, ours: number) => Math.round(((theirs - ours) / ours) * 1000) / 10;

/** One comparison, or null when our grid cannot price the size they state. */
export function compareWithOurs(competitor: string, product: ExtractedProduct, grid: PriceGrid): PriceComparison | null {
  if (product.priceCents === undefined) return null;
  const sized = !product.fromPrice && product.widthMm !== undefined && product.dropMm !== undefined;
  let ourPriceCents: number;
  if (sized) {
    const ours = priceForSize(grid, product.widthMm!, product.dropMm!);
    if (!ours.ok) return null;
    ourPriceCents = ours.priceCents;
  } else {
    ourPriceCents = grid.pricesCents[0]![0]!; // our 'from' price: the smallest width and drop band
  }
  return {
    competitor,
    theirs: product.name,
    url: product.url,
    ourProductId: grid.productId,
    ourProductName: grid.productName,
    basis: sized ? 'size' : 'from',
    sizeMm: sized ? { width: product.widthMm!, drop: product.dropMm! } : null,
    theirPriceCents: product.priceCents,
    ourPriceCents,
    differenceCents: product.priceCents - ourPriceCents,
    differencePercent: percent(product.priceCents, ourPriceCents),
  };
}

interface Analysed {
  result: CompetitorResult;
  /** The products with a rand price, for the snapshot. */
  priced: ExtractedProduct[];
  /** Those matched to one of our products still on sample prices: its name (stored with the product). */
  onSamplePrices?: Map<ExtractedProduct, string>;
}

async function analyseOne(db: D1Database, address: string, config: CrawlConfig): Promise<Analysed> {
  const competitor = new URL(address).origin;
  const failed = (error: string): Analysed => ({
    result: { competitor, status: 'failed', pagesFetched: 0, productsWithPrices: 0, comparisons: [], error },
    priced: [],
  });
  try {
    const state = await crawlSite(address, config);
    if (state.crawled.length === 0)
      return failed(`No page of ${competitor} could be read (${state.failed[0]?.reason ?? 'nothing to read'}).`);
    const priced = state.products.filter((p) => p.priceCents !== undefined);
    const comparisons: PriceComparison[] = [];
    const onSamplePrices = new Map<ExtractedProduct, string>();
    for (const product of priced) {
      const kind = matchProductKind(product);
      const grid = kind ? await gridForProduct(db, kind) : null;
      // A sample price is not ours: comparing with it would tell staff nothing (DESIGN.md section 6).
      if (grid?.isSample) {
        onSamplePrices.set(product, grid.productName);
        continue;
      }
      const comparison = grid ? compareWithOurs(competitor, product, grid) : null;
      if (comparison) comparisons.push(comparison);
    }
    return {
      result: {
        competitor,
        status: 'ok',
        pagesFetched: state.crawled.length,
        productsWithPrices: priced.length,
        comparisons,
        error: priced.length === 0 ? 'No product with a rand price was found on the pages read.' : null,
        leftOutOnSamplePrices: [...new Set(onSamplePrices.values())],
      },
      priced,
      onSamplePrices,
    };
  } catch (err) {
    if (!(err instanceof CrawlError)) console.error(JSON.stringify({ level: 'error', competitor, error: String(err) }));
    return failed(err instanceof CrawlError ? err.message : `The analysis of ${competitor} stopped because of an error on our side.`);
  }
}

export interface AnalyseOptions {
  fetcher?: CrawlConfig['fetcher'];
  now?: Date;
}

/** Crawls every competitor (in parallel: each site still sees one request at a time), stores the snapshots, answers the summary. */
export async function analyseCompetitors(
  env: Pick<Env, 'DB' | 'COMPETITOR_URLS' | 'CRAWL_DELAY_MS'>,
  actor: string,
  options: AnalyseOptions = {},
): Promise<CompetitorAnalysisResponse> {
  const urls = competitorUrls(env);
  const config = crawlConfig({ maxPages: COMPETITOR_MAX_PAGES, delayMs: delayFromEnv(env.CRAWL_DELAY_MS), fetcher: options.fetcher });
  const analysed = await Promise.all(urls.map((url) => analyseOne(env.DB, url, config)));
  const analysedAt = (options.now ?? new Date()).toISOString();
  const competitors = analysed.map((a) => a.result);

  const db = database(env.DB);
  const inserts = analysed.map(({ result, priced, onSamplePrices }) =>
    db.insert(competitorSnapshots).values({
      competitor: result.competitor,
      status: result.status,
      pagesFetched: result.pagesFetched,
      products: priced.map((p) => ({
        name: p.name,
        url: p.url,
        category: p.category,
        priceCents: p.priceCents,
        fromPrice: Boolean(p.fromPrice),
        ...(p.widthMm !== undefined ? { widthMm: p.widthMm, dropMm: p.dropMm } : {}),
        ...(onSamplePrices?.has(p) ? { leftOutOnSamplePrices: onSamplePrices.get(p) } : {}),
      })),
      comparisons: result.comparisons as unknown as Record<string, unknown>[],
      error: result.error,
      createdBy: actor,
      createdAt: analysedAt,
    }),
  );
  const notableGaps = competitors.flatMap((c) => c.comparisons).filter((c) => Math.abs(c.differencePercent) >= NOTABLE_GAP_PERCENT);
  await db.batch([
    ...(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]),
    auditStatement(env.DB, {
      actor,
      action: 'competitor-analysis.run',
      details: { competitors: competitors.map((c) => ({ competitor: c.competitor, status: c.status })) },
    }),
  ]);
  const ok = competitors.filter((c) => c.status === 'ok').length;
  const compared = competitors.reduce((n, c) => n + c.comparisons.length, 0);
  const leftOut = [...new Set(competitors.flatMap((c) => c.leftOutOnSamplePrices ?? []))];
  return {
    success: ok > 0,
    message: `Analysed ${ok} of ${competitors.length} competitor site${competitors.length === 1 ? '' : 's'}: ${compared} price comparison${compared === 1 ? '' : 's'}, ${notableGaps.length} notable gap${notableGaps.length === 1 ? '' : 's'} (${NOTABLE_GAP_PERCENT}% or more).${leftOut.length ? ` ${samplePricesLeftOutNote(leftOut)}` : ''}`,
    data: { analysedAt, competitors, notableGaps },
  };
}

type SnapshotRow = typeof competitorSnapshots.$inferSelect;

/** The newest snapshot of each competitor. */
async function latestSnapshots(db: D1Database): Promise<SnapshotRow[]> {
  const rows = await database(db)
    .select()
    .from(competitorSnapshots)
    .orderBy(desc(competitorSnapshots.createdAt), desc(competitorSnapshots.id))
    .limit(200);
  const latest = new Map<string, SnapshotRow>();
  for (const row of rows) if (!latest.has(row.competitor)) latest.set(row.competitor, row);
  return [...latest.values()];
}

/** The dashboard's competitors figure (staff spec 2.12), counted from the snapshots. */
export async function competitorFigure(db: D1Database): Promise<{ value: number; note: string; basis: string }> {
  const latest = await latestSnapshots(db);
  if (latest.length === 0) {
    return {
      value: 0,
      note: 'Competitor analysis is not set up yet',
      basis: 'Competitors analysed; no competitor analysis has run, so there is nothing to count.',
    };
  }
  const analysed = latest.filter((row) => row.status === 'ok');
  const newest = latest
    .map((row) => row.createdAt)
    .sort()
    .at(-1)!;
  const failed = latest.length - analysed.length;
  return {
    value: analysed.length,
    note: `Last analysis ${newest.slice(0, 10)}${failed > 0 ? `; ${failed} site${failed === 1 ? '' : 's'} could not be read` : ''}`,
    basis: `Competitor sites (COMPETITOR_URLS) whose latest price snapshot was read successfully, counted from the stored competitor snapshots; the latest analysis ran at ${newest}.`,
  };
}

/** Why products are missing from a comparison: they are still on sample prices. */
export function samplePricesLeftOutNote(names: readonly string[]): string {
  return `Left out of the comparison: ${names.join(', ')}, still on sample prices (a sample price is not ours to compare; upload the price list first).`;
}

/**
 * One insight per notable price gap in the latest snapshot of each competitor; nothing when none ran.
 * A product on sample prices now is left out (older snapshots may have compared it), with one note saying so.
 */
export async function competitorInsights(db: D1Database, timestamp: string): Promise<InsightDto[]> {
  const latest = await latestSnapshots(db);
  const insights: InsightDto[] = [];
  const leftOut = new Set<string>();
  for (const row of latest) {
    for (const p of row.products as { leftOutOnSamplePrices?: string }[]) if (p.leftOutOnSamplePrices) leftOut.add(p.leftOutOnSamplePrices);
    for (const c of row.comparisons as unknown as PriceComparison[]) {
      if ((await gridForProduct(db, c.ourProductId))?.isSample) {
        leftOut.add(c.ourProductName);
        continue;
      }
      if (Math.abs(c.differencePercent) < NOTABLE_GAP_PERCENT) continue;
      const cheaper = c.differencePercent < 0;
      const what = c.basis === 'size' && c.sizeMm ? `at ${c.sizeMm.width} x ${c.sizeMm.drop} mm` : "comparing 'from' prices";
      insights.push({
        title: `${new URL(c.competitor).host}: ${c.theirs} ${Math.abs(c.differencePercent)}% ${cheaper ? 'cheaper' : 'dearer'} than our ${c.ourProductName}`,
        description: `${c.theirs} costs ${formatRandFromCents(c.theirPriceCents)} there and ${formatRandFromCents(c.ourPriceCents)} here ${what} (snapshot of ${row.createdAt.slice(0, 10)}).`,
        priority: cheaper && Math.abs(c.differencePercent) >= 25 ? 'high' : 'medium',
        recommendations: cheaper
          ? [
              `Check that ${c.ourProductName} is really comparable (fabric, mechanism, installation) before changing its price list.`,
              'Say what the price includes (measuring, fitting, guarantee) where customers see it.',
            ]
          : [`Mention the price advantage of ${c.ourProductName} on the landing page and in quotes.`],
        data: { ...c, snapshotAt: row.createdAt },
        timestamp,
      });
    }
  }
  if (leftOut.size > 0) {
    insights.push({
      title: 'Competitor comparison leaves out products on sample prices',
      description: samplePricesLeftOutNote([...leftOut]),
      priority: 'low',
      recommendations: [
        'Upload the business price list for each of them (Admin Panel, price lists), then run the competitor analysis again.',
      ],
      data: { leftOutOnSamplePrices: [...leftOut] },
      timestamp,
    });
  }
  return insights;
}
