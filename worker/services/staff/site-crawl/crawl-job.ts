// The website crawl's work (DESIGN.md section 5), run step by step by the ScrapeJob object: the
// website_scrapes row and audit entry of a run, a few pages per step, and how the run ends.
import { eq } from 'drizzle-orm';
import { database } from '../../../lib/db';
import { websiteScrapes } from '../../../db/schema';
import type { ScrapeJobWork } from '../../../durable-objects/scrape-job';
import type { Env } from '../../../env';
import { auditStatement } from '../audit';
import { beginCrawl, CrawlError, crawlConfig, crawlFinished, crawlStep, delayFromEnv, type CrawlState } from './crawler';
import { progressOf, scrapeResultData, scrapeRow } from './scrape-records';

/** Pages fetched per alarm: a step stays well inside one invocation's limits. */
export const PAGES_PER_STEP = 3;

export function websiteCrawlWork(env: Pick<Env, 'DB' | 'CRAWL_DELAY_MS'>): ScrapeJobWork<CrawlState> {
  const config = crawlConfig({ delayMs: delayFromEnv(env.CRAWL_DELAY_MS) });
  const db = database(env.DB);
  const fail = async (id: string, error: string): Promise<void> => {
    await db.update(websiteScrapes).set({ status: 'failed', error, finishedAt: new Date().toISOString() }).where(eq(websiteScrapes.id, id));
  };
  return {
    delayMs: config.delayMs,

    async progress(id) {
      const row = await scrapeRow(env.DB, id);
      return row ? { progress: progressOf(row, config.maxPages), running: row.status === 'running' } : null;
    },

    async open(id, input) {
      await db.batch([
        db.insert(websiteScrapes).values({ id, status: 'running', startUrl: input.startUrl, startedBy: input.actor, pagesQueued: 1 }),
        auditStatement(env.DB, { actor: input.actor, action: 'website-scrape.start', target: id, details: { startUrl: input.startUrl } }),
      ]);
    },

    fail,

    async step(id, startUrl, previous) {
      let state: CrawlState;
      try {
        // The first step reads robots.txt, then pauses before the first page like between any two requests.
        state = previous ?? (await beginCrawl(startUrl, config));
        state = await crawlStep(state, config, PAGES_PER_STEP, previous === null);
      } catch (err) {
        const message =
          err instanceof CrawlError
            ? err.message
            : 'The crawl stopped because of an error on our side. Try again; if it keeps happening, check the worker logs.';
        if (!(err instanceof CrawlError)) console.error(JSON.stringify({ level: 'error', job: id, error: String(err) }));
        await fail(id, message);
        return { done: true };
      }

      if (crawlFinished(state, config)) {
        if (state.crawled.length === 0) {
          const reason = state.failed[0]?.reason ?? 'nothing to read';
          await fail(id, `No page of ${state.origin} could be read (${reason}). Check MAIN_WEBSITE_URL and that the site is up.`);
        } else {
          const result = scrapeResultData(state.products, state.crawled.length);
          await db
            .update(websiteScrapes)
            .set({
              status: 'completed',
              pagesCrawled: state.crawled.length,
              pagesQueued: 0,
              productsFound: result.totalProducts,
              result: result as unknown as Record<string, unknown>,
              finishedAt: new Date().toISOString(),
            })
            .where(eq(websiteScrapes.id, id));
        }
        return { done: true };
      }
      await db
        .update(websiteScrapes)
        .set({ pagesCrawled: state.crawled.length, pagesQueued: state.queue.length, productsFound: state.products.length })
        .where(eq(websiteScrapes.id, id));
      return { done: false, state };
    },
  };
}
