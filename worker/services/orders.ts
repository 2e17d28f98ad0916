// Orders (storefront spec sections 3, 7; DESIGN.md sections 5-7). The server prices every line
// from the price grid in force; the client's prices and total are ignored (kept only for the audit
// trail). An order, its lines, its idempotency key and its confirmation e-mails are written in one
// D1 batch, so an order is never stored without its e-mails (DESIGN.md section 7).
import { and, eq } from 'drizzle-orm';
import { database } from '../lib/db';
import type { z } from 'zod';
import { idempotencyKeys, orderLines, orders } from '../db/schema';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import type { OrderDto, orderSubmitSchema, PricedLineDto } from '../shared/orders-api';
import { ORDER_REFERENCE_PATTERN } from '../shared/orders-api';
import { findOrder, fitGuaranteeFields } from './order-read';
import { orderConfirmationMessages, type OrderForEmail } from './email/order-emails';
import { estimateFor } from './delivery-estimate';
import type { DeliveryEstimate } from '../shared/delivery-dates';
import { admitCustomerEmail } from './email/customer-email-guard';
import { outboxInsert } from './email/outbox';
import { isUniqueViolation } from '../lib/d1-errors';
import { sha256Hex } from '../lib/crypto';
import { phoneKey } from '../shared/contact-normal-form';
import { invoiceStatement, taxSupplier } from './tax-invoices';
import type { FulfilmentMethod, OrderSource, StaffPaymentMethod } from '../shared/fulfilment';
import { cents, priceBlinds, totalsOf } from './order-pricing';

export type { BlindLineInput } from './order-pricing';
import type { BlindLineInput } from './order-pricing';
export type OrderSubmitInput = z.output<typeof orderSubmitSchema>;

/** Without 0/O and 1/I/L: a reference read out on the phone is not misheard. 31^10 ~ 8e14. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 10;
export { ORDER_REFERENCE_PATTERN };

export function newOrderReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(REFERENCE_LENGTH * 2));
  let out = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 31).
  for (const b of bytes) {
    if (b >= 248) continue;
    out += REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length];
    if (out.length === REFERENCE_LENGTH) break;
  }
  return out.length === REFERENCE_LENGTH ? `CB-${out}` : newOrderReference();
}

// Reading an order back lives in ./order-read (payments read orders without the e-mails this module queues).
export { findOrder, fitGuaranteeFields, sizeSourceFields } from './order-read';

// Pricing the lines lives in ./order-pricing (staff size corrections and orders from quotes use it too).
export { priceBlinds, totalsOf } from './order-pricing';

/** Was any line of this order priced from a sample grid (recorded when it was priced)? */
export async function orderHasSamplePrices(db: D1Database, reference: string): Promise<boolean> {
  const [row] = await database(db)
    .select({ lineNo: orderLines.lineNo })
    .from(orderLines)
    .where(and(eq(orderLines.orderReference, reference), eq(orderLines.priceIsSample, true)))
    .limit(1);
  return Boolean(row);
}

export interface NewOrder {
  customer: {
    name: string;
    email: string;
    phone: string | null;
    address: string | null;
    instructions: string | null;
    /** For the tax invoice (checkout's optional VAT number). */
    vatNumber?: string | null;
  };
  lines: readonly PricedLineDto[];
  /** Per line number: the reason for a price set by hand, and the photo scan the size came from. */
  lineExtras?: ReadonlyMap<number, { manualPriceReason?: string | null; photoKey?: string | null }>;
  /** The consultant chat the order came from. */
  chatSessionId?: string | null;
  /** An order staff recorded (phone, site visit, walk-in); absent for an online order. */
  staff?: {
    source: OrderSource;
    fulfilmentMethod: FulfilmentMethod;
    paymentMethod: StaffPaymentMethod;
    leadId: string | null;
    /** Paid in full when recorded (a manual payment staff took). */
    paid: boolean;
  };
  clientTotalCents: number | null;
  quoteId: string | null;
  /** 'orders:' + the client's Idempotency-Key, with the request's hash. */
  idempotency?: { key: string; requestHash: string };
  /** The expected dispatch and delivery dates fixed as the order is placed (delivery-estimate.ts). */
  deliveryEstimate?: DeliveryEstimate | null;
}

