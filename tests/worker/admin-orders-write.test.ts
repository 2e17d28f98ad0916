// The staff orders screen's writes (staff spec 2.6, storefront spec section 7): moves one step at a
// time (every refused move is a 409 that says why), one e-mail per step at most, dispatch with its
// tracking entry in one batch, and sizes confirmed or corrected and re-priced by the server.
import { SELF, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderResponse } from '../../worker/shared/admin-orders-api';
import { coloursForProduct } from '../../worker/services/catalog';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';
import { bulkUploadPriceLists, templateFor } from '../../worker/services/staff/price-lists';
import { BASE, get, postJson } from './helpers';
import { GOOD_CARD, startCheckout, submit } from './payments-sandbox-fixtures';

let ipCounter = 0;
const ip = () => `198.51.100.${(ipCounter++ % 250) + 1}`;
let staffCookie = '';
let emailCounter = 0;

export async function gridPrice(product: string, width: number, drop: number): Promise<number> {
  const price = priceForSize((await gridForProduct(env.DB, product))!, width, drop);
  if (!price.ok) throw new Error(price.message);
  return price.priceCents;
}

function staff(method: string, path: string, body?: unknown, cookie = staffCookie): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      'CF-Connecting-IP': ip(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

type Answer = AdminOrderResponse & { error?: string; message: string };

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Answer }> {
  const res = await staff(method, path, body);
  return { status: res.status, body: await res.json<Answer>() };
}

const move = (ref: string, status: string, note?: string) => call('POST', `/api/admin/orders/${ref}/status`, { status, note });
const dispatch = (ref: string, trackingNumber = `TCG${Math.floor(Math.random() * 1e9)}`) =>
  call('POST', `/api/admin/orders/${ref}/dispatch`, {
    courierName: 'The Courier Guy',
    trackingNumber,
    estimatedDelivery: '2-3 business days',
  });
const correct = (ref: string, lineNo: number, body: Record<string, unknown>) =>
  call('PATCH', `/api/admin/orders/${ref}/lines/${lineNo}`, body);

/** An online order through the public API (priced by the server), optionally paid as a gateway would record it. */
async function placeOrder(options: { sizeSource?: string; paid?: boolean; width?: number; email?: string } = {}): Promise<string> {
  const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
  const res = await postJson(
    '/api/orders/submit',
    {
      customer_name: 'Thandi Mokoena',
      customer_email: options.email ?? `thandi${emailCounter++}@example.co.za`,
      customer_phone: '082 555 0101',
      blinds: [
        {
          product_type: 'roller-blockout',
          width_mm: options.width ?? 1200,
          drop_mm: 1500,
          colour,
          quantity: 1,
          size_source: options.sizeSource ?? 'typed',
        },
      ],
    },
    { 'CF-Connecting-IP': ip() },
  );
  expect(res.status).toBe(201);
  const ref = (await res.json<{ order: { reference: string } }>()).order.reference;
  if (options.paid) await markPaid(ref);
  return ref;
}

async function markPaid(ref: string) {
  const total = (await env.DB.prepare('SELECT total_cents FROM orders WHERE reference = ?').bind(ref).first<number>('total_cents'))!;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO payments (order_reference, provider, provider_payment_id, amount_cents, status) VALUES (?, 'sandbox', ?, ?, 'succeeded')`,
    ).bind(ref, `pay-${ref}`, total),
    env.DB.prepare(
      `UPDATE orders SET payment_status = 'paid', payment_provider = 'sandbox', paid_at = '2026-11-20T09:00:00.000Z' WHERE reference = ?`,
    ).bind(ref),
  ]);
}

interface OutboxRow {
  dedupe_key: string;
  kind: string;
  to_address: string;
  subject: string;
  text: string;
}

/** Every e-mail about this order after its confirmation: the steps, new totals, tracking, receipts. */
async function emailsAbout(ref: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT dedupe_key, kind, to_address, subject, text FROM email_outbox
     WHERE (dedupe_key LIKE 'order-status:' || ?1 || ':%' OR dedupe_key LIKE 'order-total:' || ?1 || ':%'
        OR kind = 'tracking-update' AND text LIKE '%' || ?1 || '%')
     ORDER BY id`,
  )
    .bind(ref)
    .all<OutboxRow>();
  return results;
}

