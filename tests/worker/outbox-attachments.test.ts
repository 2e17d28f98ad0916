// Files sent with an e-mail (a booked visit's calendar invitation): kept whole in the outbox row,
// shown to staff, and handed to each provider in its own format.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { enqueueEmail, getOutboxMessage, sendDueEmails } from '../../worker/services/email/outbox';
import { delivered, message, recordedRequests, resendEnv, row, withEmail } from './outbox-fixtures';

const invitation = {
  filename: 'site-visit.ics',
  contentType: 'text/calendar; method=REQUEST; charset=UTF-8',
  content: 'BEGIN:VCALENDAR\r\nSUMMARY:Visite à Knysna\r\nEND:VCALENDAR\r\n',
};

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM email_outbox').run();
});

describe('e-mail attachments', () => {
  it('local mode keeps the file in the outbox, where staff read it', async () => {
    const id = await enqueueEmail(env.DB, message({ attachments: [invitation] }));
    expect((await sendDueEmails(withEmail({ EMAIL_PROVIDER: 'local' }), new Date())).sent).toBe(1);
    expect(await getOutboxMessage(env.DB, id)).toMatchObject({
      status: 'sent',
      attachments: [{ filename: 'site-visit.ics', content_type: invitation.contentType, content: invitation.content }],
    });
  });

  it('Resend gets each file as base64 of its UTF-8 bytes with its content type (the stand-in checks the format)', async () => {
    const config = resendEnv();
    const m = message({ attachments: [invitation] });
    const id = await enqueueEmail(env.DB, m);
    expect((await sendDueEmails(config, new Date())).sent).toBe(1);
    const [request] = await recordedRequests(config.EMAIL_API_KEY!);
    const files = request!.body.attachments as { filename: string; content: string; content_type: string }[];
    expect(files).toHaveLength(1);
    expect(files[0]!.filename).toBe('site-visit.ics');
    expect(files[0]!.content_type).toBe(invitation.contentType);
    const bytes = Uint8Array.from(atob(files[0]!.content), (ch) => ch.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe(invitation.content);
    expect(await delivered(config.EMAIL_API_KEY!, m.dedupeKey)).toHaveLength(1);
    expect((await row(id)).status).toBe('sent');
  });

  it('a message without files sends no attachments field', async () => {
    const config = resendEnv();
    await enqueueEmail(env.DB, message());
    await sendDueEmails(config, new Date());
    const [request] = await recordedRequests(config.EMAIL_API_KEY!);
    expect(request!.body).not.toHaveProperty('attachments');
  });

  it('the send_email binding gets each file as an attachment with its type', async () => {
    const calls: any[] = [];
    const SEND_EMAIL = {
      send: async (builder: unknown) => {
        calls.push(builder);
        return { messageId: '<cf-att@example.co.za>' };
      },
    } as unknown as SendEmail;
    await enqueueEmail(env.DB, message({ attachments: [invitation] }));
    expect((await sendDueEmails(withEmail({ EMAIL_PROVIDER: 'cloudflare', SEND_EMAIL }), new Date())).sent).toBe(1);
    expect(calls[0].attachments).toEqual([
      { disposition: 'attachment', filename: 'site-visit.ics', type: invitation.contentType, content: invitation.content },
    ]);
  });
});
