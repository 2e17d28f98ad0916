// Recording what happens on the storefront ('Recording what happens'): the events behind
// every staff figure. Visitors are a hash of the client with a salt that changes every South African
// day, so a hash cannot be linked across days and no raw address is ever stored.
import { database } from '../lib/db';
import { analyticsEvents } from '../db/schema';
import type { Env } from '../env';
import { randomHex, sha256Hex } from '../lib/crypto';
import { southAfricanDay } from '../shared/sa-time';

export const EVENT_KINDS = [
  'visit',
  'page_view',
  'chat_session',
  'chat_message',
  'price_check',
  'quote',
  'lead',
  'order',
  'payment',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The only kinds a browser may send; every other kind is written by the worker itself. */
export const BROWSER_EVENT_KINDS = ['page_view', 'visit'] as const;

export interface AnalyticsEvent {
  kind: EventKind;
  /** visitorHash() of the client, when the event comes from a request. */
  visitor?: string | null;
  sessionId?: string | null;
  path?: string | null;
  productId?: string | null;
  /** The area the customer gave (a lead's location). */
  area?: string | null;
  /** Integer cents incl. VAT (orders, payments). */
  valueCents?: number | null;
  /** The record it refers to: lead id, order reference, quote id. */
  refId?: string | null;
  data?: Record<string, unknown> | null;
  /** When it happened; default now. Its South African day is the event's day. */
  at?: Date;
}

/** Who sent the request an event comes from: clientKey() and the User-Agent header. */
export interface EventClient {
  key: string;
  userAgent: string;
}

/** A salt outlives its day by a day, so events near midnight still find it; then it is gone for good. */
const SALT_TTL_SECONDS = 2 * 24 * 60 * 60;

const cap = (value: string | null | undefined, max: number) => (value == null || value === '' ? null : value.slice(0, max));

/** The INSERT of one event, for a db.batch() with the record it describes (or with other events). */
export function eventStatement(db: D1Database, event: AnalyticsEvent) {
  const at = event.at ?? new Date();
  return database(db)
    .insert(analyticsEvents)
    .values({
      kind: event.kind,
      day: southAfricanDay(at),
      visitor: cap(event.visitor, 64),
      sessionId: cap(event.sessionId, 100),
      path: cap(event.path, 200),
      productId: cap(event.productId, 100),
      area: cap(event.area?.trim(), 120),
      valueCents: event.valueCents != null && Number.isSafeInteger(event.valueCents) ? event.valueCents : null,
      refId: cap(event.refId, 100),
      data: event.data ?? null,
      createdAt: at.toISOString(),
    });
}

/** Salts already read (or being read) by this isolate, by day: one KV read per day per isolate, and
 * concurrent events of one batch share the same read instead of each making a salt of their own. */
const saltCache = new Map<string, Promise<string>>();

/**
 * The day's salt: a random secret in KV under 'analytics-salt:<day>', made on first use and expiring
 * after two days. KV is eventually consistent, so two isolates may each make one in the same first
 * moments of a day; a visitor then counts under two hashes that day (an over-count, never a link).
 */
function dailySalt(kv: KVNamespace, day: string): Promise<string> {
  let salt = saltCache.get(day);
  if (!salt) {
    if (saltCache.size > 4) saltCache.clear();
    salt = readOrMakeSalt(kv, day);
    saltCache.set(day, salt);
    salt.catch(() => saltCache.delete(day));
  }
  return salt;
}

async function readOrMakeSalt(kv: KVNamespace, day: string): Promise<string> {
  const key = `analytics-salt:${day}`;
  const stored = await kv.get(key);
  if (stored) return stored;
  const salt = randomHex(32);
  await kv.put(key, salt, { expirationTtl: SALT_TTL_SECONDS });
  return salt;
}

/** SHA-256 of the day's salt, the client key (IPv4 or IPv6 /64), the User-Agent and the day; hex. */
export async function visitorHash(kv: KVNamespace, clientKey: string, userAgent: string, day: string): Promise<string> {
  const salt = await dailySalt(kv, day);
  return sha256Hex(`${salt}\n${day}\n${clientKey}\n${userAgent.slice(0, 512)}`);
}

/** Records events from one client in one batch, each with the client's visitor hash for its day. */
export async function recordEvents(env: Env, events: AnalyticsEvent[], client?: EventClient): Promise<number> {
  if (events.length === 0) return 0;
  const withVisitor = await Promise.all(
    events.map(async (event) => {
      if (!client || event.visitor !== undefined) return event;
      const at = event.at ?? new Date();
      return { ...event, at, visitor: await visitorHash(env.SESSIONS, client.key, client.userAgent, southAfricanDay(at)) };
    }),
  );
  const [first, ...rest] = withVisitor.map((event) => eventStatement(env.DB, event));
  await database(env.DB).batch([first!, ...rest]);
  return events.length;
}

/**
 * Best effort: an event that cannot be written is logged and dropped, never failing the request it
 * describes (run it with waitUntil, after the answer).
 */
export async function recordEvent(env: Env, event: AnalyticsEvent, client?: EventClient): Promise<void> {
  try {
    await recordEvents(env, [event], client);
  } catch (err) {
    console.warn(JSON.stringify({ level: 'warn', message: 'analytics event not recorded', kind: event.kind, error: String(err) }));
  }
}

/** Events of busy endpoints waiting for their isolate's next batched write, with their clients. */
const buffered: { event: AnalyticsEvent; client?: EventClient }[] = [];
let flushScheduled = false;
/** One D1 batch at most this often per isolate, however busy the endpoint. */
export const BUFFER_FLUSH_MS = 2000;
const BUFFER_MAX = 100;

/**
 * For hot paths (the price check): the event joins the isolate's buffer and is written with the
 * others in one batch at most every BUFFER_FLUSH_MS, so a busy endpoint costs one D1 write per
 * interval instead of one per request. The request that opens a buffer keeps it alive with its
 * waitUntil; like recordEvent, a failed write is logged and dropped.
 */
export function bufferEvent(
  env: Env,
  event: AnalyticsEvent,
  client: EventClient | undefined,
  waitUntil: (promise: Promise<unknown>) => void,
): void {
  buffered.push({ event: { ...event, at: event.at ?? new Date() }, client });
  if (buffered.length >= BUFFER_MAX) {
    waitUntil(flushBuffer(env));
  } else if (!flushScheduled) {
    // Whenever the flag is set, the timer that set it is still pending, so no event is stranded.
    flushScheduled = true;
    waitUntil(new Promise((resolve) => setTimeout(resolve, BUFFER_FLUSH_MS)).then(() => flushBuffer(env)));
  }
}

/** Writes the buffered events now (also for the worker tests, before a file's stores are emptied). */
export async function flushBuffer(env: Env): Promise<void> {
  const batch = buffered.splice(0);
  flushScheduled = false;
  if (batch.length === 0) return;
  try {
    const hashed = await Promise.all(
      batch.map(async ({ event, client }) =>
        client && event.visitor === undefined
          ? { ...event, visitor: await visitorHash(env.SESSIONS, client.key, client.userAgent, southAfricanDay(event.at)) }
          : event,
      ),
    );
    await recordEvents(env, hashed);
  } catch (err) {
    console.warn(
      JSON.stringify({ level: 'warn', message: 'buffered analytics events not recorded', count: batch.length, error: String(err) }),
    );
  }
}