async function orderRow(ref: string) {
  return (await env.DB.prepare('SELECT * FROM orders WHERE reference = ?').bind(ref).first<Record<string, unknown>>())!;
}

async function eventsOf(ref: string) {
  const { results } = await env.DB.prepare(
    'SELECT kind, status, note, actor, details FROM order_events WHERE order_reference = ? ORDER BY id',
  )
    .bind(ref)
    .all<{ kind: string; status: string | null; note: string | null; actor: string; details: string | null }>();
  return results.map((r) => ({ ...r, details: r.details ? (JSON.parse(r.details) as Record<string, any>) : null }));
}

async function auditOf(target: string) {
  const { results } = await env.DB.prepare('SELECT actor, action, details FROM audit_log WHERE target = ? ORDER BY id')
    .bind(target)
    .all<{ actor: string; action: string; details: string | null }>();
  return results.map((r) => ({ ...r, details: r.details ? (JSON.parse(r.details) as Record<string, any>) : null }));
}

beforeAll(async () => {
  // Real prices for the product these orders use: a card payment is never offered at sample prices
  // (DESIGN.md 7b), and the balance of a part-paid order is paid by card here.
  const { csv } = await templateFor(env.DB, 'roller-blockout');
  const upload = await bulkUploadPriceLists(
    env.DB,
    [{ name: 'roller-blockout-pricing-template.csv', text: async () => csv, size: csv.length }],
    'test-staff',
    64 * 1024,
  );
  expect(upload.successful_uploads).toBe(1);
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.211' });
  expect(res.status).toBe(200);
  staffCookie = res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
});

