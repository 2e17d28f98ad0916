// The e-mail outbox (DESIGN.md sections 4, 5, 7): enqueue once per cause, claim before
// sending, the local sender and Resend over HTTP against the stand-in, back-off and giving up, the
// length of a sending run and the staff API. The Cloudflare send_email binding and the cron that
// drives the outbox: outbox-cloudflare.test.ts.
import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_BATCH } from '../../worker/cron';
import {
  backoffMinutes,
  enqueueEmail,
  getOutboxMessage,
  MAX_SEND_ATTEMPTS,
  SEND_RUN_DEADLINE_MS,
  sendDueEmails,
  STALE_CLAIM_MS,
} from '../../worker/services/email/outbox';
import { SEND_TIMEOUT_MS } from '../../worker/services/email/senders';
import { RESEND_FAIL_KEY, RESEND_INVALID_KEY, RESEND_LOST_ANSWER_KEY, RESEND_RATE_LIMITED_KEY } from '../stand-ins/resend';
import { BASE, get, postJson } from './helpers';
import { delivered, message, MINUTE, recordedRequests, resendEnv, row, withEmail } from './outbox-fixtures';

beforeEach(async () => {
  // Each test file has its own D1: this only clears this file's messages.
  await env.DB.prepare('DELETE FROM email_outbox').run();
});

describe('enqueueEmail', () => {
  it('stores a message once per dedupe key and answers the same id again', async () => {
    const m = message();
    const id = await enqueueEmail(env.DB, m);
    expect(await enqueueEmail(env.DB, { ...m, subject: 'Another subject' })).toBe(id);
    const rows = (await env.DB.prepare('SELECT * FROM email_outbox WHERE dedupe_key = ?').bind(m.dedupeKey).all<any>()).results;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      to_address: 'naledi@example.co.za',
      subject: m.subject,
      html: m.html,
      text: m.text,
    });
  });

  it('keeps header fields on one line (no header injection through a subject or name)', async () => {
    const id = await enqueueEmail(env.DB, message({ subject: 'Quote\r\nBcc: victim@example.com', toName: 'Naledi\nX-Evil: 1' }));
    const stored = await env.DB.prepare('SELECT subject, to_name FROM email_outbox WHERE id = ?').bind(id).first<any>();
    expect(stored).toEqual({ subject: 'Quote Bcc: victim@example.com', to_name: 'Naledi X-Evil: 1' });
  });
});

describe('local sender (EMAIL_PROVIDER unset)', () => {
  it("marks the message sent with provider id 'local-<id>'; html and text stay in the outbox", async () => {
    const id = await enqueueEmail(env.DB, message());
    const now = new Date();
    expect(await sendDueEmails(withEmail({ EMAIL_PROVIDER: undefined }), now)).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 0 });
    const sent = await row(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, provider_message_id: `local-${id}`, last_error: null });
    expect(sent.sent_at).not.toBeNull();
    // Sent messages are not sent again.
    expect((await sendDueEmails(env, new Date(now.getTime() + 60 * MINUTE))).claimed).toBe(0);
  });

  it('a message scheduled for later waits for its time', async () => {
    const id = await enqueueEmail(env.DB, message(), new Date(Date.now() + 5 * MINUTE));
    expect((await sendDueEmails(env, new Date())).claimed).toBe(0);
    expect((await sendDueEmails(env, new Date(Date.now() + 6 * MINUTE))).sent).toBe(1);
    expect((await row(id)).status).toBe('sent');
  });
});

