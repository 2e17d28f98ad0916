// The contract of courier tracking (staff spec sections 2.6, 2.7, 3 'Tracking entry', 4, 5, 7): the
// request schemas of the staff writes and the lookup parameters, and the answers both sides read.
import { z } from 'zod';
import { email, optionalText, requiredText } from './schemas';
import { ORDER_REFERENCE_PATTERN } from './orders-api';
import type { OrderProgressDto } from './delivery-dates';

/** Spec section 4: four statuses, any may follow any. */
export const TRACKING_STATUSES = ['pending', 'in_transit', 'delivered', 'failed'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** Spec section 4: 'IN TRANSIT' (uppercase, the underscore as a space). */
export function trackingStatusLabel(status: string): string {
  return status.replace(/_/g, ' ').toUpperCase();
}

/** Spec section 8, the lookup's unsuccessful result. */
export const NO_TRACKING_TITLE = 'No tracking information found';
export const NO_TRACKING_MESSAGE = 'Please check your tracking number or order ID and try again.';

/** A courier's tracking number: 3 to 40 letters, digits and hyphens; stored and looked up in uppercase. */
export const TRACKING_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,39}$/;
export const TRACKING_NUMBER_RULE = 'must be 3 to 40 letters, digits or hyphens';
/** An order reference as the customer types it ('CB-' and letters or digits); the service checks the order exists. */
export const ORDER_ID_PATTERN = ORDER_REFERENCE_PATTERN;
export const ORDER_ID_RULE = "must be an order reference: 'CB-' and 8 to 16 letters or digits";

export const normaliseCode = (value: string) => value.trim().toUpperCase();

export const trackingNumberSchema = z
  .string({ error: 'is required' })
  .transform(normaliseCode)
  .pipe(z.string().min(1, 'is required').regex(TRACKING_NUMBER_PATTERN, TRACKING_NUMBER_RULE));

const trackingNumber = trackingNumberSchema;

const orderId = z
  .string({ error: 'is required' })
  .transform(normaliseCode)
  .pipe(z.string().min(1, 'is required').regex(ORDER_ID_PATTERN, ORDER_ID_RULE));

const status = z.enum(TRACKING_STATUSES, { error: `must be one of ${TRACKING_STATUSES.join(', ')}` });

/** POST /api/tracking (spec section 5: orderId, trackingNumber, status and statusMessage required). */
export const trackingCreateSchema = z.object({
  orderId,
  trackingNumber,
  status,
  statusMessage: requiredText(500),
  currentLocation: optionalText(120),
  /** Free text such as '2-3 business days'. */
  estimatedDelivery: optionalText(100),
  courierName: optionalText(80),
});
export type TrackingCreateRequest = z.input<typeof trackingCreateSchema>;

/** PUT /api/tracking/{id} (spec section 5: status and statusMessage required). */
export const trackingUpdateSchema = z.object({
  status,
  statusMessage: requiredText(500),
  currentLocation: optionalText(120),
  estimatedDelivery: optionalText(100),
});
export type TrackingUpdateRequest = z.input<typeof trackingUpdateSchema>;

/** PATCH /api/tracking/{id}: staff correct a mistyped courier or tracking number (audited). */
export const trackingCorrectionSchema = z
  .object({ courierName: optionalText(80), trackingNumber: trackingNumberSchema.optional() })
  .refine((v) => v.courierName !== null || v.trackingNumber !== undefined, 'give the courier name or the tracking number to correct');
export type TrackingCorrectionRequest = z.input<typeof trackingCorrectionSchema>;

/** The path parameters of the public lookups: a 400 names the rule when the text cannot be one. */
export const trackingNumberParamSchema = z.object({ number: trackingNumber });
export const orderIdParamSchema = z.object({ orderId });

/** A South African postal code: four digits. */
export const POSTCODE_PATTERN = /^\d{4}$/;
export const ORDER_CONTACT_REQUIRED = 'Please give the e-mail address or the postcode on the order as well as its reference.';

/**
 * The query of GET /api/tracking/order/{orderId}: the reference alone opens nothing, so the lookup
 * also needs the e-mail address on the order (any case) or the postcode of its delivery address.
 */
export const orderContactQuerySchema = z
  .object({
    email: email.optional(),
    postcode: z.string().trim().regex(POSTCODE_PATTERN, 'must be 4 digits').optional(),
  })
  .refine((q) => q.email !== undefined || q.postcode !== undefined, { message: ORDER_CONTACT_REQUIRED });
export type OrderContact = z.output<typeof orderContactQuerySchema>;

export interface TrackingHistoryItem {
  status: TrackingStatus;
  message: string;
  location: string | null;
  timestamp: string;
}

/**
 * What a customer reads (GET /api/tracking/{number}, /order/{orderId}): tracking only. No order
 * reference (it is the read key of the order, its receipt and payment, and courier numbers are often
 * sequential), nothing personal and nothing about the staff.
 */
export interface PublicTrackingDto {
  trackingNumber: string;
  status: TrackingStatus;
  statusMessage: string;
  currentLocation: string | null;
  estimatedDelivery: string | null;
  courierName: string | null;
  /** Oldest first, as recorded. */
  trackingHistory: TrackingHistoryItem[];
  updatedAt: string;
}

/** What staff read and write (GET/POST /api/tracking, PUT/PATCH/DELETE /api/tracking/{id}). */
export interface TrackingEntryDto extends PublicTrackingDto {
  id: string;
  orderId: string;
  /** The name on the order (online or recorded by staff); null when no order has this reference. */
  orderCustomerName: string | null;
  createdAt: string;
}

/** GET /api/tracking/{trackingNumber}: the entry, and the fulfilment timeline of its order (null if the order is gone). */
export interface PublicTrackingResponse {
  success: true;
  tracking: PublicTrackingDto;
  timeline: OrderProgressDto | null;
}

/**
 * GET /api/tracking/order/{orderId}: the order's fulfilment timeline (no names, addresses or staff
 * notes), and its latest courier entry, null until the order is handed to the courier.
 */
export interface OrderTrackingResponse {
  success: true;
  tracking: PublicTrackingDto | null;
  timeline: OrderProgressDto;
}

export interface TrackingListResponse {
  success: true;
  tracking: TrackingEntryDto[];
}

/** DELETE /api/tracking/{id}: the entry as it was. */
export interface TrackingDeleteResponse {
  success: true;
  message: string;
  tracking: TrackingEntryDto;
}

export interface TrackingWriteResponse {
  success: true;
  message: string;
  tracking: TrackingEntryDto;
  /** Whether the customer was e-mailed about this change (a new entry or a new status, with an e-mail on the order). */
  customerNotified: boolean;
}
