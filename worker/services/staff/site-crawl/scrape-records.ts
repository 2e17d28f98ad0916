// The website_scrapes rows (staff spec 2.2, 3): a crawl's progress while it runs, its result once
// completed, and the status and result answers read from them.
import { and, desc, eq } from 'drizzle-orm';
import { database } from '../../../lib/db';
import { websiteScrapes } from '../../../db/schema';
import type { ScrapeJobProgress, ScrapeResultData, ScrapeResultResponse, ScrapeStatusResponse } from '../../../shared/website-scraping-api';
import type { ExtractedProduct } from './products';

type ScrapeRow = typeof websiteScrapes.$inferSelect;

export function progressOf(row: ScrapeRow, maxPages: number): ScrapeJobProgress {
  return {
    jobId: row.id,
    status: row.status as ScrapeJobProgress['status'],
    startUrl: row.startUrl,
    pagesCrawled: row.pagesCrawled,
    pagesQueued: row.pagesQueued,
    productsFound: row.productsFound,
    maxPages,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    error: row.error,
  };
}

/** The scrape result's data (spec 3) from the products found. */
export function scrapeResultData(products: ExtractedProduct[], pagesCrawled: number): ScrapeResultData {
  const categories: string[] = [];
  const colours = new Map<string, string>();
  for (const p of products) {
    if (p.category && !categories.some((c) => c.toLowerCase() === p.category.toLowerCase())) categories.push(p.category);
    for (const colour of p.colours) if (!colours.has(colour.toLowerCase())) colours.set(colour.toLowerCase(), colour);
  }
  return {
    totalProducts: products.length,
    categories,
    uniqueColors: [...colours.values()],
    products: products.map((p) => ({
      name: p.name,
      description: p.description,
      category: p.category,
      colours: p.colours,
      features: p.features,
      url: p.url,
    })),
    pagesCrawled,
  };
}

export async function scrapeRow(db: D1Database, id: string): Promise<ScrapeRow | null> {
  return (await database(db).select().from(websiteScrapes).where(eq(websiteScrapes.id, id)).limit(1))[0] ?? null;
}

async function latestCompleted(db: D1Database): Promise<ScrapeRow | null> {
  return (
    (
      await database(db)
        .select()
        .from(websiteScrapes)
        .where(eq(websiteScrapes.status, 'completed'))
        .orderBy(desc(websiteScrapes.finishedAt))
        .limit(1)
    )[0] ?? null
  );
}

export async function scrapeStatus(db: D1Database, maxPages: number): Promise<ScrapeStatusResponse> {
  const d = database(db);
  const [completed, running, latest] = await Promise.all([
    latestCompleted(db),
    d
      .select()
      .from(websiteScrapes)
      .where(and(eq(websiteScrapes.status, 'running')))
      .orderBy(desc(websiteScrapes.startedAt))
      .limit(1),
    d.select().from(websiteScrapes).orderBy(desc(websiteScrapes.startedAt)).limit(1),
  ]);
  const data = completed?.result as ScrapeResultData | null | undefined;
  return {
    hasData: Boolean(data),
    lastScrape: completed?.finishedAt ?? null,
    totalProducts: data?.totalProducts ?? 0,
    categories: data?.categories ?? [],
    uniqueColors: data?.uniqueColors ?? [],
    running: running[0] ? progressOf(running[0], maxPages) : null,
    latestJob: latest[0] ? progressOf(latest[0], maxPages) : null,
  };
}

/** The latest completed scrape in the spec's result shape; null when there is none. */
export async function latestScrapeResult(db: D1Database): Promise<ScrapeResultResponse | null> {
  const row = await latestCompleted(db);
  if (!row?.result) return null;
  const data = row.result as unknown as ScrapeResultData;
  return {
    success: true,
    message: `Found ${data.totalProducts} product${data.totalProducts === 1 ? '' : 's'} on ${row.startUrl}.`,
    data,
    scrapedAt: row.finishedAt ?? row.startedAt,
    jobId: row.id,
  };
}
