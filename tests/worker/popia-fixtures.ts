// Helpers of the data-request (POPIA) tests (popia.test.ts, popia-safeguards.test.ts): a staff session,
// preview and approval of an export or deletion, and records written straight into D1.
import { env, SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import { BASE, postJson } from './helpers';

export let staffCookie = '';

/** Signs staff in for the file's tests (from its beforeAll): the helpers below act in that session. */
export async function useStaffSession(ip: string): Promise<void> {
  staffCookie = await signIn(ip);
}

export async function signIn(ip: string): Promise<string> {
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': ip });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
}

export const staffPost = (path: string, body: unknown, cookie = staffCookie) =>
  SELF.fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

type Action = 'export' | 'delete';
type VerifiedBy = 'email' | 'phone';

export const previewRes = (leadId: string, action: Action, verifiedBy: VerifiedBy, value: string, cookie = staffCookie) =>
  staffPost(`/api/leads/${leadId}/personal-data/preview`, { action, verifiedBy, value }, cookie);

export async function preview(leadId: string, action: Action, verifiedBy: VerifiedBy, value: string) {
  const res = await previewRes(leadId, action, verifiedBy, value);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<any>();
}

export const act = (leadId: string, action: Action, token: unknown, cookie = staffCookie) =>
  staffPost(`/api/leads/${leadId}/personal-data/${action}`, { token }, cookie);

/** Preview, then export with the preview's token: the JSON document. */
export async function exportBy(leadId: string, verifiedBy: VerifiedBy, value: string) {
  const { token } = await preview(leadId, 'export', verifiedBy, value);
  const res = await act(leadId, 'export', token);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<any>();
}

export async function deleteBy(leadId: string, verifiedBy: VerifiedBy, value: string) {
  const { token } = await preview(leadId, 'delete', verifiedBy, value);
  const res = await act(leadId, 'delete', token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<any>()).deleted;
}

export const one = (query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .first<any>();
export const ids = (records: { type: string; id: string }[], type: string) =>
  records
    .filter((r) => r.type === type)
    .map((r) => r.id)
    .sort();

export async function capture(body: Record<string, unknown>, ip: string): Promise<string> {
  const res = await postJson(
    '/api/leads/capture',
    { whatsapp: null, location: null, source: 'other', productInterest: null, sessionData: null, notes: null, popiaConsent: true, ...body },
    { 'CF-Connecting-IP': ip },
  );
  expect(res.status).toBe(201);
  return (await res.json<any>()).leadId;
}

export function insertOrder(
  reference: string,
  o: { name: string; email: string; phone?: string | null; address?: string | null; instructions?: string | null; quoteId?: string | null },
) {
  return env.DB.prepare(
    `INSERT INTO orders (reference, customer_name, customer_email, customer_phone, customer_address, special_instructions, subtotal_cents, vat_cents, total_cents, quote_id, payment_status) VALUES (?, ?, ?, ?, ?, ?, 86957, 13043, 100000, ?, 'pending')`,
  ).bind(reference, o.name, o.email, o.phone ?? null, o.address ?? null, o.instructions ?? null, o.quoteId ?? null);
}

export function insertEmail(dedupeKey: string, to: string, subject: string, text: string) {
  return env.DB.prepare(
    `INSERT INTO email_outbox (dedupe_key, kind, to_address, subject, html, text, status, next_attempt_at) VALUES (?, 'order-confirmation', ?, ?, ?, ?, 'sent', '2026-01-01T00:00:00.000Z')`,
  ).bind(dedupeKey, to, subject, `<p>${text}</p>`, text);
}

export const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);
