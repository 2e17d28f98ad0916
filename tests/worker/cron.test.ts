import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { DAILY_CRON } from '../../worker/cron';
import { ENQUIRY_RETENTION_DAYS } from '../../worker/cron/daily';

describe('daily cron (06:00 SAST)', () => {
  it('deletes enquiries older than the retention period and keeps newer ones', async () => {
    const now = Date.parse('2026-11-22T04:00:00Z');
    const old = new Date(now - (ENQUIRY_RETENTION_DAYS + 1) * 86_400_000).toISOString();
    const recent = new Date(now - 10 * 86_400_000).toISOString();
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO leads (id, name, email, source, created_at) VALUES ('old-lead', 'Old', 'old@example.co.za', 'other', ?)`).bind(old),
      env.DB.prepare(`INSERT INTO leads (id, name, email, source, created_at) VALUES ('new-lead', 'New', 'new@example.co.za', 'other', ?)`).bind(recent),
      env.DB.prepare(`INSERT INTO customer_details (id, name, whatsapp, email, created_at) VALUES ('old-cd', 'Old', '082', 'old@example.co.za', ?)`).bind(old),
    ]);
    const controller = createScheduledController({ cron: DAILY_CRON, scheduledTime: now });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const ids = (await env.DB.prepare('SELECT id FROM leads').all<{ id: string }>()).results.map((r) => r.id);
    expect(ids).toContain('new-lead');
    expect(ids).not.toContain('old-lead');
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM customer_details WHERE id = 'old-cd'`).first('n')).toBe(0);
  });
});
