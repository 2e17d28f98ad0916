// The customer follows the order (storefront spec sections 2 and 9, staff spec section 2.7): the
// order page (GET /api/orders/{reference}) and the /track lookups answer the fulfilment timeline,
// each step with its date and the next one with its window; masked, and no staff notes.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderTimelineDto } from '../../worker/shared/fulfilment';
import type { OrderDto } from '../../worker/shared/orders-api';
import type { OrderTrackingResponse, PublicTrackingResponse } from '../../worker/shared/tracking-api';
import { formatLongDate, southAfricanDay } from '../../worker/shared/sa-time';
import { addWorkingDays, workingDayOnOrAfter } from '../../worker/shared/working-days';
import { clearOfWindowEnd, get, WINDOW_WAIT_TIMEOUT_MS } from './helpers';

const ORDER = 'CB-TIMELINE01';
const EMAIL = 'ayanda@example.co.za';
const STAFF_NOTE = 'Customer sounded unsure; call back about the left window';

let ipCounter = 0;
const ip = () => ({ 'CF-Connecting-IP': `203.0.113.${(ipCounter++ % 250) + 1}` });

const placedAt = new Date().toISOString();

async function insertOrder(reference: string, method = 'courier', paymentStatus = 'paid') {
  await env.DB.prepare(
    `INSERT INTO orders (reference, customer_name, customer_email, customer_phone, customer_address, subtotal_cents, vat_cents, total_cents,
       payment_status, created_at, fulfilment_method)
     VALUES (?, 'Ayanda Dlamini', ?, '082 333 4444', '7 Seaview Road, Sedgefield, 6573', 282609, 42391, 325000, ?, ?, ?)`,
  )
    .bind(reference, EMAIL, paymentStatus, placedAt, method)
    .run();
}

/** A staff move as the staff API records it: the order's status and a 'status' event (with a staff note). */
async function move(reference: string, status: string, at = new Date().toISOString()) {
  await env.DB.batch([
    env.DB.prepare('UPDATE orders SET fulfilment_status = ?, fulfilment_status_at = ? WHERE reference = ?').bind(status, at, reference),
    env.DB.prepare(
      `INSERT INTO order_events (order_reference, kind, status, note, actor, details, created_at) VALUES (?, 'status', ?, ?, 'staff:1a2b3c', ?, ?)`,
    ).bind(reference, status, STAFF_NOTE, JSON.stringify({ by: 'Pieter' }), at),
  ]);
}

async function orderTimeline(reference: string): Promise<OrderTimelineDto> {
  const res = await get(`/api/orders/${reference}`, ip());
  expect(res.status).toBe(200);
  const { order } = await res.json<{ order: OrderDto }>();
  return order.timeline!;
}

async function trackTimeline(reference: string, query = `email=${EMAIL}`): Promise<OrderTrackingResponse> {
  const res = await get(`/api/tracking/order/${reference}?${query}`, ip());
  expect(res.status).toBe(200);
  return res.json<OrderTrackingResponse>();
}

const by = (workingDays: number) => `by ${formatLongDate(workingDayOnOrAfter(addWorkingDays(southAfricanDay(), workingDays)))}`;
const current = (t: OrderTimelineDto) => t.steps.filter((s) => s.at !== null).map((s) => s.status);
const expected = (t: OrderTimelineDto) => t.steps.filter((s) => s.expected !== null).map((s) => [s.status, s.expected]);

beforeAll(async () => {
  await insertOrder(ORDER);
});

