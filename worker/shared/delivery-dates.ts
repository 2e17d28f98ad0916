// Dates a customer can plan on: the expected dispatch date of an order (or a quote) and when it
// arrives, in South African working days (working-days.ts). The production lead time is each
// product's (catalogue data, staff set it in the catalogue editor); an order of several lines
// waits for its slowest line. A courier order arrives within the courier's days for the region of
// its address; a Garden Route order fitted by our team (fulfilment method 'installation') is
// installed within INSTALLATION_WORKING_DAYS of dispatch. Pure, so the calculator, the quote
// document, the order page, the e-mails and the consultant all say the same dates.
import type { FulfilmentMethod, OrderTimelineDto } from './fulfilment';
import { COURIER_WORKING_DAYS, ORDER_PROCESSING_WORKING_DAYS } from './shop-policies';
import { formatLongDate } from './sa-time';
import { addWorkingDays } from './working-days';

/** After dispatch, the fitting along the Garden Route is booked within this many working days. */
export const INSTALLATION_WORKING_DAYS = 3;
/** After staff confirm the sizes, production starts the next working day (the order timeline says so too). */
export const PRODUCTION_START_WORKING_DAYS = 1;

/**
 * The courier's door-to-door working days per province. SAMPLE figures chosen when this was written,
 * not a courier's published service levels: replace them with the shop's courier's before the dates
 * are relied on. An address naming no province or town listed here gets the national window
 * (fulfilment.ts).
 */
export const COURIER_REGIONS: readonly { region: string; days: { min: number; max: number }; words: readonly string[] }[] = [
  {
    region: 'Western Cape',
    days: { min: 1, max: 3 },
    words: [
      'western cape',
      'cape town',
      'stellenbosch',
      'paarl',
      'worcester',
      'george',
      'knysna',
      'mossel bay',
      'plettenberg',
      'oudtshoorn',
    ],
  },
  {
    region: 'Eastern Cape',
    days: { min: 2, max: 4 },
    words: ['eastern cape', 'gqeberha', 'port elizabeth', 'east london', 'makhanda', 'mthatha', 'jeffreys bay'],
  },
  {
    region: 'Gauteng',
    days: { min: 2, max: 3 },
    words: ['gauteng', 'johannesburg', 'pretoria', 'tshwane', 'sandton', 'midrand', 'centurion', 'soweto', 'randburg', 'roodepoort'],
  },
  { region: 'KwaZulu-Natal', days: { min: 2, max: 4 }, words: ['kwazulu', 'kzn', 'durban', 'pietermaritzburg', 'umhlanga', 'ballito'] },
  { region: 'Free State', days: { min: 2, max: 4 }, words: ['free state', 'bloemfontein'] },
];

export interface CourierRegion {
  /** The province, or null for the national window. */
  region: string | null;
  days: { min: number; max: number };
}

/** The courier's region of an address (its province or a town in it); the national window otherwise. */
export function courierRegion(address: string | null | undefined): CourierRegion {
  const text = ` ${(address ?? '').toLowerCase().replace(/[^a-z]+/g, ' ')} `;
  for (const r of COURIER_REGIONS) {
    if (r.words.some((word) => text.includes(` ${word} `))) return { region: r.region, days: r.days };
  }
  return { region: null, days: COURIER_WORKING_DAYS };
}

/** What an order stores (orders.delivery_estimate) and every page reads. Days are 'YYYY-MM-DD' South African days. */
export interface DeliveryEstimate {
  /** 'placed': counted from the day the order was placed; 'sizes_confirmed': from the day staff confirmed the sizes. */
  basis: 'placed' | 'sizes_confirmed';
  /** The day it was counted from. */
  from: string;
  /** The longest production lead time of the order's products. */
  leadTimeWorkingDays: number;
  /** A product's lead time is still the catalogue's sample value (said next to the dates). */
  sampleLeadTime: boolean;
  dispatchBy: string;
  method: FulfilmentMethod;
  /** Courier: the province the window is for (null: the national window). */
  region: string | null;
  /** Courier: the first and last day of the delivery window; installation: dispatch day and 'installed by'. */
  arrivesFrom: string;
  arrivesBy: string;
}

export interface LeadTime {
  workingDays: number;
  sample: boolean;
}

/** The slowest of the lines' lead times (an order is dispatched whole); null without lines. */
export function longestLeadTime(leadTimes: readonly LeadTime[]): LeadTime | null {
  if (leadTimes.length === 0) return null;
  const workingDays = Math.max(...leadTimes.map((l) => l.workingDays));
  return { workingDays, sample: leadTimes.some((l) => l.sample) };
}

/**
 * The dates of an order counted from `from`: when placed, order processing (ORDER_PROCESSING_WORKING_DAYS)
 * then the lead time; once the sizes are confirmed, production starts the next working day and takes the lead time.
 */
