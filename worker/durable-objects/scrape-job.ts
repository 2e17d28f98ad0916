import { DurableObject } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { websiteScrapes } from '../db/schema';
import type { Env } from '../env';
import { randomId } from '../lib/crypto';
import { auditStatement } from '../services/audit';
import { beginCrawl, CrawlError, crawlConfig, crawlFinished, crawlStep, delayFromEnv, type CrawlState } from '../services/site-crawl/crawler';
import { progressOf, scrapeResultData, scrapeRow } from '../services/site-crawl/scrape-records';
import type { ScrapeJobProgress } from '../shared/website-scraping-api';
import type { ScrapeJobApi } from './scrape-job-contract';

/** Pages fetched per alarm: a step stays well inside one invocation's limits. */
export const PAGES_PER_STEP = 3;
/** A running job that has not stepped for this long is taken as stopped. */
const STALE_MS = 5 * 60_000;

interface StoredJob {
  id: string;
  startUrl: string;
  state: CrawlState | null;
  lastStepAt: number;
}

/**
 * The website crawl job (DESIGN.md section 5): one object for the main website, so only one crawl
 * runs at a time. `start` records the run and sets an alarm; each alarm fetches a few pages,
 * writes the progress to the website_scrapes row, and sets the next alarm after the polite pause.
 */
export class ScrapeJob extends DurableObject<Env> implements ScrapeJobApi {
  private config() {
    return crawlConfig({ delayMs: delayFromEnv(this.env.CRAWL_DELAY_MS) });
  }

  async start(input: { startUrl: string; actor: string }): Promise<{ progress: ScrapeJobProgress; alreadyRunning: boolean }> {
    const { maxPages } = this.config();
    const current = await this.ctx.storage.get<StoredJob>('job');
    if (current) {
      const row = await scrapeRow(this.env.DB, current.id);
      if (row?.status === 'running' && Date.now() - current.lastStepAt < STALE_MS) return { progress: progressOf(row, maxPages), alreadyRunning: true };
      if (row?.status === 'running') await this.finishFailed(current.id, 'The crawl stopped without finishing (no progress for 5 minutes); a new one was started.');
      await this.ctx.storage.deleteAll();
    }
    const id = randomId('scr_');
    const db = drizzle(this.env.DB);
    await db.batch([
      db.insert(websiteScrapes).values({ id, status: 'running', startUrl: input.startUrl, startedBy: input.actor, pagesQueued: 1 }),
      auditStatement(this.env.DB, { actor: input.actor, action: 'website-scrape.start', target: id, details: { startUrl: input.startUrl } }),
    ]);
    await this.ctx.storage.put('job', { id, startUrl: input.startUrl, state: null, lastStepAt: Date.now() } satisfies StoredJob);
    await this.ctx.storage.setAlarm(Date.now());
    return { progress: progressOf((await scrapeRow(this.env.DB, id))!, maxPages), alreadyRunning: false };
  }

  override async alarm(): Promise<void> {
    const job = await this.ctx.storage.get<StoredJob>('job');
    if (!job) return;
    const config = this.config();
    let state: CrawlState;
    try {
      // The first step reads robots.txt, then pauses before the first page like between any two requests.
      state = job.state ?? (await beginCrawl(job.startUrl, config));
      state = await crawlStep(state, config, PAGES_PER_STEP, job.state === null);
    } catch (err) {
      const message =
        err instanceof CrawlError ? err.message : 'The crawl stopped because of an error on our side. Try again; if it keeps happening, check the worker logs.';
      if (!(err instanceof CrawlError)) console.error(JSON.stringify({ level: 'error', job: job.id, error: String(err) }));
      await this.finishFailed(job.id, message);
      await this.ctx.storage.deleteAll();
      return;
    }

    const db = drizzle(this.env.DB);
    if (crawlFinished(state, config)) {
      if (state.crawled.length === 0) {
        const reason = state.failed[0]?.reason ?? 'nothing to read';
        await this.finishFailed(job.id, `No page of ${state.origin} could be read (${reason}). Check MAIN_WEBSITE_URL and that the site is up.`);
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
          .where(eq(websiteScrapes.id, job.id));
      }
      await this.ctx.storage.deleteAll();
      return;
    }
    await db
      .update(websiteScrapes)
      .set({ pagesCrawled: state.crawled.length, pagesQueued: state.queue.length, productsFound: state.products.length })
      .where(eq(websiteScrapes.id, job.id));
    await this.ctx.storage.put('job', { ...job, state, lastStepAt: Date.now() } satisfies StoredJob);
    await this.ctx.storage.setAlarm(Date.now() + config.delayMs);
  }

  private async finishFailed(id: string, error: string): Promise<void> {
    await drizzle(this.env.DB)
      .update(websiteScrapes)
      .set({ status: 'failed', error, finishedAt: new Date().toISOString() })
      .where(eq(websiteScrapes.id, id));
  }
}
