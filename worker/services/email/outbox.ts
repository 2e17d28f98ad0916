// The e-mail outbox (DESIGN.md sections 5, 7): every message is stored in D1 first, then sent; the
// cron retries what is left. A row is claimed with one conditional UPDATE before it is sent, so
// two senders (a request's waitUntil and the cron) never send the same message.
import { and, asc, count, desc, eq, gte, lt, lte, ne, or, sql } from 'drizzle-orm';
import { database } from '../../lib/db';
import { emailOutbox } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { oneLine } from '../../lib/html';
import type { OutboxListFilter, OutboxMessage, OutboxMessageSummary, OutboxStatus } from '../../shared/outbox-api';
import { startOfSouthAfricanDay, addDays } from '../../shared/sa-time';
import { EmailSendError, emailSenderFor, SEND_TIMEOUT_MS, UNKNOWN_OUTCOME, type EmailAttachment, type EmailSender } from './senders';

export interface OutgoingEmail {
  /** Unique per cause, e.g. 'order-confirmation:CB-...:customer': enqueueing it again is a no-op. */
  dedupeKey: string;
  kind: string;
  to: string;
  toName?: string | null;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** Files sent with it (a calendar invitation): stored in the row, so every provider, and the local mode, has them. */
  attachments?: EmailAttachment[];
}

export { OUTBOX_STATUSES, type OutboxStatus } from '../../shared/outbox-api';
/** After this many tries a message is 'failed' and waits for staff (POST /api/admin/outbox/:id/retry). */
export const MAX_SEND_ATTEMPTS = 8;
/**
 * A sending run stops claiming messages after this long (well inside the 5-minute cron), so its
 * last claim is at most this old when its last send starts.
 */
export const SEND_RUN_DEADLINE_MS = 4 * 60_000;
/**
 * A claim older than this belongs to a sender that died mid-send: the message may be taken over.
 * Claims carry the run's start time, and a run's last send starts before SEND_RUN_DEADLINE_MS and
 * ends within SEND_TIMEOUT_MS; twice that keeps a live sender's claim from ever looking stale.
 */
export const STALE_CLAIM_MS = 2 * (SEND_RUN_DEADLINE_MS + SEND_TIMEOUT_MS);

type OutboxRow = typeof emailOutbox.$inferSelect;

function rowValues(message: OutgoingEmail, now: Date) {
  return {
    dedupeKey: message.dedupeKey,
    kind: message.kind,
    toAddress: message.to.trim(),
    toName: message.toName ? oneLine(message.toName) : null,
    replyTo: message.replyTo?.trim() || null,
    subject: oneLine(message.subject),
    html: message.html,
    text: message.text,
    attachments: message.attachments?.length ? message.attachments : null,
    status: 'pending' as const,
    attempts: 0,
    nextAttemptAt: now.toISOString(),
  };
}

/**
 * The INSERT of one message, for a db.batch() that stores it together with what caused it (a quote
 * and its e-mails are written at once). Unlike enqueueEmail it fails on a dedupe key already used.
 */
export function outboxInsert(db: D1Database, message: OutgoingEmail, now = new Date()) {
  return database(db).insert(emailOutbox).values(rowValues(message, now)).returning({ id: emailOutbox.id });
}

/** Like outboxInsert, but a dedupe key already used makes it a no-op (a repeated cause in a batch). */
export function outboxInsertOrIgnore(db: D1Database, message: OutgoingEmail, now = new Date()) {
  return database(db)
    .insert(emailOutbox)
    .values(rowValues(message, now))
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
}

/** Stores the message (once per dedupeKey). Answers its outbox id, the first one's on a repeat. */
export async function enqueueEmail(db: D1Database, message: OutgoingEmail, now = new Date()): Promise<number> {
  const d = database(db);
  const [inserted] = await d
    .insert(emailOutbox)
    .values(rowValues(message, now))
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  if (inserted) return inserted.id;
  const [existing] = await d.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, message.dedupeKey)).limit(1);
  if (!existing) throw new Error(`outbox row for ${message.dedupeKey} vanished between insert and read`);
  return existing.id;
}

export interface SendReport {
  /** Messages this run took (each was tried once). */
  claimed: number;
  sent: number;
  /** Failed this time; pending again with a later next_attempt_at. */
  retrying: number;
  /** Given up: a permanent error, the last attempt, or a binding send interrupted with its outcome unknown. */
  failed: number;
}

function staleClaim(now: Date) {
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  return and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.claimedAt, staleBefore));
}

/**
 * What a sender may take: pending and due messages, and, only for an idempotent sender (a second
 * send cannot deliver a second copy), claims gone stale.
 */
