import { app } from './app';
import type { Env } from './env';

export { LoginGuard } from './durable-objects/login-guard';
export { RateLimiter } from './durable-objects/rate-limiter';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
