// One sender interface, three adapters chosen by EMAIL_PROVIDER (DESIGN.md section 4):
// 'local' (default: the message stays in the outbox for staff to read), 'cloudflare' (the
// send_email binding) and 'resend' (HTTP API). Each failure says whether a retry can help.
import type { Env } from '../../env';
import { toBase64 } from '../../lib/base64';
import { businessName } from '../../lib/business-profile';
import { utf8 } from '../../lib/crypto';

/** A file sent with a message; `content` is text (a calendar invitation), sent as UTF-8. */
export interface EmailAttachment {
  filename: string;
  /** e.g. 'text/calendar; method=REQUEST; charset=UTF-8' */
  contentType: string;
  content: string;
}

/** A claimed outbox row, as a sender needs it. */
export interface OutboxEnvelope {
  id: number;
  dedupeKey: string;
  kind: string;
  to: string;
  toName: string | null;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
}

export interface EmailSender {
  readonly provider: string;
  /**
   * True when sending the same message again cannot deliver a second copy (the provider dedupes by
   * our key, or nothing leaves the Worker). The send_email binding takes no key: false.
   */
  readonly idempotent: boolean;
  send(message: OutboxEnvelope): Promise<{ providerMessageId: string }>;
}

/** A send that did not happen. permanent: retrying the same message cannot succeed. */
export class EmailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'EmailSendError';
  }
}

export const DEFAULT_EMAIL_API_BASE = 'https://api.resend.com';
/** The longest one send may take, whatever the provider (the outbox's stale-claim window counts on it). */
export const SEND_TIMEOUT_MS = 15_000;

