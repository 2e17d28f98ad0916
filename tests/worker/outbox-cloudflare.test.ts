// The e-mail outbox through the Cloudflare send_email binding (DESIGN.md sections 4, 5, 7), and
// the cron that drives the outbox. The rest of the outbox: outbox.test.ts.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_CRON } from '../../worker/cron';
import worker from '../../worker/index';
import { enqueueEmail, getOutboxMessage, retryOutboxMessage, sendDueEmails, STALE_CLAIM_MS } from '../../worker/services/email/outbox';
import { message, MINUTE, row, withEmail } from './outbox-fixtures';

beforeEach(async () => {
  // Each test file has its own D1: this only clears this file's messages.
  await env.DB.prepare('DELETE FROM email_outbox').run();
});

describe('Cloudflare sender (send_email binding)', () => {
  function binding(behaviour: (builder: unknown) => Promise<{ messageId: string }>) {
    const calls: any[] = [];
    const SEND_EMAIL = {
      send: async (builder: unknown) => {
        calls.push(builder);
        return behaviour(builder);
      },
    } as unknown as SendEmail;
    return { calls, SEND_EMAIL };
  }

  it('sends the structured message: from and to with names, subject, html and text parts, reply-to', async () => {
    const { calls, SEND_EMAIL } = binding(async () => ({ messageId: '<cf-1@example.co.za>' }));
    const m = message();
    const id = await enqueueEmail(env.DB, m);
    const config = withEmail({ EMAIL_PROVIDER: 'cloudflare', SEND_EMAIL, EMAIL_FROM: '"Custom Blinds" <quotes@example.co.za>' });
    expect((await sendDueEmails(config, new Date())).sent).toBe(1);
    expect(calls).toEqual([
      {
        from: { name: 'Custom Blinds', email: 'quotes@example.co.za' },
        to: { name: 'Naledi Khumalo', email: 'naledi@example.co.za' },
        replyTo: 'info@example.co.za',
        subject: m.subject,
        html: m.html,
        text: m.text,
      },
    ]);
    expect(await row(id)).toMatchObject({ status: 'sent', provider_message_id: '<cf-1@example.co.za>' });
  });

  it('an unverified sender is permanent; an internal error may have sent (left for staff, never resent); a rate limit is retried; a missing binding waits for the configuration', async () => {
    const refuse = (code: string) =>
      binding(async () => {
        throw Object.assign(new Error('refused'), { code });
      }).SEND_EMAIL;
    const unverified = await enqueueEmail(env.DB, message());
    await sendDueEmails(withEmail({ EMAIL_PROVIDER: 'cloudflare', SEND_EMAIL: refuse('E_SENDER_NOT_VERIFIED') }), new Date());
    expect(await row(unverified)).toMatchObject({ status: 'failed' });
    expect((await row(unverified)).last_error).toContain('E_SENDER_NOT_VERIFIED');

    const unknown = await enqueueEmail(env.DB, message());
    await sendDueEmails(withEmail({ EMAIL_PROVIDER: 'cloudflare', SEND_EMAIL: refuse('E_INTERNAL_SERVER_ERROR') }), new Date());
    expect(await row(unknown)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(unknown)).last_error).toContain('outcome is unknown');

    const limited = await enqueueEmail(env.DB, message());
    await sendDueEmails(withEmail({ EMAIL_PROVIDER: 'cloudflare', SEND_EMAIL: refuse('E_RATE_LIMIT_EXCEEDED') }), new Date());
    expect(await row(limited)).toMatchObject({ status: 'pending', attempts: 1 });

    await env.DB.prepare('DELETE FROM email_outbox').run();
    const unbound = await enqueueEmail(env.DB, message());
    await sendDueEmails(withEmail({ EMAIL_PROVIDER: 'cloudflare', SEND_EMAIL: undefined }), new Date());
    expect(await row(unbound)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await row(unbound)).last_error).toContain('SEND_EMAIL');
  });

  it('a stale claim is never sent again through the binding: failed, outcome unknown, for staff to check and retry', async () => {
    const { calls, SEND_EMAIL } = binding(async () => ({ messageId: '<cf-2@example.co.za>' }));
    const config = withEmail({ EMAIL_PROVIDER: 'cloudflare', SEND_EMAIL });
    const interrupted = await enqueueEmail(env.DB, message());
    const waiting = await enqueueEmail(env.DB, message());
    const now = Date.now();
    await env.DB.prepare(`UPDATE email_outbox SET status = 'sending', attempts = 1, claimed_at = ? WHERE id = ?`)
      .bind(new Date(now - STALE_CLAIM_MS - MINUTE).toISOString(), interrupted)
      .run();
    expect(await sendDueEmails(config, new Date(now))).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0].subject).toBe((await getOutboxMessage(env.DB, waiting))!.subject);
    const failed = await row(interrupted);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.last_error).toContain('outcome is unknown');
    expect(failed.last_error).toContain('before retrying');
    // Later runs leave it alone...
    expect((await sendDueEmails(config, new Date(now + 60 * MINUTE))).claimed).toBe(0);
    expect(calls).toHaveLength(1);
    // ...until staff retry it.
    await retryOutboxMessage(env.DB, interrupted, new Date(now));
    expect((await sendDueEmails(config, new Date(now))).sent).toBe(1);
    expect(calls).toHaveLength(2);
    expect(await row(interrupted)).toMatchObject({ status: 'sent', provider_message_id: '<cf-2@example.co.za>' });
  });

  it('a message sent whose "sent" record then fails to write is not put back in the queue: never sent twice', async () => {
    const { calls, SEND_EMAIL } = binding(async () => ({ messageId: '<cf-4@example.co.za>' }));
    const id = await enqueueEmail(env.DB, message());
    // D1 refuses the write that records the send (and only that one), every time it is tried.
    const DB = new Proxy(env.DB, {
      get(target, key) {
        if (key !== 'prepare') return Reflect.get(target, key).bind(target);
        return (query: string) => {
          if (/^update "email_outbox" set .*"sent_at" = \?/.test(query)) throw new Error('D1_ERROR: simulated write failure');
          return target.prepare(query);
        };
      },
    });
    const now = Date.now();
    expect((await sendDueEmails(withEmail({ EMAIL_PROVIDER: 'cloudflare', SEND_EMAIL, DB }), new Date(now))).sent).toBe(1);
    expect(calls).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });
    // The next runs, the one after the claim goes stale included, do not send it again.
    const config = withEmail({ EMAIL_PROVIDER: 'cloudflare', SEND_EMAIL });
    expect((await sendDueEmails(config, new Date(now + 10 * MINUTE))).claimed).toBe(0);
    await sendDueEmails(config, new Date(now + STALE_CLAIM_MS + MINUTE));
    expect(calls).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'failed' });
  });

  it('a fresh claim (its run may still be sending) is left alone by the binding sender too', async () => {
    const { calls, SEND_EMAIL } = binding(async () => ({ messageId: '<cf-3@example.co.za>' }));
    const id = await enqueueEmail(env.DB, message());
    const now = Date.now();
    await env.DB.prepare(`UPDATE email_outbox SET status = 'sending', attempts = 1, claimed_at = ? WHERE id = ?`)
      .bind(new Date(now - 2 * MINUTE).toISOString(), id)
      .run();
    expect(await sendDueEmails(withEmail({ EMAIL_PROVIDER: 'cloudflare', SEND_EMAIL }), new Date(now))).toEqual({
      claimed: 0,
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(calls).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('an unknown EMAIL_PROVIDER keeps the messages (retried once the setting is fixed)', async () => {
    const id = await enqueueEmail(env.DB, message());
    await sendDueEmails(withEmail({ EMAIL_PROVIDER: 'smtp' }), new Date());
    expect(await row(id)).toMatchObject({ status: 'pending' });
    expect((await row(id)).last_error).toContain("EMAIL_PROVIDER 'smtp'");
  });
});

describe('cron', () => {
  it(`'${OUTBOX_CRON}' sends the due messages`, async () => {
    const id = await enqueueEmail(env.DB, message());
    const controller = createScheduledController({ cron: OUTBOX_CRON, scheduledTime: Date.now() + MINUTE });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await row(id)).toMatchObject({ status: 'sent', provider_message_id: `local-${id}` });
  });

  it('the daily job does not send e-mail', async () => {
    const id = await enqueueEmail(env.DB, message());
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '0 4 * * *', scheduledTime: Date.now() + MINUTE }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await row(id)).status).toBe('pending');
  });
});
