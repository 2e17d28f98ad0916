import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { DAILY_CRON } from '../../worker/cron';
import { AppError } from '../../worker/lib/errors';
import { queueDailyReport, reportDateForCron } from '../../worker/services/staff/daily-report';
import { get, postJson } from './helpers';

async function runDailyCron(scheduledTime: string) {
  const controller = createScheduledController({ cron: DAILY_CRON, scheduledTime: Date.parse(scheduledTime) });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

async function staffCookie(): Promise<string> {
  const res = await postJson(
    '/api/admin/session',
    { pin: '4321' },
    { 'CF-Connecting-IP': `198.51.100.${Math.floor(Math.random() * 200) + 20}` },
  );
  expect(res.status).toBe(200);
  return res.headers.get('Set-Cookie')!.split(';')[0]!;
}

async function reportMails(date: string) {
  return (
    await env.DB.prepare('SELECT id, to_address, subject, text, html FROM email_outbox WHERE kind = ? AND dedupe_key = ?')
      .bind('daily-report', `daily-report:${date}`)
      .all<any>()
  ).results;
}

const withoutGeneratedAt = ({ generatedAt: _g, success: _s, ...rest }: Record<string, unknown>) => rest;

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO analytics_events (kind, day, visitor, created_at) VALUES ('visit', '2026-04-01', 'a', '2026-04-01T08:00:00.000Z'), ('visit', '2026-04-01', 'b', '2026-04-01T09:00:00.000Z')`,
    ),
    env.DB.prepare(
      `INSERT INTO leads (id, name, email, phone, location, source, product_interest, created_at) VALUES ('DR1', 'Dee', 'dee@example.co.za', '0821234567', 'Sedgefield', 'other', 'roller-sheer', '2026-04-01T10:00:00.000Z')`,
    ),
  ]);
});

describe('the daily report is queued once per date', () => {
  it('the 06:00 cron reports the previous South African day', () => {
    expect(reportDateForCron(new Date('2026-04-02T04:00:00Z'))).toBe('2026-04-01');
    // 23:30 UTC is already the next day in South Africa.
    expect(reportDateForCron(new Date('2026-04-01T23:30:00Z'))).toBe('2026-04-01');
  });

  it('cron twice: one e-mail to the marketing address, with the figures GET daily answers', async () => {
    await runDailyCron('2026-04-02T04:00:00Z');
    await runDailyCron('2026-04-02T04:00:00Z');
    const mails = await reportMails('2026-04-01');
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe('marketing@example.co.za');
    expect(mails[0].subject).toContain('Daily report for 1 April 2026');
    expect(mails[0].text).toContain('Visitors: 2');
    expect(mails[0].text).toContain('High-value leads (score 70+): 1');
    expect(mails[0].text).toContain('Conversion rate: 0.0%');
    expect(mails[0].text).toContain('- Sedgefield: 1 lead, average score 70');
    expect(mails[0].text).toContain('- Roller Blind - Sheer: 1 mention, 0 orders');
    expect(mails[0].html).toContain('Sedgefield');

    const claims = (await env.DB.prepare(`SELECT date, sent_by, figures FROM daily_reports WHERE date = '2026-04-01'`).all<any>()).results;
    expect(claims).toHaveLength(1);
    expect(claims[0].sent_by).toBe('cron');
    const page = await (await get('/api/admin/insights/daily?date=2026-04-01', { Cookie: await staffCookie() })).json<any>();
    expect(withoutGeneratedAt(JSON.parse(claims[0].figures))).toEqual(withoutGeneratedAt(page));
    expect(page.totalVisitors).toBe(2);
  });

  it('cron then the button: the button answers alreadySent and queues nothing', async () => {
    const res = await postJson('/api/admin/insights/send-daily', { date: '2026-04-01' }, { Cookie: await staffCookie() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, date: '2026-04-01', alreadySent: true, sentBy: 'cron' });
    expect(await reportMails('2026-04-01')).toHaveLength(1);
  });

  it('the button then the cron: queued by the button (audited as report.send), the cron sends nothing more', async () => {
    const cookie = await staffCookie();
    const first = await postJson('/api/admin/insights/send-daily', { date: '2026-04-05' }, { Cookie: cookie });
    expect(first.status).toBe(200);
    const body = await first.json<any>();
    expect(body).toMatchObject({ success: true, date: '2026-04-05', alreadySent: false, outboxId: expect.any(Number) });
    await runDailyCron('2026-04-06T04:00:00Z');
    const again = await (await postJson('/api/admin/insights/send-daily', { date: '2026-04-05' }, { Cookie: cookie })).json<any>();
    expect(again).toMatchObject({ alreadySent: true, outboxId: body.outboxId });
    const mails = await reportMails('2026-04-05');
    expect(mails).toHaveLength(1);
    expect(mails[0].html).toContain('https://shop.test/marketing-insights?date=2026-04-05');
    const audit = (
      await env.DB.prepare(`SELECT actor, action, target FROM audit_log WHERE action = 'report.send' AND target = '2026-04-05'`).all<any>()
    ).results;
    expect(audit).toHaveLength(1);
    expect(audit[0].actor).not.toBe('cron');
  });

  it('two senders at once: one e-mail', async () => {
    const results = await Promise.all([
      queueDailyReport(env, { date: '2026-04-07', sentBy: 'one', origin: null }),
      queueDailyReport(env, { date: '2026-04-07', sentBy: 'two', origin: null }),
    ]);
    expect(results.filter((r) => !r.alreadySent)).toHaveLength(1);
    expect(await reportMails('2026-04-07')).toHaveLength(1);
  });

  it('an empty JSON body sends today; a bad date is refused with 400', async () => {
    const cookie = await staffCookie();
    const today = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);
    const res = await postJson('/api/admin/insights/send-daily', {}, { Cookie: cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ date: today, alreadySent: false, partial: true });
    // Today has not ended: a partial report, the date not used up.
    expect(await reportMails(today)).toHaveLength(0);
    const bad = await postJson('/api/admin/insights/send-daily', { date: '2026-13-01' }, { Cookie: cookie });
    expect(bad.status).toBe(400);
  });

  it("today's report by hand is partial ('so far, HH:MM') and does not stop the 06:00 run sending the complete one", async () => {
    // 14:30 in South Africa on 10 April.
    const midday = new Date('2026-04-10T12:30:00Z');
    const first = await queueDailyReport(env, { date: '2026-04-10', sentBy: 'staff-a', origin: null, now: midday });
    expect(first).toMatchObject({ alreadySent: false, partial: true, outboxId: expect.any(Number) });
    const again = await queueDailyReport(env, {
      date: '2026-04-10',
      sentBy: 'staff-a',
      origin: null,
      now: new Date('2026-04-10T13:00:00Z'),
    });
    expect(again).toMatchObject({ alreadySent: false, partial: true });
    expect(again.outboxId).not.toBe(first.outboxId);
    const partials = (
      await env.DB.prepare(
        `SELECT subject, text, dedupe_key FROM email_outbox WHERE kind = 'daily-report' AND dedupe_key LIKE 'daily-report:2026-04-10:%' ORDER BY id`,
      ).all<any>()
    ).results;
    expect(partials).toHaveLength(2);
    expect(partials[0].subject).toContain('Daily report for 10 April 2026 (partial, so far, 14:30)');
    expect(partials[0].text).toContain('The complete report follows the next morning.');
    expect(partials[1].subject).toContain('so far, 15:00');
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM daily_reports WHERE date = '2026-04-10'`).first('n')).toBe(0);
    const audit = (await env.DB.prepare(`SELECT details FROM audit_log WHERE action = 'report.send' AND target = '2026-04-10'`).all<any>())
      .results;
    expect(audit.map((a) => JSON.parse(a.details).partial)).toEqual([true, true]);

    await runDailyCron('2026-04-11T04:00:00Z');
    const complete = await reportMails('2026-04-10');
    expect(complete).toHaveLength(1);
    expect(complete[0].subject).not.toContain('partial');
    const claim = await env.DB.prepare(`SELECT sent_by FROM daily_reports WHERE date = '2026-04-10'`).first<any>();
    expect(claim.sent_by).toBe('cron');
    // Once the day has ended, the button finds the complete report sent.
    const after = await queueDailyReport(env, {
      date: '2026-04-10',
      sentBy: 'staff-a',
      origin: null,
      now: new Date('2026-04-11T08:00:00Z'),
    });
    expect(after).toMatchObject({ alreadySent: true, partial: false, sentBy: 'cron' });
  });

  it('without a marketing address: 503 with a message naming no configuration key; the key is logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const error = await queueDailyReport({ ...env, MARKETING_EMAIL: ' ' }, { date: '2026-04-09', sentBy: 'x', origin: null }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(503);
      expect((error as AppError).message).not.toMatch(/MARKETING_EMAIL|[A-Z]{3,}_[A-Z]+/);
      expect(log.mock.calls.some(([line]) => String(line).includes('MARKETING_EMAIL'))).toBe(true);
    } finally {
      log.mockRestore();
    }
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM daily_reports WHERE date = '2026-04-09'`).first('n')).toBe(0);
  });
});
