// The e-mail outbox (issue 5): every message is stored in D1 first, then sent; the cron retries.
// Placeholder signature: implemented by the e-mail work.

export interface OutgoingEmail {
  /** Unique per cause, e.g. 'order-confirmation:CB-...:customer': enqueueing it again is a no-op. */
  dedupeKey: string;
  kind: string;
  to: string;
  toName?: string | null;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
}

/** Stores the message (once per dedupeKey). Answers its outbox id. */
export async function enqueueEmail(_db: D1Database, _message: OutgoingEmail): Promise<number> {
  throw new Error('not implemented yet');
}