describe('Resend sender (against the stand-in)', () => {
  it('speaks the wire format: POST /emails, Bearer key, the dedupe key as Idempotency-Key, JSON from/to/subject/html/text/reply_to', async () => {
    const config = resendEnv();
    const m = message();
    const id = await enqueueEmail(env.DB, m);
    expect((await sendDueEmails(config, new Date())).sent).toBe(1);
    const [request, ...others] = await recordedRequests(config.EMAIL_API_KEY!);
    expect(others).toEqual([]);
    expect(request).toMatchObject({ method: 'POST', path: '/emails' });
    expect(request!.headers.authorization).toBe(`Bearer ${config.EMAIL_API_KEY}`);
    expect(request!.headers['idempotency-key']).toBe(m.dedupeKey);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      from: 'Custom Blinds <quotes@example.co.za>',
      to: ['naledi@example.co.za'],
      subject: m.subject,
      html: m.html,
      text: m.text,
      reply_to: 'info@example.co.za',
    });
    const [copy] = await delivered(config.EMAIL_API_KEY!, m.dedupeKey);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, provider_message_id: copy!.id });
  });

  it('EMAIL_FROM defaults to the business name at the placeholder address', async () => {
    const config = withEmail({ ...resendEnv(), EMAIL_FROM: undefined, BUSINESS_NAME: 'Blinds & Co' });
    await enqueueEmail(env.DB, message());
    await sendDueEmails(config, new Date());
    const [request] = await recordedRequests(config.EMAIL_API_KEY!);
    expect(request!.body.from).toBe('Blinds & Co <no-reply@example.co.za>');
  });

  it('an answer lost in a 500 is retried after the back-off with the same Idempotency-Key: delivered once', async () => {
    const config = resendEnv(RESEND_LOST_ANSWER_KEY);
    const m = message();
    const id = await enqueueEmail(env.DB, m);
    const now = Date.now();
    expect(await sendDueEmails(config, new Date(now))).toEqual({ claimed: 1, sent: 0, retrying: 1, failed: 0 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.last_error).toContain('Resend answered 500');
    expect(Date.parse(waiting.next_attempt_at)).toBe(now + backoffMinutes(1) * MINUTE);
    // Not before its time...
    expect((await sendDueEmails(config, new Date(now + MINUTE))).claimed).toBe(0);
    // ...then once more, and the provider answers the message it already has.
    expect((await sendDueEmails(config, new Date(now + 3 * MINUTE))).sent).toBe(1);
    const copies = await delivered(RESEND_LOST_ANSWER_KEY, m.dedupeKey);
    expect(copies).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, provider_message_id: copies[0]!.id, last_error: null });
  });

  it(`a provider that keeps failing (500): retried with growing back-off, then 'failed' after ${MAX_SEND_ATTEMPTS} attempts`, async () => {
    const config = resendEnv(RESEND_FAIL_KEY);
    const m = message();
    const id = await enqueueEmail(env.DB, m);
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt++) {
      const report = await sendDueEmails(config, new Date(now));
      expect(report.claimed, `attempt ${attempt}`).toBe(1);
      const current = await row(id);
      expect(current.attempts).toBe(attempt);
      if (attempt < MAX_SEND_ATTEMPTS) {
        expect(current.status).toBe('pending');
        expect(Date.parse(current.next_attempt_at) - now).toBe(2 ** attempt * MINUTE);
        now = Date.parse(current.next_attempt_at);
      } else {
        expect(current.status).toBe('failed');
        expect(current.last_error).toContain('Resend answered 500');
      }
    }
    expect((await sendDueEmails(config, new Date(now + 1000 * MINUTE))).claimed).toBe(0);
    const attempts = (await recordedRequests(RESEND_FAIL_KEY)).filter((r) => r.headers['idempotency-key'] === m.dedupeKey);
    expect(attempts).toHaveLength(MAX_SEND_ATTEMPTS);
  });

  it('a 422 is permanent: failed at once, not retried', async () => {
    const id = await enqueueEmail(env.DB, message());
    expect(await sendDueEmails(resendEnv(RESEND_INVALID_KEY), new Date())).toEqual({ claimed: 1, sent: 0, retrying: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(id)).last_error).toContain('422');
  });

  it('a 429 is retried later', async () => {
    const id = await enqueueEmail(env.DB, message());
    expect((await sendDueEmails(resendEnv(RESEND_RATE_LIMITED_KEY), new Date())).retrying).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('an unreachable provider is retried later', async () => {
    const id = await enqueueEmail(env.DB, message());
    const config = withEmail({ ...resendEnv(), EMAIL_API_BASE: 'http://127.0.0.1:9' });
    expect((await sendDueEmails(config, new Date())).retrying).toBe(1);
    expect((await row(id)).last_error).toContain('Could not reach');
  });

  it('two senders running at once (a request and the cron) send each message once', async () => {
    const config = resendEnv();
    const messages = [message(), message(), message()];
    for (const m of messages) await enqueueEmail(env.DB, m);
    const now = new Date();
    const reports = await Promise.all([sendDueEmails(config, now), sendDueEmails(config, now), sendDueEmails(config, now)]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(3);
    const requests = await recordedRequests(config.EMAIL_API_KEY!);
    expect(requests.map((r) => r.headers['idempotency-key']).sort()).toEqual(messages.map((m) => m.dedupeKey).sort());
  });

  it('a claim left behind by a sender that died is taken over once stale, never while its run may still be sending', async () => {
    const config = resendEnv();
    const stale = await enqueueEmail(env.DB, message());
    const fresh = await enqueueEmail(env.DB, message());
    const now = Date.now();
    await env.DB.prepare(`UPDATE email_outbox SET status = 'sending', attempts = 1, claimed_at = ? WHERE id = ?`)
      .bind(new Date(now - STALE_CLAIM_MS - MINUTE).toISOString(), stale)
      .run();
    // Claimed at the start of a run whose last send may still be under way.
    const lastPossibleSend = SEND_RUN_DEADLINE_MS + SEND_TIMEOUT_MS;
    await env.DB.prepare(`UPDATE email_outbox SET status = 'sending', attempts = 1, claimed_at = ? WHERE id = ?`)
      .bind(new Date(now - lastPossibleSend).toISOString(), fresh)
      .run();
    expect(await sendDueEmails(config, new Date(now))).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(stale)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await row(fresh)).toMatchObject({ status: 'sending', attempts: 1 });
  });
});

