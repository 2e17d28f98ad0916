// Reads what the customer's fulfilment timeline (order-timeline.ts) is made from: the order's
// status, method and dates, its status events, and the courier's estimate. For the public reads
// only (GET /api/orders/{reference}, the /track lookups): nothing personal leaves here.
import { and, asc, eq } from 'drizzle-orm';
import { database } from '../lib/db';
import { orderEvents, orders, trackingEntries } from '../db/schema';
import { FULFILMENT_METHODS, FULFILMENT_STATUSES, type FulfilmentMethod, type FulfilmentStatus } from '../shared/fulfilment';
import type { DeliveryEstimate, OrderProgressDto } from '../shared/delivery-dates';
import { orderTimeline, type TimelineTracking } from './order-timeline';

const asStatus = (value: string): FulfilmentStatus =>
  (FULFILMENT_STATUSES as readonly string[]).includes(value) ? (value as FulfilmentStatus) : 'received';
const asMethod = (value: string): FulfilmentMethod =>
  (FULFILMENT_METHODS as readonly string[]).includes(value) ? (value as FulfilmentMethod) : 'courier';

/** The timeline of an order by its reference; null when there is no such order. */
export async function timelineForOrder(
  db: D1Database,
  reference: string,
  tracking: TimelineTracking | null,
  now = new Date(),
): Promise<OrderProgressDto | null> {
  const d = database(db);
  const [[order], events] = await Promise.all([
    d
      .select({
        createdAt: orders.createdAt,
        status: orders.fulfilmentStatus,
        statusAt: orders.fulfilmentStatusAt,
        method: orders.fulfilmentMethod,
        source: orders.source,
        paymentStatus: orders.paymentStatus,
        deliveryEstimate: orders.deliveryEstimate,
        kind: orders.kind,
      })
      .from(orders)
      .where(eq(orders.reference, reference))
      .limit(1),
    d
      .select({ status: orderEvents.status, createdAt: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderReference, reference), eq(orderEvents.kind, 'status')))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  if (!order) return null;
  return timelineOfOrder(order, events, tracking, now);
}

/**
 * The timeline from an order's row and its status events already read (the staff order page reads
 * both for itself); only events of kind 'status' may be passed or they are filtered here.
 */
export function timelineOfOrder(
  order: {
    createdAt: string;
    status: string;
    statusAt: string | null;
    method: string;
    source: string;
    paymentStatus: string;
    deliveryEstimate?: DeliveryEstimate | null;
    kind?: string;
  },
  events: readonly { status: string | null; createdAt: string; kind?: string }[],
  tracking: TimelineTracking | null,
  now = new Date(),
): OrderProgressDto {
  return orderTimeline(
    {
      createdAt: order.createdAt,
      fulfilmentStatus: asStatus(order.status),
      fulfilmentMethod: asMethod(order.method),
      fulfilmentStatusAt: order.statusAt,
      // An online order is made once it is paid (the order page says so); staff decide for the
      // orders they record (e.g. paid on delivery), so no payment wait is shown for those.
      paid: order.source !== 'online' || order.paymentStatus === 'paid' || order.paymentStatus === 'not_required',
      kind: order.kind === 'samples' ? 'samples' : 'order',
      deliveryEstimate: order.deliveryEstimate ?? null,
      paymentEnded: order.paymentStatus === 'refunded' || order.paymentStatus === 'cancelled',
    },
    events.filter((e): e is { status: string; createdAt: string } => e.status !== null && (e.kind ?? 'status') === 'status'),
    tracking,
    now,
  );
}

/** The order a tracking number belongs to (the number is the key of the public lookup), or null. */
export async function orderOfTrackingNumber(db: D1Database, trackingNumber: string): Promise<string | null> {
  const [row] = await database(db)
    .select({ orderId: trackingEntries.orderId })
    .from(trackingEntries)
    .where(eq(trackingEntries.trackingNumber, trackingNumber))
    .limit(1);
  return row?.orderId ?? null;
}
