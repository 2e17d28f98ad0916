// The booked visits of one day for /site-visits (read-only there): who, where, when, and the sizes
// and photos the customer already sent us, found through the booking's e-mail address in their
// leads and saved quotes (a quote number the customer typed counts only when its e-mail matches).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { selectInSlices } from '../../lib/chunks';
import { database } from '../../lib/db';
import { leads, quotes, visitBookings, visitSlots } from '../../db/schema';
import { slotEnd, type BookedVisit, type BookedVisitSentItem } from '../../shared/visit-bookings-api';

interface SizeLike {
  width_mm?: unknown;
  drop_mm?: unknown;
  product_name?: unknown;
  quantity?: unknown;
  photo_key?: unknown;
}

function sizeText(s: SizeLike): string | null {
  if (typeof s.width_mm !== 'number' || typeof s.drop_mm !== 'number') return null;
  const what = typeof s.product_name === 'string' ? `${s.product_name} ` : '';
  const qty = typeof s.quantity === 'number' && s.quantity > 1 ? ` x ${s.quantity}` : '';
  return `${what}${s.width_mm} x ${s.drop_mm} mm${qty}`;
}

function asList(value: unknown): SizeLike[] {
  if (Array.isArray(value)) return value.filter((v): v is SizeLike => typeof v === 'object' && v !== null);
  return typeof value === 'object' && value !== null ? [value as SizeLike] : [];
}

const lower = (column: typeof leads.email | typeof quotes.customerEmail) => sql<string>`lower(${column})`;

export async function bookedVisitsOn(db: D1Database, date: string): Promise<BookedVisit[]> {
  const d = database(db);
  const rows = await d
    .select({ booking: visitBookings, slot: visitSlots })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(and(eq(visitSlots.visitDate, date), eq(visitBookings.status, 'booked')))
    .orderBy(asc(visitSlots.startTime), asc(visitSlots.area), asc(visitBookings.createdAt));
  if (rows.length === 0) return [];
  const emails = [...new Set(rows.map((r) => r.booking.email.toLowerCase()))];
  const [leadRows, quoteRows] = await Promise.all([
    selectInSlices(emails, (slice) =>
      d
        .select()
        .from(leads)
        .where(inArray(lower(leads.email), slice))
        .orderBy(asc(leads.createdAt)),
    ),
    selectInSlices(emails, (slice) =>
      d
        .select()
        .from(quotes)
        .where(inArray(lower(quotes.customerEmail), slice))
        .orderBy(asc(quotes.createdAt)),
    ),
  ]);
  return rows.map(({ booking, slot }) => {
    const email = booking.email.toLowerCase();
    const sent: BookedVisitSentItem[] = [
      ...leadRows
        .filter((l) => l.email?.toLowerCase() === email)
        .map((l) => {
          const data = l.sessionData ?? {};
          return {
            kind: 'lead' as const,
            id: l.id,
            createdAt: l.createdAt,
            productInterest: l.productInterest,
            sizes: asList(data.dimensions).flatMap((s) => sizeText(s) ?? []),
            photos: asList(data.dimensions).filter((s) => typeof s.photo_key === 'string').length,
          };
        }),
      ...quoteRows
        .filter((q) => q.customerEmail?.toLowerCase() === email)
        .map((q) => ({
          kind: 'quote' as const,
          id: q.id,
          createdAt: q.createdAt,
          productInterest: null,
          sizes: asList(q.lines).flatMap((s) => sizeText(s) ?? []),
          photos: asList(q.lines).filter((s) => typeof s.photo_key === 'string').length,
        })),
    ];
    return {
      id: booking.id,
      area: slot.area,
      startTime: slot.startTime,
      endTime: slotEnd(slot.startTime, slot.durationMinutes),
      name: booking.name,
      phone: booking.phone,
      email: booking.email,
      address: booking.address,
      notes: booking.notes,
      quoteId: booking.quoteId,
      sent,
    };
  });
}
