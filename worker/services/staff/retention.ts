// The deletions the daily job makes under the retention schedule (docs/decisions/005-retention-schedule.md):
// the periods are the constants of worker/shared/retention-schedule.ts, which the privacy notice states.
import { and, eq, inArray, lt, ne, notExists, or, sql } from 'drizzle-orm';
import { database } from '../../lib/db';
import { DAY_MS } from '../../shared/sa-time';
import { analyticsEvents, auditLog, customerDetails, emailOutbox, idempotencyKeys, leads, orders, quotes } from '../../db/schema';
import {
  ANALYTICS_RETENTION_DAYS,
  AUDIT_RETENTION_DAYS,
  ENQUIRY_RETENTION_DAYS,
  ORDER_IDEMPOTENCY_RETENTION_DAYS,
  OUTBOX_BODY_RETENTION_DAYS,
  OUTBOX_ROW_RETENTION_DAYS,
  PHOTO_RETENTION_DAYS,
  PROOF_RETENTION_DAYS,
  QUOTE_RETENTION_DAYS,
} from '../../shared/retention-schedule';
import { PROOF_PREFIX } from '../payments/proof-of-payment';

/** R2 prefixes holding customers' photos: chat attachments (routes/chat.ts), window photos (routes/ar.ts). */
export const PHOTO_PREFIXES = ['chat/', 'windows/'] as const;

/** R2 deletes at most 1000 keys a call; listing answers at most 1000 a page. */
const R2_PAGE = 1000;

function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

export type EnquiryPurge = {
  leadsDeleted: number;
  customerDetailsDeleted: number;
};

/** Deletes enquiries older than the retention period, in one batch. */
export async function purgeExpiredEnquiries(db: D1Database, now: Date): Promise<EnquiryPurge> {
  const cutoff = daysBefore(now, ENQUIRY_RETENTION_DAYS);
  const d = database(db);
  const [leadResult, detailResult] = await d.batch([
    d.delete(leads).where(lt(leads.createdAt, cutoff)),
    d.delete(customerDetails).where(lt(customerDetails.createdAt, cutoff)),
  ]);
  return { leadsDeleted: leadResult.meta.changes, customerDetailsDeleted: detailResult.meta.changes };
}

export type OutboxPurge = {
  outboxBodiesCleared: number;
  outboxRowsDeleted: number;
};

/**
 * Blanks the html and text (NOT NULL, so '') of messages sent, or given up on, more than
 * OUTBOX_BODY_RETENTION_DAYS ago, and deletes finished rows older than OUTBOX_ROW_RETENTION_DAYS.
 * Pending and sending messages are never touched: they still have to go out.
 */
export async function purgeOutbox(db: D1Database, now: Date): Promise<OutboxPurge> {
  const bodyCutoff = daysBefore(now, OUTBOX_BODY_RETENTION_DAYS);
  const rowCutoff = daysBefore(now, OUTBOX_ROW_RETENTION_DAYS);
  const d = database(db);
  const [cleared, deleted] = await d.batch([
    d
      .update(emailOutbox)
      .set({ html: '', text: '', attachments: null })
      .where(
        and(
          or(ne(emailOutbox.html, ''), ne(emailOutbox.text, '')),
          or(
            and(eq(emailOutbox.status, 'sent'), lt(emailOutbox.sentAt, bodyCutoff)),
            // A failed message's last attempt is its last claim.
            and(eq(emailOutbox.status, 'failed'), lt(sql`coalesce(${emailOutbox.claimedAt}, ${emailOutbox.createdAt})`, bodyCutoff)),
          ),
        ),
      ),
    d.delete(emailOutbox).where(and(inArray(emailOutbox.status, ['sent', 'failed', 'erased']), lt(emailOutbox.createdAt, rowCutoff))),
  ]);
  return { outboxBodiesCleared: cleared.meta.changes, outboxRowsDeleted: deleted.meta.changes };
}

export type QuotePurge = {
  orderIdempotencyKeysDeleted: number;
  quotesDeleted: number;
  quoteOrderKeysDeleted: number;
};

const QUOTE_ORDER_PREFIX = 'quote-order:';

