// When consultants visit (staff side): days per Garden Route area, their start times and how many
// visits each takes. Each change is one D1 batch with its audit entry; a slot never drops below
// the visits already booked in it, and one with bookings is never deleted.
import { and, asc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { database } from '../../lib/db';
import { selectInSlices } from '../../lib/chunks';
import { randomId } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/d1-errors';
import { visitBookings, visitSlots } from '../../db/schema';
import { CANCELLED_BOOKING_RETENTION_DAYS, VISIT_BOOKING_RETENTION_DAYS } from '../../shared/retention-schedule';
import { addDays, southAfricanDay } from '../../shared/sa-time';
import { BOOKING_HORIZON_DAYS, slotEnd, type StaffSlot } from '../../shared/visit-bookings-api';
import { auditStatement } from './audit';

const bookedIn = (slotId: string) =>
  sql<number>`(SELECT count(*) FROM ${visitBookings} WHERE ${visitBookings.slotId} = ${slotId} AND ${visitBookings.status} = 'booked')`;

export interface VisitDayInput {
  visitDate: string;
  area: string;
  times: string[];
  durationMinutes: number;
  capacity: number;
}

/** POST /api/admin/visit-schedule/days */
export async function openVisitDay(db: D1Database, input: VisitDayInput, actor: string, now = new Date()): Promise<StaffSlot[]> {
  const today = southAfricanDay(now);
  if (input.visitDate < today) throw new AppError('validation_error', 'visitDate: is in the past');
  if (input.visitDate > addDays(today, BOOKING_HORIZON_DAYS))
    throw new AppError('validation_error', `visitDate: can be at most ${BOOKING_HORIZON_DAYS} days ahead`);
  const times = [...input.times].sort();
  for (let i = 1; i < times.length; i += 1) {
    if (slotEnd(times[i - 1]!, input.durationMinutes) > times[i]!)
      throw new AppError(
        'validation_error',
        `times: ${times[i - 1]} and ${times[i]} overlap for visits of ${input.durationMinutes} minutes`,
      );
  }
  const rows = times.map((startTime) => ({
    id: randomId('slot_'),
    visitDate: input.visitDate,
    area: input.area,
    startTime,
    durationMinutes: input.durationMinutes,
    capacity: input.capacity,
    createdBy: actor,
    createdAt: now.toISOString(),
  }));
  const d = database(db);
  try {
    await d.batch([
      d.insert(visitSlots).values(rows),
      auditStatement(
        db,
        {
          actor,
          action: 'visit-schedule.open-day',
          target: `${input.visitDate} ${input.area}`,
          details: { times, capacity: input.capacity, durationMinutes: input.durationMinutes },
        },
        now,
      ),
    ]);
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError(
        'conflict',
        `${input.area} already has a visit time on ${input.visitDate} at one of these times. Change that time instead.`,
      );
    throw err;
  }
  return rows.map((r) => ({ ...toStaffSlot(r), bookings: [] }));
}

function toStaffSlot(r: typeof visitSlots.$inferSelect): StaffSlot {
  return {
    id: r.id,
    visitDate: r.visitDate,
    area: r.area,
    startTime: r.startTime,
    endTime: slotEnd(r.startTime, r.durationMinutes),
    capacity: r.capacity,
    booked: 0,
    bookings: [],
  };
}

/** GET /api/admin/visit-schedule: the slots between two days with their bookings. */
export async function listSchedule(db: D1Database, from: string, to: string): Promise<StaffSlot[]> {
  const d = database(db);
  const slots = await d
    .select()
    .from(visitSlots)
    .where(and(gte(visitSlots.visitDate, from), lte(visitSlots.visitDate, to)))
    .orderBy(asc(visitSlots.visitDate), asc(visitSlots.area), asc(visitSlots.startTime));
  if (slots.length === 0) return [];
  const bookings = await selectInSlices(
    slots.map((s) => s.id),
    (ids) =>
      d
        .select()
        .from(visitBookings)
        .where(and(inArray(visitBookings.slotId, ids), eq(visitBookings.status, 'booked'))),
  );
  return slots.map((s) => {
    const mine = bookings.filter((b) => b.slotId === s.id);
    return {
      ...toStaffSlot(s),
      booked: mine.length,
      bookings: mine.map((b) => ({ id: b.id, name: b.name, phone: b.phone, email: b.email, address: b.address })),
    };
  });
}

function failed(err: unknown, pattern: RegExp): boolean {
  return pattern.test(String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? ''));
}