describe('POST /api/admin/orders/{reference}/status: refused moves are 409s that say why', () => {
  it('skipping sizes_confirmed', async () => {
    const ref = await placeOrder({ paid: true });
    const res = await move(ref, 'in_production');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Move one step at a time: after 'Order received' comes 'Sizes confirmed'.");
    expect((await orderRow(ref)).fulfilment_status).toBe('received');
    expect(await eventsOf(ref)).toEqual([]);
  });

  it('going back', async () => {
    const ref = await placeOrder({ paid: true });
    expect((await move(ref, 'sizes_confirmed')).status).toBe(200);
    const res = await move(ref, 'received');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("An order cannot go back from 'Sizes confirmed' to 'Order received'.");
  });

  it('changing a cancelled order', async () => {
    const ref = await placeOrder();
    expect((await move(ref, 'cancelled', 'Customer changed their mind')).status).toBe(200);
    const res = await move(ref, 'sizes_confirmed');
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('a cancelled order cannot change');
  });

  it('cancelling after dispatch', async () => {
    const ref = await placeOrder({ paid: true });
    await move(ref, 'sizes_confirmed');
    await move(ref, 'in_production');
    expect((await dispatch(ref)).status).toBe(200);
    const res = await move(ref, 'cancelled');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("An order that was dispatched cannot be cancelled. It is 'Dispatched'.");
    expect((await orderRow(ref)).fulfilment_status).toBe('dispatched');
  });

  it('confirming sizes while a size is still an estimate', async () => {
    const ref = await placeOrder({ sizeSource: 'scan-estimate', paid: true });
    const res = await move(ref, 'sizes_confirmed');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Confirm or correct every estimated size before confirming the sizes.');
    expect(await emailsAbout(ref)).toEqual([]);
  });

  it('an unpaid order into production without a note; with one, the note is kept as the reason', async () => {
    const ref = await placeOrder();
    await move(ref, 'sizes_confirmed');
    const refused = await move(ref, 'in_production');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('This order is not paid.');
    const blank = await move(ref, 'in_production', '   ');
    expect(blank.status).toBe(409);
    const allowed = await move(ref, 'in_production', 'Pays on delivery');
    expect(allowed.status).toBe(200);
    expect((await orderRow(ref)).unpaid_production_reason).toBe('Pays on delivery');
  });

  it('a courier order dispatched through /status (it needs its tracking: Dispatch)', async () => {
    const ref = await placeOrder({ paid: true });
    await move(ref, 'sizes_confirmed');
    await move(ref, 'in_production');
    const res = await move(ref, 'dispatched');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A courier order is dispatched with its courier and tracking number: use Dispatch.');
  });

  it("'installed' on a courier order", async () => {
    const ref = await placeOrder({ paid: true });
    await move(ref, 'sizes_confirmed');
    await move(ref, 'in_production');
    await dispatch(ref);
    const res = await move(ref, 'installed');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order is sent by courier, so it ends 'Delivered', not 'Installed'.");
  });

  it('a status that is not one, an unknown order and a malformed reference', async () => {
    const ref = await placeOrder();
    expect((await move(ref, 'shipped')).status).toBe(400);
    expect((await move('CB-NOSUCH2345', 'sizes_confirmed')).status).toBe(404);
    expect((await move('nonsense', 'sizes_confirmed')).status).toBe(400);
  });

  it('two staff moving the same order at once: one move lands, the other is a 409, one event and one e-mail', async () => {
    const ref = await placeOrder({ paid: true });
    const results = await Promise.all([move(ref, 'sizes_confirmed'), move(ref, 'sizes_confirmed'), move(ref, 'cancelled')]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    expect(await eventsOf(ref)).toHaveLength(1);
    expect(await emailsAbout(ref)).toHaveLength(1);
  });

  it('answers 401 to anonymous callers, and nothing changes', async () => {
    const ref = await placeOrder();
    const res = await staff('POST', `/api/admin/orders/${ref}/status`, { status: 'cancelled' }, '');
    expect(res.status).toBe(401);
    expect((await orderRow(ref)).fulfilment_status).toBe('received');
  });
});

describe('allowed moves: the change, its event, audit entry and one e-mail per step', () => {
  it('a courier order from received to delivered: each step e-mailed once, with what the customer needs', async () => {
    const ref = await placeOrder({ paid: true });
    const confirmed = await move(ref, 'sizes_confirmed', 'Checked with the customer');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.customerNotified).toBe(true);
    expect(confirmed.body.order.fulfilmentStatus).toBe('sizes_confirmed');
    expect(confirmed.body.order.nextMoves).toEqual(['in_production', 'cancelled']);
    let mails = await emailsAbout(ref);
    expect(mails.map((m) => m.dedupe_key)).toEqual([`order-status:${ref}:sizes_confirmed`]);
    expect(mails[0]!.text).toContain('1200 x 1500 mm');
    expect(mails[0]!.text).toMatch(/we expect to dispatch your order between \d+ \w+ \d{4} and \d+ \w+ \d{4}/);

    expect((await move(ref, 'in_production')).status).toBe(200);
    const dispatched = await dispatch(ref, 'TCG-DELIVER-1');
    expect(dispatched.status).toBe(200);
    const delivered = await move(ref, 'delivered');
    expect(delivered.status).toBe(200);
    expect(delivered.body.order.nextMoves).toEqual([]);

    mails = await emailsAbout(ref);
    expect(mails.map((m) => m.kind)).toEqual(['order-sizes-confirmed', 'order-in-production', 'order-dispatched', 'order-delivered']);
    expect(new Set(mails.map((m) => m.to_address)).size).toBe(1);
    const row = await orderRow(ref);
    expect(row.fulfilment_status).toBe('delivered');
    expect(Date.parse(row.fulfilment_status_at as string)).toBeGreaterThan(Date.now() - 60_000);
    const events = await eventsOf(ref);
    expect(events.map((e) => [e.kind, e.status])).toEqual([
      ['status', 'sizes_confirmed'],
      ['status', 'in_production'],
      ['status', 'dispatched'],
      ['status', 'delivered'],
    ]);
    expect(events[0]!.note).toBe('Checked with the customer');
    expect(events[0]!.actor).toMatch(/^S-/);
    expect((await auditOf(ref)).filter((a) => a.action === 'order.status').map((a) => a.details!.to)).toEqual([
      'sizes_confirmed',
      'in_production',
      'dispatched',
      'delivered',
    ]);
  });

  it('an installation order is dispatched through /status and ends installed; a cancellation of a paid order says a refund follows', async () => {
    const ref = await placeOrder({ paid: true });
    await env.DB.prepare(`UPDATE orders SET fulfilment_method = 'installation' WHERE reference = ?`).bind(ref).run();
    await move(ref, 'sizes_confirmed');
    await move(ref, 'in_production');
    expect((await move(ref, 'dispatched')).status).toBe(200);
    expect((await move(ref, 'delivered')).status).toBe(409);
    expect((await move(ref, 'installed')).status).toBe(200);
    expect((await emailsAbout(ref)).map((m) => m.kind)).toEqual([
      'order-sizes-confirmed',
      'order-in-production',
      'order-dispatched',
      'order-installed',
    ]);

    const other = await placeOrder({ paid: true });
    expect((await move(other, 'cancelled', 'Duplicate order')).status).toBe(200);
    const [cancelled] = await emailsAbout(other);
    expect(cancelled!.kind).toBe('order-cancelled');
    expect(cancelled!.text).toContain('refund your payment');
    // Staff notes are not for the customer.
    expect(cancelled!.text).not.toContain('Duplicate order');
  });

  it('an order without an e-mail address moves on with nothing queued', async () => {
    const ref = await placeOrder({ paid: true });
    await env.DB.prepare(`UPDATE orders SET customer_email = '' WHERE reference = ?`).bind(ref).run();
    const res = await move(ref, 'sizes_confirmed');
    expect(res.status).toBe(200);
    expect(res.body.customerNotified).toBe(false);
    expect(await emailsAbout(ref)).toEqual([]);
  });
});

