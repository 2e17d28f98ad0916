// Booked site visits and personal data: a POPIA request by the booking's e-mail address or phone
// number exports the booking and its e-mails, and deletion removes the booking (freeing its place)
// and blanks its e-mails with their calendar files; the retention schedule deletes old bookings. And
// the consultant offers the booking page.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeVisitBookings } from '../../worker/services/staff/visit-schedule';
import { CANCELLED_BOOKING_RETENTION_DAYS, VISIT_BOOKING_RETENTION_DAYS } from '../../worker/shared/retention-schedule';
import { addDays, southAfricanDay } from '../../worker/shared/sa-time';
import { BOOK_VISIT_PATH, type OpenSlot, type StaffSlot } from '../../worker/shared/visit-bookings-api';
import { get, postJson } from './helpers';
import { ids, one, staffPost, useStaffSession } from './popia-fixtures';

let slotId = '';
let bookingId = '';

beforeAll(async () => {
  await useStaffSession('192.0.2.94');
  const opened = await staffPost('/api/admin/visit-schedule/days', {
    visitDate: addDays(southAfricanDay(), 12),
    area: 'George',
    times: ['15:00'],
    durationMinutes: 90,
    capacity: 1,
  });
  expect(opened.status).toBe(201);
  slotId = (await opened.json<{ slots: StaffSlot[] }>()).slots[0]!.id;
  const booked = await postJson(
    '/api/visit-bookings',
    {
      slotId,
      name: 'Pieter van Wyk',
      email: 'Pieter.vW@example.co.za',
      phone: '082 310 4455',
      address: '9 York Street',
      popiaConsent: true,
    },
    { 'CF-Connecting-IP': '198.51.100.201' },
  );
  expect(booked.status).toBe(201);
  bookingId = (await booked.json<{ booking: { id: string } }>()).booking.id;
});

async function preview(action: 'export' | 'delete', verifiedBy: 'email' | 'phone', value: string) {
  const res = await staffPost('/api/admin/personal-data/preview', { action, verifiedBy, value });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<any>();
}

describe('a booked visit in a POPIA request', () => {
  it('is found by the e-mail address in another case, with its e-mails, and exported', async () => {
    const { token, records } = await preview('export', 'email', 'pieter.vw@example.co.za');
    expect(ids(records, 'visit-booking')).toEqual([bookingId]);
    expect(ids(records, 'email').length).toBeGreaterThanOrEqual(2);
    const doc = await (await staffPost('/api/admin/personal-data/export', { token })).json<any>();
    expect(doc.visitBookings).toEqual([expect.objectContaining({ id: bookingId, address: '9 York Street', phone: '082 310 4455' })]);
  });

  it('is deleted by the phone number: the place is free again and its e-mails and calendar files are blanked', async () => {
    const { token, records } = await preview('delete', 'phone', '+27 82 310 4455');
    expect(ids(records, 'visit-booking')).toEqual([bookingId]);
    const res = await staffPost('/api/admin/personal-data/delete', { token });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json<any>()).deleted).toMatchObject({ visitBookings: 1 });
    expect(await one(`SELECT id FROM visit_bookings WHERE id = ?`, bookingId)).toBeNull();
    const left = await one(
      `SELECT COUNT(*) AS n FROM email_outbox WHERE dedupe_key LIKE ? AND (text != '' OR attachments IS NOT NULL)`,
      `visit-booking:${bookingId}:%`,
    );
    expect(left.n).toBe(0);
    const open = (await (await get('/api/visit-bookings/slots?area=George')).json<{ slots: OpenSlot[] }>()).slots;
    expect(open.map((s) => s.id)).toContain(slotId);
  });
});

describe('the retention schedule', () => {
  it('deletes bookings two years after their visit and cancelled ones 90 days after the cancellation, and keeps the rest', async () => {
    const now = new Date();
    const today = southAfricanDay(now);
    const slot = (id: string, day: string) =>
      env.DB.prepare(
        `INSERT INTO visit_slots (id, visit_date, area, start_time, duration_minutes, capacity, created_by) VALUES (?, ?, 'Knysna', '09:00', 60, 3, 'test')`,
      ).bind(id, day);
    const booking = (id: string, slotId: string, status: string, cancelledAt: string | null) =>
      env.DB.prepare(
        `INSERT INTO visit_bookings (id, slot_id, status, name, email, phone, address, area, cancelled_at, updated_at) VALUES (?, ?, ?, 'Old', 'old@example.com', '082 000 1111', '1 Road', 'Knysna', ?, ?)`,
      ).bind(id, slotId, status, cancelledAt, now.toISOString());
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
    await env.DB.batch([
      slot('slot_retention_old', addDays(today, -(VISIT_BOOKING_RETENTION_DAYS + 1))),
      slot('slot_retention_new', addDays(today, -10)),
      booking('bk_retention_old', 'slot_retention_old', 'booked', null),
      booking('bk_retention_cancelled', 'slot_retention_new', 'cancelled', daysAgo(CANCELLED_BOOKING_RETENTION_DAYS + 1)),
      booking('bk_retention_recent_cancel', 'slot_retention_new', 'cancelled', daysAgo(5)),
      booking('bk_retention_kept', 'slot_retention_new', 'booked', null),
    ]);
    const counts = await purgeVisitBookings(env.DB, now);
    expect(counts).toMatchObject({ visitBookingsDeleted: 2, visitSlotsDeleted: 1 });
    const left = await env.DB.prepare(`SELECT id FROM visit_bookings WHERE id LIKE 'bk_retention_%' ORDER BY id`).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual(['bk_retention_kept', 'bk_retention_recent_cancel']);
    expect(await one(`SELECT id FROM visit_slots WHERE id = 'slot_retention_old'`)).toBeNull();
  });
});

describe('the consultant', () => {
  it('offers the booking page when a Garden Route customer asks for a visit', async () => {
    const res = await postJson(
      '/api/melvin/enhanced-chat',
      {
        message: 'Can someone come and measure in Knysna? I would like to book a site visit.',
        sessionId: `session_${Date.now()}_bookvisit`,
      },
      { 'CF-Connecting-IP': '198.51.100.202' },
    );
    expect(res.status).toBe(200);
    expect((await res.json<{ response: string }>()).response).toContain(BOOK_VISIT_PATH);
  });
});
