// What Ozow says about a payment, from its notification (POST /api/payment/ozow/notify, a form post
// to the NotifyUrl of the payment request) or from its transaction status API asked by the cron.
// Trusted only when the notification's Hash verifies (ozow.ts says where each rule is documented),
// the site code is ours, the test flag matches ours, the currency is rand, the transaction
// reference is an Ozow checkout we started for the order, and the amount equals what the order
// owes. Each of Ozow's statuses is recorded as Ozow's 'Step 6: Outcome' describes it:
// - Complete: 'the payment was successfully completed': the order is paid (once per TransactionId);
// - Cancelled: cancelled by the customer or because Ozow could not proceed; Abandoned: no activity
//   from the customer: that checkout is cancelled (the customer may pay again);
// - Error: 'a technical error occurred': that checkout failed;
// - PendingInvestigation: 'an inconclusive result was received by the bank and the payment needs to
//   be verified manually': nothing is paid, the business is e-mailed once, and the cron keeps asking
//   Ozow until the status is final;
// - Pending: not final yet ('will be posted to the notification URL as soon as it has been
//   determined'): nothing changes.
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import { orders, paymentCheckouts } from '../../db/schema';
import type { Env } from '../../env';
import { timingSafeEqualText } from '../../lib/crypto';
import { database } from '../../lib/db';
import { outboxInsertOrIgnore } from '../email/outbox';
import { amountDueCents, findOrderByCheckout, isPaymentRecorded, type PaymentOrder, type PaymentOutcome } from './ledger';
import { OZOW_CURRENCY, OZOW_RESPONSE_HASH_ORDER, OZOW_TIMEOUT_MS, ozowBool, ozowConfig, ozowHash, type OzowConfig } from './ozow';
import { paymentInvestigationEmail } from './receipt';
import { recordVerifiedPayment } from './record-verified';
import { paymentLog, type NotificationResult } from './types';

/** One Ozow transaction as the notification or the status API reports it. */
export interface OzowTransaction {
  siteCode: string;
  transactionId: string;
  transactionReference: string;
  /** As Ozow writes it: '25.00' or 25. */
  amount: string;
  status: string;
  currencyCode: string;
  isTest: boolean;
  statusMessage: string;
}

export type OzowSource = 'notification' | 'status-api';

function reject(note: string, fields: Record<string, unknown> = {}, reference?: string): NotificationResult {
  paymentLog('warn', `ozow notification rejected: ${note}`, fields);
  return { httpStatus: 400, outcome: 'rejected', note, reference };
}

/** POST /api/payment/ozow/notify (application/x-www-form-urlencoded, the raw body as posted). */
export async function handleOzowNotification(env: Env, rawBody: string, now = new Date()): Promise<NotificationResult> {
  const config = ozowConfig(env);
  if ('missing' in config) {
    paymentLog('error', 'ozow notification refused: Ozow is not configured', { missing: config.missing });
    return { httpStatus: 503, outcome: 'rejected', note: 'Ozow is not configured' };
  }
  const posted = [...new URLSearchParams(rawBody)];
  const names = posted.map(([name]) => name.toLowerCase());
  // A field twice would be one value hashed and another read: refused outright.
  if (new Set(names).size !== names.length) return reject('repeated fields');
  // Ozow's names are matched without regard to case (its API answers in camelCase, its posts in PascalCase).
  const byName = new Map(posted.map(([name, value]) => [name.toLowerCase(), value]));
  const value = (name: string) => byName.get(name.toLowerCase());
  const hash = value('Hash')?.trim().toLowerCase();
  if (!hash) return reject('no Hash');
  const values = Object.fromEntries(OZOW_RESPONSE_HASH_ORDER.map((name) => [name, value(name)]));
  const expected = await ozowHash(OZOW_RESPONSE_HASH_ORDER, values, config.privateKey);
  if (!timingSafeEqualText(hash, expected)) {
    return reject('Hash does not match', { transactionReference: value('TransactionReference') ?? null });
  }
  return settleOzowTransaction(
    env,
    config,
    {
      siteCode: value('SiteCode') ?? '',
      transactionId: value('TransactionId') ?? '',
      transactionReference: value('TransactionReference') ?? '',
      amount: value('Amount') ?? '',
      status: value('Status') ?? '',
      currencyCode: value('CurrencyCode') ?? '',
      isTest: value('IsTest')?.trim().toLowerCase() === 'true',
      statusMessage: value('StatusMessage') ?? '',
    },
    'notification',
    Object.fromEntries(posted.filter(([name]) => name.toLowerCase() !== 'hash')),
    now,
  );
}

/** Rand as Ozow writes it ('25.00', '25', 25.5) to integer cents; null when it is not an amount. */
export function ozowAmountCents(amount: string): number | null {
  const text = amount.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [rand, cents = ''] = text.split('.');
  return Number(rand) * 100 + Number(cents.padEnd(2, '0'));
}