describe('POST /api/admin/orders/{reference}/dispatch', () => {
  it('creates the tracking entry with the move in one batch, and e-mails once (no separate tracking e-mail)', async () => {
    const ref = await placeOrder({ paid: true });
    await move(ref, 'sizes_confirmed');
    await move(ref, 'in_production');
    const res = await dispatch(ref, 'tcg-5550001');
    expect(res.status).toBe(200);
    expect(res.body.customerNotified).toBe(true);
    const tracking = await env.DB.prepare('SELECT order_id, tracking_number, courier_name, status FROM tracking_entries WHERE order_id = ?')
      .bind(ref)
      .all();
    expect(tracking.results).toEqual([
      { order_id: ref, tracking_number: 'TCG-5550001', courier_name: 'The Courier Guy', status: 'in_transit' },
    ]);
    const mails = await emailsAbout(ref);
    expect(mails.map((m) => m.kind)).toEqual(['order-sizes-confirmed', 'order-in-production', 'order-dispatched']);
    const sent = mails[2]!;
    expect(sent.text).toContain('The Courier Guy');
    expect(sent.text).toContain('TCG-5550001');
    expect(sent.text).toContain('/track?number=TCG-5550001');
    expect((await auditOf('TCG-5550001')).map((a) => a.action)).toEqual(['tracking.create']);
  });

  it('a tracking number already in use is a 409, and the order stays in production', async () => {
    const first = await placeOrder({ paid: true });
    const second = await placeOrder({ paid: true });
    for (const ref of [first, second]) {
      await move(ref, 'sizes_confirmed');
      await move(ref, 'in_production');
    }
    expect((await dispatch(first, 'TCG-DUP-77')).status).toBe(200);
    const res = await dispatch(second, 'TCG-DUP-77');
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('TCG-DUP-77 is already in use');
    expect((await orderRow(second)).fulfilment_status).toBe('in_production');
    expect((await emailsAbout(second)).map((m) => m.kind)).not.toContain('order-dispatched');
  });

  it('is refused before production, like any skipped step', async () => {
    const ref = await placeOrder({ paid: true });
    const res = await dispatch(ref);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Move one step at a time');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM tracking_entries WHERE order_id = ?').bind(ref).first('n')).toBe(0);
  });
});