/** The order as its confirmation e-mails describe it, from the values about to be inserted. */
function orderForEmail(reference: string, order: NewOrder, createdAt: string): OrderForEmail {
  return {
    reference,
    customer_name: order.customer.name,
    customer_email: order.customer.email,
    customer_phone: order.customer.phone,
    customer_address: order.customer.address,
    special_instructions: order.customer.instructions,
    quote_id: order.quoteId,
    // Eligible lines say they will be covered once staff confirm them from the photo.
    blinds: order.lines.map((l) => ({
      ...l,
      ...fitGuaranteeFields(l.size_source, !!order.lineExtras?.get(l.line_no)?.photoKey, false),
    })),
    total_cents: totalsOf(order.lines).totalCents,
    paymentStatus: order.staff?.paid ? 'paid' : 'pending',
    order_date: createdAt,
    staffPaymentMethod: order.staff?.paymentMethod ?? null,
    delivery_estimate: order.deliveryEstimate ?? null,
  };
}

/**
 * The statements that write one order and queue its confirmation e-mails; run them in one batch with
 * anything that must go with it. The outbox inserts come last, so their ids are the batch's last results.
 */
export function orderStatements(
  env: Env,
  reference: string,
  order: NewOrder,
  createdAt: string,
  origin: string | null,
  customerEmailAllowed: boolean,
) {
  const db = env.DB;
  const d = database(db);
  const { totalCents, vatCents, subtotalCents } = totalsOf(order.lines);
  const supplier = taxSupplier(env);
  // A staff-recorded order without an e-mail address ('') gets no customer e-mail; staff need no
  // notice of an order they recorded themselves.
  const hasEmail = order.customer.email.trim() !== '';
  const emails = orderConfirmationMessages(
    env,
    orderForEmail(reference, order, createdAt),
    origin,
    customerEmailAllowed && hasEmail,
  ).filter((m) => !order.staff || m.kind !== 'order-notification');
  const statements = [
    d.insert(orders).values({
      reference,
      customerName: order.customer.name,
      customerEmail: order.customer.email,
      customerPhone: order.customer.phone,
      customerAddress: order.customer.address,
      customerVatNumber: order.customer.vatNumber ?? null,
      specialInstructions: order.customer.instructions,
      subtotalCents,
      vatCents,
      totalCents,
      clientTotalCents: order.clientTotalCents,
      quoteId: order.quoteId,
      paymentStatus: order.staff?.paid ? 'paid' : 'pending',
      paymentProvider: order.staff?.paid ? 'manual' : null,
      paidAt: order.staff?.paid ? createdAt : null,
      createdAt,
      fulfilmentStatusAt: createdAt,
      customerPhoneKey: phoneKey(order.customer.phone),
      chatSessionId: order.chatSessionId ?? null,
      deliveryEstimate: order.deliveryEstimate ?? null,
      ...(order.staff
        ? {
            source: order.staff.source,
            fulfilmentMethod: order.staff.fulfilmentMethod,
            paymentMethod: order.staff.paymentMethod,
            leadId: order.staff.leadId,
          }
        : {}),
    }),
    // One statement per line keeps every insert far below D1's 100 bound parameters.
    ...order.lines.map((l) =>
      d.insert(orderLines).values({
        orderReference: reference,
        lineNo: l.line_no,
        productId: l.product_type,
        productName: l.product_name,
        widthMm: l.width_mm,
        dropMm: l.drop_mm,
        controlSide: l.control_side,
        mountType: l.mount_type,
        colour: l.colour,
        quantity: l.quantity,
        unitPriceCents: l.unit_price_cents,
        totalCents: l.total_cents,
        priceListVersion: l.price_list_version,
        priceIsSample: l.sample_price,
        sizeSource: l.size_source,
        measuredSizeSource: l.size_source,
        manualPriceReason: order.lineExtras?.get(l.line_no)?.manualPriceReason ?? null,
        photoKey: order.lineExtras?.get(l.line_no)?.photoKey ?? null,
        options: l.options?.length ? l.options : null,
      }),
    ),
    // Recorded as paid in full (a manual payment staff took): its tax invoice is issued with it.
    ...(order.staff?.paid && supplier
      ? [
          invoiceStatement(
            db,
            {
              reference,
              order_date: createdAt,
              customer_name: order.customer.name,
              customer_address: order.customer.address,
              customer_email: order.customer.email,
              customer_vat_number: order.customer.vatNumber ?? null,
              blinds: [...order.lines],
              total_cents: totalCents,
              test_payment: false,
            },
            supplier,
            new Date(createdAt),
          ),
        ]
      : []),
  ] as const;
  return { statements, emails: emails.map((m) => outboxInsert(db, m, new Date(createdAt))) };
}

/** The outbox ids returned by the batch's trailing e-mail inserts. */
export function queuedIds(results: readonly unknown[], emailCount: number): number[] {
  return results.slice(results.length - emailCount).flatMap((rows) => (rows as { id: number }[]).map((r) => r.id));
}

