// Reading an order back as the pages, e-mails and payment providers see it. Apart from
// ./orders (which writes orders and queues their e-mails) so the payment side can read an order
// without importing the e-mail and gateway modules that import it.
import { asc, eq } from 'drizzle-orm';
import { database } from '../lib/db';
import { orderLines, orders } from '../db/schema';
import { ORDER_REFERENCE_PATTERN, type OrderDto, type PaymentStatus, type PricedLineDto } from '../shared/orders-api';
import { fitGuaranteeOf } from '../shared/fit-guarantee';
import { isEstimatedSize, sizesToConfirm, STORED_SIZE_SOURCES, type StoredSizeSource } from '../shared/size-sources';
import type { LineOptionDto } from '../shared/product-options';

const rand = (c: number) => c / 100;

/**
 * A stored line's size source, read back (order_lines.size_source, a quote's JSON line): a known
 * source, else null (stored before sources were recorded), with its estimate flag.
 */
export function sizeSourceFields(source: unknown): Pick<PricedLineDto, 'size_source' | 'size_estimated'> {
  const known = STORED_SIZE_SOURCES.find((s) => s === source) ?? null;
  return { size_source: known as StoredSizeSource | null, size_estimated: isEstimatedSize(known) };
}

/**
 * A line's fit guarantee from what is stored: how it was measured (the line's own source until staff
 * confirm it), whether its photo is kept, and whether staff confirmed the size from that photo.
 */
export function fitGuaranteeFields(
  measuredSource: unknown,
  hasPhoto: boolean,
  photoConfirmed: boolean,
): Pick<PricedLineDto, 'fit_guarantee' | 'measured_size_source'> {
  const measured = sizeSourceFields(measuredSource).size_source;
  return { measured_size_source: measured, fit_guarantee: fitGuaranteeOf({ measuredSource: measured, hasPhoto, photoConfirmed }) };
}

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

function toOrderDto(order: OrderRow, lines: readonly OrderLineRow[]): OrderDto {
  return {
    reference: order.reference,
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    customer_phone: order.customerPhone,
    customer_address: order.customerAddress,
    customer_vat_number: order.customerVatNumber,
    special_instructions: order.specialInstructions,
    quote_id: order.quoteId,
    blinds: [...lines]
      .sort((a, b) => a.lineNo - b.lineNo)
      .map((l) => ({
        line_no: l.lineNo,
        product_type: l.productId,
        product_name: l.productName,
        width_mm: l.widthMm,
        drop_mm: l.dropMm,
        control_side: l.controlSide as PricedLineDto['control_side'],
        mount_type: l.mountType as PricedLineDto['mount_type'],
        colour: l.colour,
        quantity: l.quantity,
        price: rand(l.unitPriceCents),
        total_price: rand(l.totalCents),
        unit_price_cents: l.unitPriceCents,
        total_cents: l.totalCents,
        price_list_version: l.priceListVersion,
        sample_price: l.priceIsSample,
        ...sizeSourceFields(l.sizeSource),
        ...fitGuaranteeFields(l.measuredSizeSource ?? l.sizeSource, l.photoKey !== null, l.photoConfirmedAt !== null),
        ...(l.options?.length ? { options: l.options as LineOptionDto[] } : {}),
      })),
    subtotal: rand(order.subtotalCents),
    vat: rand(order.vatCents),
    total_amount: rand(order.totalCents),
    total_cents: order.totalCents,
    paymentStatus: order.paymentStatus as PaymentStatus,
    paid_at: order.paidAt,
    order_date: order.createdAt,
    test_payment: order.paymentStatus === 'paid' && order.paymentProvider === 'sandbox',
    sample_prices: lines.some((l) => l.priceIsSample),
    sizes_to_confirm: sizesToConfirm(lines.map((l) => ({ size_source: l.sizeSource }))),
    delivery_estimate: order.deliveryEstimate ?? null,
    kind: order.kind === 'samples' ? 'samples' : 'order',
  };
}

/** An order as the confirmation page and the payment providers read it; null when unknown. */
export async function findOrder(db: D1Database, reference: string): Promise<OrderDto | null> {
  if (!ORDER_REFERENCE_PATTERN.test(reference)) return null;
  const d = database(db);
  const [order, lines] = await Promise.all([
    d.select().from(orders).where(eq(orders.reference, reference)).limit(1),
    d.select().from(orderLines).where(eq(orderLines.orderReference, reference)).orderBy(asc(orderLines.lineNo)),
  ]);
  return order[0] ? toOrderDto(order[0], lines) : null;
}