describe('the length of a sending run', () => {
  it('a run stops claiming at its deadline, well inside the 5-minute cron, and a claim outlives the longest run', () => {
    // Without a deadline a full batch of slow sends would outlast the cron interval.
    expect(OUTBOX_BATCH * SEND_TIMEOUT_MS).toBeGreaterThan(5 * MINUTE);
    expect(SEND_RUN_DEADLINE_MS).toBeLessThanOrEqual(4 * MINUTE);
    // A claim carries its run's start: the last send starts before the deadline and ends within the timeout.
    expect(STALE_CLAIM_MS).toBeGreaterThanOrEqual(1.5 * (SEND_RUN_DEADLINE_MS + SEND_TIMEOUT_MS));
  });

  it('slow sends: the run claims nothing after its deadline, and the rest waits (pending, untried) for the next run', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await enqueueEmail(env.DB, message()));
    let clock = 0;
    // Each look at the clock is 90 s later: as if every send took that long.
    const report = await sendDueEmails(env, new Date(), OUTBOX_BATCH, { clock: () => (clock += 90_000) });
    expect(report).toEqual({ claimed: 2, sent: 2, retrying: 0, failed: 0 });
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
    ]);
    expect((await sendDueEmails(env, new Date())).sent).toBe(3);
  });
});

