// The Durable Object bindings are typed by what their callers may ask (the *-contract.ts leaves),
// not by the classes: every service imports Env, and no service may depend on an object's code.
import type { ChatSessionApi } from './durable-objects/chat-session-contract';
import type { LoginGuardApi } from './durable-objects/login-guard-contract';
import type { RateLimiterApi } from './durable-objects/rate-limiter-contract';
import type { ScrapeJobApi } from './durable-objects/scrape-job-contract';

/** Bindings and configuration of the Worker (wrangler.toml [vars], secrets, .dev.vars). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  SESSIONS: KVNamespace;
  ASSETS: Fetcher;
  LOGIN_GUARD: DurableObjectNamespace<LoginGuardApi>;
  RATE_LIMITER: DurableObjectNamespace<RateLimiterApi>;
  CHAT_SESSION: DurableObjectNamespace<ChatSessionApi>;
  /** The website crawl job (one object for the main website). */
  SCRAPE_JOB: DurableObjectNamespace<ScrapeJobApi>;

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
  /** The business's VAT registration number (10 digits starting with 4); unset: no tax invoices, receipts only. */
  VAT_NUMBER?: string;
  /** The business's postal address, printed on tax invoices and credit notes. */
  BUSINESS_ADDRESS?: string;
  COMPETITOR_URLS?: string;
  /** Pause between two requests of the crawler to one site, in ms (default 1000). */
  CRAWL_DELAY_MS?: string;
  /** Staff PIN, 4 digits. A secret: never sent to the client. */
  ADMIN_PIN?: string;
  /** 'true': every staff sign-in needs the PIN and a registered passkey (a guessed PIN alone opens nothing). */
  STAFF_REQUIRE_PASSKEY?: string;
  /** A secret, at least 12 characters: lets one new device register a passkey after the PIN, once. */
  STAFF_ENROLMENT_CODE?: string;
  SITE_VISIT_PHRASE?: string;
  SITE_VISIT_CODE?: string;
  /**
   * The online ways to pay, comma-separated: at most one card gateway, 'sandbox' (default: the hosted
   * test checkout on this site), 'yoco' or 'payfast', and/or 'ozow' (instant EFT), e.g. 'yoco,ozow';
   * or 'none' (no online payment: bank transfer).
   */
  PAYMENT_PROVIDER?: string;
  /** The shop's bank account for payment by bank transfer (public: customers need it to pay); all five or none. */
  BANK_ACCOUNT_NAME?: string;
  BANK_NAME?: string;
  BANK_ACCOUNT_NUMBER?: string;
  BANK_BRANCH_CODE?: string;
  BANK_ACCOUNT_TYPE?: string;
  /** Days an order awaiting a bank transfer stays open before the daily cron cancels it (default 10). */
  BANK_TRANSFER_EXPIRY_DAYS?: string;
  /** Secret that signs the sandbox gateway's server-to-server confirmations (a local default is used when unset outside production). */
  SANDBOX_PAYMENT_SECRET?: string;
  /** Signs the move-or-cancel links of booked site visits (a local default is used when unset outside production). */
  BOOKING_LINK_SECRET?: string;
  /** Yoco Checkout API secret key (sk_test_... / sk_live_...). */
  YOCO_SECRET_KEY?: string;
  /** Yoco webhook signing secret, 'whsec_' + base64. */
  YOCO_WEBHOOK_SECRET?: string;
  /** Default https://payments.yoco.com; tests point it at a stand-in. */
  YOCO_API_BASE?: string;
  PAYFAST_MERCHANT_ID?: string;
  PAYFAST_MERCHANT_KEY?: string;
  PAYFAST_PASSPHRASE?: string;
  /** Default https://sandbox.payfast.co.za (live: https://www.payfast.co.za); tests point it at a stand-in. */
  PAYFAST_HOST?: string;
  /** Comma-separated addresses or CIDRs accepted as ITN sources; default PayFast's documented hosts. */
  PAYFAST_VALID_SOURCES?: string;
  /** Ozow site code (Ozow merchant admin, Sites). */
  OZOW_SITE_CODE?: string;
  /** Ozow private key (a secret): signs the payment request's HashCheck and verifies the notification's Hash. */
  OZOW_PRIVATE_KEY?: string;
  /** Ozow API key (a secret): creates payment requests and asks the transaction status API. */
  OZOW_API_KEY?: string;
  /** 'true' sends Ozow test requests (no bank payment is made); anything else is live. */
  OZOW_IS_TEST?: string;
  /** Default https://api.ozow.com (Ozow's staging: https://stagingapi.ozow.com); tests point it at a stand-in. */
  OZOW_API_BASE?: string;
  /** The site's public origin for gateway return and notify URLs; default the request's origin. */
  PUBLIC_BASE_URL?: string;
  /** 'local' (default: kept in the outbox, readable by staff), 'cloudflare' (SEND_EMAIL binding) or 'resend' (HTTP API). */
  EMAIL_PROVIDER?: string;
  /** Sender address, e.g. 'Custom Blinds <quotes@example.co.za>'. */
  EMAIL_FROM?: string;
  /** API key of the HTTP e-mail provider (a secret). */
  EMAIL_API_KEY?: string;
  /** Default https://api.resend.com; tests point it at a stand-in. */
  EMAIL_API_BASE?: string;
  /** Cloudflare Email Routing binding ([[send_email]] in wrangler.toml), for EMAIL_PROVIDER=cloudflare. */
  SEND_EMAIL?: SendEmail;
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

export type AppBindings = {
  Bindings: Env;
  /** staffSessionId: set by requireStaff, the audit log's 'who'. */
  Variables: { requestId: string; staffSessionId?: string };
};
