// Booked Garden Route site visits: the staff schedule (days per area, time slots, visits per slot),
// the customer's booking, and its move or cancel link. The route validators and the web screens
// (web/src/features/booking, web/src/features/staff/visit-schedule) both import these.
import { z } from 'zod';
import { email, requiredText } from './schemas';

/** The Garden Route towns the consultants visit, Mossel Bay to Plettenberg Bay (the landing page's list). */
export const GARDEN_ROUTE_AREAS = ['Mossel Bay', 'George', 'Wilderness', 'Sedgefield', 'Knysna', 'Plettenberg Bay'] as const;
export type GardenRouteArea = (typeof GARDEN_ROUTE_AREAS)[number];

/** How far ahead staff may open visit times and customers may book (about three months). */
export const BOOKING_HORIZON_DAYS = 92;
/** A slot starting sooner than this is no longer offered: the consultant needs the time to plan the day. */
export const BOOKING_LEAD_HOURS = 12;

export const BOOK_VISIT_PATH = '/book-site-visit';
/** What both consultants say about booking (the built-in one and Claude's prompt). */
export const BOOK_VISIT_SENTENCE = `On the Garden Route you can book a site visit at an open time on ${BOOK_VISIT_PATH}; you get the confirmation with a calendar invitation by e-mail.`;

export const BOOKED_MESSAGE = 'Your site visit is booked. We have e-mailed you the details with a calendar invitation.';
export const SLOT_FULL_MESSAGE = 'Sorry, that time has just been booked by someone else. Please choose another time.';
export const LINK_INVALID_MESSAGE =
  'This link is not valid. Please use the link in your latest booking e-mail, or call us to change your visit.';
export const LINK_EXPIRED_MESSAGE =
  'This link has expired: the visit it was for has already taken place. Please call us to arrange another.';

const day = z.string({ error: 'is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
const time = z
  .string({ error: 'is required' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM, 24-hour)')
  .refine((t) => t >= '07:00' && t <= '18:00', 'must be between 07:00 and 18:00');
export const areaSchema = z.enum(GARDEN_ROUTE_AREAS, { error: `must be one of ${GARDEN_ROUTE_AREAS.join(', ')}` });
export const slotIdSchema = z.string().regex(/^slot_[a-z2-7]{24}$/, 'is not a visit time we know');

/** POST /api/admin/visit-schedule/days: staff open a day in an area with its start times. */
export const visitDayCreateSchema = z.object({
  visitDate: day,
  area: areaSchema,
  times: z
    .array(time)
    .min(1, 'needs at least one start time')
    .max(12, 'can have at most 12 start times')
    .refine((ts) => new Set(ts).size === ts.length, 'has the same time twice'),
  durationMinutes: z.coerce.number().int('must be whole minutes').min(30, 'must be at least 30').max(240, 'must be at most 240'),
  capacity: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(10, 'must be at most 10'),
});
export type VisitDayCreateRequest = z.input<typeof visitDayCreateSchema>;

/** PATCH /api/admin/visit-schedule/slots/{id}: how many visits the slot takes (never below those booked). */
export const slotUpdateSchema = z.object({
  capacity: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(10, 'must be at most 10'),
});

export const scheduleRangeSchema = z.object({ from: day.optional(), to: day.optional() });
export const bookedDaySchema = z.object({ date: day });

/** Who the visit is for. The address is where the consultant goes. */
const customerFields = {
  name: requiredText(80),
  email,
  phone: requiredText(30).regex(/^[+\d][\d\s()-]{6,}$/, 'must be a phone number'),
  address: requiredText(200),
  notes: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
};

/** POST /api/visit-bookings */
export const bookingCreateSchema = z.object({
  slotId: slotIdSchema,
  ...customerFields,
  /** The customer's quote number, so the consultant brings its sizes. */
  quoteId: z
    .string()
    .trim()
    .regex(/^CB-\d{6}$/, "must look like 'CB-' and 6 digits")
    .nullish()
    .or(z.literal('').transform(() => null)),
  popiaConsent: z.literal(true, { error: 'Please agree to us keeping your details for this visit' }),
});
export type BookingCreateRequest = z.input<typeof bookingCreateSchema>;

export const manageTokenSchema = z.object({ token: z.string().min(1, 'is required').max(400, 'is too long') });
export const bookingMoveSchema = manageTokenSchema.extend({ slotId: slotIdSchema });
export const availableQuerySchema = z.object({ area: areaSchema.optional() });

/** A time a customer can book. */
export interface OpenSlot {
  id: string;
  visitDate: string;
  area: GardenRouteArea;
  startTime: string;
  endTime: string;
  placesLeft: number;
}

export interface OpenSlotsResponse {
  success: true;
  slots: OpenSlot[];
}

/** The booking as its customer sees it (through the signed link). */
export interface BookingView {
  id: string;
  status: 'booked' | 'cancelled';
  name: string;
  area: string;
  address: string;
  visitDate: string;
  startTime: string;
  endTime: string;
}

export interface BookingResponse {
  success: true;
  message: string;
  booking: BookingView;
  /** After a move: the link's new token (the old one names the visit before the move). */
  token?: string;
}

/** The staff schedule: each slot with its bookings. */
export interface StaffSlot {
  id: string;
  visitDate: string;
  area: string;
  startTime: string;
  endTime: string;
  capacity: number;
  booked: number;
  bookings: { id: string; name: string; phone: string; email: string; address: string }[];
}

export interface StaffScheduleResponse {
  success: true;
  from: string;
  to: string;
  slots: StaffSlot[];
}

/** What a customer already sent before the visit: sizes from their leads and quotes. */
export interface BookedVisitSentItem {
  kind: 'lead' | 'quote';
  id: string;
  createdAt: string;
  productInterest: string | null;
  sizes: string[];
  photos: number;
}

/** A booked visit on /site-visits for one day (read-only there). */
export interface BookedVisit {
  id: string;
  area: string;
  startTime: string;
  endTime: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  notes: string;
  quoteId: string | null;
  sent: BookedVisitSentItem[];
}

export interface BookedVisitsResponse {
  success: true;
  date: string;
  visits: BookedVisit[];
}

/** 'HH:MM' plus minutes, for a slot's end. */
export function slotEnd(startTime: string, durationMinutes: number): string {
  const [h, m] = startTime.split(':').map(Number) as [number, number];
  const total = h * 60 + m + durationMinutes;
  return `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