/** EMAIL_FROM, or the business name at a placeholder address (set EMAIL_FROM before going live). */
export function senderAddress(env: Pick<Env, 'EMAIL_FROM' | 'BUSINESS_NAME'>): string {
  const configured = env.EMAIL_FROM?.trim();
  if (configured) return configured;
  const name = businessName(env).replace(/[<>"\r\n]/g, '');
  return `${name} <no-reply@example.co.za>`;
}

/** 'Name <address>' or a bare address, split for APIs that take them apart. */
export function parseAddress(value: string): { name: string | null; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(value);
  if (match) return { name: match[1]!.trim() || null, email: match[2]! };
  return { name: null, email: value.trim() };
}

export function emailSenderFor(env: Env): EmailSender {
  const provider = (env.EMAIL_PROVIDER ?? '').trim().toLowerCase() || 'local';
  switch (provider) {
    case 'local':
      return localSender;
    case 'cloudflare':
      return cloudflareSender(env);
    case 'resend':
      return resendSender(env);
    default:
      // A typo in the configuration: keep the messages and retry, so fixing it sends them.
      return {
        provider,
        idempotent: true,
        send: async () => {
          throw new EmailSendError(`EMAIL_PROVIDER '${provider}' is not one of local, cloudflare, resend.`, false);
        },
      };
  }
}

/** Nothing leaves the Worker: the outbox row (html and text) is the message; staff read it there. */
const localSender: EmailSender = {
  provider: 'local',
  idempotent: true,
  async send(message) {
    console.log(
      JSON.stringify({
        level: 'info',
        message: 'e-mail kept in the outbox (EMAIL_PROVIDER=local); staff read it at /api/admin/outbox',
        outboxId: message.id,
        kind: message.kind,
      }),
    );
    return { providerMessageId: `local-${message.id}` };
  },
};

/** Why a send whose outcome is not known is left for staff (POST /api/admin/outbox/:id/retry). */
export const UNKNOWN_OUTCOME =
  'the outcome is unknown (it may have been delivered). The send_email binding cannot deduplicate, so it is not retried automatically: check with the recipient or the mail log before retrying.';

/** Error codes of the send_email binding that no retry can fix (Cloudflare Email Service, Workers API). */
const PERMANENT_BINDING_ERRORS = new Set([
  'E_VALIDATION_ERROR',
  'E_FIELD_MISSING',
  'E_TOO_MANY_RECIPIENTS',
  'E_TOO_MANY_ATTACHMENTS',
  'E_SENDER_NOT_VERIFIED',
  'E_RECIPIENT_NOT_ALLOWED',
  'E_RECIPIENT_SUPPRESSED',
]);

/** Codes of the send_email binding that say the message was refused before sending: retried later. */
const NOT_SENT_BINDING_ERRORS = /^E_[A-Z_]*RATE_LIMIT[A-Z_]*$|^E_[A-Z_]*LIMIT_EXCEEDED$/;

/**
 * The send_email binding with its structured message: the runtime composes the MIME message
 * (multipart/alternative, text and HTML parts, encoded headers), so none is hand-built here.
 */
function cloudflareSender(env: Env): EmailSender {
  return {
    provider: 'cloudflare',
    idempotent: false,
    async send(message) {
      const binding = env.SEND_EMAIL;
      if (!binding)
        throw new EmailSendError(
          'EMAIL_PROVIDER is cloudflare but no SEND_EMAIL binding is configured ([[send_email]] in wrangler.toml).',
          false,
        );
      const from = parseAddress(senderAddress(env));
      let timer: ReturnType<typeof setTimeout> | undefined;
      // The binding has no timeout of its own; one that never answers may still have sent, so a
      // timeout is an unknown outcome, never retried (no second copy without staff checking).
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new EmailSendError(`send_email did not answer within ${SEND_TIMEOUT_MS / 1000} s: ${UNKNOWN_OUTCOME}`, true)),
          SEND_TIMEOUT_MS,
        );
      });
      try {
        const sending = binding.send({
          from: from.name ? { name: from.name, email: from.email } : from.email,
          to: message.toName ? { name: message.toName, email: message.to } : message.to,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          html: message.html,
          text: message.text,
          ...(message.attachments.length
            ? {
                attachments: message.attachments.map((a) => ({
                  disposition: 'attachment' as const,
                  filename: a.filename,
                  type: a.contentType,
                  content: a.content,
                })),
              }
            : {}),
        });
        const result = await Promise.race([sending, timeout]);
        return { providerMessageId: result.messageId };
      } catch (err) {
        if (err instanceof EmailSendError) throw err;
        const code = String((err as { code?: unknown })?.code ?? '');
        const detail = `send_email failed${code ? ` (${code})` : ''}: ${String((err as Error)?.message ?? err)}`;
        if (PERMANENT_BINDING_ERRORS.has(code)) throw new EmailSendError(detail, true);
        // Refused before sending (a rate limit): safe to try again later.
        if (NOT_SENT_BINDING_ERRORS.test(code)) throw new EmailSendError(detail, false);
        // Anything else (E_INTERNAL_SERVER_ERROR, a dropped connection, no code) may have been sent:
        // left for staff, never sent a second time automatically.
        throw new EmailSendError(`${detail}: ${UNKNOWN_OUTCOME}`, true);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Resend's HTTP API. The outbox's dedupe key goes as Idempotency-Key, so a retry after a lost
 * answer never sends the message twice. 4xx other than 429 is permanent (a concurrent request with
 * the same key is not: it is answered 409 while the first is in flight); 429, 5xx and network
 * failures are retried.
 */
function resendSender(env: Env): EmailSender {
  const base = (env.EMAIL_API_BASE?.trim() || DEFAULT_EMAIL_API_BASE).replace(/\/+$/, '');
  return {
    provider: 'resend',
    idempotent: true,
    async send(message) {
      const apiKey = env.EMAIL_API_KEY?.trim();
      if (!apiKey) throw new EmailSendError('EMAIL_PROVIDER is resend but EMAIL_API_KEY is not set.', false);
      let response: Response;
      try {
        response = await fetch(`${base}/emails`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': message.dedupeKey },
          body: JSON.stringify({
            from: senderAddress(env),
            to: [message.to],
            subject: message.subject,
            html: message.html,
            text: message.text,
            ...(message.replyTo ? { reply_to: message.replyTo } : {}),
            // Resend takes a file's content as base64 (its 'Attachments' documentation).
            ...(message.attachments.length
              ? {
                  attachments: message.attachments.map((a) => ({
                    filename: a.filename,
                    content: toBase64(utf8(a.content)),
                    content_type: a.contentType,
                  })),
                }
              : {}),
          }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (err) {
        throw new EmailSendError(`Could not reach ${base}: ${String((err as Error)?.message ?? err)}`, false);
      }
      const bodyText = await response.text().catch(() => '');
      if (response.ok) {
        const id = (safeJson(bodyText) as { id?: unknown } | null)?.id;
        if (typeof id !== 'string' || !id) throw new EmailSendError(`Resend answered ${response.status} without an id.`, false);
        return { providerMessageId: id };
      }
      const body = safeJson(bodyText) as { name?: unknown; message?: unknown } | null;
      const detail = typeof body?.message === 'string' ? body.message : bodyText.slice(0, 300);
      const concurrent = response.status === 409 && body?.name === 'concurrent_idempotent_requests';
      const retryable = response.status === 429 || response.status >= 500 || concurrent;
      throw new EmailSendError(`Resend answered ${response.status}${detail ? `: ${detail}` : ''}`, !retryable);
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
