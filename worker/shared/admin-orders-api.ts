// The contract of the staff orders screen (/admin/orders; staff spec 2.6 and DESIGN.md section 7):
// the request schemas the routes validate and the web client sends, and the answers' shapes.
// Every route here is staff-only; the server re-prices every size change and checks every move.
import { z } from 'zod';
import { CONTROL_SIDES, MOUNT_TYPES, MAX_LINES, ORDER_REFERENCE_PATTERN, type PaymentStatus, type PricedLineDto } from './orders-api';
import {
  FULFILMENT_METHODS,
  FULFILMENT_STATUSES,
  ORDER_SOURCES,
  STAFF_ORDER_SOURCES,
  STAFF_PAYMENT_METHODS,
  ORDER_KINDS,
  type FulfilmentMethod,
  type OrderKind,
  type FulfilmentStatus,
  type OrderSource,
  type StaffPaymentMethod,
} from './fulfilment';
import type { AdminOrderRemake } from './remakes-api';
import { optionalText, requiredText } from './schemas';
import type { DeliveryEstimate, OrderProgressDto } from './delivery-dates';
import { trackingNumberSchema, type TrackingEntryDto } from './tracking-api';

/** Orders per page of GET /api/admin/orders. */
export const ADMIN_ORDERS_PAGE_SIZE = 50;
/**
 * 'awaiting_transfer' is not a stored status: the orders that owe money and are expected to be paid
 * by bank transfer (worker/services/staff/orders/alerts.ts awaitingTransferCondition, the one definition).
 */
export const ADMIN_PAYMENT_FILTERS = [
  'pending',
  'paid',
  'part_paid',
  'failed',
  'cancelled',
  'refunded',
  'not_required',
  'awaiting_transfer',
] as const;

/**
 * The dashboard's order alerts, as a filter of the orders screen (?alert=): exactly the orders the
 * alert counts (worker/services/staff/dashboard.ts).
 */
export const ORDER_ALERTS = ['tracking_overdue', 'sizes_to_confirm', 'production_overdue'] as const;
export type OrderAlert = (typeof ORDER_ALERTS)[number];
export const ORDER_ALERT_LABELS: Record<OrderAlert, string> = {
  tracking_overdue: 'Paid more than 48 hours ago, no tracking entry',
  sizes_to_confirm: 'Waiting for size confirmation',
  production_overdue: 'In production past its lead time',
};

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .optional();

