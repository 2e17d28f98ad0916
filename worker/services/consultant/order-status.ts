// Order status for the consultant: the built-in answer and Claude's track_order tool read
// the same order the confirmation page does. References are unguessable ('CB-' + 10 random
// characters), so knowing one is the same right to read as GET /api/orders/{reference}; the answer
// still leaves out the address and phone number.
import { SAMPLE_DISPATCH_WORKING_DAYS } from '../../shared/fulfilment';
import { findOrder } from '../orders';
import { trackingForOrder } from '../tracking';
import { TEST_PAYMENT_NOTE, type OrderDto } from '../../shared/orders-api';
import { SAMPLE_PRICES_NOTE } from '../../shared/sample-prices';
import { trackingStatusLabel, type PublicTrackingDto, type TrackingStatus } from '../../shared/tracking-api';
import { formatRandFromCents } from '../../shared/money';
import { formatLongDate } from '../../shared/sa-time';
import { deliveryEstimateText } from '../../shared/delivery-dates';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { database } from '../../lib/db';

/** An order reference as a customer types it: 'CB-' and 6 to 16 letters or digits, any case. */
const REFERENCE_IN_TEXT = /\bcb-?([a-z0-9]{6,16})\b/i;

export function findOrderReference(text: string): string | null {
  const m = REFERENCE_IN_TEXT.exec(text);
  return m ? `CB-${m[1]!.toUpperCase()}` : null;
}

const PAYMENT_TEXT: Record<OrderDto['paymentStatus'], string> = {
  paid: 'paid',
  pending: 'waiting for payment',
  failed: 'not paid (the card payment failed)',
  cancelled: 'not paid (the card payment was cancelled)',
  part_paid: 'part paid (the total went up after a size was corrected; the difference is still owed)',
  refunded: 'refunded (the payment was given back)',
  not_required: 'free samples (nothing to pay)',
};

function day(iso: string): string {
  return formatLongDate(iso);
}

export interface OrderStatusFacts {
  found: true;
  reference: string;
  placed: string;
  payment_status: OrderDto['paymentStatus'];
  /** The day it was paid, while it is paid (a refunded order has none). */
  paid_on: string | null;
  /** Paid through the sandbox gateway: TEST_PAYMENT_NOTE, else null. */
  test_payment: string | null;
  blinds: number;
  total: string;
  next_step: string;
  /** One sentence: the courier's latest status when staff have published tracking, else when it comes. */
  courier_tracking: string;
  /** The courier tracking staff published for the order (its latest entry), or null. */
  tracking: CourierTrackingFacts | null;
  /** The dates stored on the order (delivery-dates.ts) until it is dispatched or cancelled, else null. */
  expected_dates: string | null;
}

export interface CourierTrackingFacts {
  tracking_number: string;
  courier: string | null;
  status: TrackingStatus;
  status_label: string;
  status_message: string;
  current_location: string | null;
  estimated_delivery: string | null;
  last_update: string;
  track_page: string;
}

function courierFacts(t: PublicTrackingDto): CourierTrackingFacts {
  return {
    tracking_number: t.trackingNumber,
    courier: t.courierName,
    status: t.status,
    status_label: trackingStatusLabel(t.status),
    status_message: t.statusMessage,
    current_location: t.currentLocation,
    estimated_delivery: t.estimatedDelivery,
    last_update: day(t.updatedAt),
    track_page: `/track?number=${encodeURIComponent(t.trackingNumber)}`,
  };
}

/** Once tracking is published, the next step is the courier's, not production's. */
const COURIER_STEP: Record<TrackingStatus, string> = {
  pending: 'The order is packed and booked with the courier, waiting for collection.',
  in_transit: 'The order is on its way with the courier.',
  delivered: 'The order has been delivered.',
  failed: 'The courier could not deliver the order; the team will arrange a new delivery (the customer can contact them).',
};

function describeCourier(t: CourierTrackingFacts): string {
  const by = t.courier ? ` with ${t.courier}` : '';
  const where = t.current_location ? ` Last location: ${t.current_location}.` : '';
  const when = t.estimated_delivery && t.status !== 'delivered' ? ` Estimated delivery: ${t.estimated_delivery}.` : '';
  const message = /[.!?]$/.test(t.status_message) ? t.status_message : `${t.status_message}.`;
  return `Courier tracking number ${t.tracking_number}${by}: ${t.status_label} (updated ${t.last_update}) - ${message}${where}${when} Follow it on the Track an order page (${t.track_page}).`;
}

/** What the consultant may say about an order; null when there is no such order. */
export async function orderStatusFacts(db: D1Database, reference: string): Promise<OrderStatusFacts | null> {
  const order = await findOrder(db, reference.toUpperCase());
  if (!order) return null;
  const tracking = await trackingForOrder(db, order.reference);
  const [made] = await database(db).select({ status: orders.fulfilmentStatus }).from(orders).where(eq(orders.reference, order.reference));
  const courier = tracking ? courierFacts(tracking) : null;
  const blinds = order.blinds.reduce((n, l) => n + l.quantity, 0);
  const paid = order.paymentStatus === 'paid';
  return {
    found: true,
    reference: order.reference,
    placed: day(order.order_date),
    payment_status: order.paymentStatus,
    paid_on: paid && order.paid_at ? day(order.paid_at) : null,
    test_payment: order.test_payment ? TEST_PAYMENT_NOTE : null,
    blinds,
    total: formatRandFromCents(order.total_cents),
    next_step: courier
      ? COURIER_STEP[courier.status]
      : order.kind === 'samples'
        ? `Free colour samples: they are posted within ${SAMPLE_DISPATCH_WORKING_DAYS} working days, then the courier tracking number is e-mailed.`
        : paid
          ? order.delivery_estimate
            ? `In production: processing takes 1-2 business days and production ${order.delivery_estimate.leadTimeWorkingDays} working days for this order, then ${order.delivery_estimate.method === 'installation' ? 'fitting by our team' : 'courier delivery'}.`
            : 'In production: processing takes 1-2 business days and production 7-10 business days, then courier delivery.'
          : order.paymentStatus === 'refunded'
            ? 'The payment was refunded, so the order is not being made; the customer can contact the team about it.'
            : order.sample_prices
              ? `Production starts once the payment is received. ${SAMPLE_PRICES_NOTE}`
              : 'Production starts once the payment is received; the order confirmation page shows how to pay (by card, or by bank transfer with the order reference as the payment reference).',
    // Staff publish courier tracking by hand (/admin/tracking); until then the number is still to come.
    courier_tracking: courier ? describeCourier(courier) : 'The courier tracking number is sent once the order is dispatched.',
    tracking: courier,
    expected_dates:
      order.delivery_estimate && !courier && made?.status !== 'cancelled' && order.paymentStatus !== 'refunded'
        ? deliveryEstimateText(order.delivery_estimate)
        : null,
  };
}

/** One short, friendly paragraph for the built-in consultant. */
export function describeOrderStatus(facts: OrderStatusFacts): string {
  const paid = facts.paid_on ? `paid on ${facts.paid_on}` : PAYMENT_TEXT[facts.payment_status];
  const payment = facts.test_payment ? `${paid} (${facts.test_payment})` : paid;
  const blinds = facts.blinds === 1 ? '1 blind' : `${facts.blinds} blinds`;
  const dates = facts.expected_dates ? ` ${facts.expected_dates}` : '';
  return `Order ${facts.reference} (placed ${facts.placed}, ${blinds}, ${facts.total} incl. VAT) is ${payment}. ${facts.next_step}${dates} ${facts.courier_tracking}`;
}
