import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { DAILY_CRON } from '../../worker/cron';
import { signBookingLink } from '../../worker/services/bookings/link-token';
import { addDays, southAfricanDay } from '../../worker/shared/sa-time';
import {
  LINK_EXPIRED_MESSAGE,
  LINK_INVALID_MESSAGE,
  SLOT_FULL_MESSAGE,
  type OpenSlot,
  type StaffSlot,
} from '../../worker/shared/visit-bookings-api';
import { staffFetch, staffSession } from './bank-transfer-fixtures';
import { get, postJson } from './helpers';
import { CUSTOMER_EMAIL_RECIPIENT_LIMIT } from '../../worker/services/email/customer-email-guard';

let cookie = '';
let n = 0;
const ip = () => `198.51.100.${(n++ % 250) + 1}`;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

beforeAll(async () => {
  cookie = await staffSession();
});

async function openDay(visitDate: string, area: string, times: string[], capacity: number): Promise<StaffSlot[]> {
  const res = await staffFetch(cookie, 'POST', '/api/admin/visit-schedule/days', { visitDate, area, times, durationMinutes: 60, capacity });
  expect(res.status).toBe(201);
  return (await res.json<{ slots: StaffSlot[] }>()).slots;
}

function book(slotId: string, email = uniqueEmail('book'), extra: Record<string, unknown> = {}) {
  return postJson(
    '/api/visit-bookings',
    { slotId, name: 'Thandi Mokoena', email, phone: '082 555 0101', address: '4 Bay View Road', popiaConsent: true, ...extra },
    { 'CF-Connecting-IP': ip() },
  );
}

interface OutboxRow {
  dedupe_key: string;
  kind: string;
  to_address: string;
  text: string;
  attachments: string | null;
}

async function outboxFor(bookingId: string): Promise<OutboxRow[]> {
  const rows = await env.DB.prepare(
    `SELECT dedupe_key, kind, to_address, text, attachments FROM email_outbox WHERE dedupe_key LIKE ? ORDER BY id`,
  )
    .bind(`visit-booking:${bookingId}:%`)
    .all<OutboxRow>();
  return rows.results;
}

function calendarOf(row: OutboxRow): string {
  const files = JSON.parse(row.attachments ?? '[]') as { filename: string; contentType: string; content: string }[];
  expect(files).toHaveLength(1);
  return files[0]!.content;
}

