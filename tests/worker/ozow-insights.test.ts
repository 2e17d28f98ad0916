// The insights split paid revenue by the way customers paid: card (Yoco, PayFast), instant EFT
// (Ozow), bank transfer and other payments staff recorded, from the payments received in the 30 days
// ending on the report's date; test payments apart, failed attempts and refunds not counted as paid.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { dailyReport } from '../../worker/services/staff/insights';
import { insertOrder } from './payments-fixtures';

const DAY = '2026-05-20';

async function payment(provider: string, cents: number, createdAt: string, raw: unknown = {}, status = 'succeeded') {
  const order = await insertOrder({ totalCents: cents });
  await env.DB.prepare(
    'INSERT INTO payments (order_reference, provider, provider_payment_id, amount_cents, status, raw, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(order.reference, provider, crypto.randomUUID(), cents, status, JSON.stringify(raw), createdAt)
    .run();
}

describe('insights: revenue by way of payment', () => {
  it('counts payments and rand per method in the 30 South African days ending on the date', async () => {
    await payment('yoco', 150_000, '2026-05-20T08:00:00.000Z');
    await payment('payfast', 50_050, '2026-04-21T00:30:00.000Z'); // 21 April 02:30 in South Africa: day 1 of 30
    await payment('ozow', 99_900, '2026-05-19T21:59:00.000Z'); // 23:59 on the 19th
    await payment('ozow', 10_000, '2026-05-19T10:00:00.000Z', {}, 'cancelled'); // an attempt, not money
    await payment('manual', 200_000, '2026-05-10T10:00:00.000Z', { paymentMethod: 'bank_transfer' });
    await payment('manual', 30_000, '2026-05-11T10:00:00.000Z', { paymentMethod: 'cash' });
    await payment('manual', 40_000, '2026-05-12T10:00:00.000Z', { paymentMethod: 'card_machine' });
    await payment('sandbox', 12_300, '2026-05-15T10:00:00.000Z');
    await payment('yoco', 70_000, '2026-05-20T22:30:00.000Z'); // 21 May in South Africa: after the window
    await payment('yoco', 80_000, '2026-04-20T21:00:00.000Z'); // 20 April 23:00: before it

    const report = await dailyReport(env.DB, DAY);
    expect(report.revenueByMethod).toEqual([
      { method: 'card', label: 'Card', payments: 2, revenue: 2000.5 },
      { method: 'instant_eft', label: 'Instant EFT (Ozow)', payments: 1, revenue: 999 },
      { method: 'bank_transfer', label: 'Bank transfer', payments: 1, revenue: 2000 },
      { method: 'manual', label: 'Manual (recorded by staff)', payments: 2, revenue: 700 },
      { method: 'test', label: 'Test payments (no money taken)', payments: 1, revenue: 123 },
    ]);
  });

  it('lists every method with zero when nothing was paid', async () => {
    const report = await dailyReport(env.DB, '2025-01-15');
    expect(report.revenueByMethod.map((m) => [m.method, m.payments, m.revenue])).toEqual([
      ['card', 0, 0],
      ['instant_eft', 0, 0],
      ['bank_transfer', 0, 0],
      ['manual', 0, 0],
    ]);
  });
});
