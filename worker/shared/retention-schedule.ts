// The retention schedule (docs/decisions/005-retention-schedule.md): how long each kind of personal
// data is kept. The daily job (worker/services/staff/retention.ts) deletes by these periods, and the privacy
// notice (/privacy) states them from the same constants, so the two cannot drift apart.

/** Enquiries (leads, quick details): two years (POPIA: no longer than needed to follow up). */
export const ENQUIRY_RETENTION_DAYS = 730;
/** A chat transcript goes this long after its last message (the ChatSession's own alarm). */
export const CHAT_TRANSCRIPT_RETENTION_DAYS = 90;
/** Chat photos and window photos in R2, counted from upload. */
export const PHOTO_RETENTION_DAYS = 90;
/** The body of a sent or failed e-mail; the row (recipient, subject, status, dates) stays as the audit trail. */
export const OUTBOX_BODY_RETENTION_DAYS = 90;
/** The outbox row itself: as long as the orders it is about (SARS: five years). */
export const OUTBOX_ROW_RETENTION_DAYS = 5 * 365 + 2;
/** 'orders:' Idempotency-Keys: a client retries within minutes, never after a month. */
export const ORDER_IDEMPOTENCY_RETENTION_DAYS = 30;
/** A stored quote no order was made from: valid for QUOTE_VALID_DAYS, its link is kept a year for questions about it. */
export const QUOTE_RETENTION_DAYS = 365;
/** Storefront analytics events (a daily-salted visitor hash, pages, areas given): 13 months, for year-on-year figures. */
export const ANALYTICS_RETENTION_DAYS = 400;
/** The staff audit log (session ids, actions; no customer data beyond record ids): two years. */
export const AUDIT_RETENTION_DAYS = 730;
/**
 * A customer's proof of payment for a bank transfer (R2 proofs/), counted from upload: it is a source
 * document of a payment, a financial record, so it is kept as long as the order and payment it proves
 * (the Tax Administration Act's five years, as for the outbox rows), then deleted by the daily job.
 */
export const PROOF_RETENTION_DAYS = 5 * 365 + 2;
/** A site visit booked online (name, e-mail, phone, address): two years after the day of the visit, as the consultant's notes. */
export const VISIT_BOOKING_RETENTION_DAYS = 730;
/** A cancelled booking: long enough to answer a question about it, then deleted. */
export const CANCELLED_BOOKING_RETENTION_DAYS = 90;
/** Orders, payments and courier tracking: SARS requires five years; they are not deleted automatically. */
export const ORDER_RETENTION_YEARS = 5;

/** A period in days as the privacy notice says it: '90 days', '1 year', '2 years', '13 months'. */
export function retentionPeriod(days: number): string {
  const years = Math.round(days / 365);
  if (years >= 1 && Math.abs(days - years * 365) <= 2) return years === 1 ? '1 year' : `${years} years`;
  const months = Math.round(days / 30.44);
  if (days > 180 && Math.abs(days - months * 30.44) <= 5) return `${months} months`;
  return `${days} days`;
}
