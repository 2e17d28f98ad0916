// A Garden Route customer's booked site visit: the open times, the booking, and its move or cancel
// through the signed link. Holding a place is one statement that D1 runs alone: the INSERT (or the
// move's UPDATE) writes the slot id only while the slot has room, and NULL otherwise, which the
// column's NOT NULL refuses; the whole batch (booking, e-mails) is then rolled back. So two
// customers asking for the last place at once get one booking, and the other a 409.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Env } from '../../env';
import { database } from '../../lib/db';
import { randomId } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { visitBookings, visitSlots } from '../../db/schema';
import { addDays, SAST_OFFSET_MS, southAfricanDay } from '../../shared/sa-time';
import {
  BOOKING_HORIZON_DAYS,
  BOOKING_LEAD_HOURS,
  LINK_INVALID_MESSAGE,
  SLOT_FULL_MESSAGE,
  slotEnd,
  type BookingView,
  type GardenRouteArea,
  type OpenSlot,
} from '../../shared/visit-bookings-api';
import { admitCustomerEmail } from '../email/customer-email-guard';
import { outboxInsert, type OutgoingEmail } from '../email/outbox';
import { bookingBusinessEmail, bookingCustomerEmail, type BookingEmailKind, type BookingForEmail } from './booking-emails';
import { signBookingLink, verifyBookingLink } from './link-token';

type SlotRow = typeof visitSlots.$inferSelect;
type BookingRow = typeof visitBookings.$inferSelect;

/** The UTC instant a slot's South African date and time stand for. */
export function slotInstant(visitDate: string, time: string): number {
  return Date.parse(`${visitDate}T${time}:00Z`) - SAST_OFFSET_MS;
}

const bookedCount = (slotId: string | typeof visitSlots.id) =>
  sql`(SELECT count(*) FROM ${visitBookings} WHERE ${visitBookings.slotId} = ${slotId} AND ${visitBookings.status} = 'booked')`;

/** The slot id while the slot has room, else NULL (refused by NOT NULL: the batch rolls back). */
const slotIfRoom = (slotId: string) =>
  sql`CASE WHEN ${bookedCount(slotId)} < (SELECT ${visitSlots.capacity} FROM ${visitSlots} WHERE ${visitSlots.id} = ${slotId}) THEN ${slotId} END`;

function isNotNullFailure(err: unknown, column: string): boolean {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  return text.includes(`NOT NULL constraint failed: visit_bookings.${column}`);
}

/** Whether the slot has a place left now (read only: a booking is held by slotIfRoom in its batch). */
async function hasRoom(db: D1Database, slot: SlotRow): Promise<boolean> {
  const [row] = await database(db)
    .select({ booked: sql<number>`${bookedCount(slot.id)}` })
    .from(visitSlots)
    .where(eq(visitSlots.id, slot.id));
  return Number(row?.booked ?? 0) < slot.capacity;
}

/** Whether customers may still book the slot: inside the horizon and not too soon. */
function bookable(slot: Pick<SlotRow, 'visitDate' | 'startTime'>, now: Date): boolean {
  const start = slotInstant(slot.visitDate, slot.startTime);
  return start - now.getTime() >= BOOKING_LEAD_HOURS * 3_600_000 && slot.visitDate <= addDays(southAfricanDay(now), BOOKING_HORIZON_DAYS);
}

/** GET /api/visit-bookings/slots: the times with a place left, soonest first. */
export async function listOpenSlots(db: D1Database, area: GardenRouteArea | undefined, now = new Date()): Promise<OpenSlot[]> {
  const today = southAfricanDay(now);
  const booked = bookedCount(visitSlots.id);
  const rows = await database(db)
    .select({ slot: visitSlots, booked: sql<number>`${booked}` })
    .from(visitSlots)
    .where(
      and(
        gte(visitSlots.visitDate, today),
        lte(visitSlots.visitDate, addDays(today, BOOKING_HORIZON_DAYS)),
        area ? eq(visitSlots.area, area) : undefined,
        sql`${booked} < ${visitSlots.capacity}`,
      ),
    )
    .orderBy(asc(visitSlots.visitDate), asc(visitSlots.startTime), asc(visitSlots.area));
  return rows
    .filter((r) => bookable(r.slot, now))
    .map((r) => ({
      id: r.slot.id,
      visitDate: r.slot.visitDate,
      area: r.slot.area as GardenRouteArea,
      startTime: r.slot.startTime,
      endTime: slotEnd(r.slot.startTime, r.slot.durationMinutes),
      placesLeft: r.slot.capacity - r.booked,
    }));
}

