// A customer's proof of payment for a bank transfer (DESIGN.md 7b, bank transfer): a PDF, JPEG or PNG
// of at most 5 MB, its type read from its first bytes (never from the name or the claimed type),
// stored in R2 under proofs/{reference}/ and kept for the financial records' period of the retention
// schedule. The order's proof columns, its event and the business's notice are one D1 batch.
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import { database } from '../../lib/db';
import { orderEvents, orders } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { html } from '../../lib/html';
import { businessName, businessProfile } from '../../lib/business-profile';
import { sniffImageType } from '../../lib/image/sniff';
import { formatRandFromCents } from '../../shared/money';
import { formatLongDate, formatSouthAfricanTime } from '../../shared/sa-time';
import { outboxInsertOrIgnore, type OutgoingEmail } from '../email/outbox';
import { actorIfLanded, insertedIds, isLostRace } from '../staff/orders/order-writes';

/** The largest proof accepted (a bank's PDF statement or a phone's screenshot is far smaller). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
/** The R2 folder of every proof; the retention job deletes by it. */
export const PROOF_PREFIX = 'proofs/';

export interface ProofType {
  mime: 'application/pdf' | 'image/jpeg' | 'image/png';
  ext: 'pdf' | 'jpg' | 'png';
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // '%PDF-'

/** A PDF, JPEG or PNG by its magic bytes; null for anything else. */
export function proofType(bytes: Uint8Array): ProofType | null {
  if (PDF_MAGIC.every((b, i) => bytes[i] === b)) return { mime: 'application/pdf', ext: 'pdf' };
  const image = sniffImageType(bytes);
  if (image === 'jpeg') return { mime: 'image/jpeg', ext: 'jpg' };
  if (image === 'png') return { mime: 'image/png', ext: 'png' };
  return null;
}

/** Is this R2 key a proof of this order (the only keys the staff link opens)? */
export function isProofKeyOf(reference: string, key: string): boolean {
  return new RegExp(`^${PROOF_PREFIX}${reference}/\\d{10,16}\\.(pdf|jpg|png)$`).test(key);
}

/** Payment statuses for which a proof is no longer wanted: the order is settled. */
const SETTLED = ['paid', 'refunded', 'not_required'];

function proofNotice(
  env: Env,
  order: { reference: string; customerName: string; customerEmail: string; totalCents: number },
  uploadedAt: Date,
  type: ProofType,
  size: number,
): OutgoingEmail | null {
  const to = businessProfile(env).email;
  if (!to) return null;
  const when = `${formatLongDate(uploadedAt.toISOString())} ${formatSouthAfricanTime(uploadedAt.getTime())}`;
  const sentence = `The customer of order ${order.reference} uploaded a proof of payment (${type.ext.toUpperCase()}, ${Math.max(1, Math.round(size / 1024))} KB) on ${when}. Check that the transfer has reached the account, then record the payment on the order's page.`;
  const facts: [string, string][] = [
    ['Order', order.reference],
    ['Customer', order.customerEmail ? `${order.customerName} <${order.customerEmail}>` : order.customerName],
    ['Order total', formatRandFromCents(order.totalCents)],
  ];
  return {
    dedupeKey: `proof-of-payment:${order.reference}:${uploadedAt.getTime()}`,
    kind: 'proof-of-payment',
    to,
    toName: businessName(env),
    replyTo: order.customerEmail || null,
    subject: `Proof of payment uploaded for order ${order.reference}`,
    html: html`<p>${sentence}</p>
<ul>${facts.map(([label, value]) => html`<li>${label}: ${value}</li>`)}</ul>`.toString(),
    text: [sentence, '', ...facts.map(([label, value]) => `${label}: ${value}`)].join('\n'),
  };
}

export interface UploadedProof {
  uploadedAt: string;
  outboxIds: number[];
}

/**
 * Stores the proof and records it on the order. 404 for an unknown order; 409 once it is paid in
 * full, refunded or cancelled (nothing more to prove); 415 for a file that is not a PDF, JPEG or PNG;
 * 413 above PROOF_MAX_BYTES.
 */
export async function uploadProofOfPayment(env: Env, reference: string, bytes: Uint8Array, now = new Date()): Promise<UploadedProof> {
  if (bytes.byteLength === 0)
    throw new AppError('validation_error', 'The file is empty. Choose the PDF or picture of your proof of payment.');
  if (bytes.byteLength > PROOF_MAX_BYTES)
    throw new AppError('payload_too_large', 'The file is larger than 5 MB. Please upload a smaller PDF, JPEG or PNG.');
  const type = proofType(bytes);
  if (!type)
    throw new AppError(
      'unsupported_media_type',
      'The file is not a PDF, JPEG or PNG. Please upload your proof of payment as one of those.',
    );

  const d = database(env.DB);
  const [order] = await d
    .select({
      reference: orders.reference,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      totalCents: orders.totalCents,
      paymentStatus: orders.paymentStatus,
      fulfilmentStatus: orders.fulfilmentStatus,
    })
    .from(orders)
    .where(eq(orders.reference, reference))
    .limit(1);
  if (!order) throw new AppError('not_found', `No order with reference ${reference}.`);
  const refusal = proofRefusal(order);
  if (refusal) throw new AppError('conflict', refusal);

  const key = `${PROOF_PREFIX}${reference}/${now.getTime()}.${type.ext}`;
  const at = now.toISOString();
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: type.mime }, customMetadata: { order: reference } });
  const notice = proofNotice(env, order, now, type, bytes.byteLength);
  // The event's actor is NULL (refused by its NOT NULL column, rolling the batch back) unless the
  // UPDATE landed: an order paid or cancelled since the read gets no half-written record.
  const landed = sql`exists (select 1 from ${orders} where ${orders.reference} = ${reference} and ${orders.proofKey} = ${key})`;
  try {
    const [, , mail] = await d.batch([
      d
        .update(orders)
        .set({ proofKey: key, proofUploadedAt: at })
        .where(and(eq(orders.reference, reference), notInArray(orders.paymentStatus, SETTLED), ne(orders.fulfilmentStatus, 'cancelled'))),
      d.insert(orderEvents).values({
        orderReference: reference,
        kind: 'payment',
        note: 'Proof of payment uploaded by the customer',
        actor: actorIfLanded('customer', landed),
        details: { proofKey: key, contentType: type.mime, bytes: bytes.byteLength },
        createdAt: at,
      }),
      ...(notice ? [outboxInsertOrIgnore(env.DB, notice, now)] : []),
    ]);
    return { uploadedAt: at, outboxIds: insertedIds(mail) };
  } catch (err) {
    await env.MEDIA.delete(key).catch(() => undefined);
    if (isLostRace(err))
      throw new AppError('conflict', 'This order was just paid or cancelled, so no proof of payment is needed. Reload the page.');
    throw err;
  }
}

/** When the order's latest proof was uploaded (the customer's page says it was received), or null. */
export async function proofUploadedAt(db: D1Database, reference: string): Promise<string | null> {
  const [row] = await database(db).select({ at: orders.proofUploadedAt }).from(orders).where(eq(orders.reference, reference)).limit(1);
  return row?.at ?? null;
}

/** Why a proof is refused for this order now, or null. */
export function proofRefusal(order: { reference: string; paymentStatus: string; fulfilmentStatus: string }): string | null {
  if (order.fulfilmentStatus === 'cancelled')
    return `Order ${order.reference} is cancelled, so no payment is due. Please contact us if you have paid for it.`;
  if (order.paymentStatus === 'not_required')
    return `Order ${order.reference} is free colour samples: there is nothing to pay, so no proof of payment is needed.`;
  if (SETTLED.includes(order.paymentStatus))
    return `Order ${order.reference} is already ${order.paymentStatus === 'paid' ? 'paid in full' : 'refunded'}: no proof of payment is needed.`;
  return null;
}