describe('PATCH /api/admin/orders/{reference}/lines/{lineNo}: sizes confirmed or corrected, re-priced by the server', () => {
  it('re-prices from the grid whatever the client sends, records old and new, and e-mails the new total of an unpaid order', async () => {
    const ref = await placeOrder({ sizeSource: 'scan-estimate' });
    const oldPrice = await gridPrice('roller-blockout', 1200, 1500);
    const newPrice = await gridPrice('roller-blockout', 1800, 1500);
    expect(newPrice).not.toBe(oldPrice);
    const res = await correct(ref, 1, { widthMm: 1800, dropMm: 1500, reason: 'Measured on site', unitPriceCents: 1, totalCents: 1 });
    expect(res.status).toBe(200);
    expect(res.body.customerNotified).toBe(true);
    const line = res.body.order.lines[0]!;
    expect([line.width_mm, line.drop_mm, line.total_cents, line.size_source]).toEqual([1800, 1500, newPrice, 'staff-confirmed']);
    expect(res.body.order.totalCents).toBe(newPrice);
    expect(res.body.order.sizesToConfirm).toBe(false);
    const row = await orderRow(ref);
    expect([row.total_cents, row.payment_status]).toEqual([newPrice, 'pending']);
    expect((row.vat_cents as number) + (row.subtotal_cents as number)).toBe(newPrice);

    const [event] = await eventsOf(ref);
    expect(event!.kind).toBe('line');
    expect(event!.note).toBe('Measured on site');
    expect(event!.details).toMatchObject({
      lineNo: 1,
      reason: 'Measured on site',
      old: { widthMm: 1200, dropMm: 1500, unitPriceCents: oldPrice, totalCents: oldPrice },
      new: { widthMm: 1800, dropMm: 1500, unitPriceCents: newPrice, totalCents: newPrice },
    });
    expect((await auditOf(ref)).map((a) => a.action)).toEqual(['order.line-size']);
    const [mail] = await emailsAbout(ref);
    expect(mail!.kind).toBe('order-total-changed');
    expect(mail!.text).toContain('1800 x 1500 mm');
    expect(mail!.text).toContain('Please pay');
    // The estimate is settled: the sizes may now be confirmed.
    expect((await move(ref, 'sizes_confirmed')).status).toBe(200);
  });

  it('confirming a size as it is changes no price and sends no total e-mail', async () => {
    const ref = await placeOrder({ sizeSource: 'polygon-estimate' });
    const before = await orderRow(ref);
    const res = await correct(ref, 1, { widthMm: 1200, dropMm: 1500, reason: 'Customer confirmed by phone' });
    expect(res.status).toBe(200);
    expect(res.body.customerNotified).toBe(false);
    expect(res.body.order.lines[0]!.size_source).toBe('staff-confirmed');
    expect((await orderRow(ref)).total_cents).toBe(before.total_cents);
    expect(await emailsAbout(ref)).toEqual([]);
  });

  it('a paid order whose total goes up becomes part_paid with the balance due, and the e-mail links to paying the difference', async () => {
    const ref = await placeOrder({ paid: true, sizeSource: 'scan-estimate' });
    const paid = await gridPrice('roller-blockout', 1200, 1500);
    const newPrice = await gridPrice('roller-blockout', 2400, 1500);
    const res = await correct(ref, 1, { widthMm: 2400, dropMm: 1500, reason: 'Wider window than the photo showed' });
    expect(res.status).toBe(200);
    expect(res.body.order.paymentStatus).toBe('part_paid');
    expect(res.body.order.balanceDueCents).toBe(newPrice - paid);
    expect((await orderRow(ref)).payment_status).toBe('part_paid');
    const [mail] = await emailsAbout(ref);
    expect(mail!.text).toContain(`/order-confirmation?ref=${ref}&pay=1`);
    expect(mail!.text).toContain('is still to be paid');
    // The customer's order page offers the balance, not the whole total again.
    const read = (await (await get(`/api/orders/${ref}`)).json()) as { order: { amount_due_cents: number; total_cents: number } };
    expect(read.order.amount_due_cents).toBe(newPrice - paid);
    expect(read.order.total_cents).toBe(newPrice);
  });

  it('the part-paid balance is what POST /api/payment/create charges; paying it makes the order paid, with a receipt of its own', async () => {
    const ref = await placeOrder({ paid: true, sizeSource: 'scan-estimate' });
    const paid = await gridPrice('roller-blockout', 1200, 1500);
    const newPrice = await gridPrice('roller-blockout', 2400, 1500);
    expect((await correct(ref, 1, { widthMm: 2400, dropMm: 1500, reason: 'Wider window' })).status).toBe(200);
    const url = await startCheckout(ref, ip(), { amount: newPrice / 100 });
    // The checkout keeps the order part-paid until the balance is in.
    expect((await orderRow(ref)).payment_status).toBe('part_paid');
    const res = await submit(url, GOOD_CARD, ip());
    expect(res.status).toBe(303);
    const row = await orderRow(ref);
    expect(row.payment_status).toBe('paid');
    const { results } = await env.DB.prepare(
      `SELECT provider, amount_cents FROM payments WHERE order_reference = ? AND status = 'succeeded' ORDER BY id`,
    )
      .bind(ref)
      .all();
    expect(results).toEqual([
      { provider: 'sandbox', amount_cents: paid },
      { provider: 'sandbox', amount_cents: newPrice - paid },
    ]);
    const receipts = await env.DB.prepare(`SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'payment-receipt' AND dedupe_key LIKE ?`)
      .bind(`payment-receipt:${ref}:%`)
      .first('n');
    expect(receipts).toBe(1);
    // Settled: nothing more to charge.
    const again = await postJson('/api/payment/create', { quote_id: ref, customer_info: {} }, { 'CF-Connecting-IP': ip() });
    expect(again.status).toBe(409);
  });

  it('a paid order whose total goes down: the e-mail says the refund due, and a payment note records it', async () => {
    const ref = await placeOrder({ paid: true, width: 2400, sizeSource: 'scan-estimate' });
    const paid = await gridPrice('roller-blockout', 2400, 1500);
    const newPrice = await gridPrice('roller-blockout', 1200, 1500);
    const res = await correct(ref, 1, { widthMm: 1200, dropMm: 1500, reason: 'Narrower than estimated' });
    expect(res.status).toBe(200);
    expect(res.body.order.paymentStatus).toBe('paid');
    const events = await eventsOf(ref);
    expect(events.map((e) => e.kind)).toEqual(['line', 'payment']);
    expect(events[1]!.details).toMatchObject({ refundDueCents: paid - newPrice });
    const [mail] = await emailsAbout(ref);
    expect(mail!.text).toContain('refund');
    expect(mail!.text).not.toContain('&pay=1');
  });

  it('only while the order is received: afterwards a 409 says why', async () => {
    const ref = await placeOrder({ paid: true });
    await move(ref, 'sizes_confirmed');
    const res = await correct(ref, 1, { widthMm: 1300, dropMm: 1500, reason: 'Late change' });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("only while the order is 'Order received'");
  });

  it('a size outside the grid is a 400 with the grid message; an unknown line a 404; a missing reason a 400', async () => {
    const ref = await placeOrder();
    const out = await correct(ref, 1, { widthMm: 3500, dropMm: 1500, reason: 'Huge window' });
    expect(out.status).toBe(400);
    expect(out.body.message).toMatch(/^Blind 1 \(3500 x 1500 mm\): /);
    expect((await correct(ref, 2, { widthMm: 1200, dropMm: 1500, reason: 'x' })).status).toBe(404);
    expect((await correct(ref, 1, { widthMm: 1200, dropMm: 1500 })).status).toBe(400);
    expect(await eventsOf(ref)).toEqual([]);
  });
});

