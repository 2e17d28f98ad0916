// An order's way from payment to a blind on the wall (storefront spec section 7, staff spec 2.6):
// the fulfilment statuses, the moves allowed between them and the words customers and staff read.
// Shared by the staff orders service (the authority), the staff screen (which offers only allowed
// moves) and the customer's timeline on the order page and /track.

export const FULFILMENT_STATUSES = [
  'received',
  'sizes_confirmed',
  'in_production',
  'dispatched',
  'delivered',
  'installed',
  'cancelled',
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** courier: national orders, ending in 'delivered'; installation: Garden Route fittings, ending in 'installed'. */
export const FULFILMENT_METHODS = ['courier', 'installation'] as const;
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number];

/** Who took the order: the site, or staff on the phone, on a site visit or in person. */
export const ORDER_SOURCES = ['online', 'phone', 'site_visit', 'walk_in'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const STAFF_ORDER_SOURCES = ['phone', 'site_visit', 'walk_in'] as const;
export type StaffOrderSource = (typeof STAFF_ORDER_SOURCES)[number];

/** How a staff-recorded order will be paid. */
export const STAFF_PAYMENT_METHODS = ['bank_transfer', 'card_machine', 'cash', 'card_link', 'on_delivery'] as const;
export type StaffPaymentMethod = (typeof STAFF_PAYMENT_METHODS)[number];

export const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
  received: 'Order received',
  sizes_confirmed: 'Sizes confirmed',
  in_production: 'In production',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  installed: 'Installed',
  cancelled: 'Cancelled',
};

export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = {
  online: 'Online',
  phone: 'Phone',
  site_visit: 'Site visit',
  walk_in: 'Walk-in',
};

export const STAFF_PAYMENT_METHOD_LABELS: Record<StaffPaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  card_machine: 'Card machine',
  cash: 'Cash',
  card_link: 'Card payment link',
  on_delivery: 'Paid on delivery or installation',
};

/** How staff read a payment's provider (payments.provider, orders.payment_provider): the way it was paid and through whom. */
const PAYMENT_PROVIDER_LABELS: Record<string, string> = {
  yoco: 'Card (Yoco)',
  payfast: 'Card (PayFast)',
  ozow: 'Instant EFT (Ozow)',
  sandbox: 'Sandbox (test payment)',
  manual: 'Recorded by staff',
};
export const paymentProviderLabel = (provider: string): string => PAYMENT_PROVIDER_LABELS[provider] ?? provider;

/**
 * What an order is: blinds to make, or free colour swatches (storefront spec 'Free samples'), which
 * cost nothing, need no payment ('not_required'), are made of nothing and go straight to the post.
 */
export const ORDER_KINDS = ['order', 'samples'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_KIND_LABELS: Record<OrderKind, string> = { order: 'Order', samples: 'Samples' };

/** Samples are posted within this many working days of the request (the timeline's expected date). */
export const SAMPLE_DISPATCH_WORKING_DAYS = 2;

/** The steps in order, for a method; 'cancelled' is not a step. Samples skip sizes and production. */
export function fulfilmentSteps(method: FulfilmentMethod, kind: OrderKind = 'order'): FulfilmentStatus[] {
  if (kind === 'samples') return ['received', 'dispatched', 'delivered'];
  return ['received', 'sizes_confirmed', 'in_production', 'dispatched', method === 'installation' ? 'installed' : 'delivered'];
}

/** What the status check needs to know about an order. */
export interface FulfilmentFacts {
  status: FulfilmentStatus;
  method: FulfilmentMethod;
  /** pending | paid | failed | cancelled | refunded | part_paid | not_required */
  paymentStatus: string;
  /** Any line whose size is still an estimate (isEstimatedSize). */
  sizesToConfirm: boolean;
  /** 'samples': free swatches (fulfilmentSteps); absent means 'order'. */
  kind?: OrderKind;
}

/** What staff send with a move: a note, and for an unpaid order going into production, why. */
export interface MoveRequest {
  to: FulfilmentStatus;
  note?: string | null;
  /** Set by the dispatch endpoint, which creates the courier tracking entry with the move. */
  viaDispatch?: boolean;
}

/**
 * Null when the move is allowed, else why not, in words staff can act on (the 409's message).
 * One step forward at a time; 'cancelled' from any step before 'dispatched'; nothing after 'cancelled'
 * or after the last step; a courier order is dispatched only with its tracking (the dispatch endpoint).
 */
export function refusedMove(order: FulfilmentFacts, move: MoveRequest): string | null {
  const { status, method } = order;
  const label = FULFILMENT_LABELS;
  if (status === 'cancelled') return 'This order was cancelled; a cancelled order cannot change. Record a new order instead.';
  if (move.to === status) return `This order is already '${label[status]}'.`;
  const steps = fulfilmentSteps(method, order.kind);
  const at = steps.indexOf(status);
  const last = steps[steps.length - 1]!;
  if (at === steps.length - 1) return `This order is already '${label[status]}', the last step.`;
  if (move.to === 'cancelled') {
    return at >= steps.indexOf('dispatched') ? `An order that was dispatched cannot be cancelled. It is '${label[status]}'.` : null;
  }
  const to = steps.indexOf(move.to);
  if (to === -1 && order.kind === 'samples')
    return `Samples go from '${label.received}' straight to '${label.dispatched}' and then '${label.delivered}'.`;
  if (to === -1) {
    const other = method === 'installation' ? 'delivered' : 'installed';
    return move.to === other
      ? `This order is ${method === 'installation' ? 'installed by our team' : 'sent by courier'}, so it ends '${label[last]}', not '${label[other]}'.`
      : `'${move.to}' is not a fulfilment status.`;
  }
  if (to < at) return `An order cannot go back from '${label[status]}' to '${label[move.to]}'.`;
  if (to > at + 1) return `Move one step at a time: after '${label[status]}' comes '${label[steps[at + 1]!]}'.`;
  if (move.to === 'sizes_confirmed' && order.sizesToConfirm) return 'Confirm or correct every estimated size before confirming the sizes.';
  if (move.to === 'in_production' && order.paymentStatus !== 'paid' && order.paymentStatus !== 'not_required' && !move.note?.trim())
    return 'This order is not paid. Say why it may go into production anyway (for example, paid on delivery) in the note.';
  if (move.to === 'dispatched' && method === 'courier' && !move.viaDispatch)
    return 'A courier order is dispatched with its courier and tracking number: use Dispatch.';
  return null;
}

/** The moves staff may make from here (the staff screen's buttons). */
export function nextMoves(order: FulfilmentFacts): FulfilmentStatus[] {
  return FULFILMENT_STATUSES.filter((to) => refusedMove(order, { to, note: 'x', viaDispatch: true }) === null);
}

/** One step of the customer's timeline: done (with its date), or the next one (with its window). */
export interface TimelineStep {
  status: FulfilmentStatus;
  label: string;
  /** When it happened (ISO); null for a step not reached yet. */
  at: string | null;
  /** The expected next step only, in words with dates: e.g. 'by 7 April 2026', 'between 15 April 2026 and 20 April 2026'. */
  expected: string | null;
}

/** The fulfilment timeline a customer reads (order page, /track); no staff notes, no names. */
export interface OrderTimelineDto {
  status: FulfilmentStatus;
  method: FulfilmentMethod;
  steps: TimelineStep[];
}
