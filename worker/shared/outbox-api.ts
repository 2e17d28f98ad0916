// The contract of the staff outbox (DESIGN.md section 7 'transactional outbox'): GET /api/admin/outbox
// and its filters, one message, and the /admin/outbox screen that reads them.
import { z } from 'zod';
import { reportDateSchema } from './insights-api';

/**
 * 'erased': the recipient's data was deleted on request (POPIA) before it went out; never sent,
 * never retried, and not a failure (the dashboard's failed-e-mail alert does not count it).
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'erased'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

const blankToUndefined = z.literal('').transform(() => undefined);

export const outboxListQuerySchema = z
  .object({
    status: z
      .enum(OUTBOX_STATUSES, { error: `must be one of ${OUTBOX_STATUSES.join(', ')}` })
      .optional()
      .or(blankToUndefined),
    /** Part of the dedupe key (an order reference, a lead id, a kind) or of the recipient's address. */
    q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    /** South African days, inclusive, by when the message was queued. */
    from: reportDateSchema.optional().or(blankToUndefined),
    to: reportDateSchema.optional().or(blankToUndefined),
    limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "'from' must not be after 'to'", path: ['from'] });

export type OutboxListFilter = z.infer<typeof outboxListQuerySchema>;

export interface OutboxMessageSummary {
  id: number;
  dedupe_key: string;
  kind: string;
  to_address: string;
  to_name: string | null;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  sent_at: string | null;
  provider_message_id: string | null;
  created_at: string;
}

export interface OutboxMessage extends OutboxMessageSummary {
  reply_to: string | null;
  html: string;
  text: string;
  /** Files sent with it (a calendar invitation), as text. */
  attachments: { filename: string; content_type: string; content: string }[];
}

export interface OutboxListResponse {
  success: true;
  messages: OutboxMessageSummary[];
  /** Every message in the outbox by status (not only those the filter matched). */
  counts: Record<OutboxStatus, number>;
}

export interface OutboxMessageResponse {
  success: true;
  message: OutboxMessage;
}
