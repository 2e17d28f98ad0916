// The staff orders screen's writes (staff spec 2.6, storefront spec section 7): moves one step at a
// time (every refused move is a 409 that says why), one e-mail per step at most, dispatch with its
// tracking entry in one batch, and sizes confirmed or corrected and re-priced by the server.
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { coloursForProduct } from '../../worker/services/catalog';
import { get, postJson } from './helpers';
import { GOOD_CARD, startCheckout, submit } from './payments-sandbox-fixtures';
import { ip } from './admin-orders-write-fixtures';
import {
  auditOf,
  correct,
  emailsAbout,
  eventsOf,
  gridPrice,
  move,
  orderRow,
  placeOrder,
  useStaffWrites,
} from './admin-orders-write-fixtures';

useStaffWrites();

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
