// The daily cron's follow-up of orders awaiting a bank transfer (DESIGN.md 7b, bank transfer): a
// reminder e-mail BANK_TRANSFER_REMINDER_DAYS after the order, and after BANK_TRANSFER_EXPIRY_DAYS
// (configuration, default 10) the order is cancelled (fulfilment 'cancelled'; the payment status
// stays as it is) with an e-mail. Each goes once: the outbox dedupe keys name the order, and a
// cancelled order is no longer awaiting anything.
//
// Only orders nobody has started on: awaiting transfer (alerts.ts, the one definition), nothing paid
// (never a part-paid order), still 'received' (staff moved none of them on), no proof of payment
// uploaded (staff check the proof first) and an e-mail address to tell the customer at.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { database } from '../../lib/db';
import { orderEvents, orders } from '../../db/schema';
import type { Env } from '../../env';
import { html } from '../../lib/html';
import { businessProfile } from '../../lib/business-profile';
import { DAY_MS, formatLongDate } from '../../shared/sa-time';
import { bankTransferEmailBlock } from '../email/bank-transfer-email';
import { greetingName } from '../email/customer-email-guard';
import { buttonHtml, factsHtml, factsText, layoutHtml, rand, signatureText } from '../email/email-parts';
import { outboxInsertOrIgnore, type OutgoingEmail } from '../email/outbox';
import { awaitingTransferCondition } from '../staff/orders/alerts';
import { actorIfLanded, isLostRace } from '../staff/orders/order-writes';
import { bankTransferDetails } from './bank-transfer';

/** Days after the order the reminder goes. */
export const BANK_TRANSFER_REMINDER_DAYS = 3;
/** Days after the order it is cancelled unless BANK_TRANSFER_EXPIRY_DAYS says otherwise. */
export const DEFAULT_BANK_TRANSFER_EXPIRY_DAYS = 10;
/** Orders per step of one run: a backlog is worked off over the following days. */
const RUN_LIMIT = 200;

/** BANK_TRANSFER_EXPIRY_DAYS as a whole number of days after the reminder; the default otherwise. */
export function bankTransferExpiryDays(env: Pick<Env, 'BANK_TRANSFER_EXPIRY_DAYS'>): number {
  const days = Number(env.BANK_TRANSFER_EXPIRY_DAYS?.trim());
  return Number.isInteger(days) && days > BANK_TRANSFER_REMINDER_DAYS ? days : DEFAULT_BANK_TRANSFER_EXPIRY_DAYS;
}

interface DueOrder {
  reference: string;
  customer_name: string;
  customer_email: string;
  total_cents: number;
  created_at: string;
}

/** The orders the follow-up may act on, ordered on or before `cutoff` (see the file head). */
function dueOrders(db: D1Database, cutoff: string, extra = ''): Promise<D1Result<DueOrder>> {
  const awaiting = awaitingTransferCondition();
  return db
    .prepare(
      `SELECT o.reference, o.customer_name, o.customer_email, o.total_cents, o.created_at FROM orders o
       WHERE (${awaiting.sql}) AND o.payment_status IN ('pending', 'failed', 'cancelled') AND o.fulfilment_status = 'received'
         AND o.proof_key IS NULL AND trim(o.customer_email) <> '' AND o.created_at <= ? ${extra}
       ORDER BY o.created_at LIMIT ?`,
    )
    .bind(...awaiting.params, cutoff, RUN_LIMIT)
    .all<DueOrder>();
}

function customerEmail(env: Env, order: DueOrder, kind: string, title: string, paragraphs: string[], withBank: boolean): OutgoingEmail {
  const b = businessProfile(env);
  const name = greetingName(order.customer_name);
  const greeting = name ? `Hi ${name},` : 'Hello,';
  const facts: [string, string][] = [
    ['Order reference', order.reference],
    ['Order date', formatLongDate(order.created_at)],
    ['Order total', rand(order.total_cents)],
  ];
  const bank = withBank ? bankTransferEmailBlock(env, order) : null;
  const origin = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '') || null;
  const link = origin
    ? { href: `${origin}/order-confirmation?ref=${encodeURIComponent(order.reference)}`, label: 'View your order' }
    : null;
  const closing = `Questions? Reply to this e-mail and quote ${order.reference}.`;
  return {
    dedupeKey: `${kind}:${order.reference}`,
    kind,
    to: order.customer_email.trim(),
    toName: name,
    replyTo: b.email,
    subject: `${title} - ${b.name}`,
    html: layoutHtml(
      b,
      title,
      html`<p style="font-size:15px;margin:0 0 12px;">${greeting}</p>
${paragraphs.map((p) => html`<p style="font-size:15px;margin:0 0 12px;">${p}</p>`)}
${factsHtml(facts)}
${bank?.html ?? ''}
${link ? buttonHtml(link.href, link.label) : ''}
<p style="font-size:14px;margin:0;">${closing}</p>`,
    ),
    text: [
      greeting,
      '',
      ...paragraphs.flatMap((p) => [p, '']),
      factsText(facts),
      ...(bank ? ['', bank.text] : []),
      ...(link ? ['', `${link.label}: ${link.href}`] : []),
      '',
      closing,
      '',
      signatureText(b),
    ].join('\n'),
  };
}

