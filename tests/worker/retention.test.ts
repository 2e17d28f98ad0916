import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_TRANSCRIPT_RETENTION_MS, type ChatSession } from '../../worker/durable-objects/chat-session';
import { runChatTurn } from '../../worker/services/consultant/chat-turn';
import { purgeActivity, purgeOldPhotos, purgeOutbox, purgeQuotesAndKeys } from '../../worker/services/staff/retention';
import {
  ANALYTICS_RETENTION_DAYS,
  AUDIT_RETENTION_DAYS,
  ORDER_IDEMPOTENCY_RETENTION_DAYS,
  OUTBOX_BODY_RETENTION_DAYS,
  OUTBOX_ROW_RETENTION_DAYS,
  PHOTO_RETENTION_DAYS,
  QUOTE_RETENTION_DAYS,
} from '../../worker/shared/retention-schedule';

const DAY = 86_400_000;
const NOW = new Date('2026-11-22T04:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const unique = () => crypto.randomUUID().slice(0, 8);

describe('outbox bodies', () => {
  async function insertMessage(id: string, status: string, dates: { created: string; sent?: string; claimed?: string }) {
    await env.DB.prepare(
      `INSERT INTO email_outbox (dedupe_key, kind, to_address, subject, html, text, status, next_attempt_at, sent_at, claimed_at, created_at)
       VALUES (?, 'test', 'naledi@example.co.za', ?, '<p>Your blinds</p>', 'Your blinds', ?, ?, ?, ?, ?)`,
    )
      .bind(id, `Subject ${id}`, status, dates.created, dates.sent ?? null, dates.claimed ?? null, dates.created)
      .run();
  }
  const row = (id: string) =>
    env.DB.prepare('SELECT subject, html, text, status FROM email_outbox WHERE dedupe_key = ?').bind(id).first<Record<string, string>>();

  it('blanks the bodies of messages sent or failed past the period, keeps the row, and leaves the rest alone', async () => {
    const t = unique();
    const old = daysAgo(OUTBOX_BODY_RETENTION_DAYS + 1);
    const fresh = daysAgo(OUTBOX_BODY_RETENTION_DAYS - 1);
    await insertMessage(`sent-old-${t}`, 'sent', { created: old, sent: old });
    await insertMessage(`sent-fresh-${t}`, 'sent', { created: old, sent: fresh });
    await insertMessage(`failed-old-${t}`, 'failed', { created: old, claimed: old });
    await insertMessage(`failed-fresh-${t}`, 'failed', { created: old, claimed: fresh });
    await insertMessage(`pending-old-${t}`, 'pending', { created: old });

    const result = await purgeOutbox(env.DB, NOW);

    expect(result.outboxBodiesCleared).toBeGreaterThanOrEqual(2);
    for (const id of [`sent-old-${t}`, `failed-old-${t}`]) {
      expect(await row(id)).toMatchObject({ subject: `Subject ${id}`, html: '', text: '' });
    }
    for (const id of [`sent-fresh-${t}`, `failed-fresh-${t}`, `pending-old-${t}`]) {
      expect(await row(id)).toMatchObject({ html: '<p>Your blinds</p>', text: 'Your blinds' });
    }
  });

  it('deletes finished rows once the orders they are about may go, never an unsent one', async () => {
    const t = unique();
    const ancient = daysAgo(OUTBOX_ROW_RETENTION_DAYS + 1);
    await insertMessage(`sent-ancient-${t}`, 'sent', { created: ancient, sent: ancient });
    await insertMessage(`pending-ancient-${t}`, 'pending', { created: ancient });
    await insertMessage(`sent-kept-${t}`, 'sent', {
      created: daysAgo(OUTBOX_ROW_RETENTION_DAYS - 1),
      sent: daysAgo(OUTBOX_ROW_RETENTION_DAYS - 1),
    });

    await purgeOutbox(env.DB, NOW);

    expect(await row(`sent-ancient-${t}`)).toBeNull();
    expect(await row(`pending-ancient-${t}`)).not.toBeNull();
    expect(await row(`sent-kept-${t}`)).not.toBeNull();
  });
});

describe('stored quotes and idempotency keys', () => {
  function insertQuote(id: string, created: string) {
    return env.DB.prepare(
      `INSERT INTO quotes (id, quote_date, valid_until, customer_name, lines, total_cents, total_quantity, origin, access_key, created_at)
       VALUES (?, ?, ?, 'Thandi', '[]', 100, 1, 'email', 'k', ?)`,
    ).bind(id, created, created, created);
  }
  function insertKey(key: string, created: string) {
    return env.DB.prepare(`INSERT INTO idempotency_keys (key, request_hash, resource_id, created_at) VALUES (?, 'h', 'r', ?)`).bind(
      key,
      created,
    );
  }
  const quoteIds = async () => (await env.DB.prepare('SELECT id FROM quotes').all<{ id: string }>()).results.map((r) => r.id);
  const keys = async () => (await env.DB.prepare('SELECT key FROM idempotency_keys').all<{ key: string }>()).results.map((r) => r.key);

  it('deletes old quotes no order was made from, with their quote-order guard, and order keys past their period', async () => {
    const t = unique();
    const oldQuote = daysAgo(QUOTE_RETENTION_DAYS + 1);
    const freshQuote = daysAgo(QUOTE_RETENTION_DAYS - 1);
    await env.DB.batch([
      insertQuote(`Q-old-${t}`, oldQuote),
      insertQuote(`Q-ordered-${t}`, oldQuote),
      insertQuote(`Q-fresh-${t}`, freshQuote),
      env.DB.prepare(
        `INSERT INTO orders (reference, customer_name, customer_email, subtotal_cents, vat_cents, total_cents, quote_id, created_at)
         VALUES (?, 'Thandi', 't@example.co.za', 87, 13, 100, ?, ?)`,
      ).bind(`CB-RET${t}`, `Q-ordered-${t}`, oldQuote),
      // A guard left by an order whose quote is gone (e.g. deleted by staff) and guards of kept quotes.
      insertKey(`quote-order:Q-old-${t}`, oldQuote),
      insertKey(`quote-order:Q-ordered-${t}`, oldQuote),
      insertKey(`quote-order:Q-fresh-${t}`, freshQuote),
      insertKey(`orders:old-${t}`, daysAgo(ORDER_IDEMPOTENCY_RETENTION_DAYS + 1)),
      insertKey(`orders:fresh-${t}`, daysAgo(ORDER_IDEMPOTENCY_RETENTION_DAYS - 1)),
      // Another scope is not this schedule's to delete.
      insertKey(`payments:old-${t}`, daysAgo(ORDER_IDEMPOTENCY_RETENTION_DAYS + 1)),
    ]);

    const result = await purgeQuotesAndKeys(env.DB, NOW);

    expect(result.quotesDeleted).toBeGreaterThanOrEqual(1);
    expect(result.quoteOrderKeysDeleted).toBeGreaterThanOrEqual(1);
    expect(result.orderIdempotencyKeysDeleted).toBeGreaterThanOrEqual(1);
    const quotesLeft = await quoteIds();
    expect(quotesLeft).not.toContain(`Q-old-${t}`);
    expect(quotesLeft).toEqual(expect.arrayContaining([`Q-ordered-${t}`, `Q-fresh-${t}`]));
    const keysLeft = await keys();
    expect(keysLeft).not.toContain(`quote-order:Q-old-${t}`);
    expect(keysLeft).not.toContain(`orders:old-${t}`);
    expect(keysLeft).toEqual(
      expect.arrayContaining([`quote-order:Q-ordered-${t}`, `quote-order:Q-fresh-${t}`, `orders:fresh-${t}`, `payments:old-${t}`]),
    );
    // Orders are kept (SARS: five years): the schedule never deletes one.
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE reference = ?').bind(`CB-RET${t}`).first('n')).toBe(1);
  });
});

describe('photos in R2', () => {
  it('deletes chat and window photos past the period, page by page, and nothing else', async () => {
    const t = unique();
    const photos = [1, 2, 3, 4, 5].map((n) => `chat/session-${t}/${n}.jpg`).concat(`windows/session-${t}/1.jpg`);
    const other = [`swatches/${t}.png`, `chatter/${t}.txt`];
    await Promise.all([...photos, ...other].map((key) => env.MEDIA.put(key, new Uint8Array([1, 2, 3]))));
    const present = async () => {
      const listed = await env.MEDIA.list({ limit: 1000 });
      return listed.objects.map((o) => o.key).filter((k) => k.includes(t));
    };

    // Just uploaded: nothing is old enough yet.
    expect(await purgeOldPhotos(env.MEDIA, new Date(Date.now() + (PHOTO_RETENTION_DAYS - 1) * DAY), { pageSize: 2 })).toEqual({
      photosDeleted: 0,
    });
    expect(await present()).toHaveLength(photos.length + other.length);

    // A page size of 2 makes the sweep follow the cursor through three pages of chat photos.
    const later = new Date(Date.now() + (PHOTO_RETENTION_DAYS + 1) * DAY);
    const result = await purgeOldPhotos(env.MEDIA, later, { pageSize: 2 });
    expect(result.photosDeleted).toBeGreaterThanOrEqual(photos.length);
    expect((await present()).sort()).toEqual([...other].sort());
  });
});

describe('chat transcripts', () => {
  const contact = {
    phoneGardenRoute: '044 000 0000',
    phoneNational: '021 000 0000',
    whatsappNational: '082 000 0000',
    email: 'info@example.co.za',
    businessName: 'Custom Blinds',
    assistantName: 'Melvin',
  };

  it('sets an alarm on each message and deletes the whole transcript when it fires', async () => {
    const sessionId = `retention-${unique()}`;
    const stub = env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(sessionId));
    // A turn as the chat route runs it: the consultant answers, the session object stores the turn.
    const turn = (message: string) =>
      runChatTurn(env, { sessionId, message, photos: [], imageKeys: [], contact, origin: null, waitUntil: () => {} });
    const before = Date.now();
    await turn('How much is a roller blind?');
    const firstAlarm = await runInDurableObject(stub, (_instance: ChatSession, state) => state.storage.getAlarm());
    expect(firstAlarm).not.toBeNull();
    expect(firstAlarm!).toBeGreaterThanOrEqual(before + CHAT_TRANSCRIPT_RETENTION_MS);
    expect(firstAlarm!).toBeLessThanOrEqual(Date.now() + CHAT_TRANSCRIPT_RETENTION_MS);

    // Activity moves the deadline.
    await new Promise((r) => setTimeout(r, 5));
    await turn('And for 1200 x 1500?');
    const secondAlarm = await runInDurableObject(stub, (_instance: ChatSession, state) => state.storage.getAlarm());
    expect(secondAlarm!).toBeGreaterThan(firstAlarm!);
    expect((await stub.history()).length).toBe(4);

    expect(await runDurableObjectAlarm(stub)).toBe(true);

    expect(await stub.history()).toEqual([]);
    expect(await stub.start()).toEqual({ messageCount: 0 });
    await runInDurableObject(stub, async (_instance: ChatSession, state) => {
      expect(await state.storage.getAlarm()).toBeNull();
      expect(state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM memory').one().n).toBe(0);
    });
  });
});

describe('analytics events and the audit log', () => {
  it('deletes events older than 13 months and audit entries older than 2 years, and nothing newer', async () => {
    const tag = unique();
    const insertEvent = (created: string) =>
      env.DB.prepare("INSERT INTO analytics_events (kind, day, visitor, path, created_at) VALUES ('page_view', ?, 'hash', ?, ?)")
        .bind(created.slice(0, 10), `/${tag}`, created)
        .run();
    const insertAudit = (created: string) =>
      env.DB.prepare("INSERT INTO audit_log (actor, action, target, created_at) VALUES ('S-test', 'lead.update', ?, ?)")
        .bind(tag, created)
        .run();
    await insertEvent(daysAgo(ANALYTICS_RETENTION_DAYS + 1));
    await insertEvent(daysAgo(ANALYTICS_RETENTION_DAYS - 1));
    await insertAudit(daysAgo(AUDIT_RETENTION_DAYS + 1));
    await insertAudit(daysAgo(AUDIT_RETENTION_DAYS - 1));

    const result = await purgeActivity(env.DB, NOW);
    expect(result.analyticsEventsDeleted).toBeGreaterThanOrEqual(1);
    expect(result.auditEntriesDeleted).toBeGreaterThanOrEqual(1);
    const events = await env.DB.prepare('SELECT created_at FROM analytics_events WHERE path = ?')
      .bind(`/${tag}`)
      .all<{ created_at: string }>();
    expect(events.results.map((r) => r.created_at)).toEqual([daysAgo(ANALYTICS_RETENTION_DAYS - 1)]);
    const audit = await env.DB.prepare('SELECT created_at FROM audit_log WHERE target = ?').bind(tag).all<{ created_at: string }>();
    expect(audit.results.map((r) => r.created_at)).toEqual([daysAgo(AUDIT_RETENTION_DAYS - 1)]);
  });
});
