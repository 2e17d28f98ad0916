// Orders for the payment tests, written straight into D1 (orders + one order line), so the
// payment flows are tested apart from the order-submission code.
import { env } from 'cloudflare:test';
import { eq, like } from 'drizzle-orm';
import { database } from '../../worker/lib/db';
import { expect } from 'vitest';
import { emailOutbox, orderLines, orders, payments, quotes } from '../../worker/db/schema';
import type { Env } from '../../worker/env';
import { app } from '../../worker/app';
import { clientIp } from './helpers';

export function newReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `CB-${[...crypto.getRandomValues(new Uint8Array(10))].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

export interface TestOrder {
  reference: string;
  totalCents: number;
  email: string;
}

export async function insertOrder(
  overrides: Partial<{ reference: string; totalCents: number; email: string; name: string; paymentStatus: string }> = {},
): Promise<TestOrder> {
  const reference = overrides.reference ?? newReference();
  const totalCents = overrides.totalCents ?? 162_400;
  const vatCents = Math.round(totalCents - totalCents / 1.15);
  const email = overrides.email ?? `buyer-${reference.toLowerCase()}@example.co.za`;
  const db = database(env.DB);
  await db.batch([
    db.insert(orders).values({
      reference,
      customerName: overrides.name ?? 'Thandi Nkosi',
      customerEmail: email,
      customerPhone: '082 555 0101',
      subtotalCents: totalCents - vatCents,
      vatCents,
      totalCents,
      paymentStatus: overrides.paymentStatus ?? 'pending',
    }),
    db.insert(orderLines).values({
      orderReference: reference,
      lineNo: 1,
      productId: 'roller-blockout',
      productName: 'Roller Blockout',
      widthMm: 1200,
      dropMm: 1500,
      controlSide: 'left',
      mountType: 'inside-recess',
      colour: 'White',
      quantity: 1,
      unitPriceCents: totalCents,
      totalCents,
      priceListVersion: 1,
    }),
  ]);
  return { reference, totalCents, email };
}

export async function insertQuote(
  overrides: Partial<{ email: string | null; name: string }> = {},
): Promise<{ id: string; accessKey: string }> {
  const id = `CB-${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
  const accessKey = crypto.randomUUID();
  await database(env.DB)
    .insert(quotes)
    .values({
      id,
      quoteDate: '2026-01-10',
      validUntil: '2026-02-09',
      customerName: overrides.name ?? 'Walk-in Customer',
      customerEmail: overrides.email === undefined ? null : overrides.email,
      customerMobile: null,
      lines: [],
      totalCents: 162_400,
      totalQuantity: 1,
      origin: 'internal',
      accessKey,
    })
    .onConflictDoNothing();
  return { id, accessKey };
}

export async function orderRow(reference: string) {
  const [row] = await database(env.DB).select().from(orders).where(eq(orders.reference, reference));
  return row!;
}

export async function paymentRows(reference: string) {
  return database(env.DB).select().from(payments).where(eq(payments.orderReference, reference));
}

/** The order is paid, with exactly one payment row: that row, for the test to check. */
export async function expectPaidOnce(reference: string) {
  const row = await orderRow(reference);
  expect(row.paymentStatus).toBe('paid');
  expect(row.paidAt).not.toBeNull();
  const rows = await paymentRows(reference);
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** The whole app with some configuration changed (the bindings stay the test's). */
export function appRequest(path: string, init: RequestInit, overrides: Partial<Env> = {}): Promise<Response> {
  return Promise.resolve(app.request(`https://shop.test${path}`, init, { ...env, ...overrides }));
}

export function createPayment(body: unknown, overrides: Partial<Env> = {}, ip = clientIp()): Promise<Response> {
  return appRequest(
    '/api/payment/create',
    { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip }, body: JSON.stringify(body) },
    overrides,
  );
}

/** The outbox rows whose dedupe key starts with the prefix (e.g. 'payment-receipt:CB-...'). */
export async function outboxRows(dedupePrefix: string) {
  return database(env.DB)
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, `${dedupePrefix}%`));
}

/**
 * The test's D1, except that every statement prepared after the first batch has run fails: a
 * Worker that dies (or a D1 error) between the payment's batch and anything it does afterwards.
 */
export function failingAfterBatch(db: D1Database): D1Database {
  let batched = false;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements);
          batched = true;
          return results;
        };
      }
      if (prop === 'prepare') {
        return (query: string) => {
          if (batched) throw new Error('D1 is unavailable (simulated failure after the batch)');
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