async function findSlot(db: D1Database, id: string): Promise<SlotRow> {
  const [slot] = await database(db).select().from(visitSlots).where(eq(visitSlots.id, id)).limit(1);
  if (!slot) throw new AppError('not_found', 'That visit time is no longer offered. Please choose another time.');
  return slot;
}

function forEmail(b: BookingRow, slot: SlotRow): BookingForEmail {
  return {
    id: b.id,
    sequence: b.sequence,
    name: b.name,
    email: b.email,
    phone: b.phone,
    address: b.address,
    area: slot.area,
    notes: b.notes,
    visitDate: slot.visitDate,
    startTime: slot.startTime,
    endTime: slotEnd(slot.startTime, slot.durationMinutes),
  };
}

function view(b: BookingRow, slot: SlotRow): BookingView {
  return {
    id: b.id,
    status: b.status === 'cancelled' ? 'cancelled' : 'booked',
    name: b.name,
    area: slot.area,
    address: b.address,
    visitDate: slot.visitDate,
    startTime: slot.startTime,
    endTime: slotEnd(slot.startTime, slot.durationMinutes),
  };
}

/** The signed link of the booking as it is now (its sequence), working until the visit ends. */
export async function manageToken(env: Env, b: Pick<BookingRow, 'id' | 'sequence'>, slot: SlotRow): Promise<string> {
  const expiresAt = Math.floor(slotInstant(slot.visitDate, slotEnd(slot.startTime, slot.durationMinutes)) / 1000);
  return signBookingLink(env, { bookingId: b.id, sequence: b.sequence, expiresAt });
}

export function manageLink(origin: string, token: string): string {
  return `${origin}/book-site-visit/manage?token=${encodeURIComponent(token)}`;
}

export async function manageUrl(env: Env, origin: string, b: Pick<BookingRow, 'id' | 'sequence'>, slot: SlotRow): Promise<string> {
  return manageLink(origin, await manageToken(env, b, slot));
}

/** The customer's and the business's e-mails of one change, as outbox INSERTs for the change's batch. */
async function emailsFor(
  env: Env,
  kind: BookingEmailKind & ('confirmed' | 'moved' | 'cancelled'),
  b: BookingForEmail,
  link: string | null,
  now: Date,
) {
  const messages: OutgoingEmail[] = [bookingCustomerEmail(env, kind, b, link, now)];
  const notice = bookingBusinessEmail(env, kind, b);
  if (notice) messages.push(notice);
  return messages.map((m) => outboxInsert(env.DB, m, now));
}

const outboxIds = (results: readonly unknown[]) =>
  results
    .flatMap((r) => (Array.isArray(r) ? r : []))
    .flatMap((row) => (typeof (row as { id?: unknown }).id === 'number' ? [(row as { id: number }).id] : []));

export interface BookingInput {
  slotId: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  notes: string;
  quoteId?: string | null;
}