function dueCondition(now: Date, takeOverStale: boolean) {
  const due = and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now.toISOString()));
  return takeOverStale ? or(due, staleClaim(now)) : due;
}

/** Takes one due message for this sender: the UPDATE changes it only if nobody else has. */
async function claim(db: D1Database, id: number, now: Date, takeOverStale: boolean): Promise<OutboxRow | null> {
  const [row] = await database(db)
    .update(emailOutbox)
    .set({ status: 'sending', claimedAt: now.toISOString(), attempts: sql`${emailOutbox.attempts} + 1` })
    .where(and(eq(emailOutbox.id, id), dueCondition(now, takeOverStale)))
    .returning();
  return row ?? null;
}

/**
 * For a sender without idempotency (the send_email binding): a stale claim is a send that may or may
 * not have gone out. Sending again could deliver it twice, so it is 'failed' for staff to check.
 */
async function failStaleClaims(db: D1Database, sender: EmailSender, now: Date): Promise<number> {
  const lastError = `The sender stopped while sending through ${sender.provider}: ${UNKNOWN_OUTCOME}`;
  const rows = await database(db)
    .update(emailOutbox)
    .set({ status: 'failed', lastError })
    .where(staleClaim(now))
    .returning({ id: emailOutbox.id, kind: emailOutbox.kind });
  for (const row of rows) {
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: 'e-mail left for staff: outcome of an interrupted send unknown',
        outboxId: row.id,
        kind: row.kind,
        provider: sender.provider,
      }),
    );
  }
  return rows.length;
}

/** Minutes to wait after the n-th failed attempt: 2, 4, 8, ... */
export function backoffMinutes(attempts: number): number {
  return 2 ** attempts;
}

async function deliver(db: D1Database, sender: EmailSender, row: OutboxRow, now: Date): Promise<'sent' | 'retrying' | 'failed'> {
  const d = database(db);
  // Only the holder of this claim may record the outcome (a stale claim may have been taken over).
  const ours = and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending'), eq(emailOutbox.claimedAt, row.claimedAt!));
  let providerMessageId: string;
  try {
    ({ providerMessageId } = await sender.send({
      id: row.id,
      dedupeKey: row.dedupeKey,
      kind: row.kind,
      to: row.toAddress,
      toName: row.toName,
      replyTo: row.replyTo,
      subject: row.subject,
      html: row.html,
      text: row.text,
      attachments: row.attachments ?? [],
    }));
  } catch (err) {
    const permanent = err instanceof EmailSendError && err.permanent;
    const giveUp = permanent || row.attempts >= MAX_SEND_ATTEMPTS;
    const lastError = String((err as Error)?.message ?? err).slice(0, 1000);
    const nextAttemptAt = new Date(now.getTime() + backoffMinutes(row.attempts) * 60_000).toISOString();
    await d
      .update(emailOutbox)
      .set(giveUp ? { status: 'failed', lastError } : { status: 'pending', lastError, nextAttemptAt })
      .where(ours);
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: giveUp ? 'e-mail failed for good' : 'e-mail send failed; will retry',
        outboxId: row.id,
        kind: row.kind,
        attempts: row.attempts,
        provider: sender.provider,
        error: lastError,
      }),
    );
    return giveUp ? 'failed' : 'retrying';
  }
  // Sent: from here on nothing may put the message back to pending. If recording it fails, the claim
  // stays 'sending' and goes stale: an idempotent provider deduplicates a resend, and the send_email
  // binding's stale claims are failed for staff (failStaleClaims), so it is never sent twice.
  const sentAt = new Date().toISOString();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await d.update(emailOutbox).set({ status: 'sent', sentAt, providerMessageId, lastError: null }).where(ours);
      return 'sent';
    } catch (err) {
      if (attempt < 3) continue;
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'e-mail sent but not recorded as sent; its claim is left to go stale',
          outboxId: row.id,
          kind: row.kind,
          provider: sender.provider,
          error: String((err as Error)?.message ?? err),
        }),
      );
      return 'sent';
    }
  }
}

export interface SendOptions {
  /** Milliseconds now, for the run's deadline (tests pass a clock of their own). */
  clock?: () => number;
}

async function sendEach(env: Env, sender: EmailSender, ids: readonly number[], now: Date, options: SendOptions): Promise<SendReport> {
  const report: SendReport = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
  if (ids.length === 0) return report;
  const clock = options.clock ?? Date.now;
  const stopClaimingAt = clock() + SEND_RUN_DEADLINE_MS;
  // One at a time: providers rate-limit per second. Past the deadline the rest waits for the next run.
  for (const id of ids) {
    if (clock() >= stopClaimingAt) break;
    const row = await claim(env.DB, id, now, sender.idempotent);
    if (!row) continue;
    report.claimed += 1;
    report[await deliver(env.DB, sender, row, now)] += 1;
  }
  return report;
}