const FINAL: Record<string, PaymentOutcome['status']> = {
  complete: 'succeeded',
  cancelled: 'cancelled',
  abandoned: 'cancelled',
  error: 'failed',
};

/** Every check, then the status recorded as its documented meaning says (the head of this file). */
export async function settleOzowTransaction(
  env: Env,
  config: OzowConfig,
  tx: OzowTransaction,
  source: OzowSource,
  raw: unknown,
  now = new Date(),
): Promise<NotificationResult> {
  const fields = { source, transactionId: tx.transactionId || null, transactionReference: tx.transactionReference || null };
  if (tx.siteCode.trim().toLowerCase() !== config.siteCode.toLowerCase())
    return reject('the site code is not ours', { ...fields, siteCode: tx.siteCode });
  // A test transaction never pays an order of a live site, nor a live one a test set-up's.
  if (tx.isTest !== config.isTest) return reject(`IsTest is ${ozowBool(tx.isTest)}, ours is ${ozowBool(config.isTest)}`, fields);
  if (tx.currencyCode.trim().toUpperCase() !== OZOW_CURRENCY)
    return reject('the currency is not ZAR', { ...fields, currency: tx.currencyCode });
  if (!tx.transactionId.trim()) return reject('no TransactionId', fields);
  const checkoutId = tx.transactionReference.trim();
  const order = checkoutId ? await findOrderByCheckout(env.DB, 'ozow', checkoutId) : null;
  if (!order) return reject('the transaction reference is not an Ozow checkout of an order', fields);
  const cents = ozowAmountCents(tx.amount);
  const dueCents = await amountDueCents(env.DB, order);
  if (cents === null || cents !== dueCents) {
    paymentLog('error', 'ozow amount differs from what the order owes: not recorded, needs a person to check', {
      ...fields,
      reference: order.reference,
      amount: tx.amount,
      dueCents,
    });
    return reject('the amount does not match the order', { ...fields, reference: order.reference }, order.reference);
  }

  const status = tx.status.trim().toLowerCase();
  if (status === 'pendinginvestigation') return recordInvestigation(env, order, tx, cents, source, now);
  const outcome = FINAL[status];
  if (!outcome) {
    paymentLog('info', 'ozow status not final yet: nothing recorded', { ...fields, reference: order.reference, status: tx.status });
    return { httpStatus: 200, outcome: 'ignored', note: `status ${tx.status || '(none)'} is not final`, reference: order.reference };
  }
  // One row per transaction and outcome: the payment keeps Ozow's own id, so a repeat (a second
  // notification, or the cron after the notification) changes nothing.
  const providerPaymentId = outcome === 'succeeded' ? tx.transactionId : `${tx.transactionId}:${status}`;
  return recordVerifiedPayment(
    env,
    order,
    { reference: order.reference, provider: 'ozow', providerPaymentId, amountCents: cents, status: outcome, checkoutId, raw },
    now,
    { ...fields, status: tx.status },
    outcome === 'succeeded' ? 'payment recorded' : `${status} recorded`,
  );
}

/** PendingInvestigation: an order event and the business's e-mail, once per transaction; nothing is paid. */
async function recordInvestigation(
  env: Env,
  order: PaymentOrder,
  tx: OzowTransaction,
  cents: number,
  source: OzowSource,
  now: Date,
): Promise<NotificationResult> {
  const providerPaymentId = `${tx.transactionId}:pendinginvestigation`;
  const outcome: PaymentOutcome = {
    reference: order.reference,
    provider: 'ozow',
    providerPaymentId,
    amountCents: cents,
    status: 'failed',
    checkoutId: tx.transactionReference,
    raw: null,
  };
  const notice = await paymentInvestigationEmail(env, order, outcome);
  const note = 'Ozow: the bank gave an inconclusive result; the payment is being verified manually (not paid yet)';
  const details = JSON.stringify({ transactionId: tx.transactionId, source });
  const outbox = notice ? outboxInsertOrIgnore(env.DB, notice, now).toSQL() : null;
  // The event once per transaction (a repeat finds it) and the e-mail (once by its dedupe key), in one batch.
  await env.DB.batch([
    env.DB.prepare(
      `insert into order_events (order_reference, kind, note, actor, details, created_at)
       select ?1, 'payment', ?2, 'system', ?3, ?4
       where not exists (select 1 from order_events where order_reference = ?1 and kind = 'payment'
         and json_extract(details, '$.transactionId') = ?5)`,
    ).bind(order.reference, note, details, now.toISOString(), tx.transactionId),
    ...(outbox ? [env.DB.prepare(outbox.sql).bind(...outbox.params)] : []),
  ]);
  paymentLog('warn', 'ozow payment under investigation: not paid, business told', {
    reference: order.reference,
    transactionId: tx.transactionId,
    source,
  });
  return { httpStatus: 200, outcome: 'ignored', note: 'pending investigation: not paid yet', reference: order.reference };
}

// --- The cron: payments whose notification never came ------------------------------------------

