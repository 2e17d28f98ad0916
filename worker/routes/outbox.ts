import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireStaff, staffActor } from '../middleware/require-staff';
import { recordAudit } from '../services/staff/audit';
import { getOutboxMessage, listOutbox, retryOutboxMessage, sendOutboxMessages } from '../services/email/outbox';
import { outboxListQuerySchema } from '../shared/outbox-api';

// Framed only by the site's own /admin/outbox screen (in an iframe with sandbox="").
const EMAIL_PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'self'";

function messageId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,12}$/.test(raw) || !Number.isSafeInteger(id))
    throw new AppError('validation_error', `'${raw.slice(0, 20)}' is not an outbox message id.`);
  return id;
}

/**
 * The e-mail outbox for staff (DESIGN.md section 7): what was sent or is waiting, each message in
 * full (with EMAIL_PROVIDER=local this is where e-mails are read), and a retry for failed ones.
 */
export const outboxRoutes = new Hono<AppBindings>()
  .use('*', requireStaff)
  .get('/', validate('query', outboxListQuerySchema), async (c) => {
    return c.json({ success: true, ...(await listOutbox(c.env.DB, c.req.valid('query'))) });
  })
  .get('/:id', async (c) => {
    const id = messageId(c.req.param('id'));
    const message = await getOutboxMessage(c.env.DB, id);
    if (!message) throw new AppError('not_found', `No e-mail with id ${id} in the outbox.`);
    return c.json({ success: true, message });
  })
  // The message as the recipient's mail program shows it, for reading in a browser. Its own CSP:
  // no scripts, no network, sandboxed (the HTML is ours and escaped, this is belt and braces).
  .get('/:id/html', async (c) => {
    const id = messageId(c.req.param('id'));
    const message = await getOutboxMessage(c.env.DB, id);
    if (!message) throw new AppError('not_found', `No e-mail with id ${id} in the outbox.`);
    c.header('Content-Security-Policy', EMAIL_PREVIEW_CSP);
    c.header('X-Frame-Options', 'SAMEORIGIN');
    return c.html(message.html);
  })
  .post('/:id/retry', async (c) => {
    const message = await retryOutboxMessage(c.env.DB, messageId(c.req.param('id')));
    await recordAudit(c.env.DB, {
      actor: staffActor(c),
      action: 'outbox.retry',
      target: String(message.id),
      details: { kind: message.kind },
    });
    // Straight away rather than at the next cron run; the cron still covers a failure here.
    c.executionCtx.waitUntil(
      sendOutboxMessages(c.env, [message.id]).catch((err) =>
        console.error(JSON.stringify({ level: 'error', message: 'outbox retry not sent now', error: String(err) })),
      ),
    );
    return c.json({ success: true, message });
  });
