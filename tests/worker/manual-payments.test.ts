// 'Record a payment' (DESIGN.md 7b, bank transfer): partial and full payments staff record, each with
// its payments row, order event, audit entry and the customer's receipt in one batch; overpaying or
// a non-positive amount is a 400, a settled order a 409. And the daily cron's bank-transfer
// follow-up with a fixed clock: the reminder after 3 days and the expiry each go once, never for a
// paid, part-paid, proven or moved-on order.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { runBankTransferFollowUp } from '../../worker/services/payments/bank-transfer-follow-up';
import { formatRandFromCents } from '../../worker/shared/money';
import { get } from './helpers';
import {
  BANK,
  eventsOf,
  orderRow,
  outboxAbout,
  PDF_BYTES,
  placeOrder,
  staffFetch,
  staffSession,
  uploadProof,
} from './bank-transfer-fixtures';

let cookie = '';
beforeAll(async () => {
  cookie = await staffSession();
});

type Answer = {
  success?: boolean;
  message: string;
  outstandingCents?: number;
  customerNotified?: boolean;
  order: { paymentStatus: string; balanceDueCents: number; payments: { provider: string; method: string | null; amountCents: number }[] };
};

async function record(ref: string, body: unknown, session = cookie): Promise<{ status: number; body: Answer }> {
  const res = await staffFetch(session, 'POST', `/api/admin/orders/${ref}/payments`, body);
  return { status: res.status, body: await res.json<Answer>() };
}

