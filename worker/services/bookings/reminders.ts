// The day-before reminder of a booked site visit, from the daily cron (06:00 South African time).
// Each booking is marked reminded in the same batch as its e-mail, and the e-mail's dedupe key
// names the booking's sequence: a second run finds nothing to send, and a visit moved to another
// day is reminded again for its new day.
import { and, eq, isNull } from 'drizzle-orm';
import type { Env } from '../../env';
import { database } from '../../lib/db';
import { visitBookings, visitSlots } from '../../db/schema';
import { addDays, southAfricanDay } from '../../shared/sa-time';
import { slotEnd } from '../../shared/visit-bookings-api';
import { outboxInsertOrIgnore } from '../email/outbox';
import { bookingCustomerEmail } from './booking-emails';
import { manageUrl } from './bookings';

export async function sendVisitReminders(env: Env, now: Date): Promise<{ visitReminders: number }> {
  // The cron has no request: links need PUBLIC_BASE_URL (required for deployment); without it the reminder has none.
  const origin = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '') || null;
  const tomorrow = addDays(southAfricanDay(now), 1);
  const d = database(env.DB);
  const due = await d
    .select({ booking: visitBookings, slot: visitSlots })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(and(eq(visitSlots.visitDate, tomorrow), eq(visitBookings.status, 'booked'), isNull(visitBookings.reminderSentAt)));
  let sent = 0;
  for (const { booking, slot } of due) {
    const link = origin ? await manageUrl(env, origin, booking, slot) : null;
    const email = bookingCustomerEmail(
      env,
      'reminder',
      {
        id: booking.id,
        sequence: booking.sequence,
        name: booking.name,
        email: booking.email,
        phone: booking.phone,
        address: booking.address,
        area: slot.area,
        notes: booking.notes,
        visitDate: slot.visitDate,
        startTime: slot.startTime,
        endTime: slotEnd(slot.startTime, slot.durationMinutes),
      },
      link,
      now,
    );
    const [marked] = await d.batch([
      d
        .update(visitBookings)
        .set({ reminderSentAt: now.toISOString() })
        .where(and(eq(visitBookings.id, booking.id), isNull(visitBookings.reminderSentAt), eq(visitBookings.sequence, booking.sequence)))
        .returning({ id: visitBookings.id }),
      outboxInsertOrIgnore(env.DB, email, now),
    ]);
    if (marked.length > 0) sent += 1;
  }
  return { visitReminders: sent };
}