describe('the timeline after each status event', () => {
  it('a fresh order: received on the day placed, sizes confirmed expected within 2 working days, on both reads', async () => {
    for (const timeline of [await orderTimeline(ORDER), (await trackTimeline(ORDER)).timeline]) {
      expect(timeline.status).toBe('received');
      expect(timeline.steps[0]).toEqual({ status: 'received', label: 'Order received', at: placedAt, expected: null });
      expect(expected(timeline)).toEqual([['sizes_confirmed', by(2)]]);
      expect(timeline.steps.map((s) => s.label)).toEqual(['Order received', 'Sizes confirmed', 'In production', 'Dispatched', 'Delivered']);
    }
    // Not with the courier yet: the timeline, not 'No tracking information found'.
    expect((await trackTimeline(ORDER)).tracking).toBeNull();
  });

  it('moves step by step: each reached step dated, only the next expected', async () => {
    await move(ORDER, 'sizes_confirmed');
    let t = await orderTimeline(ORDER);
    expect(current(t)).toEqual(['received', 'sizes_confirmed']);
    expect(expected(t)).toEqual([['in_production', by(1)]]);

    await move(ORDER, 'in_production');
    t = (await trackTimeline(ORDER, 'postcode=6573')).timeline;
    expect(current(t)).toEqual(['received', 'sizes_confirmed', 'in_production']);
    const production = `between ${formatLongDate(addWorkingDays(southAfricanDay(), 7))} and ${formatLongDate(addWorkingDays(southAfricanDay(), 10))}`;
    expect(expected(t)).toEqual([['dispatched', production]]);

    await move(ORDER, 'dispatched');
    t = await orderTimeline(ORDER);
    expect(t.steps.find((s) => s.status === 'delivered')!.expected).toMatch(/^between .+ \(usually 2 to 5 working days after dispatch\)$/);

    // With a courier entry, its estimate is the delivery window, and both come back on /track.
    await env.DB.prepare(
      `INSERT INTO tracking_entries (id, order_id, tracking_number, status, status_message, estimated_delivery, courier_name, tracking_history, created_at, updated_at)
       VALUES (?, ?, 'TLN-555001', 'in_transit', 'On the way', '2-3 business days', 'The Courier Guy', '[]', ?, ?)`,
    )
      .bind(crypto.randomUUID(), ORDER, placedAt, placedAt)
      .run();
    const tracked = await trackTimeline(ORDER);
    expect(tracked.tracking?.trackingNumber).toBe('TLN-555001');
    expect(expected(tracked.timeline)).toEqual([['delivered', 'as the courier estimates: 2-3 business days']]);
    const byNumber = await get('/api/tracking/TLN-555001', ip());
    expect(byNumber.status).toBe(200);
    expect((await byNumber.json<PublicTrackingResponse>()).timeline).toEqual(tracked.timeline);

    await move(ORDER, 'delivered');
    t = await orderTimeline(ORDER);
    expect(t.status).toBe('delivered');
    expect(t.steps.every((s) => s.at !== null && s.expected === null)).toBe(true);
  });

  it('ignores line and note events, and shows a cancelled order as the steps reached, then Cancelled', async () => {
    const ref = 'CB-TIMELINE02';
    await insertOrder(ref, 'installation');
    await env.DB.prepare(
      `INSERT INTO order_events (order_reference, kind, note, actor) VALUES (?, 'note', 'Gate code 1234', 'staff:1a2b3c'), (?, 'line', 'Width 1200 -> 1180', 'staff:1a2b3c')`,
    )
      .bind(ref, ref)
      .run();
    await move(ref, 'sizes_confirmed');
    let t = await orderTimeline(ref);
    expect(t.steps.at(-1)).toMatchObject({ status: 'installed', label: 'Installed', at: null, expected: null });
    await move(ref, 'cancelled');
    t = (await trackTimeline(ref)).timeline;
    expect(t.status).toBe('cancelled');
    expect(t.steps.map((s) => s.label)).toEqual(['Order received', 'Sizes confirmed', 'Cancelled']);
    expect(t.steps.every((s) => s.at !== null && s.expected === null)).toBe(true);
  });

  it('an unpaid online order: production waits for the payment, no date promised', async () => {
    const ref = 'CB-TIMELINE03';
    await insertOrder(ref, 'courier', 'pending');
    await move(ref, 'sizes_confirmed');
    expect(expected(await orderTimeline(ref))).toEqual([['in_production', 'once your payment is received']]);
  });
});

describe('the public reads stay masked', () => {
  it('no names, addresses, staff notes or who moved it; by tracking number no order reference', async () => {
    const track = JSON.stringify(await trackTimeline(ORDER));
    const byNumber = JSON.stringify(await (await get('/api/tracking/TLN-555001', ip())).json());
    const order = JSON.stringify((await orderTimeline(ORDER)) satisfies OrderTimelineDto);
    for (const text of [track, byNumber, order]) {
      for (const secret of ['Ayanda', 'Dlamini', 'Seaview', '082 333 4444', STAFF_NOTE, 'staff:1a2b3c', 'Pieter', 'Gate code'])
        expect(text).not.toContain(secret);
    }
    for (const text of [track, byNumber]) expect(text).not.toContain(EMAIL);
    expect(byNumber).not.toContain(ORDER);
  });

  it('an unknown reference and a wrong e-mail or postcode are the same 404, with the spec wording', async () => {
    const bodies = [];
    for (const path of [
      `/api/tracking/order/CB-TIMELINEZZ?email=${EMAIL}`,
      `/api/tracking/order/${ORDER}?email=someone@example.co.za`,
      `/api/tracking/order/${ORDER}?postcode=6570`,
    ]) {
      const res = await get(path, ip());
      expect(res.status, path).toBe(404);
      const { requestId: _, ...body } = await res.json<{ requestId: string; message: string }>();
      expect(body.message).toBe('No tracking information found - Please check your tracking number or order ID and try again.');
      bodies.push(body);
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it(
    'is rate limited as before: 30 lookups a minute per client, answered timeline or not',
    async () => {
      const client = { 'CF-Connecting-IP': '192.0.2.249' };
      await clearOfWindowEnd(60);
      for (let i = 0; i < 30; i++) expect((await get(`/api/tracking/order/${ORDER}?email=${EMAIL}`, client)).status).toBe(200);
      const limited = await get(`/api/tracking/order/${ORDER}?email=${EMAIL}`, client);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    },
    WINDOW_WAIT_TIMEOUT_MS,
  );
});
