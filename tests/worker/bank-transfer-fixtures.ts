// Shared by the bank-transfer tests: orders placed through the public API, the staff session, a
// proof upload, and rows read back.
import { SELF, env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { Env } from '../../worker/env';
import { coloursForProduct } from '../../worker/services/catalog';
import { BASE, postJson } from './helpers';

export const BANK: Partial<Env> = {
  BANK_ACCOUNT_NAME: 'Knysna Blinds (Pty) Ltd',
  BANK_NAME: 'First National Bank',
  BANK_ACCOUNT_NUMBER: '62812345678',
  BANK_BRANCH_CODE: '250655',
  BANK_ACCOUNT_TYPE: 'Cheque',
};

let ipCounter = 0;
export const ip = () => `198.51.100.${(ipCounter++ % 250) + 1}`;
let emailCounter = 0;

/** An online order through the public API (priced by the server); answers its reference and total. */
export async function placeOrder(email = `naledi${emailCounter++}-${Date.now()}@example.co.za`): Promise<{ ref: string; total: number }> {
  const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
  const res = await postJson(
    '/api/orders/submit',
    {
      customer_name: 'Naledi Dlamini',
      customer_email: email,
      customer_phone: '082 555 0199',
      blinds: [{ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour, quantity: 1, size_source: 'typed' }],
    },
    { 'CF-Connecting-IP': ip() },
  );
  expect(res.status).toBe(201);
  const order = (await res.json<{ order: { reference: string; total_cents: number } }>()).order;
  return { ref: order.reference, total: order.total_cents };
}

export async function staffSession(): Promise<string> {
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.212' });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
}

export function staffFetch(cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
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

export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** POST /api/orders/{ref}/proof-of-payment with `bytes` as the file (name and claimed type as given). */
export function uploadProof(ref: string, bytes: Uint8Array, name = 'proof.pdf', type = 'application/pdf'): Promise<Response> {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  return SELF.fetch(`${BASE}/api/orders/${ref}/proof-of-payment`, { method: 'POST', headers: { 'CF-Connecting-IP': ip() }, body: form });
}

export async function orderRow(ref: string) {
  return (await env.DB.prepare('SELECT * FROM orders WHERE reference = ?').bind(ref).first<Record<string, any>>())!;
}

export async function eventsOf(ref: string) {
  const { results } = await env.DB.prepare(
    'SELECT kind, status, note, actor, details FROM order_events WHERE order_reference = ? ORDER BY id',
  )
    .bind(ref)
    .all<{ kind: string; status: string | null; note: string | null; actor: string; details: string | null }>();
  return results.map((r) => ({ ...r, details: r.details ? (JSON.parse(r.details) as Record<string, any>) : null }));
}

export async function outboxAbout(ref: string) {
  const { results } = await env.DB.prepare(
    "SELECT dedupe_key, kind, to_address, subject, text FROM email_outbox WHERE instr(dedupe_key, ?) > 0 AND dedupe_key NOT LIKE 'order-confirmation:%' ORDER BY id",
  )
    .bind(ref)
    .all<{ dedupe_key: string; kind: string; to_address: string; subject: string; text: string }>();
  return results;
}