/**
 * PATCH /api/admin/visit-schedule/slots/{id}: never fewer places than visits booked. The capacity is
 * written as NULL (refused by NOT NULL, the batch and its audit entry rolled back) when it would be.
 */
export async function updateSlotCapacity(db: D1Database, id: string, capacity: number, actor: string, now = new Date()): Promise<void> {
  await assertSlot(db, id);
  const d = database(db);
  try {
    await d.batch([
      d
        .update(visitSlots)
        .set({ capacity: sql`CASE WHEN ${bookedIn(id)} <= ${capacity} THEN ${capacity} END` })
        .where(eq(visitSlots.id, id)),
      auditStatement(db, { actor, action: 'visit-schedule.capacity', target: id, details: { capacity } }, now),
    ]);
  } catch (err) {
    if (failed(err, /NOT NULL constraint failed: visit_slots\.capacity/))
      throw new AppError(
        'conflict',
        `More than ${capacity} visits are booked at this time: move them with the customers first, or keep the places.`,
      );
    throw err;
  }
}

/**
 * DELETE /api/admin/visit-schedule/slots/{id}: only a slot nobody has booked (its cancelled bookings
 * go with it). A booked visit's foreign key refuses the delete, rolling the batch back.
 */
export async function deleteSlot(db: D1Database, id: string, actor: string, now = new Date()): Promise<void> {
  await assertSlot(db, id);
  const d = database(db);
  try {
    await d.batch([
      d.delete(visitBookings).where(and(eq(visitBookings.slotId, id), eq(visitBookings.status, 'cancelled'))),
      d.delete(visitSlots).where(eq(visitSlots.id, id)),
      auditStatement(db, { actor, action: 'visit-schedule.delete-slot', target: id }, now),
    ]);
  } catch (err) {
    if (failed(err, /FOREIGN KEY constraint failed/))
      throw new AppError('conflict', 'A customer has booked this time: it cannot be removed. Call them to move the visit first.');
    throw err;
  }
}

async function assertSlot(db: D1Database, id: string): Promise<void> {
  const [slot] = await database(db).select({ id: visitSlots.id }).from(visitSlots).where(eq(visitSlots.id, id)).limit(1);
  if (!slot) throw new AppError('not_found', 'No such visit time.');
}

/**
 * The daily retention run (docs/decisions/005): bookings two years after their visit day, cancelled
 * ones 90 days after the cancellation, then the visit times of those days nobody is booked on.
 */
export async function purgeVisitBookings(db: D1Database, now: Date): Promise<{ visitBookingsDeleted: number; visitSlotsDeleted: number }> {
  const d = database(db);
  const lastDay = addDays(southAfricanDay(now), -VISIT_BOOKING_RETENTION_DAYS);
  const cancelledBefore = new Date(now.getTime() - CANCELLED_BOOKING_RETENTION_DAYS * 86_400_000).toISOString();
  const oldSlots = d.select({ id: visitSlots.id }).from(visitSlots).where(lt(visitSlots.visitDate, lastDay));
  const [bookings, slots] = await d.batch([
    d
      .delete(visitBookings)
      .where(
        or(
          inArray(visitBookings.slotId, oldSlots),
          and(eq(visitBookings.status, 'cancelled'), lt(visitBookings.cancelledAt, cancelledBefore)),
        ),
      ),
    d
      .delete(visitSlots)
      .where(
        and(
          lt(visitSlots.visitDate, lastDay),
          sql`NOT EXISTS (SELECT 1 FROM ${visitBookings} WHERE ${visitBookings.slotId} = ${visitSlots.id})`,
        ),
      ),
  ]);
  return { visitBookingsDeleted: bookings.meta.changes, visitSlotsDeleted: slots.meta.changes };
}
