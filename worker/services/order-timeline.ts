// The fulfilment timeline a customer reads on the order confirmation page and on /track (storefront
// spec sections 2 and 9, staff spec section 2.7): each step with the day it happened, and for the
// next step only, when to expect it in words and dates a customer can plan on. Pure: the caller
// reads the order, its status events and its courier entry. An order that stores its dates
// (delivery-dates.ts: fixed when placed, counted again when the sizes are confirmed) is expected on
// those; an older order without them keeps the shop-wide times (shop-policies.ts).
import {
  FULFILMENT_LABELS,
  SAMPLE_DISPATCH_WORKING_DAYS,
  fulfilmentSteps,
  type OrderKind,
  type FulfilmentMethod,
  type FulfilmentStatus,
  type TimelineStep,
} from '../shared/fulfilment';
import { COURIER_WORKING_DAYS, ORDER_PROCESSING_WORKING_DAYS, PRODUCTION_WORKING_DAYS } from '../shared/shop-policies';
import {
  courierRegion,
  datesFromProductionStart,
  INSTALLATION_WORKING_DAYS,
  type DeliveryEstimate,
  type OrderProgressDto,
} from '../shared/delivery-dates';
import { formatLongDate, southAfricanDay } from '../shared/sa-time';
import { addWorkingDays, workingDayOnOrAfter } from '../shared/working-days';

export interface TimelineOrder {
  /** When the order was placed (ISO): the 'Order received' step. */
  createdAt: string;
  fulfilmentStatus: FulfilmentStatus;
  fulfilmentMethod: FulfilmentMethod;
  /** When the status last changed (ISO), the date of the current step if its event is missing. */
  fulfilmentStatusAt: string | null;
  /**
   * False while an online order waits for its payment: production starts once it is paid
   * (the order page says so), so no production date is promised. Unknown counts as paid.
   */
  paid?: boolean;
  /** The dates stored on the order (orders.delivery_estimate); null or absent on orders placed before they were. */
  deliveryEstimate?: DeliveryEstimate | null;
  /** The payment was refunded or cancelled: the order is not being made, so no dates are given. */
  paymentEnded?: boolean;
  /** 'samples': free swatches, posted within SAMPLE_DISPATCH_WORKING_DAYS; absent means 'order'. */
  kind?: OrderKind;
}

/** An order_events row of kind 'status': the status moved to, and when. */
export interface StatusEvent {
  status: string;
  createdAt: string;
}

/** What the courier said about delivery (a tracking entry's free-text estimate, e.g. '2-3 business days'). */
export interface TimelineTracking {
  estimatedDelivery: string | null;
}

// Each `expected` reads after the word 'Expected' (components/order-timeline.tsx).
export const INSTALLATION_BOOKING = 'on the day booked with you: our team will phone you to book the fitting';
export const AWAITING_PAYMENT = 'once your payment is received';
/** After 'by <date>' for a fitting of an order with its own dates. */
export const INSTALLATION_BOOKING_BY_DATE = 'our team will phone you to book the day of the fitting';

const day = (iso: string) => southAfricanDay(Date.parse(iso));

/** 'by 7 April 2026', or 'between 15 April 2026 and 20 April 2026'; never a day already past. */
function dateWindow(from: string, to: string, today: string): string {
  const start = from < today ? workingDayOnOrAfter(today) : from;
  const end = to < start ? start : to;
  return start === end ? `by ${formatLongDate(end)}` : `between ${formatLongDate(start)} and ${formatLongDate(end)}`;
}