export function deliveryEstimate(input: {
  basis: DeliveryEstimate['basis'];
  from: string;
  leadTime: LeadTime;
  method: FulfilmentMethod;
  address?: string | null;
}): DeliveryEstimate {
  const before = input.basis === 'placed' ? ORDER_PROCESSING_WORKING_DAYS : PRODUCTION_START_WORKING_DAYS;
  const dispatchBy = addWorkingDays(input.from, before + input.leadTime.workingDays);
  const base = {
    basis: input.basis,
    from: input.from,
    leadTimeWorkingDays: input.leadTime.workingDays,
    sampleLeadTime: input.leadTime.sample,
    dispatchBy,
    method: input.method,
  };
  if (input.method === 'installation') {
    return { ...base, region: null, arrivesFrom: dispatchBy, arrivesBy: addWorkingDays(dispatchBy, INSTALLATION_WORKING_DAYS) };
  }
  const { region, days } = courierRegion(input.address);
  return { ...base, region, arrivesFrom: addWorkingDays(dispatchBy, days.min), arrivesBy: addWorkingDays(dispatchBy, days.max) };
}

/** The first and last day of arrival after dispatch on `dispatchDay`, as `e` counts them (its region's courier days, or the fitting). */
export function arrivalAfter(
  e: Pick<DeliveryEstimate, 'method' | 'region'>,
  dispatchDay: string,
): { arrivesFrom: string; arrivesBy: string } {
  if (e.method === 'installation') return { arrivesFrom: dispatchDay, arrivesBy: addWorkingDays(dispatchDay, INSTALLATION_WORKING_DAYS) };
  // The stored region is a province's name, which courierRegion reads back to its courier days.
  const { days } = courierRegion(e.region);
  return { arrivesFrom: addWorkingDays(dispatchDay, days.min), arrivesBy: addWorkingDays(dispatchDay, days.max) };
}

/**
 * The stored dates once production started on `startDay`: the lead time counts from that day, so a
 * late start moves the dispatch (and the arrival with it) later; an early one keeps the date given.
 */
export function datesFromProductionStart(e: DeliveryEstimate, startDay: string): DeliveryEstimate {
  const dispatchBy = addWorkingDays(startDay, e.leadTimeWorkingDays);
  return dispatchBy <= e.dispatchBy ? e : { ...e, dispatchBy, ...arrivalAfter(e, dispatchBy) };
}

/**
 * The fulfilment timeline with the dates a customer can still plan on (`dates`): the order's stored
 * dates until it is dispatched, null once dispatched or cancelled, when its payment was refunded,
 * and for an order placed before orders stored dates (the timeline then keeps the shop-wide times).
 */
export interface OrderProgressDto extends OrderTimelineDto {
  dates: DeliveryEstimate | null;
}

/** '6 April 2027' for a 'YYYY-MM-DD' South African day. */
export function formatDay(day: string): string {
  return formatLongDate(`${day}T12:00:00Z`);
}

export const SAMPLE_LEAD_TIME_NOTE = 'estimated from sample lead times until the shop sets its own';

/** 'Expected dispatch: by 6 April 2027.' */
export function dispatchSentence(e: DeliveryEstimate): string {
  return `Expected dispatch: by ${formatDay(e.dispatchBy)}.`;
}

/** 'Installed by 9 April 2027.' or 'Delivery by courier to Gauteng: between 8 April 2027 and 9 April 2027.' */
export function arrivalSentence(e: DeliveryEstimate): string {
  if (e.method === 'installation') return `Installed by ${formatDay(e.arrivesBy)} (Garden Route fitting by our team).`;
  const to = e.region ? ` to ${e.region}` : '';
  return `Delivery by courier${to}: between ${formatDay(e.arrivesFrom)} and ${formatDay(e.arrivesBy)}.`;
}

/** How an order's dates were counted (said under them on the order page, /track and the receipt). */
export function datesBasisNote(e: Pick<DeliveryEstimate, 'basis'>): string {
  return e.basis === 'sizes_confirmed'
    ? 'Counted from the day we confirmed your sizes; weekends and South African public holidays are skipped.'
    : 'Counted from the day you ordered; we count them again when we confirm your sizes. Weekends and South African public holidays are skipped.';
}

/** Both sentences, with the sample note when a lead time is a sample value: the e-mails and the consultant say this. */
export function deliveryEstimateText(e: DeliveryEstimate): string {
  const sample = e.sampleLeadTime ? ` (Dates ${SAMPLE_LEAD_TIME_NOTE}.)` : '';
  return `${dispatchSentence(e)} ${arrivalSentence(e)}${sample}`;
}

/** GET /api/delivery-estimate: a quote's dates counted from today, by courier (national window) and as a Garden Route fitting. */
export interface DeliveryEstimateResponse {
  success: true;
  courier: DeliveryEstimate;
  installation: DeliveryEstimate;
}
