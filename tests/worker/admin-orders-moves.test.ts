// The staff orders screen's writes (staff spec 2.6, storefront spec section 7): moves one step at a
// time (every refused move is a 409 that says why), one e-mail per step at most, dispatch with its
// tracking entry in one batch, and sizes confirmed or corrected and re-priced by the server.
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { auditOf, dispatch, emailsAbout, eventsOf, move, orderRow, placeOrder, staff, useStaffWrites } from './admin-orders-write-fixtures';

useStaffWrites();

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
    expect(mails[0]!.text).toMatch(/We have counted your dates again from today: we expect to dispatch your order by \d+ \w+ \d{4}\./);

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
