// The retention table of the privacy notice (/privacy).
import {
  ANALYTICS_RETENTION_DAYS,
  CHAT_TRANSCRIPT_RETENTION_DAYS,
  CANCELLED_BOOKING_RETENTION_DAYS,
  ENQUIRY_RETENTION_DAYS,
  ORDER_IDEMPOTENCY_RETENTION_DAYS,
  ORDER_RETENTION_YEARS,
  OUTBOX_BODY_RETENTION_DAYS,
  OUTBOX_ROW_RETENTION_DAYS,
  PHOTO_RETENTION_DAYS,
  PROOF_RETENTION_DAYS,
  QUOTE_RETENTION_DAYS,
  retentionPeriod,
  VISIT_BOOKING_RETENTION_DAYS,
} from '@shared/retention-schedule';
import { SITE_VISIT_RETENTION_DAYS, SITE_VISIT_TOMBSTONE_DAYS } from '@shared/site-visit-records';

/**
 * The retention schedule of docs/decisions/005-retention-schedule.md, its periods from the constants
 * the daily job deletes by (worker/shared/retention-schedule.ts). `deleted` says how it goes.
 */
export const RETENTION_SCHEDULE: { what: string; period: string; why: string; deleted: string }[] = [
  {
    what: 'Enquiries and contact details from our forms',
    period: retentionPeriod(ENQUIRY_RETENTION_DAYS),
    why: 'to follow up, quote and help with a later order',
    deleted: 'automatically, every day',
  },
  {
    what: 'Conversations with our online consultant',
    period: `${retentionPeriod(CHAT_TRANSCRIPT_RETENTION_DAYS)} after your last message`,
    why: 'so you can carry on where you left off',
    deleted: 'automatically',
  },
  {
    what: 'Photos you send in the chat or for measuring',
    period: retentionPeriod(PHOTO_RETENTION_DAYS),
    why: 'for our team to quote and measure from',
    deleted: 'automatically, every day',
  },
  {
    what: 'Notes from a site visit (your name, address, mobile number and the sizes we measured)',
    period: `${retentionPeriod(SITE_VISIT_RETENTION_DAYS)} after the last change`,
    why: 'to quote and make what our consultant measured',
    deleted: `automatically, every day (a visit deleted earlier is removed for good ${retentionPeriod(SITE_VISIT_TOMBSTONE_DAYS)} later)`,
  },
  {
    what: 'A site visit you book online (your name, e-mail address, phone number, address and notes)',
    period: `${retentionPeriod(VISIT_BOOKING_RETENTION_DAYS)} after the day of the visit`,
    why: 'to arrive at the right place and time, and to quote from the visit',
    deleted: `automatically, every day (a cancelled booking ${retentionPeriod(CANCELLED_BOOKING_RETENTION_DAYS)} after you cancel it)`,
  },
  {
    what: 'The text of e-mails we send you',
    period: `${retentionPeriod(OUTBOX_BODY_RETENTION_DAYS)} (who and when: ${retentionPeriod(OUTBOX_ROW_RETENTION_DAYS)})`,
    why: 'to answer questions about them; the record of what was sent goes with your order',
    deleted: 'automatically, every day',
  },
  {
    what: 'Saved quotes you did not order from',
    period: retentionPeriod(QUOTE_RETENTION_DAYS),
    why: 'so your quote link keeps working',
    deleted: 'automatically, every day',
  },
  {
    what: 'Order request keys (a code that stops an order being placed twice when a connection drops)',
    period: retentionPeriod(ORDER_IDEMPOTENCY_RETENTION_DAYS),
    why: 'a retried order is recognised instead of being placed again',
    deleted: 'automatically, every day',
  },
  {
    what: 'Proofs of payment you upload for a bank transfer',
    period: retentionPeriod(PROOF_RETENTION_DAYS),
    why: 'a record of your payment, kept as long as the order and payment it proves (SARS)',
    deleted: 'automatically, every day',
  },
  {
    what: 'Orders and payments',
    period: `at least ${ORDER_RETENTION_YEARS} years`,
    why: 'South African tax law (SARS) requires it',
    deleted: `not automatically: ask us to delete your details once the ${ORDER_RETENTION_YEARS} years have passed`,
  },
  {
    what: 'Courier tracking of your order',
    period: `with the order (at least ${ORDER_RETENTION_YEARS} years)`,
    why: 'so you and our team can see where a delivery went',
    deleted: 'with the order',
  },
  {
    what: 'Records that limit repeated requests (your internet address)',
    period: 'until the limit period ends',
    why: 'to protect the site and our staff sign-in from abuse',
    deleted: 'automatically, when the period ends',
  },
  {
    what: 'Visit statistics (pages seen, area you give; your address only as a code that changes daily)',
    period: retentionPeriod(ANALYTICS_RETENTION_DAYS),
    why: 'to see how the shop is used, compared with the same month last year',
    deleted: 'automatically, every day',
  },
];
