// Shared by the sandbox tests (payments-sandbox.test.ts, payments-sandbox-notify.test.ts): start a sandbox
// checkout through POST /api/payment/create and submit its card form.
import { SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import { clientIp, postJson } from './helpers';

export async function startCheckout(reference: string, ip = clientIp(), extra: Record<string, unknown> = {}) {
  const res = await postJson('/api/payment/create', { quote_id: reference, customer_info: {}, ...extra }, { 'CF-Connecting-IP': ip });
  expect(res.status).toBe(200);
  const body = await res.json<{ success: boolean; checkout_url: string; provider: string }>();
  expect(body).toMatchObject({ success: true, provider: 'sandbox' });
  return body.checkout_url;
}

export function submit(checkoutUrl: string, fields: Record<string, string>, ip = clientIp()): Promise<Response> {
  return SELF.fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': ip },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

export const GOOD_CARD = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Thandi Nkosi', action: 'pay' };
