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
  /** Claude for the consultant (a secret); unset: the built-in consultant answers. */
  ANTHROPIC_API_KEY?: string;
  /** Default https://api.anthropic.com; tests point it at a stand-in. */
  ANTHROPIC_BASE_URL?: string;
  /** Default 'claude-sonnet-5-5'. */
  ANTHROPIC_MODEL?: string;
  /** Spoken replies (a secret); with ELEVENLABS_VOICE_ID, POST /api/elevenlabs-tts answers audio. */
  ELEVENLABS_API_KEY?: string;
  ELEVENLABS_VOICE_ID?: string;
  /** Default https://api.elevenlabs.io. */
  ELEVENLABS_BASE_URL?: string;
  /** Default 'eleven_multilingual_v2'. */
  ELEVENLABS_MODEL_ID?: string;
}

export type AppBindings = { Bindings: Env; Variables: { requestId: string } };
