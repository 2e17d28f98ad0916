import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env';
import { randomId } from '../lib/crypto';
import type { ScrapeJobProgress } from '../shared/website-scraping-api';
import type { ScrapeJobApi } from './scrape-job-contract';

/** A running job that has not stepped for this long is taken as stopped. */
const STALE_MS = 5 * 60_000;

/**
 * The crawl itself, given to the object by the composition root (worker/index.ts): the object keeps
 * the job and its alarms, the work (the website_scrapes row, the audit entry, the pages) is
 * services/staff/site-crawl/crawl-job.ts. `State` is the crawl's own state between steps, kept as given.
 */
export interface ScrapeJobWork<State> {
  /** The pause after each step, in ms. */
  delayMs: number;
  /** A run's progress as recorded, and whether it is still running; null for an unknown run. */
  progress(id: string): Promise<{ progress: ScrapeJobProgress; running: boolean } | null>;
  /** Records a new run: its row and its audit entry. */
  open(id: string, input: { startUrl: string; actor: string }): Promise<void>;
  /** Records a run as failed, with the message staff read. */
  fail(id: string, error: string): Promise<void>;
  /** One step (a few pages), its progress recorded; done once the run is recorded as completed or failed. */
  step(id: string, startUrl: string, state: State | null): Promise<{ done: true } | { done: false; state: State }>;
}

interface StoredJob<State> {
  id: string;
  startUrl: string;
  state: State | null;
  lastStepAt: number;
}

/**
 * The website crawl job (DESIGN.md section 5): one object for the main website, so only one crawl
 * runs at a time. `start` records the run and sets an alarm; each alarm runs one step of the work,
 * and sets the next alarm after the polite pause.
 */
export function scrapeJobClass<State>(workFor: (env: Env) => ScrapeJobWork<State>) {
  return class ScrapeJob extends DurableObject<Env> implements ScrapeJobApi {
    private readonly work = workFor(this.env);

    async start(input: { startUrl: string; actor: string }): Promise<{ progress: ScrapeJobProgress; alreadyRunning: boolean }> {
      const current = await this.ctx.storage.get<StoredJob<State>>('job');
      if (current) {
        const run = await this.work.progress(current.id);
        if (run?.running && Date.now() - current.lastStepAt < STALE_MS) return { progress: run.progress, alreadyRunning: true };
        if (run?.running)
          await this.work.fail(current.id, 'The crawl stopped without finishing (no progress for 5 minutes); a new one was started.');
        await this.ctx.storage.deleteAll();
      }
      const id = randomId('scr_');
      await this.work.open(id, input);
      await this.ctx.storage.put('job', { id, startUrl: input.startUrl, state: null, lastStepAt: Date.now() } satisfies StoredJob<State>);
      await this.ctx.storage.setAlarm(Date.now());
      return { progress: (await this.work.progress(id))!.progress, alreadyRunning: false };
    }

    override async alarm(): Promise<void> {
      const job = await this.ctx.storage.get<StoredJob<State>>('job');
      if (!job) return;
      const result = await this.work.step(job.id, job.startUrl, job.state);
      if (result.done) {
        await this.ctx.storage.deleteAll();
        return;
      }
      await this.ctx.storage.put('job', { ...job, state: result.state, lastStepAt: Date.now() } satisfies StoredJob<State>);
      await this.ctx.storage.setAlarm(Date.now() + this.work.delayMs);
    }
  };
}
