// Sending the daily report (staff spec section 2.12; DESIGN.md section 7 'transactional outbox'):
// once per date. The date is claimed in daily_reports in the SAME D1 batch as the outbox insert,
// so a rerun, a retry or the button after the cron finds the claim and queues nothing; two at once
// collide on the primary key and the loser's whole batch is rolled back.
// A day that has not ended yet (staff sending today's report by hand) is sent as a partial report
// ('so far, HH:MM') and claims nothing, so the 06:00 run still sends the complete one next morning.
import { eq } from 'drizzle-orm';
import { database } from '../../lib/db';
import { dailyReports, emailOutbox } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import type { DailyReportDto } from '../../shared/insights-api';
import { auditStatement } from './audit';
import { dailyReportDedupeKey, dailyReportEmail } from '../email/daily-report-email';
import { outboxInsert, sendOutboxMessages } from '../email/outbox';
import { dailyReport } from './insights';
import { addDays, southAfricanDay } from '../../shared/sa-time';

export interface DailyReportSendResult {
  date: string;
  /** True when the date had been sent before: nothing was queued this time. */
  alreadySent: boolean;
  /** True when the day had not ended: figures so far, the date not used up. */
  partial: boolean;
  sentBy: string;
  sentAt: string;
  outboxId: number | null;
  figures: DailyReportDto | Record<string, unknown>;
}

export interface SendDailyReportOptions {
  date: string;
  /** 'cron' or the staff session id (the audit log's actor). */
  sentBy: string;
  /** The site's origin for the link in the e-mail; null when unknown (the cron). */
  origin: string | null;
  now?: Date;
}

async function existingSend(db: D1Database, date: string): Promise<DailyReportSendResult | null> {
  const d = database(db);
  const [row] = await d.select().from(dailyReports).where(eq(dailyReports.date, date)).limit(1);
  if (!row) return null;
  const [message] = await d
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, dailyReportDedupeKey(date)))
    .limit(1);
  return {
    date,
    alreadySent: true,
    partial: false,
    sentBy: row.sentBy,
    sentAt: row.createdAt,
    outboxId: message?.id ?? null,
    figures: row.figures,
  };
}

/**
 * Composes the report of `date` (the figures GET /api/admin/insights/daily answers) and queues it
 * to MARKETING_EMAIL, once per date. Without that address: a 503 'not_configured' whose message
 * names no configuration key (the log does).
 */
export async function queueDailyReport(env: Env, options: SendDailyReportOptions): Promise<DailyReportSendResult> {
  const now = options.now ?? new Date();
  const to = env.MARKETING_EMAIL?.trim();
  if (!to) {
    console.error(
      JSON.stringify({
        level: 'error',
        job: 'daily-report',
        date: options.date,
        message: 'daily report not sent: MARKETING_EMAIL is not set',
      }),
    );
    throw new AppError(
      'not_configured',
      'The daily report cannot be sent: no marketing e-mail address is configured yet. Ask whoever runs the site to set one.',
    );
  }
  const before = await existingSend(env.DB, options.date);
  if (before) return before;

  const figures = await dailyReport(env.DB, options.date, now);
  const d = database(env.DB);
  const audit = (partial: boolean) =>
    auditStatement(
      env.DB,
      {
        actor: options.sentBy,
        action: 'report.send',
        target: options.date,
        details: { to, partial, totalVisitors: figures.totalVisitors, highValueLeads: figures.highValueLeads },
      },
      now,
    );

  if (options.date >= southAfricanDay(now)) {
    const [inserted] = await d.batch([outboxInsert(env.DB, dailyReportEmail(env, to, figures, options.origin, now), now), audit(true)]);
    return {
      date: options.date,
      alreadySent: false,
      partial: true,
      sentBy: options.sentBy,
      sentAt: now.toISOString(),
      outboxId: inserted[0]?.id ?? null,
      figures,
    };
  }

  const message = dailyReportEmail(env, to, figures, options.origin);
  try {
    const [, inserted] = await d.batch([
      d.insert(dailyReports).values({
        date: options.date,
        figures: figures as unknown as Record<string, unknown>,
        sentBy: options.sentBy,
        createdAt: now.toISOString(),
      }),
      outboxInsert(env.DB, message, now),
      audit(false),
    ]);
    return {
      date: options.date,
      alreadySent: false,
      partial: false,
      sentBy: options.sentBy,
      sentAt: now.toISOString(),
      outboxId: inserted[0]?.id ?? null,
      figures,
    };
  } catch (err) {
    // Another sender claimed the date between our read and our batch: theirs stands, ours rolled back.
    const winner = await existingSend(env.DB, options.date);
    if (winner) return winner;
    throw err;
  }
}

/** The day the 06:00 report is about: the South African day before the run. */
export function reportDateForCron(scheduledTime: Date): string {
  return addDays(southAfricanDay(scheduledTime), -1);
}

/**
 * The Cron Trigger's part (06:00 SAST): yesterday's report, queued once and sent at once; a send
 * that fails now is retried by the outbox cron. Missing configuration is logged, not thrown: a
 * retry cannot fix it.
 */
export async function runDailyReport(env: Env, scheduledTime: Date): Promise<DailyReportSendResult | null> {
  const date = reportDateForCron(scheduledTime);
  let result: DailyReportSendResult;
  try {
    result = await queueDailyReport(env, {
      date,
      sentBy: 'cron',
      origin: env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '') || null,
      now: scheduledTime,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_configured') return null;
    throw err;
  }
  if (!result.alreadySent && result.outboxId !== null) {
    try {
      await sendOutboxMessages(env, [result.outboxId]);
    } catch (err) {
      console.error(
        JSON.stringify({
          level: 'error',
          job: 'daily-report',
          date,
          message: 'queued, not sent now (the outbox cron retries)',
          error: String(err),
        }),
      );
    }
  }
  console.log(JSON.stringify({ level: 'info', job: 'daily-report', date, alreadySent: result.alreadySent, outboxId: result.outboxId }));
  return result;
}