describe('staff API /api/admin/outbox', () => {
  let ipCounter = 0;
  async function staffCookie(): Promise<string> {
    const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': `192.0.2.${200 + (ipCounter++ % 50)}` });
    expect(res.status).toBe(200);
    return res.headers.get('Set-Cookie')!.split(';')[0]!;
  }

  function retry(id: number | string, cookie?: string) {
    return SELF.fetch(`${BASE}/api/admin/outbox/${id}/retry`, { method: 'POST', headers: cookie ? { Cookie: cookie } : {} });
  }

  it('answers 401 without a staff session, for every route', async () => {
    const id = await enqueueEmail(env.DB, message());
    for (const res of [
      await get('/api/admin/outbox'),
      await get(`/api/admin/outbox/${id}`),
      await retry(id),
      await get('/api/admin/outbox', { Cookie: 'cb_staff=forged' }),
    ]) {
      expect(res.status).toBe(401);
      expect((await res.json<any>()).error).toBe('unauthorized');
    }
  });

  it('shows a message as its recipient reads it, sandboxed, to staff only', async () => {
    const id = await enqueueEmail(env.DB, message());
    expect((await get(`/api/admin/outbox/${id}/html`)).status).toBe(401);
    const res = await get(`/api/admin/outbox/${id}/html`, { Cookie: await staffCookie() });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'self'",
    );
    // The staff outbox screen shows it in a frame; nothing else may.
    expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(await res.text()).toBe((await getOutboxMessage(env.DB, id))!.html);
  });

  it('lists messages newest first without their bodies, filters by status, and counts each status', async () => {
    const cookie = await staffCookie();
    const first = await enqueueEmail(env.DB, message());
    const second = await enqueueEmail(env.DB, message());
    await sendDueEmails(env, new Date());
    const third = await enqueueEmail(env.DB, message());
    const all = await (await get('/api/admin/outbox', { Cookie: cookie })).json<any>();
    expect(all.messages.map((m: any) => m.id)).toEqual([third, second, first]);
    expect(all.counts).toEqual({ pending: 1, sending: 0, sent: 2, failed: 0, erased: 0 });
    expect(all.messages[0]).toMatchObject({
      id: third,
      kind: 'test',
      to_address: 'naledi@example.co.za',
      to_name: 'Naledi Khumalo',
      status: 'pending',
      attempts: 0,
    });
    expect(all.messages[0]).not.toHaveProperty('html');
    expect(all.messages[0]).not.toHaveProperty('text');
    const sent = await (await get('/api/admin/outbox?status=sent&limit=1', { Cookie: cookie })).json<any>();
    expect(sent.messages.map((m: any) => m.id)).toEqual([second]);
    const bad = await get('/api/admin/outbox?status=lost', { Cookie: cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json<any>()).message).toContain('status');
    expect((await get('/api/admin/outbox?limit=0', { Cookie: cookie })).status).toBe(400);
  });

  it('filters by words of the dedupe key or the address (order reference, lead id) and by South African days', async () => {
    const cookie = await staffCookie();
    const order = await enqueueEmail(env.DB, message({ dedupeKey: 'order-confirmation:CB-FILTER00001:customer' }));
    const lead = await enqueueEmail(env.DB, message({ dedupeKey: 'lead-notification:L_FILTER%', to: 'Sipho@Example.co.za' }));
    // Queued at these instants (created_at is the database's clock).
    const queuedAt = env.DB.prepare('UPDATE email_outbox SET created_at = ? WHERE id = ?');
    await env.DB.batch([queuedAt.bind('2026-03-01T22:30:00.000Z', order), queuedAt.bind('2026-03-02T08:00:00.000Z', lead)]);
    const ids = async (query: string) =>
      ((await (await get(`/api/admin/outbox?${query}`, { Cookie: cookie })).json<any>()).messages as any[]).map((m) => m.id);
    expect(await ids('q=cb-filter00001')).toEqual([order]);
    expect(await ids('q=sipho@example')).toEqual([lead]);
    // '%' is a plain character, not a wildcard.
    expect(await ids(`q=${encodeURIComponent('L_FILTER%')}`)).toEqual([lead]);
    expect(await ids(`q=${encodeURIComponent('FILTER%25')}`)).toEqual([]);
    // 22:30 UTC on 1 March is 2 March in South Africa.
    expect(await ids('from=2026-03-02&to=2026-03-02&q=filter')).toEqual([lead, order]);
    expect(await ids('from=2026-03-03&q=filter')).toEqual([]);
    expect(await ids('to=2026-03-01&q=filter')).toEqual([]);
    expect(await ids('status=sent&q=filter')).toEqual([]);
    const bad = await get('/api/admin/outbox?from=2026-03-05&to=2026-03-01', { Cookie: cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json<any>()).message).toContain("'from' must not be after 'to'");
    expect((await get('/api/admin/outbox?from=2026-02-30', { Cookie: cookie })).status).toBe(400);
  });

  it('shows one message in full (html and text), 404 for an unknown id, 400 for a bad one', async () => {
    const cookie = await staffCookie();
    const m = message();
    const id = await enqueueEmail(env.DB, m);
    const res = await get(`/api/admin/outbox/${id}`, { Cookie: cookie });
    expect(res.status).toBe(200);
    expect((await res.json<any>()).message).toMatchObject({
      id,
      dedupe_key: m.dedupeKey,
      subject: m.subject,
      html: m.html,
      text: m.text,
      reply_to: 'info@example.co.za',
    });
    const missing = await get(`/api/admin/outbox/${id + 1000}`, { Cookie: cookie });
    expect(missing.status).toBe(404);
    expect((await missing.json<any>()).message).toBe(`No e-mail with id ${id + 1000} in the outbox.`);
    expect((await get('/api/admin/outbox/abc', { Cookie: cookie })).status).toBe(400);
  });

  it('retry puts a failed message back in the queue with fresh attempts (and sends it); only failed ones', async () => {
    const cookie = await staffCookie();
    const id = await enqueueEmail(env.DB, message());
    await sendDueEmails(resendEnv(RESEND_INVALID_KEY), new Date());
    expect((await row(id)).status).toBe('failed');
    const res = await retry(id, cookie);
    expect(res.status).toBe(200);
    expect((await res.json<any>()).message).toMatchObject({ id, attempts: 0, status: 'pending' });
    // A staff change: in the audit log with the session that made it.
    const audit = await env.DB.prepare("SELECT actor, action, target FROM audit_log WHERE action = 'outbox.retry' AND target = ?")
      .bind(String(id))
      .first<any>();
    expect(audit).toMatchObject({ action: 'outbox.retry', target: String(id) });
    expect(audit.actor).toMatch(/^S-[0-9a-f]{10}$/);
    // Sent straight away after the answer (EMAIL_PROVIDER local in tests).
    for (let i = 0; i < 50 && (await row(id)).status !== 'sent'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, provider_message_id: `local-${id}` });
    const again = await retry(id, cookie);
    expect(again.status).toBe(409);
    expect((await again.json<any>()).message).toBe(`Only a failed e-mail can be retried; e-mail ${id} is sent.`);
    expect((await retry(id + 1000, cookie)).status).toBe(404);
  });
});
