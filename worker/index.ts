import { app } from './app';
import { runScheduled } from './cron';
import { scrapeJobClass } from './durable-objects/scrape-job';
import type { Env } from './env';
import { websiteCrawlWork } from './services/staff/site-crawl/crawl-job';

export { ChatSession } from './durable-objects/chat-session';
export { LoginGuard } from './durable-objects/login-guard';
export { RateLimiter } from './durable-objects/rate-limiter';
/** The website crawl job: the object keeps the job and its alarms, the crawl's work is a service. */
export const ScrapeJob = scrapeJobClass(websiteCrawlWork);

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => ctx.waitUntil(runScheduled(controller, env)),
} satisfies ExportedHandler<Env>;