function tokenOf(row: OutboxRow): string {
  const match = /\/book-site-visit\/manage\?token=([^\s]+)/.exec(row.text);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

async function runDaily(now: number) {
  const controller = createScheduledController({ cron: DAILY_CRON, scheduledTime: now });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

const day = (offset: number) => addDays(southAfricanDay(), offset);

describe('booked site visits', () => {
  it('staff open a day; a customer books it and is e-mailed an RFC 5545 invitation', async () => {
    const [slot] = await openDay(day(5), 'Knysna', ['09:00'], 2);
    const open = await get('/api/visit-bookings/slots?area=Knysna');
    expect(open.status).toBe(200);
    const listed = (await open.json<{ slots: OpenSlot[] }>()).slots.find((s) => s.id === slot!.id);
    expect(listed).toMatchObject({ area: 'Knysna', startTime: '09:00', endTime: '10:00', placesLeft: 2 });

    const email = uniqueEmail('ics');
    const res = await book(slot!.id, email, {
      address: 'Unit 12, "The Heads" Estate; Leisure Isle Road, Knysna with a long gate code note',
    });
    expect(res.status).toBe(201);
    const body = await res.json<{ booking: { id: string; status: string } }>();
    expect(body.booking.status).toBe('booked');

    const rows = await outboxFor(body.booking.id);
    const customer = rows.find((r) => r.kind === 'visit-booking-confirmed')!;
    expect(customer.to_address).toBe(email);
    expect(rows.some((r) => r.kind === 'visit-booking-confirmed-business' && r.to_address === 'info@example.co.za')).toBe(true);
    const ics = calendarOf(customer);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('METHOD:REQUEST');
    expect(unfolded).toContain(`UID:${body.booking.id}@site-visits.custom-blinds`);
    expect(unfolded).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    // 09:00 in South Africa is 07:00 UTC.
    expect(unfolded).toContain(`DTSTART:${day(5).replace(/-/g, '')}T070000Z`);
    expect(unfolded).toContain(`DTEND:${day(5).replace(/-/g, '')}T080000Z`);
    expect(unfolded).toContain('SUMMARY:');
    expect(unfolded).toContain('LOCATION:Unit 12\\, "The Heads" Estate\\; Leisure Isle Road\\, Knysna');
    expect(unfolded).toContain('ORGANIZER;CN="Custom Blinds":mailto:info@example.co.za');
  });

  it('asking again and again for a full slot does not use up the e-mails a customer may be sent that day', async () => {
    const [full, open] = await openDay(day(7), 'Knysna', ['09:00', '11:00'], 1);
    expect((await book(full!.id)).status).toBe(201);
    const email = uniqueEmail('persistent');
    // More refusals than the e-mails one address may be sent in a day.
    for (let i = 0; i < CUSTOMER_EMAIL_RECIPIENT_LIMIT.limit + 1; i++) {
      const refused = await book(full!.id, email);
      expect(refused.status).toBe(409);
      expect((await refused.json<{ message: string }>()).message).toBe(SLOT_FULL_MESSAGE);
    }
    expect((await book(open!.id, email)).status).toBe(201);
  });

  it('two customers asking for the last place at once: exactly one gets it, the other a 409', async () => {
    const [slot] = await openDay(day(6), 'George', ['10:00'], 1);
    const answers = await Promise.all([book(slot!.id), book(slot!.id), book(slot!.id)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) expect((await r.json<{ message: string }>()).message).toBe(SLOT_FULL_MESSAGE);
    const booked = await env.DB.prepare(`SELECT COUNT(*) AS n FROM visit_bookings WHERE slot_id = ? AND status = 'booked'`)
      .bind(slot!.id)
      .first('n');
    expect(booked).toBe(1);
    // Only the booking that was held has e-mails: the refused ones were rolled back with their batch.
    const confirmations = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'visit-booking-confirmed' AND dedupe_key IN (SELECT 'visit-booking:' || id || ':confirmed:0' FROM visit_bookings WHERE slot_id = ?)`,
    )
      .bind(slot!.id)
      .first('n');
    expect(confirmations).toBe(1);
    const total = await env.DB.prepare(`SELECT COUNT(*) AS n FROM visit_bookings WHERE slot_id = ?`).bind(slot!.id).first('n');
    expect(total).toBe(1);
    const open = (await (await get('/api/visit-bookings/slots?area=George')).json<{ slots: OpenSlot[] }>()).slots;
    expect(open.some((s) => s.id === slot!.id)).toBe(false);
  });

  it('reminds the day before, once: a second cron run sends nothing', async () => {
    const visitDate = day(3);
    const [slot] = await openDay(visitDate, 'Sedgefield', ['14:00'], 3);
    const res = await book(slot!.id);
    const id = (await res.json<{ booking: { id: string } }>()).booking.id;
    const dayBefore = Date.parse(`${addDays(visitDate, -1)}T04:00:00Z`);
    await runDaily(dayBefore);
    const reminders = async () => (await outboxFor(id)).filter((r) => r.kind === 'visit-booking-reminder');
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.text).toContain('tomorrow');
    await runDaily(dayBefore + 60_000);
    expect(await reminders()).toHaveLength(1);
    // Two days before is not yet the day before.
    const [other] = await openDay(addDays(visitDate, 1), 'Sedgefield', ['14:00'], 1);
    const otherId = (await (await book(other!.id)).json<{ booking: { id: string } }>()).booking.id;
    await runDaily(dayBefore + 120_000);
    expect((await outboxFor(otherId)).filter((r) => r.kind === 'visit-booking-reminder')).toHaveLength(0);
  });

  it('moves from the signed link (the old place freed at once) and cancels; old, forged and expired links are refused', async () => {
    const [first, second] = await openDay(day(7), 'Mossel Bay', ['09:00', '11:00'], 1);
    const res = await book(first!.id);
    const id = (await res.json<{ booking: { id: string } }>()).booking.id;
    const token = tokenOf((await outboxFor(id)).find((r) => r.kind === 'visit-booking-confirmed')!);

    const read = await get(`/api/visit-bookings/manage?token=${encodeURIComponent(token)}`);
    expect(read.status).toBe(200);
    expect((await read.json<{ booking: { startTime: string } }>()).booking.startTime).toBe('09:00');

    const moved = await postJson('/api/visit-bookings/manage/move', { token, slotId: second!.id }, { 'CF-Connecting-IP': ip() });
    expect(moved.status).toBe(200);
    expect((await moved.json<{ booking: { startTime: string } }>()).booking.startTime).toBe('11:00');
    const open = (await (await get('/api/visit-bookings/slots?area=Mossel%20Bay')).json<{ slots: OpenSlot[] }>()).slots;
    expect(open.map((s) => s.id)).toContain(first!.id);
    expect(open.map((s) => s.id)).not.toContain(second!.id);
    const movedMail = (await outboxFor(id)).find((r) => r.kind === 'visit-booking-moved')!;
    expect(calendarOf(movedMail)).toContain('SEQUENCE:1');

    // The first e-mail's link is stale now.
    const stale = await postJson('/api/visit-bookings/manage/cancel', { token }, { 'CF-Connecting-IP': ip() });
    expect(stale.status).toBe(409);
    expect((await stale.json<{ message: string }>()).message).toMatch(/earlier e-mail/);

    const forged = await get(`/api/visit-bookings/manage?token=${encodeURIComponent(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`);
    expect(forged.status).toBe(400);
    expect((await forged.json<{ message: string }>()).message).toBe(LINK_INVALID_MESSAGE);
    const expired = await signBookingLink(env, { bookingId: id, sequence: 1, expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const late = await get(`/api/visit-bookings/manage?token=${encodeURIComponent(expired)}`);
    expect(late.status).toBe(400);
    expect((await late.json<{ message: string }>()).message).toBe(LINK_EXPIRED_MESSAGE);

    const newToken = tokenOf(movedMail);
    const cancelled = await postJson('/api/visit-bookings/manage/cancel', { token: newToken }, { 'CF-Connecting-IP': ip() });
    expect(cancelled.status).toBe(200);
    const cancelMail = (await outboxFor(id)).find((r) => r.kind === 'visit-booking-cancelled')!;
    expect(calendarOf(cancelMail).replace(/\r\n /g, '')).toMatch(/METHOD:CANCEL[\s\S]*STATUS:CANCELLED/);
    const again = await postJson('/api/visit-bookings/manage/cancel', { token: newToken }, { 'CF-Connecting-IP': ip() });
    expect(again.status).toBe(409);
    const after = (await (await get('/api/visit-bookings/slots?area=Mossel%20Bay')).json<{ slots: OpenSlot[] }>()).slots;
    expect(after.map((s) => s.id)).toEqual(expect.arrayContaining([first!.id, second!.id]));
  });

  it('refuses bad input with a message, and keeps a slot at least as large as its bookings', async () => {
    const [slot] = await openDay(day(8), 'Wilderness', ['09:00'], 2);
    const noConsent = await book(slot!.id, uniqueEmail('x'), { popiaConsent: false });
    expect(noConsent.status).toBe(400);
    const badPhone = await book(slot!.id, uniqueEmail('x'), { phone: 'call me' });
    expect(badPhone.status).toBe(400);
    expect((await badPhone.json<{ message: string }>()).message).toContain('phone');
    const unknown = await book('slot_aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(unknown.status).toBe(404);

    await book(slot!.id);
    await book(slot!.id);
    const shrink = await staffFetch(cookie, 'PATCH', `/api/admin/visit-schedule/slots/${slot!.id}`, { capacity: 1 });
    expect(shrink.status).toBe(409);
    const remove = await staffFetch(cookie, 'DELETE', `/api/admin/visit-schedule/slots/${slot!.id}`);
    expect(remove.status).toBe(409);
    const grow = await staffFetch(cookie, 'PATCH', `/api/admin/visit-schedule/slots/${slot!.id}`, { capacity: 3 });
    expect(grow.status).toBe(200);
    const audit = await env.DB.prepare(`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'visit-schedule.capacity' AND target = ?`)
      .bind(slot!.id)
      .first('n');
    expect(audit).toBe(1);

    const clash = await staffFetch(cookie, 'POST', '/api/admin/visit-schedule/days', {
      visitDate: day(8),
      area: 'Wilderness',
      times: ['09:00'],
      durationMinutes: 60,
      capacity: 1,
    });
    expect(clash.status).toBe(409);
    const overlap = await staffFetch(cookie, 'POST', '/api/admin/visit-schedule/days', {
      visitDate: day(9),
      area: 'Wilderness',
      times: ['09:00', '09:30'],
      durationMinutes: 60,
      capacity: 1,
    });
    expect(overlap.status).toBe(400);
    const anonymous = await staffFetch('', 'GET', '/api/admin/visit-schedule');
    expect(anonymous.status).toBe(401);
  });

  it("lists the day's booked visits for /site-visits with the sizes the customer already sent", async () => {
    const visitDate = day(10);
    const [slot] = await openDay(visitDate, 'Plettenberg Bay', ['08:00'], 1);
    const email = uniqueEmail('sizes');
    await env.DB.prepare(
      `INSERT INTO leads (id, name, email, source, product_interest, session_data) VALUES (?, 'Sizes', ?, 'other', 'Roller blinds', ?)`,
    )
      .bind(`lead-${Date.now()}`, email, JSON.stringify({ dimensions: [{ width_mm: 1200, drop_mm: 1500, sizeSource: 'customer' }] }))
      .run();
    await book(slot!.id, email);
    const res = await staffFetch(cookie, 'GET', `/api/site-visits/booked?date=${visitDate}`);
    expect(res.status).toBe(200);
    const visits = (await res.json<{ visits: { email: string; sent: { sizes: string[] }[] }[] }>()).visits;
    const mine = visits.find((v) => v.email === email)!;
    expect(mine.sent.flatMap((s) => s.sizes)).toContain('1200 x 1500 mm');
    expect((await staffFetch('', 'GET', `/api/site-visits/booked?date=${visitDate}`)).status).toBe(401);
  });
});