/** A checkout is asked about once it is this old (a notification normally comes within minutes)... */
export const OZOW_SETTLE_AFTER_MS = 15 * 60_000;
/** ...every run during its first hour, then once an hour, until it is this old. */
export const OZOW_SETTLE_UNTIL_MS = 48 * 60 * 60_000;
export const OZOW_SETTLE_BATCH = 25;

const transactionSchema = z
  .object({
    transactionId: z.string().min(1),
    siteCode: z.string(),
    transactionReference: z.string(),
    currencyCode: z.string(),
    amount: z.union([z.number(), z.string()]),
    status: z.string(),
    statusMessage: z.string().nullish(),
    isTest: z.boolean().nullish(),
  })
  .passthrough();

export interface OzowSettleReport {
  asked: number;
  recorded: number;
  failedQueries: number;
}

/** Ozow's answer about one checkout: its transactions, or null when Ozow could not be asked. */
export async function ozowTransactionsOf(config: OzowConfig, checkoutId: string): Promise<z.infer<typeof transactionSchema>[] | null> {
  const query = new URLSearchParams({ siteCode: config.siteCode, transactionReference: checkoutId });
  if (config.isTest) query.set('isTest', 'true');
  try {
    const res = await fetch(`${config.apiBase}/GetTransactionByReference?${query}`, {
      headers: { ApiKey: config.apiKey, Accept: 'application/json' },
      signal: AbortSignal.timeout(OZOW_TIMEOUT_MS),
    });
    if (!res.ok) {
      paymentLog('error', 'ozow status API failed', { checkoutId, status: res.status });
      return null;
    }
    const parsed = z.array(transactionSchema).safeParse(await res.json().catch(() => null));
    if (!parsed.success) {
      paymentLog('error', 'ozow status API answered something else than transactions', { checkoutId });
      return null;
    }
    return parsed.data;
  } catch (err) {
    paymentLog('error', 'ozow status API unreachable', { checkoutId, error: String(err) });
    return null;
  }
}

/**
 * Asks Ozow about each Ozow checkout of an order still awaiting payment that started 15 minutes to
 * 48 hours ago, and records what Ozow reports exactly as a notification would be: so an order never
 * stays pending because one notification was lost.
 */
export async function settlePendingOzowPayments(env: Env, now = new Date()): Promise<OzowSettleReport> {
  const report: OzowSettleReport = { asked: 0, recorded: 0, failedQueries: 0 };
  const config = ozowConfig(env);
  if ('missing' in config) return report;
  const d = database(env.DB);
  const checkouts = await d
    .select({ checkoutId: paymentCheckouts.checkoutId, createdAt: paymentCheckouts.createdAt })
    .from(paymentCheckouts)
    .innerJoin(orders, eq(orders.reference, paymentCheckouts.orderReference))
    .where(
      and(
        eq(paymentCheckouts.provider, 'ozow'),
        inArray(orders.paymentStatus, ['pending', 'part_paid']),
        lte(paymentCheckouts.createdAt, new Date(now.getTime() - OZOW_SETTLE_AFTER_MS).toISOString()),
        gte(paymentCheckouts.createdAt, new Date(now.getTime() - OZOW_SETTLE_UNTIL_MS).toISOString()),
      ),
    )
    .orderBy(paymentCheckouts.createdAt)
    .limit(OZOW_SETTLE_BATCH * 4);
  // Older than an hour: only in the run at the top of the hour, so a stuck checkout costs 1 call an hour.
  const due = checkouts
    .filter((c) => now.getTime() - Date.parse(c.createdAt) < 60 * 60_000 || now.getUTCMinutes() < 5)
    .slice(0, OZOW_SETTLE_BATCH);
  for (const checkout of due) {
    report.asked += 1;
    const transactions = await ozowTransactionsOf(config, checkout.checkoutId);
    if (!transactions) {
      report.failedQueries += 1;
      continue;
    }
    // Complete first: a later cancelled attempt on the same reference must not hide a payment.
    const ordered = [...transactions].sort(
      (a, b) => Number(b.status.toLowerCase() === 'complete') - Number(a.status.toLowerCase() === 'complete'),
    );
    for (const tx of ordered) {
      if (tx.transactionReference !== checkout.checkoutId) continue;
      const status = tx.status.trim().toLowerCase();
      const id = status === 'complete' ? tx.transactionId : `${tx.transactionId}:${status}`;
      if (await isPaymentRecorded(env.DB, id)) continue;
      const result = await settleOzowTransaction(
        env,
        config,
        {
          siteCode: tx.siteCode,
          transactionId: tx.transactionId,
          transactionReference: tx.transactionReference,
          amount: String(tx.amount),
          status: tx.status,
          currencyCode: tx.currencyCode,
          // The API is asked for test transactions only when ours are test ones.
          isTest: tx.isTest ?? config.isTest,
          statusMessage: tx.statusMessage ?? '',
        },
        'status-api',
        tx,
        now,
      );
      if (result.outcome === 'recorded') report.recorded += 1;
    }
  }
  return report;
}
