// Orders staff record outside the site (staff spec 2.6): priced by the server's grids or by hand with
// a reason, paid there and then or not, linked to the lead they came from, e-mailed only when there
// is an address; and tracking entries corrected or deleted, with the audit log saying who and what.
import { SELF, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderResponse } from '../../worker/shared/admin-orders-api';
import type { LeadListResponse } from '../../worker/shared/leads-api';
import type { TrackingListResponse } from '../../worker/shared/tracking-api';
import { coloursForProduct } from '../../worker/services/catalog';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';
import { actorIfLanded, isLostRace } from '../../worker/services/staff/orders/order-writes';
import { database } from '../../worker/lib/db';
import { orderEvents, orders } from '../../worker/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { BASE, postJson } from './helpers';

let ipCounter = 0;
const ip = () => `198.51.100.${(ipCounter++ % 250) + 1}`;
let staffCookie = '';
let colour = '';

async function gridPrice(product: string, width: number, drop: number): Promise<number> {
  const price = priceForSize((await gridForProduct(env.DB, product))!, width, drop);
  if (!price.ok) throw new Error(price.message);
  return price.priceCents;
}

async function call(method: string, path: string, body?: unknown, cookie = staffCookie) {
  const res = await SELF.fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      'CF-Connecting-IP': ip(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json<any>() };
}

const line = (overrides: Record<string, unknown> = {}) => ({
  product_type: 'roller-blockout',
  width_mm: 1200,
  drop_mm: 1500,
  colour,
  quantity: 2,
  ...overrides,
});

function createOrder(overrides: Record<string, unknown> = {}) {
  return call('POST', '/api/admin/orders', {
    source: 'phone',
    customer: { name: 'Pieter van Wyk', phone: '044 382 1234', email: 'pieter@example.co.za', address: '3 Main Road, Knysna, 6571' },
    lines: [line()],
    paymentMethod: 'bank_transfer',
    ...overrides,
  }) as Promise<{ status: number; body: AdminOrderResponse & { message: string } }>;
}

async function outboxFor(ref: string) {
  const { results } = await env.DB.prepare(
    `SELECT dedupe_key, kind, to_address, text FROM email_outbox WHERE dedupe_key LIKE '%' || ? || '%' ORDER BY id`,
  )
    .bind(ref)
    .all<{ dedupe_key: string; kind: string; to_address: string; text: string }>();
  return results;
}

async function auditOf(target: string) {
  const { results } = await env.DB.prepare('SELECT actor, action, details FROM audit_log WHERE target = ? ORDER BY id')
    .bind(target)
    .all<{ actor: string; action: string; details: string }>();
  return results.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, any> }));
}

beforeAll(async () => {
  colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.212' });
  expect(res.status).toBe(200);
  staffCookie = res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
});

