import type { Env } from '../env';
import { sendDueEmails } from '../services/email/outbox';
import { runBankTransferFollowUp } from '../services/payments/bank-transfer-follow-up';
import { settlePendingOzowPayments } from '../services/payments/ozow-notify';
import { runDailyReport } from '../services/staff/daily-report';
import { sendVisitReminders } from '../services/bookings/reminders';
import { runDailyRetention } from './daily';

/** 04:00 UTC is 06:00 South African time (no daylight saving). */
export const DAILY_CRON = '0 4 * * *';
/** The e-mail outbox (retries what a request could not send, with each message's back-off), and Ozow payments left pending. */
export const OUTBOX_CRON = '*/5 * * * *';
/**
 * Messages per outbox run, sent one at a time; a run stops claiming after SEND_RUN_DEADLINE_MS
 * (services/email/outbox.ts), so slow sends leave the rest for the next run.
 */
export const OUTBOX_BATCH = 50;

/** Cron Triggers: each schedule in wrangler.toml maps to its jobs here. */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  if (controller.cron === DAILY_CRON) {
    // Yesterday's daily report (once per date), retention, the bank-transfer reminders and expiry,
    // and tomorrow's site-visit reminders, each regardless of the others' failure.
    const now = new Date(controller.scheduledTime);
    const outcomes = await Promise.allSettled([
      runDailyReport(env, now),
      runDailyRetention(env, now),
      runBankTransferFollowUp(env, now),
      sendVisitReminders(env, now),
    ]);
    const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (outcomes[0].status === 'rejected')
      console.error(JSON.stringify({ level: 'error', job: 'daily-report', message: String(outcomes[0].reason) }));
    if (outcomes[2].status === 'rejected')
      console.error(JSON.stringify({ level: 'error', job: 'bank-transfer-follow-up', message: String(outcomes[2].reason) }));
    else if (outcomes[2].value.bankTransferReminders + outcomes[2].value.bankTransferExpired > 0)
      console.log(JSON.stringify({ level: 'info', job: 'bank-transfer-follow-up', ...outcomes[2].value }));
    if (outcomes[3].status === 'rejected')
      console.error(JSON.stringify({ level: 'error', job: 'visit-reminders', message: String(outcomes[3].reason) }));
    else if (outcomes[3].value.visitReminders > 0)
      console.log(JSON.stringify({ level: 'info', job: 'visit-reminders', ...outcomes[3].value }));
    if (failure) throw failure.reason;
    return;
  }
  if (controller.cron === OUTBOX_CRON) {
    const now = new Date(controller.scheduledTime);
    // Ozow payments whose notification never came are asked about first, so their receipts go out in this run.
    const settled = await settlePendingOzowPayments(env, now).catch((err: unknown) => {
      console.error(JSON.stringify({ level: 'error', job: 'ozow-settle', message: String(err) }));
      return null;
    });
    if (settled && settled.asked > 0) console.log(JSON.stringify({ level: 'info', job: 'ozow-settle', ...settled }));
    const result = await sendDueEmails(env, now, OUTBOX_BATCH);
    if (result.claimed > 0) console.log(JSON.stringify({ level: 'info', job: 'email-outbox', ...result }));
    return;
  }
  console.warn(JSON.stringify({ level: 'warn', message: `No jobs for cron '${controller.cron}'` }));
}