/** When to expect `next`, counted from the day the current step was reached (`dates`: the order's own, while ahead). */
function expectedNext(
  next: FulfilmentStatus,
  since: string,
  order: TimelineOrder,
  dates: DeliveryEstimate | null,
  tracking: TimelineTracking | null,
  today: string,
) {
  const stored = order.deliveryEstimate ?? null;
  switch (next) {
    case 'sizes_confirmed': {
      const by = addWorkingDays(since, ORDER_PROCESSING_WORKING_DAYS);
      return dateWindow(by, by, today);
    }
    case 'in_production': {
      if (order.paid === false) return AWAITING_PAYMENT;
      const by = addWorkingDays(since, 1);
      return dateWindow(by, by, today);
    }
    case 'dispatched':
      if (order.kind === 'samples') {
        const by = addWorkingDays(since, SAMPLE_DISPATCH_WORKING_DAYS);
        return dateWindow(by, by, today);
      }
      if (dates) return dateWindow(dates.dispatchBy, dates.dispatchBy, today);
      return dateWindow(addWorkingDays(since, PRODUCTION_WORKING_DAYS.min), addWorkingDays(since, PRODUCTION_WORKING_DAYS.max), today);
    case 'delivered': {
      const courier = tracking?.estimatedDelivery?.trim();
      if (courier) return `as the courier estimates: ${courier}`;
      // The stored region's courier days, counted from the day it really left (never the planned day).
      const days = stored ? courierRegion(stored.region).days : COURIER_WORKING_DAYS;
      const dates = dateWindow(addWorkingDays(since, days.min), addWorkingDays(since, days.max), today);
      const to = stored?.region ? ` to ${stored.region}` : '';
      return `${dates} (usually ${days.min} to ${days.max} working days after dispatch${to})`;
    }
    case 'installed':
      if (stored) {
        const by = addWorkingDays(since, INSTALLATION_WORKING_DAYS);
        return `${dateWindow(by, by, today)}: ${INSTALLATION_BOOKING_BY_DATE}`;
      }
      return INSTALLATION_BOOKING;
    default:
      return null;
  }
}

/** The dates still ahead of an order (OrderProgressDto.dates); `since` is the day its current step was reached. */
function datesAhead(order: TimelineOrder, current: number, steps: readonly FulfilmentStatus[], since: string): DeliveryEstimate | null {
  const stored = order.deliveryEstimate ?? null;
  if (!stored || order.paymentEnded || order.fulfilmentStatus === 'cancelled') return null;
  if (current >= steps.indexOf('dispatched')) return null;
  return order.fulfilmentStatus === 'in_production' ? datesFromProductionStart(stored, since) : stored;
}

/**
 * Every step of the order's way (fulfilmentSteps) with its date from the status events ('Order
 * received' is the day it was placed). A cancelled order lists the steps it reached and then
 * 'Cancelled'. Only the step after the current one carries `expected`.
 */
export function orderTimeline(
  order: TimelineOrder,
  statusEvents: readonly StatusEvent[],
  tracking: TimelineTracking | null = null,
  now: Date = new Date(),
): OrderProgressDto {
  const steps = fulfilmentSteps(order.fulfilmentMethod, order.kind);
  // The latest move to each status (an order moves forward one step at a time, so there is one).
  const reachedAt = new Map<string, string>();
  for (const e of [...statusEvents].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) reachedAt.set(e.status, e.createdAt);
  reachedAt.set('received', order.createdAt);
  const status = order.fulfilmentStatus;
  if (order.fulfilmentStatusAt && !reachedAt.has(status)) reachedAt.set(status, order.fulfilmentStatusAt);

  const step = (s: FulfilmentStatus, reached: boolean, expected: string | null = null): TimelineStep => ({
    status: s,
    label: FULFILMENT_LABELS[s],
    at: reached ? (reachedAt.get(s) ?? null) : null,
    expected,
  });

  if (status === 'cancelled') {
    // The steps it got to: up to the furthest one with a recorded move.
    const furthest = Math.max(...steps.map((s, i) => (reachedAt.has(s) ? i : 0)));
    return {
      status,
      method: order.fulfilmentMethod,
      steps: [...steps.slice(0, furthest + 1).map((s) => step(s, true)), step('cancelled', true)],
      dates: null,
    };
  }

  const current = Math.max(0, steps.indexOf(status));
  const next = steps[current + 1];
  const since = day(reachedAt.get(steps[current]!) ?? order.fulfilmentStatusAt ?? order.createdAt);
  const dates = datesAhead(order, current, steps, since);
  const today = southAfricanDay(now);
  return {
    status,
    method: order.fulfilmentMethod,
    steps: steps.map((s, i) =>
      i === current + 1 && next ? step(s, false, expectedNext(next, since, order, dates, tracking, today)) : step(s, i <= current),
    ),
    dates,
  };
}