/** POST /api/visit-bookings: holds a place in the slot and queues the confirmation with its invitation. */
export async function bookVisit(env: Env, input: BookingInput, origin: string, now = new Date()) {
  const slot = await findSlot(env.DB, input.slotId);
  if (!bookable(slot, now)) throw new AppError('conflict', 'That visit time can no longer be booked online. Please choose a later time.');
  // A slot already full is refused before the e-mail quota is counted: asking for it again and again
  // must not use up the customer's e-mails for the day. The batch below still holds the last place
  // against a booking made in between.
  if (!(await hasRoom(env.DB, slot))) throw new AppError('conflict', SLOT_FULL_MESSAGE);
  const verdict = await admitCustomerEmail(env, input.email, now);
  if (!verdict.allowed)
    throw new AppError('rate_limited', 'We cannot send more e-mails to this address today. Please call or WhatsApp us to book the visit.');
  const nowIso = now.toISOString();
  const row: BookingRow = {
    id: randomId('bk_'),
    slotId: slot.id,
    status: 'booked',
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    area: slot.area,
    notes: input.notes,
    quoteId: input.quoteId ?? null,
    sequence: 0,
    reminderSentAt: null,
    cancelledAt: null,
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  const link = await manageUrl(env, origin, row, slot);
  const d = database(env.DB);
  const insert = d.insert(visitBookings).values({ ...row, slotId: slotIfRoom(slot.id) });
  const emails = await emailsFor(env, 'confirmed', forEmail(row, slot), link, now);
  try {
    const results = await d.batch([insert, ...emails]);
    return { booking: view(row, slot), outboxIds: outboxIds(results) };
  } catch (err) {
    if (isNotNullFailure(err, 'slot_id')) throw new AppError('conflict', SLOT_FULL_MESSAGE);
    throw err;
  }
}

/** The booking a link names, checked against the link's sequence (a moved booking's older links stop). */
async function linkedBooking(env: Env, token: string, now: Date) {
  const claims = await verifyBookingLink(env, token, now);
  const d = database(env.DB);
  const [found] = await d
    .select({ booking: visitBookings, slot: visitSlots })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(eq(visitBookings.id, claims.bookingId))
    .limit(1);
  if (!found) throw new AppError('not_found', 'This booking no longer exists. Please book a new visit or call us.');
  if (found.booking.sequence !== claims.sequence)
    throw new AppError(
      'conflict',
      'This link is from an earlier e-mail: the visit has been moved since. Please use the link in your latest e-mail.',
    );
  return found;
}

/** GET /api/visit-bookings/manage?token= */
export async function readLinkedBooking(env: Env, token: string, now = new Date()): Promise<BookingView> {
  const { booking, slot } = await linkedBooking(env, token, now);
  return view(booking, slot);
}

function assertStillBooked(booking: BookingRow) {
  if (booking.status !== 'booked') throw new AppError('conflict', 'This visit is already cancelled. You are welcome to book a new one.');
}

/** POST /api/visit-bookings/manage/move: the new place is taken and the old one freed in one statement. */
export async function moveBooking(env: Env, token: string, newSlotId: string, origin: string, now = new Date()) {
  const { booking, slot: oldSlot } = await linkedBooking(env, token, now);
  assertStillBooked(booking);
  if (newSlotId === oldSlot.id) throw new AppError('conflict', 'Your visit is already at that time.');
  const slot = await findSlot(env.DB, newSlotId);
  if (!bookable(slot, now)) throw new AppError('conflict', 'That visit time can no longer be booked online. Please choose a later time.');
  const moved: BookingRow = {
    ...booking,
    slotId: slot.id,
    area: slot.area,
    sequence: booking.sequence + 1,
    reminderSentAt: null,
    updatedAt: now.toISOString(),
  };
  const newToken = await manageToken(env, moved, slot);
  const link = manageLink(origin, newToken);
  const d = database(env.DB);
  // Only while the booking is as the link saw it (still booked, same sequence) and the new slot has room.
  const update = d
    .update(visitBookings)
    .set({
      slotId: sql`CASE WHEN ${visitBookings.status} = 'booked' AND ${visitBookings.sequence} = ${booking.sequence} THEN ${slotIfRoom(slot.id)} END`,
      area: slot.area,
      sequence: moved.sequence,
      reminderSentAt: null,
      updatedAt: moved.updatedAt,
    })
    .where(eq(visitBookings.id, booking.id));
  const emails = await emailsFor(env, 'moved', forEmail(moved, slot), link, now);
  try {
    const results = await d.batch([update, ...emails]);
    // The page that moved it keeps working: the new e-mail's link replaces the old one.
    return { booking: view(moved, slot), token: newToken, outboxIds: outboxIds(results) };
  } catch (err) {
    if (!isNotNullFailure(err, 'slot_id')) throw err;
    const [now_] = await d.select().from(visitBookings).where(eq(visitBookings.id, booking.id)).limit(1);
    if (now_ && now_.status !== 'booked') assertStillBooked(now_);
    if (now_ && now_.sequence !== booking.sequence) throw new AppError('conflict', LINK_INVALID_MESSAGE);
    throw new AppError('conflict', SLOT_FULL_MESSAGE);
  }
}

/** POST /api/visit-bookings/manage/cancel: frees the place and sends the calendar's cancellation. */
export async function cancelBooking(env: Env, token: string, now = new Date()) {
  const { booking, slot } = await linkedBooking(env, token, now);
  assertStillBooked(booking);
  const d = database(env.DB);
  const update = d
    .update(visitBookings)
    .set({
      // NULL (refused) when another request cancelled or moved it first: the batch rolls back.
      status: sql`CASE WHEN ${visitBookings.status} = 'booked' AND ${visitBookings.sequence} = ${booking.sequence} THEN 'cancelled' END`,
      cancelledAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .where(eq(visitBookings.id, booking.id));
  const cancelled: BookingRow = { ...booking, status: 'cancelled' };
  const emails = await emailsFor(env, 'cancelled', forEmail(cancelled, slot), null, now);
  try {
    const results = await d.batch([update, ...emails]);
    return { booking: view(cancelled, slot), outboxIds: outboxIds(results) };
  } catch (err) {
    if (isNotNullFailure(err, 'status'))
      throw new AppError('conflict', 'This visit was changed a moment ago. Please open the link in your latest e-mail.');
    throw err;
  }
}
