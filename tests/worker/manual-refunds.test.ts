// 'Record a refund' (staff spec 2.6): money given back that no gateway reports (an Ozow order
// refunded in Ozow's merchant admin, a bank transfer, cash). Each refund is one batch: its payments
// row, the order event, the audit entry and, for an invoiced order, a credit note with its own
// number (the invoice never changes). Never more than was paid and not yet refunded.
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { findTaxDocument, type TaxDocument } from '../../worker/services/tax-invoices';
import { formatRandFromCents } from '../../worker/shared/money';
import { creditNotePath } from '../../worker/shared/orders-api';
import { BASE } from './helpers';
import { eventsOf, orderRow, outboxAbout, placeOrder, staffFetch, staffSession } from './bank-transfer-fixtures';

let cookie = '';
beforeAll(async () => {
  cookie = await staffSession();
});

type Answer = { message: string; refundedCents?: number; order: { paymentStatus: string } };

async function post(ref: string, path: 'payments' | 'refunds', body: unknown): Promise<{ status: number; body: Answer }> {
  const res = await staffFetch(cookie, 'POST', `/api/admin/orders/${ref}/${path}`, body);
  return { status: res.status, body: await res.json<Answer>() };
}

async function creditNotes(ref: string): Promise<{ number: number; document: TaxDocument }[]> {
  const { results } = await env.DB.prepare(
    "SELECT number, document FROM invoices WHERE order_reference = ? AND kind = 'credit_note' ORDER BY number",
  )
    .bind(ref)
    .all<{ number: number; document: string }>();
  return results.map((r) => ({ number: r.number, document: JSON.parse(r.document) as TaxDocument }));
}

describe('POST /api/admin/orders/{reference}/refunds', () => {
  it('a partial refund keeps the order paid with a credit note for the amount; the rest refunds it; nothing more can be refunded', async () => {
    const { ref, total } = await placeOrder();
    expect((await post(ref, 'payments', { amountCents: total, method: 'bank_transfer' })).status).toBe(201);
    // The test Worker has a VAT number and address: paid in full, the order has its tax invoice.
    const invoice = (await findTaxDocument(env.DB, ref, 'invoice'))!;
    expect(invoice.kind).toBe('invoice');

    const first = await post(ref, 'refunds', { amount: 100, method: 'ozow', note: 'Ozow refund ref 7781' });
    expect(first.status).toBe(201);
    expect(first.body.refundedCents).toBe(10000);
    expect(first.body.order.paymentStatus).toBe('paid');
    expect(first.body.message).toBe(
      `Recorded a refund of ${formatRandFromCents(10000)} for order ${ref}, with a credit note. ${formatRandFromCents(10000)} of ${formatRandFromCents(total)} paid is refunded; the order stays paid.`,
    );

    const tooMuch = await post(ref, 'refunds', { amountCents: total, method: 'bank_transfer' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toContain(`is more than the ${formatRandFromCents(total - 10000)} paid and not yet refunded`);

    const rest = await post(ref, 'refunds', { amountCents: total - 10000, method: 'bank_transfer' });
    expect(rest.status).toBe(201);
    expect(rest.body.order.paymentStatus).toBe('refunded');
    expect((await orderRow(ref)).payment_status).toBe('refunded');

    const again = await post(ref, 'refunds', { amountCents: 100, method: 'cash' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Order ${ref} has no payment left to refund: nothing was paid, or it was all refunded already.`);

    const { results: rows } = await env.DB.prepare(
      'SELECT provider, amount_cents, status FROM payments WHERE order_reference = ? ORDER BY id',
    )
      .bind(ref)
      .all<{ provider: string; amount_cents: number; status: string }>();
    expect(rows.map((r) => [r.provider, r.amount_cents, r.status])).toEqual([
      ['manual', total, 'succeeded'],
      ['manual', 10000, 'refunded'],
      ['manual', total - 10000, 'refunded'],
    ]);
    const events = await eventsOf(ref);
    expect(events.filter((e) => e.note?.startsWith('Refund of')).map((e) => e.note)).toEqual([
      `Refund of ${formatRandFromCents(10000)} by ozow refund (ozow's merchant admin): Ozow refund ref 7781`,
      `Refund of ${formatRandFromCents(total - 10000)} by bank transfer`,
    ]);
    const { results: audits } = await env.DB.prepare("SELECT action FROM audit_log WHERE target = ? AND action = 'order.refund'")
      .bind(ref)
      .all();
    expect(audits).toHaveLength(2);

    // One credit note per refund, each its own number, crediting the invoice, which never changes.
    const notes = await creditNotes(ref);
    expect(notes.map((n) => n.document.totalCents)).toEqual([10000, total - 10000]);
    expect(notes.every((n) => n.document.creditsInvoice === invoice.number)).toBe(true);
    expect(new Set(notes.map((n) => n.number)).size).toBe(2);
    expect(await findTaxDocument(env.DB, ref, 'invoice')).toEqual(invoice);

    // The customer is told of each refund (the cancellation e-mail promises it), in the refund's batch.
    const told = (await outboxAbout(ref)).filter((e) => e.kind === 'refund-receipt');
    expect(told.map((e) => e.subject)).toEqual([
      `Refund of ${formatRandFromCents(10000)} for order ${ref}`,
      `Refund of ${formatRandFromCents(total - 10000)} for order ${ref}`,
    ]);
    expect(told[0]!.text).toContain(
      `We have refunded ${formatRandFromCents(10000)} to you for order ${ref}, back to the bank account you paid from, through Ozow.`,
    );
    expect(told[0]!.text).toContain(`That makes ${formatRandFromCents(10000)} refunded of the ${formatRandFromCents(total)} you paid.`);
    expect(told[0]!.text).toContain("Your credit note is on your order page: 'Download credit note'.");
    expect(told[1]!.text).toContain('by bank transfer.');
    expect(told[1]!.text).toContain('Everything you paid for this order has now been refunded.');
    // ...and the order page lists both credit notes, each downloadable.
    const page = await (await SELF.fetch(`${BASE}/api/orders/${ref}`)).json<{ order: { credit_notes: unknown[] } }>();
    expect(page.order.credit_notes).toEqual(
      notes.map((n) => ({ number: n.number, total_cents: n.document.totalCents, issued_at: n.document.issuedAt })),
    );
    const pdf = await SELF.fetch(`${BASE}${creditNotePath(ref, notes[1]!.number)}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
  });

  it('refuses an order with nothing paid (409), a bad amount or method (400), and anyone not signed in (401)', async () => {
    const { ref } = await placeOrder();
    expect((await post(ref, 'refunds', { amountCents: 100, method: 'cash' })).status).toBe(409);
    expect((await post(ref, 'refunds', { amountCents: 0, method: 'cash' })).status).toBe(400);
    expect((await post(ref, 'refunds', { amountCents: 100, method: 'cheque' })).status).toBe(400);
    const anonymous = await staffFetch('', 'POST', `/api/admin/orders/${ref}/refunds`, { amountCents: 100, method: 'cash' });
    expect(anonymous.status).toBe(401);
  });
});
