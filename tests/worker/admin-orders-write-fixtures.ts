// Shared by the staff order-write tests (admin-orders-moves, admin-orders-lines): a staff session,
// orders placed through the public API, and readers of the rows, events, e-mails and audit entries a
// write leaves behind.
import { SELF, env } from 'cloudflare:test';
import { beforeAll, expect } from 'vitest';
import type { AdminOrderResponse } from '../../worker/shared/admin-orders-api';
import { coloursForProduct } from '../../worker/services/catalog';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';
import { bulkUploadPriceLists, templateFor } from '../../worker/services/staff/price-lists';
import { BASE, postJson } from './helpers';

// The order's row and its events are read as the bank-transfer tests read them.
export { eventsOf, orderRow } from './bank-transfer-fixtures';

let ipCounter = 0;
export const ip = () => `198.51.100.${(ipCounter++ % 250) + 1}`;
let staffCookie = '';
let emailCounter = 0;

export async function gridPrice(product: string, width: number, drop: number): Promise<number> {
  const price = priceForSize((await gridForProduct(env.DB, product))!, width, drop);
  if (!price.ok) throw new Error(price.message);
  return price.priceCents;
}

export function staff(method: string, path: string, body?: unknown, cookie = staffCookie): Promise<Response> {
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

export type Answer = AdminOrderResponse & { error?: string; message: string };

export async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Answer }> {
  const res = await staff(method, path, body);
  return { status: res.status, body: await res.json<Answer>() };
}

export const move = (ref: string, status: string, note?: string) => call('POST', `/api/admin/orders/${ref}/status`, { status, note });
export const dispatch = (ref: string, trackingNumber = `TCG${Math.floor(Math.random() * 1e9)}`) =>
  call('POST', `/api/admin/orders/${ref}/dispatch`, {
    courierName: 'The Courier Guy',
    trackingNumber,
    estimatedDelivery: '2-3 business days',
  });
export const correct = (ref: string, lineNo: number, body: Record<string, unknown>) =>
  call('PATCH', `/api/admin/orders/${ref}/lines/${lineNo}`, body);

/** An online order through the public API (priced by the server), optionally paid as a gateway would record it. */
export async function placeOrder(options: { sizeSource?: string; paid?: boolean; width?: number; email?: string } = {}): Promise<string> {
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

export async function markPaid(ref: string) {
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

export interface OutboxRow {
  dedupe_key: string;
  kind: string;
  to_address: string;
  subject: string;
  text: string;
}

/** Every e-mail about this order after its confirmation: the steps, new totals, tracking, receipts. */
export async function emailsAbout(ref: string): Promise<OutboxRow[]> {
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

export async function auditOf(target: string) {
  const { results } = await env.DB.prepare('SELECT actor, action, details FROM audit_log WHERE target = ? ORDER BY id')
    .bind(target)
    .all<{ actor: string; action: string; details: string | null }>();
  return results.map((r) => ({ ...r, details: r.details ? (JSON.parse(r.details) as Record<string, any>) : null }));
}

/** Before the file's tests: real prices for roller-blockout and a staff session for `staff()` and `call()`. */
export function useStaffWrites(): void {
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
}