/**
 * Deletes 'orders:' Idempotency-Keys past their period, stored quotes past theirs that no order
 * was made from, and the 'quote-order:' guard of every quote that no longer exists (quote numbers
 * are reused, so a stale guard would block the next quote with that number). One batch, so a
 * quote and its guard go together.
 */
export async function purgeQuotesAndKeys(db: D1Database, now: Date): Promise<QuotePurge> {
  const d = database(db);
  const [orderKeys, deletedQuotes, quoteOrderKeys] = await d.batch([
    d
      .delete(idempotencyKeys)
      .where(
        and(
          sql`substr(${idempotencyKeys.key}, 1, 7) = 'orders:'`,
          lt(idempotencyKeys.createdAt, daysBefore(now, ORDER_IDEMPOTENCY_RETENTION_DAYS)),
        ),
      ),
    d.delete(quotes).where(
      and(
        lt(quotes.createdAt, daysBefore(now, QUOTE_RETENTION_DAYS)),
        notExists(
          d
            .select({ one: sql`1` })
            .from(orders)
            .where(eq(orders.quoteId, quotes.id)),
        ),
      ),
    ),
    d.delete(idempotencyKeys).where(
      and(
        sql`substr(${idempotencyKeys.key}, 1, ${QUOTE_ORDER_PREFIX.length}) = ${QUOTE_ORDER_PREFIX}`,
        notExists(
          d
            .select({ one: sql`1` })
            .from(quotes)
            .where(sql`${quotes.id} = substr(${idempotencyKeys.key}, ${QUOTE_ORDER_PREFIX.length + 1})`),
        ),
      ),
    ),
  ]);
  return {
    orderIdempotencyKeysDeleted: orderKeys.meta.changes,
    quotesDeleted: deletedQuotes.meta.changes,
    quoteOrderKeysDeleted: quoteOrderKeys.meta.changes,
  };
}

/**
 * Deletes photos uploaded more than PHOTO_RETENTION_DAYS before `now` under each prefix: pages of
 * up to 1000 listed with the cursor, each page's old keys deleted in one call. (`now` is a
 * parameter because an R2 object's upload date cannot be set: tests move `now` instead.)
 */
export async function purgeOldPhotos(
  bucket: R2Bucket,
  now: Date,
  {
    prefixes = PHOTO_PREFIXES,
    pageSize = R2_PAGE,
    retentionDays = PHOTO_RETENTION_DAYS,
  }: { prefixes?: readonly string[]; pageSize?: number; retentionDays?: number } = {},
): Promise<{ photosDeleted: number }> {
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  let photosDeleted = 0;
  for (const prefix of prefixes) {
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, cursor, limit: Math.min(pageSize, R2_PAGE) });
      const old = page.objects.filter((o) => o.uploaded.getTime() < cutoff).map((o) => o.key);
      if (old.length > 0) {
        await bucket.delete(old);
        photosDeleted += old.length;
      }
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  return { photosDeleted };
}

/** Deletes proofs of payment (R2 proofs/) uploaded more than PROOF_RETENTION_DAYS before `now`. */
export async function purgeOldProofs(bucket: R2Bucket, now: Date): Promise<{ proofsDeleted: number }> {
  const { photosDeleted } = await purgeOldPhotos(bucket, now, { prefixes: [PROOF_PREFIX], retentionDays: PROOF_RETENTION_DAYS });
  return { proofsDeleted: photosDeleted };
}

export type ActivityPurge = {
  analyticsEventsDeleted: number;
  auditEntriesDeleted: number;
};

/** Deletes analytics events and audit entries past their periods, in one batch. */
export async function purgeActivity(db: D1Database, now: Date): Promise<ActivityPurge> {
  const d = database(db);
  const [events, audit] = await d.batch([
    d.delete(analyticsEvents).where(lt(analyticsEvents.createdAt, daysBefore(now, ANALYTICS_RETENTION_DAYS))),
    d.delete(auditLog).where(lt(auditLog.createdAt, daysBefore(now, AUDIT_RETENTION_DAYS))),
  ]);
  return { analyticsEventsDeleted: events.meta.changes, auditEntriesDeleted: audit.meta.changes };
}