describe('POST /api/admin/orders: an order taken by phone, on a site visit or in person', () => {
  it('prices the lines by the grid, gives a reference of the same kind and e-mails the confirmation with the bank details', async () => {
    const unit = await gridPrice('roller-blockout', 1200, 1500);
    const res = await createOrder({ lines: [line({ manualPrice: undefined, unitPriceCents: 1 })], notes: 'Call before 10am' });
    expect(res.status).toBe(201);
    const order = res.body.order;
    expect(order.reference).toMatch(/^CB-[2-9A-HJKMNP-Z]{10}$/);
    expect([order.totalCents, order.lines[0]!.total_cents, order.paymentStatus, order.fulfilmentStatus]).toEqual([
      unit * 2,
      unit * 2,
      'pending',
      'received',
    ]);
    const row = (await env.DB.prepare('SELECT * FROM orders WHERE reference = ?').bind(order.reference).first<Record<string, unknown>>())!;
    expect([row.source, row.payment_method, row.fulfilment_method, row.customer_phone_key, row.fulfilment_status_at]).toEqual([
      'phone',
      'bank_transfer',
      'courier',
      '443821234',
      row.created_at,
    ]);
    const mails = await outboxFor(order.reference);
    // Staff recorded it themselves: the customer's confirmation only, no notice to the business.
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([['order-confirmation', 'pieter@example.co.za']]);
    expect((await auditOf(order.reference)).map((a) => [a.action, a.details.source, a.details.totalCents])).toEqual([
      ['order.create', 'phone', unit * 2],
    ]);
  });

  it('a manual price needs its reason, is kept on the line, and prices a size the grid does not', async () => {
    const refused = await createOrder({ lines: [line({ manualPrice: 2500 })] });
    expect(refused.status).toBe(400);
    const outOfGrid = await createOrder({ lines: [line({ width_mm: 3400 })] });
    expect(outOfGrid.status).toBe(400);
    expect(outOfGrid.body.message).toMatch(/^Blind 1 \(3400 x 1500 mm\)/);
    const res = await createOrder({
      source: 'site_visit',
      fulfilmentMethod: 'installation',
      lines: [
        line({
          width_mm: 3400,
          quantity: 1,
          manualPrice: 4999.5,
          manualPriceReason: 'Wider than the grid: two blinds joined',
          sizeSource: 'staff-confirmed',
        }),
      ],
    });
    expect(res.status).toBe(201);
    const l = res.body.order.lines[0]!;
    expect([l.width_mm, l.unit_price_cents, l.total_cents, l.manual_price_reason, l.size_source]).toEqual([
      3400,
      499950,
      499950,
      'Wider than the grid: two blinds joined',
      'staff-confirmed',
    ]);
    expect(res.body.order.sizesToConfirm).toBe(false);
  });

  it('a line priced by hand keeps its price when its size is confirmed; a new size for it is refused (staff must price it)', async () => {
    const res = await createOrder({
      lines: [line({ quantity: 1, manualPrice: 1800, manualPriceReason: 'Showroom special' })],
    });
    const ref = res.body.order.reference;
    const same = await call('PATCH', `/api/admin/orders/${ref}/lines/1`, { widthMm: 1200, dropMm: 1500, reason: 'Checked on site' });
    expect(same.status).toBe(200);
    expect([same.body.order.lines[0].unit_price_cents, same.body.order.lines[0].size_source]).toEqual([180000, 'staff-confirmed']);
    const moved = await call('PATCH', `/api/admin/orders/${ref}/lines/1`, { widthMm: 1300, dropMm: 1500, reason: 'Wider' });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toContain('was priced by hand (Showroom special)');
    expect(await env.DB.prepare('SELECT width_mm FROM order_lines WHERE order_reference = ?').bind(ref).first('width_mm')).toBe(1200);
  });

  it('paid in cash: a manual payment, paid status and a receipt', async () => {
    const res = await createOrder({ source: 'walk_in', paymentMethod: 'cash', paid: true });
    expect(res.status).toBe(201);
    const ref = res.body.order.reference;
    expect(res.body.order.paymentStatus).toBe('paid');
    expect(res.body.order.balanceDueCents).toBe(0);
    const payment = await env.DB.prepare(
      'SELECT provider, provider_payment_id, amount_cents, status FROM payments WHERE order_reference = ?',
    )
      .bind(ref)
      .first();
    expect(payment).toEqual({
      provider: 'manual',
      provider_payment_id: `manual:${ref}`,
      amount_cents: res.body.order.totalCents,
      status: 'succeeded',
    });
    const row = await env.DB.prepare('SELECT paid_at, payment_provider FROM orders WHERE reference = ?')
      .bind(ref)
      .first<{ paid_at: string | null }>();
    expect(row!.paid_at).not.toBeNull();
    expect((await outboxFor(ref)).map((m) => m.kind)).toEqual(['order-confirmation', 'payment-receipt']);
    // Paid: it may go into production with no note.
    await call('POST', `/api/admin/orders/${ref}/status`, { status: 'sizes_confirmed' });
    expect((await call('POST', `/api/admin/orders/${ref}/status`, { status: 'in_production' })).status).toBe(200);
  });

  it('to be paid in cash on the day: the confirmation says so and offers no other way to pay', async () => {
    const res = await createOrder({ source: 'site_visit', paymentMethod: 'cash' });
    expect(res.status).toBe(201);
    const [confirmation] = await outboxFor(res.body.order.reference);
    expect(confirmation!.text).toContain('Payment: Pending. As agreed with our team, you pay by cash.');
    expect(confirmation!.text).not.toContain('by card');
  });

  it('without an e-mail address: stored with customer_email empty, nothing queued, and its steps queue nothing either', async () => {
    const res = await createOrder({ customer: { name: 'Oom Koos', phone: '082 000 1111' }, paid: true, paymentMethod: 'card_machine' });
    expect(res.status).toBe(201);
    const ref = res.body.order.reference;
    expect(res.body.customerNotified).toBe(false);
    expect(await env.DB.prepare('SELECT customer_email FROM orders WHERE reference = ?').bind(ref).first('customer_email')).toBe('');
    const moved = await call('POST', `/api/admin/orders/${ref}/status`, { status: 'sizes_confirmed' });
    expect(moved.status).toBe(200);
    expect(await outboxFor(ref)).toEqual([]);
  });

  it('from a lead: the lead must exist, and then shows the order reference', async () => {
    const missing = await createOrder({ leadId: 'lead-does-not-exist' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('there is no lead lead-does-not-exist');

    await env.DB.prepare(
      `INSERT INTO leads (id, name, email, phone, source, follow_up_status) VALUES ('lead-order-1', 'Pieter van Wyk', 'pieter@example.co.za', '044 382 1234', 'contact_form', 'quoted')`,
    ).run();
    const res = await createOrder({ leadId: 'lead-order-1' });
    expect(res.status).toBe(201);
    expect(res.body.order.leadId).toBe('lead-order-1');
    expect(await env.DB.prepare(`SELECT order_reference FROM leads WHERE id = 'lead-order-1'`).first('order_reference')).toBe(
      res.body.order.reference,
    );
    const list = (await call('GET', '/api/leads?limit=1000')).body as LeadListResponse;
    expect(list.leads.find((l) => l.id === 'lead-order-1')?.orderReference).toBe(res.body.order.reference);
  });

  it('answers 401 to anonymous callers and stores nothing', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders').first('n');
    const res = await call('POST', '/api/admin/orders', { source: 'phone' }, '');
    expect(res.status).toBe(401);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders').first('n')).toBe(before);
  });
});

describe('a write that lost its race changes nothing', () => {
  it('the event row refuses a NULL actor, so the whole batch rolls back', async () => {
    const res = await createOrder();
    const ref = res.body.order.reference;
    const d = database(env.DB);
    const at = new Date().toISOString();
    let caught: unknown = null;
    try {
      await d.batch([
        // As if someone else had moved it first: the conditional UPDATE matches nothing.
        d
          .update(orders)
          .set({ fulfilmentStatus: 'sizes_confirmed', fulfilmentStatusAt: at })
          .where(and(eq(orders.reference, ref), eq(orders.fulfilmentStatus, 'in_production'))),
        d.insert(orderEvents).values({
          orderReference: ref,
          kind: 'status',
          status: 'sizes_confirmed',
          actor: actorIfLanded(
            'S-test',
            sql`exists (select 1 from ${orders} where ${orders.reference} = ${ref} and ${orders.fulfilmentStatusAt} = ${at})`,
          ),
          createdAt: at,
        }),
      ]);
    } catch (err) {
      caught = err;
    }
    expect(isLostRace(caught)).toBe(true);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM order_events WHERE order_reference = ?').bind(ref).first('n')).toBe(0);
  });
});

describe('tracking entries: corrected and deleted by staff, audited, named by their order', () => {
  async function trackedOrder() {
    const res = await createOrder({ paid: true, paymentMethod: 'cash' });
    const ref = res.body.order.reference;
    const number = `TCG${Math.floor(Math.random() * 1e9)}`;
    const created = await call('POST', '/api/tracking', {
      orderId: ref,
      trackingNumber: number,
      status: 'pending',
      statusMessage: 'Label created',
      courierName: 'Curier Guy',
    });
    expect(created.status).toBe(201);
    return { ref, number, id: created.body.tracking.id as string };
  }

  it('POST /api/tracking accepts a staff-recorded order, and the staff list names its customer', async () => {
    const { ref, id } = await trackedOrder();
    const list = (await call('GET', '/api/tracking')).body as TrackingListResponse;
    const entry = list.tracking.find((t) => t.id === id)!;
    expect([entry.orderId, entry.orderCustomerName]).toEqual([ref, 'Pieter van Wyk']);
  });

  it('PATCH corrects the courier and the number, audited with old and new; a number in use is a 409', async () => {
    const { number, id } = await trackedOrder();
    const other = await trackedOrder();
    const res = await call('PATCH', `/api/tracking/${id}`, { courierName: 'The Courier Guy', trackingNumber: `${number}-b` });
    expect(res.status).toBe(200);
    expect([res.body.tracking.courierName, res.body.tracking.trackingNumber, res.body.customerNotified]).toEqual([
      'The Courier Guy',
      `${number}-B`,
      false,
    ]);
    const [audit] = (await auditOf(`${number}-B`)).filter((a) => a.action === 'tracking.correct');
    expect(audit!.actor).toMatch(/^S-/);
    expect(audit!.details).toMatchObject({
      id,
      old: { trackingNumber: number, courierName: 'Curier Guy' },
      new: { trackingNumber: `${number}-B`, courierName: 'The Courier Guy' },
    });
    const dup = await call('PATCH', `/api/tracking/${id}`, { trackingNumber: other.number });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain('already in use');
    expect((await call('PATCH', `/api/tracking/${id}`, {})).status).toBe(400);
  });

  it('DELETE removes the entry, audited; an unknown id is a 404; anonymous is a 401', async () => {
    const { number, id } = await trackedOrder();
    expect((await call('DELETE', `/api/tracking/${id}`, undefined, '')).status).toBe(401);
    const res = await call('DELETE', `/api/tracking/${id}`);
    expect(res.status).toBe(200);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM tracking_entries WHERE id = ?').bind(id).first('n')).toBe(0);
    expect((await auditOf(number)).map((a) => a.action)).toEqual(['tracking.create', 'tracking.delete']);
    expect((await call('DELETE', `/api/tracking/${id}`)).status).toBe(404);
    expect((await call('DELETE', '/api/tracking/not-an-id')).status).toBe(404);
  });
});
