import type { ChatSession } from './durable-objects/chat-session';
import type { LoginGuard } from './durable-objects/login-guard';
import type { RateLimiter } from './durable-objects/rate-limiter';

/** Bindings and configuration of the Worker (wrangler.toml [vars], secrets, .dev.vars). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  SESSIONS: KVNamespace;
  ASSETS: Fetcher;
  LOGIN_GUARD: DurableObjectNamespace<LoginGuard>;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  CHAT_SESSION: DurableObjectNamespace<ChatSession>;

  /** 'production' switches on production-only behaviour (e.g. the developer-tools guard). */
  APP_ENV?: string;
  ASSISTANT_NAME?: string;
  BUSINESS_NAME?: string;
  BUSINESS_PHONE_GARDEN_ROUTE?: string;
  BUSINESS_PHONE_NATIONAL?: string;
  BUSINESS_WHATSAPP_GARDEN_ROUTE?: string;
  BUSINESS_WHATSAPP_NATIONAL?: string;
  BUSINESS_EMAIL?: string;
  MARKETING_EMAIL?: string;
  MAIN_WEBSITE_URL?: string;
  COMPETITOR_URLS?: string;
  /** Staff PIN, 4 digits. A secret: never sent to the client. */
  ADMIN_PIN?: string;
  SITE_VISIT_PHRASE?: string;
  SITE_VISIT_CODE?: string;
  PAYMENT_PROVIDER?: string;
}

export type AppBindings = { Bindings: Env; Variables: { requestId: string } };