export interface SubmittedOrder {
  order: OrderDto;
  /** False when an Idempotency-Key retry answered the order made the first time. */
  created: boolean;
  /** The confirmation e-mails queued with a new order, to send after answering (none on a retry). */
  outboxIds: number[];
}

async function replayIdempotent(db: D1Database, key: string, requestHash: string): Promise<SubmittedOrder | null> {
  const [row] = await database(db).select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
  if (!row) return null;
  if (row.requestHash !== requestHash) {
    throw new AppError('conflict', 'This Idempotency-Key was already used for a different order.');
  }
  const order = await findOrder(db, row.resourceId);
  if (!order) throw new Error(`idempotency key ${key} points at a missing order ${row.resourceId}`);
  return { order, created: false, outboxIds: [] };
}

/**
 * The photo scans the lines' sizes came from, by line number: only keys whose photo is in R2 (a key
 * the client made up, or a photo removed since, is dropped without a word; the order still stands).
 */
export async function photoKeysOf(
  env: Pick<Env, 'MEDIA'>,
  blinds: readonly Pick<BlindLineInput, 'photo_key'>[],
): Promise<Map<number, { photoKey: string }>> {
  const found = await Promise.all(
    blinds.map(async (b, i) => (b.photo_key && (await env.MEDIA.head(b.photo_key)) ? ([i + 1, { photoKey: b.photo_key }] as const) : null)),
  );
  return new Map(found.filter((f) => f !== null));
}

/**
 * POST /api/orders/submit: validates and prices, then stores order, lines, the idempotency key and
 * the confirmation e-mails in one batch. With a key, a retry (even one racing the first request)
 * answers the same order and queues nothing more. The caller sends outboxIds after answering.
 */
export async function submitOrder(
  env: Env,
  input: OrderSubmitInput,
  idempotencyKey: string | null,
  origin: string | null,
  now = new Date(),
): Promise<SubmittedOrder> {
  const db = env.DB;
  const lines = await priceBlinds(db, input.blinds);
  const canonical = JSON.stringify({
    ...input,
    blinds: input.blinds.map(({ price: _p, total_price: _t, id: _i, ...rest }) => rest),
    total_amount: undefined,
  });
  const idempotency = idempotencyKey ? { key: `orders:${idempotencyKey}`, requestHash: await sha256Hex(canonical) } : undefined;
  if (idempotency) {
    const replay = await replayIdempotent(db, idempotency.key, idempotency.requestHash);
    if (replay) return replay;
  }
  const order: NewOrder = {
    customer: {
      name: input.customer_name,
      email: input.customer_email,
      phone: input.customer_phone,
      address: input.customer_address,
      instructions: input.special_instructions,
      vatNumber: input.customer_vat_number ?? null,
    },
    lines,
    clientTotalCents: input.total_amount === undefined ? null : cents(input.total_amount),
    quoteId: null,
    idempotency,
    chatSessionId: input.chat_session_id ?? null,
    lineExtras: await photoKeysOf(env, input.blinds),
    // An online order goes by courier (staff record Garden Route fittings): its region comes from the address.
    deliveryEstimate: await estimateFor(db, {
      productIds: lines.map((l) => l.product_type),
      method: 'courier',
      address: input.customer_address,
      now,
    }),
  };
  // Counted once per new order: past the guard's limits the order is still taken, without the customer's e-mail.
  const customerEmailAllowed = (await admitCustomerEmail(env, order.customer.email, now)).allowed;
  for (let attempt = 0; attempt < 3; attempt++) {
    const reference = newOrderReference();
    const createdAt = now.toISOString();
    const { statements, emails } = orderStatements(env, reference, order, createdAt, origin, customerEmailAllowed);
    const d = database(db);
    try {
      // The key goes first: a racing twin fails on it before writing anything.
      const results = idempotency
        ? await d.batch([
            d.insert(idempotencyKeys).values({ key: idempotency.key, requestHash: idempotency.requestHash, resourceId: reference }),
            ...statements,
            ...emails,
          ])
        : await d.batch([...statements, ...emails]);
      const stored = await findOrder(db, reference);
      return { order: stored!, created: true, outboxIds: queuedIds(results, emails.length) };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (idempotency) {
        const replay = await replayIdempotent(db, idempotency.key, idempotency.requestHash);
        if (replay) return replay;
      }
      // Otherwise a reference collision (vanishingly rare): draw another.
    }
  }
  throw new Error('could not draw a free order reference');
}
