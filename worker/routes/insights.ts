import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { requireStaff, staffActor } from '../middleware/require-staff';
import { queueDailyReport } from '../services/staff/daily-report';
import { sendOutboxMessages } from '../services/email/outbox';
import { dailyReport } from '../services/staff/insights';
import { realtimeInsights } from '../services/staff/realtime-insights';
import { formatSouthAfricanTime, southAfricanDay } from '../shared/sa-time';
import {
  dailyQuerySchema,
  sendDailySchema,
  type DailyReportResponse,
  type RealtimeInsightsResponse,
  type SendDailyResponse,
} from '../shared/insights-api';

/**
 * Marketing insights for staff (staff spec sections 2.12, 7): realtime insights, the daily report
 * of a South African day (default today), and sending that report by e-mail once per date. A
 * repeat send answers 200 with alreadySent: true and queues nothing (the button and the cron can
 * both ask safely).
 */
export const insightsRoutes = new Hono<AppBindings>()
  .use('*', requireStaff)
  .get('/realtime', async (c) => c.json({ success: true, insights: await realtimeInsights(c.env.DB) } satisfies RealtimeInsightsResponse))
  .get('/daily', validate('query', dailyQuerySchema), async (c) => {
    const date = c.req.valid('query').date ?? southAfricanDay(new Date());
    return c.json({ success: true, ...(await dailyReport(c.env.DB, date)) } satisfies DailyReportResponse);
  })
  // The spec posts an empty JSON body; an absent body is read as {} too.
  .post(
    '/send-daily',
    async (c, next) => (c.req.header('Content-Length') === '0' || !c.req.raw.body ? next() : jsonBody(1024)(c, next)),
    async (c) => {
      const raw = c.req.raw.body ? await c.req.text() : '';
      let body: unknown = {};
      try {
        if (raw.trim()) body = JSON.parse(raw);
      } catch {
        throw new AppError('malformed_json', 'Malformed JSON in request body');
      }
      const parsed = sendDailySchema.safeParse(body);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
        throw new AppError('validation_error', issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '), { issues });
      }
      const date = parsed.data.date ?? southAfricanDay(new Date());
      const result = await queueDailyReport(c.env, { date, sentBy: staffActor(c), origin: new URL(c.req.url).origin });
      if (!result.alreadySent && result.outboxId !== null) {
        const id = result.outboxId;
        // Sent straight after answering; the outbox cron retries it if this fails.
        c.executionCtx.waitUntil(
          sendOutboxMessages(c.env, [id]).catch((err) =>
            console.error(JSON.stringify({ level: 'error', message: 'daily report not sent now', error: String(err) })),
          ),
        );
      }
      const answer: SendDailyResponse = {
        success: true,
        date,
        alreadySent: result.alreadySent,
        partial: result.partial,
        sentBy: result.sentBy,
        sentAt: result.sentAt,
        outboxId: result.outboxId,
        message: result.alreadySent
          ? `The daily report for ${date} was already sent (${result.sentAt}); it is sent once per date.`
          : result.partial
            ? `The report for ${date} so far (${formatSouthAfricanTime(new Date(result.sentAt))}) is queued for the marketing address; the day has not ended, so the complete report follows the next morning.`
            : `The daily report for ${date} is queued for the marketing address.`,
      };
      return c.json(answer);
    },
  );
