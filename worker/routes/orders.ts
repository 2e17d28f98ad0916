import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { formatRandFromCents } from '../shared/money';
import { sendOutboxMessages } from '../services/email/outbox';
import { onlinePaymentsAvailable } from '../services/payments/gateway';
import { findOrder, ORDER_REFERENCE_PATTERN, submitOrder } from '../services/orders';
import { publicOrigin } from '../lib/origin';
import { trackingForOrder } from '../services/tracking';
import { timelineForOrder } from '../services/order-timeline-read';
import { amountDueCents } from '../services/payments/ledger';
import { PROOF_MAX_BYTES, proofUploadedAt, uploadProofOfPayment } from '../services/payments/proof-of-payment';
import { refusesCardPayment } from '../services/sample-price-guard';
import {
  maskOrderContact,
  orderSubmitSchema,
  type OrderReadResponse,
  type OrderSubmitResponse,
  type ProofUploadResponse,
} from '../shared/orders-api';
import { trackEvent } from './analytics';
import { orderTaxDocuments } from '../services/tax-invoices';

/** The reference of a path, upper-cased; 400 for anything that is not one. */
function orderReference(raw: string): string {
  const reference = raw.trim().toUpperCase();
  if (!ORDER_REFERENCE_PATTERN.test(reference)) {
    throw new AppError(
      'validation_error',
      `'${raw.slice(0, 40)}' is not an order reference. References look like CB- and 10 letters or digits.`,
    );
  }
  return reference;
}

const proofForm = z.object({
  file: z.instanceof(File, { message: 'attach the proof of payment as a file field named file' }),
});

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;
/** Reads of one order per client: a payment result page polls every 2 s for 30 s, several times over. */
export const ORDER_READ_LIMIT = { name: 'order-read', limit: 120, windowSeconds: 600 };

/** Orders (storefront spec section 7): submit, and read back by reference. */
export const orderRoutes = new Hono<AppBindings>()
  .post(
    '/submit',
    rateLimit({ name: 'orders', limit: 20, windowSeconds: 600 }),
    jsonBody(128 * 1024),
    validate('json', orderSubmitSchema),
    async (c) => {
      const key = c.req.header('Idempotency-Key') ?? null;
      if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
        throw new AppError('validation_error', 'The Idempotency-Key header must be 8 to 200 visible characters.');
      }
      const origin = publicOrigin(c.env, c.req.url);
      // The confirmations were queued with the order; this only sends them sooner than the cron would.
      const { order, created, outboxIds } = await submitOrder(c.env, c.req.valid('json'), key, origin);
      if (created)
        trackEvent(c, {
          kind: 'order',
          refId: order.reference,
          valueCents: order.total_cents,
          productId: order.blinds[0]?.product_type,
          data: { products: order.blinds.map((b) => b.product_type) },
        });
      if (outboxIds.length > 0) {
        c.executionCtx.waitUntil(
          sendOutboxMessages(c.env, outboxIds).catch((err) =>
            console.error(
              JSON.stringify({
                level: 'error',
                message: 'order e-mails not sent now; the outbox cron retries',
                reference: order.reference,
                error: String(err),
              }),
            ),
          ),
        );
      }
      const body: OrderSubmitResponse = {
        success: true,
        reference: order.reference,
        paymentStatus: order.paymentStatus,
        // The confirmation page offers the online ways to pay (POST /api/payment/create) from here.
        // Only when a card or instant EFT gateway can take the payment (otherwise the page and e-mail say how to pay),
        // and never at sample prices in production (DESIGN.md 7b).
        paymentUrl:
          !onlinePaymentsAvailable(c.env) || refusesCardPayment(c.env, order.blinds)
            ? null
            : `${origin}/order-confirmation?ref=${order.reference}&pay=1`,
        message: `Order ${order.reference} received. Total ${formatRandFromCents(order.total_cents)} incl. VAT.`,
        order,
      };
      return c.json(body, created ? 201 : 200);
    },
  )
  // A proof of payment for a bank transfer (DESIGN.md 7b): the reference is the key, as for reading
  // the order. The body is limited before it is read; the file's type is read from its bytes.
  .post(
    '/:reference/proof-of-payment',
    rateLimit({ name: 'proof-of-payment', limit: 10, windowSeconds: 600 }),
    async (c, next) => {
      if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        throw new AppError('unsupported_media_type', 'Send the proof of payment as multipart/form-data with a file field named file.');
      }
      await next();
    },
    bodyLimit({
      // The file and the form's few hundred bytes of headers.
      maxSize: PROOF_MAX_BYTES + 64 * 1024,
      onError: () => {
        throw new AppError('payload_too_large', 'The file is larger than 5 MB. Please upload a smaller PDF, JPEG or PNG.');
      },
    }),
    validate('form', proofForm),
    async (c) => {
      const reference = orderReference(c.req.param('reference'));
      const { file } = c.req.valid('form');
      const proof = await uploadProofOfPayment(c.env, reference, new Uint8Array(await file.arrayBuffer()));
      if (proof.outboxIds.length > 0) {
        c.executionCtx.waitUntil(
          sendOutboxMessages(c.env, proof.outboxIds).catch((err) =>
            console.error(
              JSON.stringify({
                level: 'error',
                message: 'proof notice not sent now; the outbox cron retries',
                reference,
                error: String(err),
              }),
            ),
          ),
        );
      }
      const body: ProofUploadResponse = {
        success: true,
        proofUploadedAt: proof.uploadedAt,
        message: `Thank you: we have your proof of payment for order ${reference}. We will confirm once the transfer reaches our account.`,
      };
      return c.json(body, 201);
    },
  )
  // References are unguessable ('CB-' + 10 random characters), so the reference is the read key; a
  // reference may still travel (a forwarded link), so phone and address are shown masked only.
  .get('/:reference', rateLimit(ORDER_READ_LIMIT), async (c) => {
    const reference = orderReference(c.req.param('reference'));
    const order = await findOrder(c.env.DB, reference);
    if (!order) throw new AppError('not_found', `No order with reference ${reference}.`);
    // The receipt asks for the courier timeline only when there is one (a 404 would be a console error).
    const tracking = await trackingForOrder(c.env.DB, reference);
    const timeline = await timelineForOrder(c.env.DB, reference, tracking);
    const taxDocuments = await orderTaxDocuments(c.env.DB, reference);
    const body: OrderReadResponse = {
      success: true,
      order: {
        ...maskOrderContact(order),
        has_tracking: tracking !== null,
        card_payment_refused: refusesCardPayment(c.env, order.blinds),
        amount_due_cents: ['paid', 'refunded'].includes(order.paymentStatus)
          ? 0
          : await amountDueCents(c.env.DB, { reference, totalCents: order.total_cents, paymentStatus: order.paymentStatus }),
        has_tax_invoice: taxDocuments.hasTaxInvoice,
        credit_notes: taxDocuments.creditNotes,
        ...(timeline && { timeline }),
        proof_uploaded_at: await proofUploadedAt(c.env.DB, reference),
      },
    };
    return c.json(body);
  });
