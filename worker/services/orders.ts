// Orders (storefront spec sections 3, 7; DESIGN.md sections 5-7). The server prices every line
// from the price grid in force; the client's prices and total are ignored (kept only for the audit
// trail). An order, its lines, its idempotency key and its confirmation e-mails are written in one
// D1 batch, so an order is never stored without its e-mails (DESIGN.md section 7).
import { and, eq } from 'drizzle-orm';
import { database } from '../lib/db';
import type { z } from 'zod';
import { idempotencyKeys, orderLines, orders } from '../db/schema';
import type { Env } from '../env';
import { AppError, type ErrorIssue } from '../lib/errors';
import type { blindLineSchema, OrderDto, orderSubmitSchema, PricedLineDto } from '../shared/orders-api';
import { vatInside } from '../shared/money';
import { ORDER_REFERENCE_PATTERN } from '../shared/orders-api';
import { isEstimatedSize } from '../shared/size-sources';
import { findOrder, fitGuaranteeFields } from './order-read';
import { coloursForProduct } from './catalog';
import { orderConfirmationMessages, type OrderForEmail } from './email/order-emails';
import { estimateFor } from './delivery-estimate';
import type { DeliveryEstimate } from '../shared/delivery-dates';
import { admitCustomerEmail } from './email/customer-email-guard';
import { outboxInsert } from './email/outbox';
import { chooseOptions, optionsForProduct, priceWithOptions, type PriceWithOptions } from './product-options';
import { productOffer } from './product-offer';
import type { PriceGrid } from './pricing';
import { noLongerOfferedMessage, priceOnRequestMessage } from '../shared/product-offer';
import { isUniqueViolation } from '../lib/d1-errors';
import { sha256Hex } from '../lib/crypto';
import { phoneKey } from '../shared/contact-normal-form';
import { invoiceStatement, taxSupplier } from './tax-invoices';
import type { FulfilmentMethod, OrderSource, StaffPaymentMethod } from '../shared/fulfilment';

export type BlindLineInput = z.output<typeof blindLineSchema>;
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

const cents = (rand: number) => Math.round(rand * 100);
const rand = (c: number) => c / 100;

// Reading an order back lives in ./order-read (payments read orders without the e-mails this module queues).
export { findOrder, fitGuaranteeFields, sizeSourceFields } from './order-read';

/**
 * Prices each line from the grid in force. A line that cannot be made as asked (unknown product,
 * a size outside the grid or over 3000 mm, a colour the product does not come in) fails the whole
 * request with a 400 naming the blind, so the customer can correct it; nothing is stored.
 */
export async function priceBlinds(
  db: D1Database,
  blinds: readonly BlindLineInput[],
  options: {
    /** The request field the lines came in, for the issues' paths. */
    path?: string;
    /** Staff-recorded orders: a unit price staff set by hand (cents) replaces the grid's, per line. */
    manualPriceCents?: readonly (number | null)[];
  } = {},
): Promise<PricedLineDto[]> {
  const path = options.path ?? 'blinds';
  const issues: ErrorIssue[] = [];
  const priced: PricedLineDto[] = [];
  const colourCache = new Map<string, Map<string, string>>();
  for (const [i, line] of blinds.entries()) {
    const label = `Blind ${i + 1}`;
    const offer = await productOffer(db, line.product_type);
    if (offer.kind !== 'priced') {
      const message =
        offer.kind === 'unknown'
          ? `we do not make '${line.product_type}'. Choose a product from the calculator.`
          : offer.kind === 'hidden'
            ? noLongerOfferedMessage(offer.product.name)
            : priceOnRequestMessage(offer.product.name);
      issues.push({ path: `${path}.${i}.product_type`, message: `${label}: ${message}` });
      continue;
    }
    const { grid } = offer;
    let offered = colourCache.get(grid.productId);
    if (!offered) {
      const { colours } = await coloursForProduct(db, grid.productId);
      offered = new Map(colours.map((c) => [c.name.toLowerCase(), c.name]));
      colourCache.set(grid.productId, offered);
    }
    const colour = offered.get(line.colour.trim().replace(/\s+/g, ' ').toLowerCase());
    if (!colour) {
      issues.push({
        path: `${path}.${i}.colour`,
        message: `${label}: ${grid.productName} does not come in '${line.colour}'. Choose one of its colours.`,
      });
      continue;
    }
    const manual = options.manualPriceCents?.[i] ?? null;
    const price = await linePrice(db, grid, line, manual, `${path}.${i}.options`);
    if ('issue' in price) {
      issues.push({ ...price.issue, message: `${label}: ${price.issue.message}` });
      continue;
    }
    if (!price.ok) {
      issues.push({ path: `${path}.${i}`, message: `${label} (${line.width_mm} x ${line.drop_mm} mm): ${price.message}` });
      continue;
    }
    const totalCents = price.priceCents * line.quantity;
    priced.push({
      line_no: i + 1,
      product_type: grid.productId,
      product_name: grid.productName,
      width_mm: line.width_mm,
      drop_mm: line.drop_mm,
      control_side: line.control_side,
      mount_type: line.mount_type,
      colour,
      quantity: line.quantity,
      price: rand(price.priceCents),
      total_price: rand(totalCents),
      unit_price_cents: price.priceCents,
      total_cents: totalCents,
      price_list_version: grid.version,
      // A price staff set by hand is not the (sample) grid's.
      sample_price: manual === null && price.isSample,
      size_source: line.size_source,
      size_estimated: isEstimatedSize(line.size_source),
      options: price.options,
    });
  }
  if (issues.length > 0) {
    const summary = issues
      .slice(0, 3)
      .map((i) => i.message)
      .join(' ');
    throw new AppError('validation_error', summary, { issues });
  }
  return priced;
}

/**
 * One line's unit price: the grid's cell plus its options (a shutter's louvre, frame and panels, an
 * awning's motor), or the price staff set by hand with the options still recorded. An option the
 * product or the width does not allow is an issue naming what is possible.
 */
async function linePrice(
  db: D1Database,
  grid: PriceGrid,
  line: BlindLineInput,
  manual: number | null,
  path: string,
): Promise<PriceWithOptions | { issue: ErrorIssue }> {
  if (manual !== null) {
    const choice = chooseOptions(grid.productName, await optionsForProduct(db, grid.productId), line.width_mm, line.options);
    if (!choice.ok) return { issue: { path: `${path}.${choice.group}`, message: choice.message } };
    return {
      ok: true,
      priceCents: manual,
      basePriceCents: manual,
      widthBandMm: line.width_mm,
      dropBandMm: line.drop_mm,
      options: choice.options,
      isSample: false,
    };
  }
  try {
    return await priceWithOptions(db, grid, line.width_mm, line.drop_mm, line.options, path);
  } catch (err) {
    const issue = err instanceof AppError ? err.details?.issues?.[0] : undefined;
    if (issue) return { issue };
    throw err;
  }
}

export function totalsOf(lines: readonly Pick<PricedLineDto, 'total_cents'>[]) {
  const totalCents = lines.reduce((sum, l) => sum + l.total_cents, 0);
  const vatCents = vatInside(totalCents);
  return { totalCents, vatCents, subtotalCents: totalCents - vatCents };
}

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