describe('POST /api/admin/orders/{reference}/payments', () => {
  it('a part payment leaves the order part paid and says what is outstanding; the rest pays it in full', async () => {
    const { ref, total } = await placeOrder();
    const first = await record(ref, { amountCents: 50000, method: 'bank_transfer', note: 'FNB EFT 12 Nov' });
    expect(first.status).toBe(201);
    const outstanding = total - 50000;
    expect(first.body.outstandingCents).toBe(outstanding);
    expect(first.body.message).toBe(
      `Recorded ${formatRandFromCents(50000)} by bank transfer for order ${ref}. It is part paid: ${formatRandFromCents(outstanding)} of ${formatRandFromCents(total)} is still outstanding.`,
    );
    expect(first.body.customerNotified).toBe(true);
    expect(first.body.order.paymentStatus).toBe('part_paid');
    expect(first.body.order.balanceDueCents).toBe(outstanding);
    expect(first.body.order.payments).toEqual([
      expect.objectContaining({ provider: 'manual', method: 'bank_transfer', amountCents: 50000 }),
    ]);
    expect((await orderRow(ref)).paid_at).toBeNull();
    // The customer's page says what is still to pay.
    const read = await (await get(`/api/orders/${ref}`)).json<{ order: { paymentStatus: string; amount_due_cents: number } }>();
    expect(read.order).toMatchObject({ paymentStatus: 'part_paid', amount_due_cents: outstanding });

    const second = await record(ref, { amount: outstanding / 100, method: 'cash' });
    expect(second.status).toBe(201);
    expect(second.body.outstandingCents).toBe(0);
    expect(second.body.message).toBe(`Recorded ${formatRandFromCents(outstanding)} by cash for order ${ref}. It is now paid in full.`);
    expect(second.body.order.paymentStatus).toBe('paid');
    expect(second.body.order.balanceDueCents).toBe(0);
    expect((await orderRow(ref)).paid_at).not.toBeNull();

    const { results: rows } = await env.DB.prepare(
      'SELECT provider, provider_payment_id, amount_cents, status FROM payments WHERE order_reference = ? ORDER BY id',
    )
      .bind(ref)
      .all<{ provider: string; provider_payment_id: string; amount_cents: number; status: string }>();
    expect(rows.map((r) => [r.provider, r.amount_cents, r.status])).toEqual([
      ['manual', 50000, 'succeeded'],
      ['manual', outstanding, 'succeeded'],
    ]);
    expect(new Set(rows.map((r) => r.provider_payment_id)).size).toBe(2);
    // Paid in full by the second record: its tax invoice is issued then (the first left it part paid), once.
    const { results: docs } = await env.DB.prepare('SELECT kind FROM invoices WHERE order_reference = ?').bind(ref).all<{ kind: string }>();
    expect(docs).toEqual([{ kind: 'invoice' }]);
    expect((await get(`/api/invoices/${ref}.pdf`)).status).toBe(200);

    const events = (await eventsOf(ref)).filter((e) => e.kind === 'payment');
    expect(events.map((e) => [e.note, e.details?.amountCents, e.details?.outstandingCents])).toEqual([
      ['FNB EFT 12 Nov', 50000, outstanding],
      [null, outstanding, 0],
    ]);
    expect(events.every((e) => e.actor.length > 0 && e.actor !== 'customer' && e.actor !== 'system')).toBe(true);
    const { results: audit } = await env.DB.prepare("SELECT action FROM audit_log WHERE target = ? AND action = 'order.payment'")
      .bind(ref)
      .all();
    expect(audit).toHaveLength(2);

    const receipts = (await outboxAbout(ref)).filter((m) => m.kind === 'payment-receipt');
    expect(receipts).toHaveLength(2);
    expect(receipts[0]!.text).toContain(`we have received your payment of ${formatRandFromCents(50000)}`);
    expect(receipts[0]!.text).toContain(
      `${formatRandFromCents(outstanding)} of the order total of ${formatRandFromCents(total)} is still outstanding`,
    );
    expect(receipts[1]!.text).toContain(`we have received your payment of ${formatRandFromCents(outstanding)}`);
    expect(receipts[1]!.text).toContain('Your order is confirmed.');
  });

  it('overpaying, a non-positive amount, no amount or two amounts is a 400 that says why; nothing is written', async () => {
    const { ref, total } = await placeOrder();
    const over = await record(ref, { amountCents: total + 1, method: 'bank_transfer' });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain(`${formatRandFromCents(total + 1)} is more than the ${formatRandFromCents(total)} outstanding`);
    for (const body of [
      { amountCents: 0, method: 'cash' },
      { amount: -10, method: 'cash' },
      { method: 'cash' },
      { amount: 10, amountCents: 1000, method: 'cash' },
      { amount: 10, method: 'cheque' },
    ]) {
      const res = await record(ref, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message.length).toBeGreaterThan(10);
    }
    // After a part payment, the limit is what is left.
    await record(ref, { amountCents: 1000, method: 'card_machine' });
    const overRest = await record(ref, { amountCents: total, method: 'cash' });
    expect(overRest.status).toBe(400);
    expect(overRest.body.message).toContain(`the ${formatRandFromCents(total - 1000)} outstanding`);
    const { results } = await env.DB.prepare('SELECT amount_cents FROM payments WHERE order_reference = ?').bind(ref).all();
    expect(results).toEqual([{ amount_cents: 1000 }]);
  });

  it('two staff recording the full amount at once: one lands, the other is refused; never paid twice', async () => {
    const { ref, total } = await placeOrder();
    const answers = await Promise.all([
      record(ref, { amountCents: total, method: 'bank_transfer' }),
      record(ref, { amountCents: total, method: 'bank_transfer' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const { results } = await env.DB.prepare("SELECT amount_cents FROM payments WHERE order_reference = ? AND status = 'succeeded'")
      .bind(ref)
      .all();
    expect(results).toEqual([{ amount_cents: total }]);
    expect((await orderRow(ref)).payment_status).toBe('paid');
  });

  it('a paid order is a 409; an unknown order a 404; no staff session a 401', async () => {
    const { ref, total } = await placeOrder();
    expect((await record(ref, { amountCents: total, method: 'bank_transfer' })).status).toBe(201);
    const again = await record(ref, { amountCents: 100, method: 'bank_transfer' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Order ${ref} is already paid in full: there is nothing outstanding to record.`);
    expect((await record('CB-NOSUCHORDER1', { amountCents: 100, method: 'cash' })).status).toBe(404);
    expect((await record(ref, { amountCents: 100, method: 'cash' }, '')).status).toBe(401);
  });
});

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-20T04:00:00.000Z');
const withBank = { ...env, ...BANK } as Env;

async function placedDaysAgo(days: number): Promise<string> {
  const { ref } = await placeOrder();
  await env.DB.prepare('UPDATE orders SET created_at = ? WHERE reference = ?')
    .bind(new Date(NOW.getTime() - days * DAY - 60_000).toISOString(), ref)
    .run();
  return ref;
}

const followUpMails = async (ref: string) => (await outboxAbout(ref)).filter((m) => m.kind.startsWith('bank-transfer-'));

describe('the daily bank-transfer follow-up (fixed clock)', () => {
  it('reminds after 3 days and cancels after 10 with an e-mail, each once; younger orders are left alone', async () => {
    // Still under 3 days old at the last run, a day later.
    const young = await placedDaysAgo(1);
    const due = await placedDaysAgo(3);
    const expired = await placedDaysAgo(10);

    await runBankTransferFollowUp(withBank, NOW);
    await runBankTransferFollowUp(withBank, NOW);
    await runBankTransferFollowUp(withBank, new Date(NOW.getTime() + DAY));

    expect(await followUpMails(young)).toHaveLength(0);
    const reminder = await followUpMails(due);
    expect(reminder.map((m) => m.kind)).toEqual(['bank-transfer-reminder']);
    expect(reminder[0]!.subject).toContain(`Reminder: payment for order ${due}`);
    expect(reminder[0]!.text).toContain('Payment reference');
    expect(reminder[0]!.text).toContain('62812345678');
    expect((await orderRow(due)).fulfilment_status).toBe('received');

    // The expired order is cancelled (payment untouched) and told once; never reminded as well.
    expect((await followUpMails(expired)).map((m) => m.kind)).toEqual(['bank-transfer-expired']);
    const row = await orderRow(expired);
    expect(row).toMatchObject({ fulfilment_status: 'cancelled', payment_status: 'pending' });
    expect((await eventsOf(expired)).filter((e) => e.status === 'cancelled')).toEqual([
      expect.objectContaining({ kind: 'status', actor: 'system', note: 'No bank transfer received within 10 days' }),
    ]);
  });

  it('never for a paid, part-paid, proven or moved-on order; BANK_TRANSFER_EXPIRY_DAYS sets the expiry', async () => {
    const paid = await placedDaysAgo(12);
    const partPaid = await placedDaysAgo(12);
    const proven = await placedDaysAgo(12);
    const moved = await placedDaysAgo(12);
    const carded = await placedDaysAgo(12);
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET payment_status = 'paid' WHERE reference = ?").bind(paid),
      env.DB.prepare("UPDATE orders SET payment_status = 'part_paid' WHERE reference = ?").bind(partPaid),
      env.DB.prepare("UPDATE orders SET fulfilment_status = 'sizes_confirmed' WHERE reference = ?").bind(moved),
      env.DB.prepare("UPDATE orders SET checkout_id = 'chk-' || reference WHERE reference = ?").bind(carded),
    ]);
    expect((await uploadProof(proven, PDF_BYTES)).status).toBe(201);
    await runBankTransferFollowUp(withBank, NOW);
    for (const ref of [paid, partPaid, proven, moved, carded]) {
      expect(await followUpMails(ref), ref).toHaveLength(0);
      expect((await orderRow(ref)).fulfilment_status).not.toBe('cancelled');
    }

    // Expiry after 14 days: a 12-day-old order is reminded, not cancelled.
    const twelve = await placedDaysAgo(12);
    await runBankTransferFollowUp({ ...withBank, BANK_TRANSFER_EXPIRY_DAYS: '14' }, NOW);
    expect((await followUpMails(twelve)).map((m) => m.kind)).toEqual(['bank-transfer-reminder']);
    expect((await orderRow(twelve)).fulfilment_status).toBe('received');
  });

  it('does nothing without a configured bank account (no customer was told to pay by transfer)', async () => {
    const ref = await placedDaysAgo(11);
    expect(await runBankTransferFollowUp(env as Env, NOW)).toEqual({ bankTransferReminders: 0, bankTransferExpired: 0 });
    expect(await followUpMails(ref)).toHaveLength(0);
  });
});