/**
 * The cron's job: sends up to `limit` due messages (pending and due, or stuck in a stale claim when
 * the provider deduplicates; with the send_email binding a stale claim is failed for staff instead).
 */
export async function sendDueEmails(env: Env, now = new Date(), limit = 25, options: SendOptions = {}): Promise<SendReport> {
  const sender = emailSenderFor(env);
  const abandoned = sender.idempotent ? 0 : await failStaleClaims(env.DB, sender, now);
  const due = await database(env.DB)
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(dueCondition(now, sender.idempotent))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit);
  const report = await sendEach(
    env,
    sender,
    due.map((r) => r.id),
    now,
    options,
  );
  return { ...report, failed: report.failed + abandoned };
}

/** Sends these messages now if they are still due (after a request stored them; the cron retries). */
export async function sendOutboxMessages(env: Env, ids: readonly number[], now = new Date()): Promise<SendReport> {
  const sender = emailSenderFor(env);
  return sendEach(env, sender, ids, now, {});
}

// ---- Staff API (GET /api/admin/outbox...) ----

export type { OutboxMessage, OutboxMessageSummary } from '../../shared/outbox-api';

const summaryColumns = {
  id: emailOutbox.id,
  dedupeKey: emailOutbox.dedupeKey,
  kind: emailOutbox.kind,
  toAddress: emailOutbox.toAddress,
  toName: emailOutbox.toName,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  sentAt: emailOutbox.sentAt,
  providerMessageId: emailOutbox.providerMessageId,
  createdAt: emailOutbox.createdAt,
};

type SummaryRow = Pick<OutboxRow, keyof typeof summaryColumns>;

function toSummary(row: SummaryRow): OutboxMessageSummary {
  return {
    id: row.id,
    dedupe_key: row.dedupeKey,
    kind: row.kind,
    to_address: row.toAddress,
    to_name: row.toName,
    subject: row.subject,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt,
    sent_at: row.sentAt,
    provider_message_id: row.providerMessageId,
    created_at: row.createdAt,
  };
}

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    ...toSummary(row),
    reply_to: row.replyTo,
    html: row.html,
    text: row.text,
    attachments: (row.attachments ?? []).map((a) => ({ filename: a.filename, content_type: a.contentType, content: a.content })),
  };
}

/** Newest first, without the bodies; with the number of messages in each status. */
export async function listOutbox(db: D1Database, filter: OutboxListFilter) {
  const d = database(db);
  const q = filter.q?.toLowerCase();
  const where = and(
    filter.status ? eq(emailOutbox.status, filter.status) : undefined,
    // instr, not LIKE: '%' and '_' in what staff type are plain characters.
    q ? or(sql`instr(lower(${emailOutbox.dedupeKey}), ${q}) > 0`, sql`instr(lower(${emailOutbox.toAddress}), ${q}) > 0`) : undefined,
    filter.from ? gte(emailOutbox.createdAt, startOfSouthAfricanDay(filter.from)) : undefined,
    filter.to ? lt(emailOutbox.createdAt, startOfSouthAfricanDay(addDays(filter.to, 1))) : undefined,
  );
  const [rows, counts] = await Promise.all([
    d.select(summaryColumns).from(emailOutbox).where(where).orderBy(desc(emailOutbox.id)).limit(filter.limit),
    d.select({ status: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status),
  ]);
  const totals: Record<OutboxStatus, number> = { pending: 0, sending: 0, sent: 0, failed: 0, erased: 0 };
  for (const c of counts) if (c.status in totals) totals[c.status as OutboxStatus] = c.n;
  return { messages: rows.map(toSummary), counts: totals };
}

export async function getOutboxMessage(db: D1Database, id: number): Promise<OutboxMessage | null> {
  const [row] = await database(db).select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row ? toMessage(row) : null;
}

/** Puts a failed message back in the queue with a fresh set of attempts. */
export async function retryOutboxMessage(db: D1Database, id: number, now = new Date()): Promise<OutboxMessage> {
  const d = database(db);
  const [row] = await d
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now.toISOString(), claimedAt: null })
    // A body blanked by the retention schedule (docs/decisions/005) is never sent empty.
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed'), ne(emailOutbox.text, '')))
    .returning();
  if (row) return toMessage(row);
  const existing = await getOutboxMessage(db, id);
  if (existing?.status === 'failed')
    throw new AppError('conflict', `E-mail ${id} is past its retention period: its text was deleted, so it cannot be sent again.`);
  if (!existing) throw new AppError('not_found', `No e-mail with id ${id} in the outbox.`);
  throw new AppError('conflict', `Only a failed e-mail can be retried; e-mail ${id} is ${existing.status}.`);
}