describe('online orders keep what staff need to find and check them', () => {
  it('stores the phone key, the chat session, fulfilment_status_at and a photo key only when the photo exists', async () => {
    const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
    const stored = 'windows/test-session/1764000000000.jpg';
    await env.MEDIA.put(stored, new Uint8Array([0xff, 0xd8, 0xff]));
    const line = { product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour, size_source: 'scan-a4' };
    const res = await postJson(
      '/api/orders/submit',
      {
        customer_name: 'Sipho Dlamini',
        customer_email: 'sipho.photo@example.co.za',
        customer_phone: '+27 82 555 0166',
        chat_session_id: 'session_1764000000000_abcdefghi',
        blinds: [
          { ...line, photo_key: stored },
          { ...line, photo_key: 'windows/test-session/1764000000001.jpg' },
        ],
      },
      { 'CF-Connecting-IP': ip() },
    );
    expect(res.status).toBe(201);
    const ref = (await res.json<{ order: { reference: string } }>()).order.reference;
    const row = await orderRow(ref);
    expect([row.customer_phone_key, row.chat_session_id, row.fulfilment_status_at]).toEqual([
      '825550166',
      'session_1764000000000_abcdefghi',
      row.created_at,
    ]);
    const { results } = await env.DB.prepare('SELECT line_no, photo_key FROM order_lines WHERE order_reference = ? ORDER BY line_no')
      .bind(ref)
      .all();
    expect(results).toEqual([
      { line_no: 1, photo_key: stored },
      { line_no: 2, photo_key: null },
    ]);
  });
});
