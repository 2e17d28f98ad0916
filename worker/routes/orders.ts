import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { formatRandFromCents } from '../shared/money';
import { sendOutboxMessages } from '../services/email/outbox';
import { cardPaymentsAvailable } from '../services/payments/gateway';
import { findOrder, ORDER_REFERENCE_PATTERN, submitOrder } from '../services/orders';
import { publicOrigin } from '../lib/origin';
import { trackingForOrder } from '../services/tracking';
import { timelineForOrder } from '../services/order-timeline-read';
import { amountDueCents } from '../services/payments/ledger';
import { refusesCardPayment } from '../services/sample-price-guard';
import { maskOrderContact, orderSubmitSchema, type OrderReadResponse, type OrderSubmitResponse } from '../shared/orders-api';
import { trackEvent } from './analytics';
import { findTaxDocument } from '../services/tax-invoices';

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
        // The confirmation page starts the card payment (POST /api/payment/create) from here.
        // Only when a card gateway can take the payment (otherwise the page and e-mail say how to pay),
        // and never at sample prices in production (DESIGN.md 7b).
        paymentUrl:
          !cardPaymentsAvailable(c.env) || refusesCardPayment(c.env, order.blinds)
            ? null
            : `${origin}/order-confirmation?ref=${order.reference}&pay=1`,
        message: `Order ${order.reference} received. Total ${formatRandFromCents(order.total_cents)} incl. VAT.`,
        order,
      };
      return c.json(body, created ? 201 : 200);
    },
  )
  // References are unguessable ('CB-' + 10 random characters), so the reference is the read key; a
  // reference may still travel (a forwarded link), so phone and address are shown masked only.
  .get('/:reference', rateLimit(ORDER_READ_LIMIT), async (c) => {
    const reference = c.req.param('reference').trim().toUpperCase();
    if (!ORDER_REFERENCE_PATTERN.test(reference)) {
      throw new AppError(
        'validation_error',
        `'${c.req.param('reference').slice(0, 40)}' is not an order reference. References look like CB- and 10 letters or digits.`,
      );
    }
    const order = await findOrder(c.env.DB, reference);
    if (!order) throw new AppError('not_found', `No order with reference ${reference}.`);
    // The receipt asks for the courier timeline only when there is one (a 404 would be a console error).
    const tracking = await trackingForOrder(c.env.DB, reference);
    const timeline = await timelineForOrder(c.env.DB, reference, tracking);
    const body: OrderReadResponse = {
      success: true,
      order: {
        ...maskOrderContact(order),
        has_tracking: tracking !== null,
        card_payment_refused: refusesCardPayment(c.env, order.blinds),
        amount_due_cents: ['paid', 'refunded'].includes(order.paymentStatus)
          ? 0
          : await amountDueCents(c.env.DB, { reference, totalCents: order.total_cents, paymentStatus: order.paymentStatus }),
        has_tax_invoice: (await findTaxDocument(c.env.DB, reference, 'invoice')) !== null,
        ...(timeline && { timeline }),
      },
    };
    return c.json(body);
  });