/** GET /api/admin/orders: q searches reference, name, phone (any spelling) or e-mail; dates are SAST days. */
export const adminOrdersQuerySchema = z.object({
  q: z.string().trim().max(120, 'must be at most 120 characters').optional(),
  status: z.enum(FULFILMENT_STATUSES, { error: `must be one of ${FULFILMENT_STATUSES.join(', ')}` }).optional(),
  payment: z.enum(ADMIN_PAYMENT_FILTERS, { error: `must be one of ${ADMIN_PAYMENT_FILTERS.join(', ')}` }).optional(),
  source: z.enum(ORDER_SOURCES, { error: `must be one of ${ORDER_SOURCES.join(', ')}` }).optional(),
  alert: z.enum(ORDER_ALERTS, { error: `must be one of ${ORDER_ALERTS.join(', ')}` }).optional(),
  /** 'samples': only free sample orders; 'order': only orders of blinds. */
  kind: z.enum(ORDER_KINDS, { error: `must be one of ${ORDER_KINDS.join(', ')}` }).optional(),
  from: isoDay,
  to: isoDay,
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

export const orderReferenceParamSchema = z.object({
  reference: z
    .string()
    .trim()
    .toUpperCase()
    .regex(ORDER_REFERENCE_PATTERN, "must be an order reference: 'CB-' and 8 to 16 letters or digits"),
});

/** POST /api/admin/orders/{reference}/status */
export const orderStatusChangeSchema = z.object({
  status: z.enum(FULFILMENT_STATUSES, { error: `must be one of ${FULFILMENT_STATUSES.join(', ')}` }),
  note: optionalText(1000),
});
export type OrderStatusChangeRequest = z.input<typeof orderStatusChangeSchema>;

const sizeMm = z.coerce
  .number({ error: 'must be a number of millimetres' })
  .int('must be whole millimetres')
  .min(1, 'must be more than 0 mm')
  .max(100_000, 'must be at most 100000 mm');

/** PATCH /api/admin/orders/{reference}/lines/{lineNo}: confirm (same size) or correct a line's size. */
export const lineSizeCorrectionSchema = z.object({
  widthMm: sizeMm,
  dropMm: sizeMm,
  reason: requiredText(500),
  /**
   * Staff checked this size against the customer's photo (the fit guarantee, shared/fit-guarantee.ts):
   * accepted only for a line measured with the A4 scan or the polygon tool from a real size, with its photo.
   */
  confirmedFromPhoto: z.boolean({ error: 'must be true or false' }).default(false),
});
export type LineSizeCorrectionRequest = z.input<typeof lineSizeCorrectionSchema>;

export const lineNoParamSchema = orderReferenceParamSchema.extend({
  lineNo: z.coerce.number().int('must be a line number').min(1, 'must be a line number').max(MAX_LINES, 'must be a line number'),
});

/** POST /api/admin/orders/{reference}/dispatch: to 'dispatched' and its courier tracking entry, in one batch. */
export const orderDispatchSchema = z.object({
  courierName: requiredText(80),
  trackingNumber: trackingNumberSchema,
  statusMessage: optionalText(500),
  estimatedDelivery: optionalText(80),
});
export type OrderDispatchRequest = z.input<typeof orderDispatchSchema>;

/** A line of a staff-recorded order: priced by the grid, or by hand with a reason (shown as such). */
export const staffOrderLineSchema = z
  .object({
    product_type: requiredText(80),
    width_mm: sizeMm,
    drop_mm: sizeMm,
    control_side: z.enum(CONTROL_SIDES).default('left'),
    mount_type: z.enum(MOUNT_TYPES).default('inside-recess'),
    colour: requiredText(120),
    quantity: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(1),
    /** Unit price in rand incl. VAT, only with manualPriceReason. */
    manualPrice: z.coerce.number().positive('must be more than R0').max(1_000_000, 'must be at most R1000000').optional(),
    manualPriceReason: optionalText(300),
    /** Measured by staff on a site visit, or given by the customer on the phone. */
    sizeSource: z.enum(['typed', 'staff-confirmed']).default('typed'),
  })
  .refine((l) => (l.manualPrice === undefined) === !l.manualPriceReason, {
    message: 'a manual price needs a reason, and a reason needs a manual price',
    path: ['manualPriceReason'],
  });

/** POST /api/admin/orders: an order taken by phone, on a site visit or in person. */
export const staffOrderCreateSchema = z.object({
  source: z.enum(STAFF_ORDER_SOURCES, { error: `must be one of ${STAFF_ORDER_SOURCES.join(', ')}` }),
  customer: z.object({
    name: requiredText(120),
    phone: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(40, 'must be at most 40 characters')
      .refine((v) => v.replace(/\D/g, '').length >= 9, 'must be a phone number with at least 9 digits'),
    email: z
      .string()
      .trim()
      .max(254)
      .nullish()
      .transform((v) => (v ? v : null))
      .pipe(z.email({ error: 'must be a valid email address' }).nullable()),
    address: optionalText(500),
  }),
  lines: z.array(staffOrderLineSchema).min(1, 'add at least one blind').max(MAX_LINES, `at most ${MAX_LINES} blinds`),
  fulfilmentMethod: z.enum(FULFILMENT_METHODS).default('courier'),
  paymentMethod: z.enum(STAFF_PAYMENT_METHODS, { error: `must be one of ${STAFF_PAYMENT_METHODS.join(', ')}` }),
  /** Already paid in full (cash, card machine): recorded as a manual payment by this staff member. */
  paid: z.boolean().default(false),
  notes: optionalText(2000),
  /** The lead this order comes from (/leads 'Create order'); the lead then shows the reference. */
  leadId: z.string().trim().max(80).optional(),
});
export type StaffOrderCreateRequest = z.input<typeof staffOrderCreateSchema>;

/** How staff took a payment they record by hand. */
export const MANUAL_PAYMENT_METHODS = ['bank_transfer', 'cash', 'card_machine'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const MANUAL_PAYMENT_METHOD_LABELS: Record<ManualPaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card_machine: 'Card machine',
};

/**
 * POST /api/admin/orders/{reference}/payments: money received outside the card gateways (a bank
 * transfer matched to the order, cash, the card machine). amountCents, or amount in rand; the server
 * checks it against what is outstanding.
 */
/** An amount of money staff record (amountCents, or amount in rand: one of them), how it moved, and a note. */
function moneyRecordSchema<const M extends readonly [string, ...string[]]>(methods: M, what: 'received' | 'refunded') {
  return z
    .object({
      amountCents: z.coerce.number({ error: 'must be a number of cents' }).int('must be whole cents').optional(),
      amount: z.coerce.number({ error: 'must be an amount in rand' }).optional(),
      method: z.enum(methods, { error: `must be one of ${methods.join(', ')}` }),
      note: optionalText(500),
    })
    .refine((p) => (p.amountCents === undefined) !== (p.amount === undefined), {
      message: `give the amount ${what}, as amountCents or as amount in rand (one of them)`,
      path: ['amount'],
    })
    .transform(({ amountCents, amount, ...rest }) => ({
      ...rest,
      amountCents: amountCents ?? Math.round((amount ?? 0) * 100),
    }))
    .refine((p) => p.amountCents > 0, { message: 'must be more than R0', path: ['amount'] });
}

export const manualPaymentSchema = moneyRecordSchema(MANUAL_PAYMENT_METHODS, 'received');
export type ManualPaymentRequest = z.input<typeof manualPaymentSchema>;

/** How money was given back: Ozow refunds are made in Ozow's merchant admin (Ozow sends no refund notice). */
export const REFUND_METHODS = ['ozow', 'bank_transfer', 'cash', 'card_machine'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  ozow: "Ozow refund (Ozow's merchant admin)",
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card_machine: 'Card machine',
};

/**
 * POST /api/admin/orders/{reference}/refunds: money given back that no gateway reports (an Ozow or
 * bank-transfer order, cash, the card machine). The server checks it against what was paid and not
 * yet refunded; an invoiced order gets a credit note. Card gateways report their own refunds.
 */
export const manualRefundSchema = moneyRecordSchema(REFUND_METHODS, 'refunded');
export type ManualRefundRequest = z.input<typeof manualRefundSchema>;

/** The customer's proof of payment, for staff (GET /api/admin/orders/{reference}/proof). */
export interface AdminOrderProof {
  uploadedAt: string;
  /** Staff-only link that shows the file. */
  url: string;
}

/** A row of the orders list. */
export interface AdminOrderSummary {
  reference: string;
  createdAt: string;
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  totalCents: number;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  fulfilmentMethod: FulfilmentMethod;
  source: OrderSource;
  lineCount: number;
  sizesToConfirm: boolean;
  /** 'samples' for a free sample order (marked 'Samples' on the screen). */
  kind: OrderKind;
}

export interface AdminOrdersListResponse {
  success: true;
  orders: AdminOrderSummary[];
  /** Pass as ?cursor= for the next page; null on the last page. */
  nextCursor: string | null;
}

/** A line as staff see it: size, where it came from, and how it was priced. */
export interface AdminOrderLine extends PricedLineDto {
  /** LINE_SIZE_SOURCE_LABELS / 'confirmed by staff'. */
  size_source_label: string;
  manual_price_reason: string | null;
  /** The size may be confirmed from the customer's photo (shared/fit-guarantee.ts canConfirmFromPhoto). */
  can_confirm_from_photo: boolean;
  /** Who confirmed the size from the photo, and when; null when nobody has. */
  photo_confirmed: { by: string; at: string } | null;
}

export interface AdminOrderPhoto {
  /** e.g. 'Photo scan 12 Mar 14:02', 'Chat photo' */
  label: string;
  /** Staff-only link that shows the photo. */
  url: string;
}

export interface AdminOrderPayment {
  provider: string;
  /** For a payment staff recorded: how it was taken (MANUAL_PAYMENT_METHODS / STAFF_PAYMENT_METHODS). */
  method: string | null;
  amountCents: number;
  status: string;
  createdAt: string;
}

export interface AdminOrderEmail {
  id: number;
  kind: string;
  subject: string;
  toAddress: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
  lastError: string | null;
}

export interface AdminOrderEvent {
  id: number;
  kind: 'status' | 'line' | 'note' | 'payment';
  status: FulfilmentStatus | null;
  note: string | null;
  actor: string;
  details: Record<string, unknown> | null;
  createdAt: string;
}

export interface AdminOrderAuditEntry {
  actor: string;
  action: string;
  createdAt: string;
  details: Record<string, unknown> | null;
}

/** GET /api/admin/orders/{reference}: the whole order (viewing it is audited). */
export interface AdminOrderDetail extends AdminOrderSummary {
  customerAddress: string | null;
  specialInstructions: string | null;
  subtotalCents: number;
  vatCents: number;
  /** What is still owed (total less verified payments); 0 when settled. */
  balanceDueCents: number;
  paymentProvider: string | null;
  paymentMethod: StaffPaymentMethod | null;
  paidAt: string | null;
  unpaidProductionReason: string | null;
  leadId: string | null;
  quoteId: string | null;
  lines: AdminOrderLine[];
  photos: AdminOrderPhoto[];
  /** The customer's latest proof of payment (a bank transfer), if any. */
  proof: AdminOrderProof | null;
  payments: AdminOrderPayment[];
  emails: AdminOrderEmail[];
  tracking: TrackingEntryDto[];
  events: AdminOrderEvent[];
  /** Remakes recorded against its lines (shared/remakes-api.ts). */
  remakes: AdminOrderRemake[];
  audit: AdminOrderAuditEntry[];
  /** The moves allowed now (nextMoves), for the screen's buttons. */
  nextMoves: FulfilmentStatus[];
  timeline: OrderProgressDto;
  /** The dates given to the customer (orders.delivery_estimate): fixed when placed, counted again when the sizes were confirmed; null on older orders. */
  deliveryEstimate: DeliveryEstimate | null;
}

export interface AdminOrderResponse {
  success: true;
  order: AdminOrderDetail;
  message?: string;
  /** True when the change queued an e-mail to the customer. */
  customerNotified?: boolean;
  /** POST .../payments: what is still owed after the recorded payment (0: paid in full). */
  outstandingCents?: number;
}
