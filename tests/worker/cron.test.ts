import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { DAILY_CRON } from '../../worker/cron';
import { ENQUIRY_RETENTION_DAYS, OUTBOX_BODY_RETENTION_DAYS, QUOTE_RETENTION_DAYS } from '../../worker/shared/retention-schedule';

async function runDaily(now: number) {
  const controller = createScheduledController({ cron: DAILY_CRON, scheduledTime: now });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

describe('daily cron (06:00 SAST)', () => {
  it('deletes enquiries older than the retention period and keeps newer ones', async () => {
    const now = Date.parse('2026-11-22T04:00:00Z');
    const old = new Date(now - (ENQUIRY_RETENTION_DAYS + 1) * 86_400_000).toISOString();
    const recent = new Date(now - 10 * 86_400_000).toISOString();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO leads (id, name, email, source, created_at) VALUES ('old-lead', 'Old', 'old@example.co.za', 'other', ?)`,
      ).bind(old),
      env.DB.prepare(
        `INSERT INTO leads (id, name, email, source, created_at) VALUES ('new-lead', 'New', 'new@example.co.za', 'other', ?)`,
      ).bind(recent),
      env.DB.prepare(
        `INSERT INTO customer_details (id, name, whatsapp, email, created_at) VALUES ('old-cd', 'Old', '082', 'old@example.co.za', ?)`,
      ).bind(old),
    ]);
    await runDaily(now);
    const ids = (await env.DB.prepare('SELECT id FROM leads').all<{ id: string }>()).results.map((r) => r.id);
    expect(ids).toContain('new-lead');
    expect(ids).not.toContain('old-lead');
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM customer_details WHERE id = 'old-cd'`).first('n')).toBe(0);
  });

  it('applies the whole retention schedule and logs one JSON line with the counts', async () => {
    const now = Date.parse('2026-11-22T04:00:00Z');
    const old = (days: number) => new Date(now - (days + 1) * 86_400_000).toISOString();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO quotes (id, quote_date, valid_until, customer_name, lines, total_cents, total_quantity, origin, access_key, created_at)
         VALUES ('CB-900001', ?, ?, 'Old', '[]', 100, 1, 'email', 'k', ?)`,
      ).bind(old(QUOTE_RETENTION_DAYS), old(QUOTE_RETENTION_DAYS), old(QUOTE_RETENTION_DAYS)),
      env.DB.prepare(
        `INSERT INTO email_outbox (dedupe_key, kind, to_address, subject, html, text, status, next_attempt_at, sent_at, created_at)
         VALUES ('cron-retention', 'test', 'old@example.co.za', 'Old', '<p>x</p>', 'x', 'sent', ?, ?, ?)`,
      ).bind(old(OUTBOX_BODY_RETENTION_DAYS), old(OUTBOX_BODY_RETENTION_DAYS), old(OUTBOX_BODY_RETENTION_DAYS)),
    ]);
    await env.MEDIA.put('chat/cron-retention/1.jpg', new Uint8Array([1]));
    const log = vi.spyOn(console, 'log');
    try {
      await runDaily(now);
      const lines = log.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('"job":"retention"'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 'info',
        job: 'retention',
        leadsDeleted: expect.any(Number),
        outboxBodiesCleared: expect.any(Number),
        quotesDeleted: expect.any(Number),
        photosDeleted: expect.any(Number),
      });
    } finally {
      log.mockRestore();
    }
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM quotes WHERE id = 'CB-900001'`).first('n')).toBe(0);
    expect(await env.DB.prepare(`SELECT html, text FROM email_outbox WHERE dedupe_key = 'cron-retention'`).first()).toEqual({
      html: '',
      text: '',
    });
    // The photo was uploaded just now (R2 upload dates cannot be set): the cron's `now` keeps it.
    expect(await env.MEDIA.head('chat/cron-retention/1.jpg')).not.toBeNull();
  });

  it('queues the daily report of the previous South African day to the marketing address, once', async () => {
    const now = Date.parse('2026-11-24T04:00:00Z'); // 06:00 SAST on 24 November: the report of the 23rd
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM daily_reports WHERE date = '2026-11-23'`).first('n')).toBe(0);
    await runDaily(now);
    await runDaily(now);
    const mails = (
      await env.DB.prepare(`SELECT to_address FROM email_outbox WHERE dedupe_key = 'daily-report:2026-11-23'`).all<{ to_address: string }>()
    ).results;
    expect(mails).toEqual([{ to_address: 'marketing@example.co.za' }]);
    expect(await env.DB.prepare(`SELECT sent_by FROM daily_reports WHERE date = '2026-11-23'`).first('sent_by')).toBe('cron');
  });
});
