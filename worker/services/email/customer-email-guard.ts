// The one guard for e-mails to customers that an anonymous request can cause (order confirmations,
// orders from stored quotes, payment starts, quote e-mails): the business's name must not carry a
// stranger's text to a stranger's mailbox. Two rules:
// - the only request text in such an e-mail is the customer's name, and only when it is a plain
//   name (an allow-list of letters, spaces, apostrophes and hyphens); otherwise a neutral greeting;
// - per-recipient (normalised address) and global daily limits, counted exactly in the RateLimiter
//   Durable Object, so a burst cannot pass them. Past the global cap the business hears once a day.
import { businessProfile } from '../../lib/business-profile';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { hitLimit, type RateLimitRule } from '../../middleware/rate-limit';
import { PLAIN_NAME } from '../../shared/orders-api';
import { layoutHtml } from './email-parts';
import { html } from '../../lib/html';
import { enqueueEmail, type OutgoingEmail } from './outbox';

/** E-mails to one mailbox (normalised) a day from anonymous requests, all kinds together. */
export const CUSTOMER_EMAIL_RECIPIENT_LIMIT: RateLimitRule = { name: 'customer-email-recipient', limit: 10, windowSeconds: 24 * 3600 };
/** E-mails to customers from anonymous requests in a (UTC) day, all senders together. */
export const CUSTOMER_EMAIL_DAILY_CAP: RateLimitRule = { name: 'customer-email-daily-cap', limit: 200, windowSeconds: 24 * 3600 };

/** The name an e-mail to a customer may show: the trimmed name when it is a plain name, else null. */
export function greetingName(name: string | null | undefined): string | null {
  const value = (name ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
  return PLAIN_NAME.test(value) ? value : null;
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One mailbox, one spelling: lower case, without a '+tag', and for Gmail (which ignores dots and
 * answers at googlemail.com too) without dots, at gmail.com. Used for counting, never for sending.
 */
export function normaliseEmailAddress(address: string): string {
  const value = address.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 1) return value;
  let local = value.slice(0, at);
  let domain = value.slice(at + 1).replace(/\.+$/, '');
  local = local.split('+')[0] || local;
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replace(/\./g, '') || local;
  }
  return `${local}@${domain}`;
}

export type CustomerEmailVerdict = { allowed: true } | { allowed: false; reason: 'recipient' | 'daily-cap'; retryAfterSeconds?: number };

/** To the business, once a day at most: the day's cap on e-mails to customers was reached. */
export function customerEmailCapAlertEmail(env: Env, cap: number, day: string): OutgoingEmail | null {
  const b = businessProfile(env);
  if (!b.email) return null;
  const title = 'E-mails to customers paused for today';
  const body = `The website has sent ${cap} e-mails to customers today (quotes and order confirmations), its daily limit, so further ones are not sent until midnight (UTC): orders are still taken and you still receive your copies, and customers asking for a quote are asked to call or WhatsApp instead. If this is not a busy day, someone may be using the website to send e-mail in your name.`;
  return {
    dedupeKey: `customer-email-cap:${day}`,
    kind: 'customer-email-cap',
    to: b.email,
    toName: b.name,
    replyTo: null,
    subject: `${title} (${day})`,
    html: layoutHtml(b, title, html`<p style="font-size:15px;margin:0 0 12px;">${body}</p>`),
    text: body,
  };
}

async function counted(env: Env, rule: RateLimitRule, subject: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds?: number }> {
  try {
    await hitLimit(env, rule, subject, '');
    return { ok: true };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
    return { ok: false, retryAfterSeconds: (err.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds };
  }
}

/**
 * Counts one e-mail to `recipient` against both limits and answers whether it may be queued. When
 * the global cap is passed the business is alerted (once a day: the alert's dedupe key is the day).
 */
export async function admitCustomerEmail(env: Env, recipient: string, now = new Date()): Promise<CustomerEmailVerdict> {
  const perRecipient = await counted(env, CUSTOMER_EMAIL_RECIPIENT_LIMIT, normaliseEmailAddress(recipient));
  if (!perRecipient.ok) return { allowed: false, reason: 'recipient', retryAfterSeconds: perRecipient.retryAfterSeconds };
  const global = await counted(env, CUSTOMER_EMAIL_DAILY_CAP, 'all');
  if (global.ok) return { allowed: true };
  const alert = customerEmailCapAlertEmail(env, CUSTOMER_EMAIL_DAILY_CAP.limit, now.toISOString().slice(0, 10));
  if (alert) await enqueueEmail(env.DB, alert, now);
  else console.warn(JSON.stringify({ level: 'warn', message: 'daily cap on e-mails to customers reached; no business address to alert' }));
  return { allowed: false, reason: 'daily-cap', retryAfterSeconds: global.retryAfterSeconds };
}
