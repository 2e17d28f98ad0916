import { app } from './app';
import { runScheduled } from './cron';
import type { Env } from './env';

export { ChatSession } from './durable-objects/chat-session';
export { LoginGuard } from './durable-objects/login-guard';
export { RateLimiter } from './durable-objects/rate-limiter';
export { ScrapeJob } from './durable-objects/scrape-job';

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => ctx.waitUntil(runScheduled(controller, env)),
} satisfies ExportedHandler<Env>;