export function reminderEmail(env: Env, order: DueOrder, expiryDays: number): OutgoingEmail {
  const expires = formatLongDate(new Date(Date.parse(order.created_at) + expiryDays * DAY_MS).toISOString());
  return customerEmail(
    env,
    order,
    'bank-transfer-reminder',
    `Reminder: payment for order ${order.reference}`,
    [
      `We have not yet received your bank transfer of ${rand(order.total_cents)} for order ${order.reference}. Production starts once it is paid.`,
      `If it is not paid by ${expires}, the order will be cancelled. If you have already paid, upload your proof of payment on your order's page, or reply with it, and we will match it.`,
    ],
    true,
  );
}

export function expiryEmail(env: Env, order: DueOrder, expiryDays: number): OutgoingEmail {
  return customerEmail(
    env,
    order,
    'bank-transfer-expired',
    `Order ${order.reference} cancelled: no payment received`,
    [
      `We did not receive a payment for order ${order.reference} within ${expiryDays} days, so we have cancelled it. Nothing was made and nothing is owed.`,
      'If you have paid, or would still like the blinds, reply to this e-mail and we will reopen it for you.',
    ],
    false,
  );
}

export interface FollowUpCounts {
  bankTransferReminders: number;
  bankTransferExpired: number;
}

/**
 * One daily run at `now`: first cancels what is past the expiry (so a late first run does not remind
 * and cancel the same order), then reminds the rest that are 3 days old and not reminded yet.
 * Nothing without a configured bank account: no customer was told to pay by transfer.
 */
export async function runBankTransferFollowUp(env: Env, now: Date): Promise<FollowUpCounts> {
  const counts: FollowUpCounts = { bankTransferReminders: 0, bankTransferExpired: 0 };
  if (!bankTransferDetails(env)) return counts;
  const db = env.DB;
  const d = database(db);
  const expiryDays = bankTransferExpiryDays(env);
  const at = now.toISOString();

  const expired = await dueOrders(db, new Date(now.getTime() - expiryDays * DAY_MS).toISOString());
  for (const order of expired.results) {
    // Conditional on what made it due: a payment, proof or staff move since the read leaves it alone
    // (the event's actor is then NULL and the whole batch rolls back, order-writes.ts).
    const landed = sql`exists (select 1 from ${orders} where ${orders.reference} = ${order.reference} and ${orders.fulfilmentStatus} = 'cancelled' and ${orders.fulfilmentStatusAt} = ${at})`;
    try {
      await d.batch([
        d
          .update(orders)
          .set({ fulfilmentStatus: 'cancelled', fulfilmentStatusAt: at })
          .where(
            and(
              eq(orders.reference, order.reference),
              eq(orders.fulfilmentStatus, 'received'),
              sql`${orders.paymentStatus} in ('pending', 'failed', 'cancelled')`,
              isNull(orders.proofKey),
            ),
          ),
        d.insert(orderEvents).values({
          orderReference: order.reference,
          kind: 'status',
          status: 'cancelled',
          note: `No bank transfer received within ${expiryDays} days`,
          actor: actorIfLanded('system', landed),
          details: { from: 'received', reason: 'bank_transfer_expired', expiryDays },
          createdAt: at,
        }),
        outboxInsertOrIgnore(db, expiryEmail(env, order, expiryDays), now),
      ]);
      counts.bankTransferExpired++;
    } catch (err) {
      if (!isLostRace(err)) throw err;
    }
  }

  const remind = await dueOrders(
    db,
    new Date(now.getTime() - BANK_TRANSFER_REMINDER_DAYS * DAY_MS).toISOString(),
    `AND NOT EXISTS (SELECT 1 FROM email_outbox e WHERE e.dedupe_key = 'bank-transfer-reminder:' || o.reference)`,
  );
  const mails = remind.results.map((order) => outboxInsertOrIgnore(db, reminderEmail(env, order, expiryDays), now));
  if (mails.length > 0) {
    const results = await d.batch(mails as [(typeof mails)[number], ...(typeof mails)[number][]]);
    counts.bankTransferReminders = results.filter((r) => r.length > 0).length;
  }
  return counts;
}
