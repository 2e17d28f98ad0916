// Shared by the Yoco tests (payments-yoco.test.ts, payments-yoco-refunds.test.ts): a Yoco configuration
// against the stand-in, Standard Webhooks signing computed from the specification, and delivery.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { Env } from '../../worker/env';
import { appRequest, createPayment, insertOrder, orderRow, type TestOrder } from './payments-fixtures';

const STAND_IN_URL = env.STAND_IN_URL;
export const ORIGIN = 'https://blinds.example.co.za';

export function base64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

export function yoco(secretKey = `sk_test_${crypto.randomUUID()}`): Partial<Env> {
  return {
    PAYMENT_PROVIDER: 'yoco',
    YOCO_SECRET_KEY: secretKey,
    YOCO_WEBHOOK_SECRET: `whsec_${base64(crypto.getRandomValues(new Uint8Array(32)))}`,
    YOCO_API_BASE: `${STAND_IN_URL}/yoco`,
    PUBLIC_BASE_URL: ORIGIN,
  };
}

export async function recorded(key: string): Promise<any[]> {
  return (await fetch(`${STAND_IN_URL}/__requests?key=${encodeURIComponent(key)}`)).json();
}

/** Standard Webhooks signature, computed here from the specification (not with the worker's code). */
export async function sign(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const keyBytes = Uint8Array.from(atob(secret.slice('whsec_'.length)), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `v1,${base64(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`))))}`;
}

export function paymentEvent(
  order: TestOrder,
  overrides: { amount?: number; currency?: string; checkoutId?: string | null; paymentId?: string; reference?: string } = {},
) {
  const metadata: Record<string, string> = {};
  if (overrides.checkoutId) metadata.checkoutId = overrides.checkoutId;
  if (overrides.reference) metadata.reference = overrides.reference;
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
    type: 'payment.succeeded',
    createdDate: new Date().toISOString(),
    payload: {
      id: overrides.paymentId ?? `p_${crypto.randomUUID().replace(/-/g, '')}`,
      type: 'payment',
      createdDate: new Date().toISOString(),
      amount: overrides.amount ?? order.totalCents,
      currency: overrides.currency ?? 'ZAR',
      paymentMethodDetails: { type: 'card', card: { expiryMonth: 2, expiryYear: 30, maskedCard: '************1111', scheme: 'visa' } },
      status: 'succeeded',
      mode: 'test',
      metadata,
    },
  });
}

export async function deliver(config: Partial<Env>, body: string, opts: { timestamp?: number; signature?: string; id?: string } = {}) {
  const id = opts.id ?? `msg_${crypto.randomUUID()}`;
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = opts.signature ?? (await sign(config.YOCO_WEBHOOK_SECRET!, id, timestamp, body));
  return appRequest(
    '/api/payment/yoco/webhook',
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature,
      },
      body,
    },
    config,
  );
}

/** An order with a Yoco checkout started through POST /api/payment/create. */
export async function orderOnCheckout(config: Partial<Env>): Promise<TestOrder & { checkoutId: string }> {
  const order = await insertOrder();
  expect((await createPayment({ quote_id: order.reference }, config)).status).toBe(200);
  return { ...order, checkoutId: (await orderRow(order.reference)).checkoutId! };
}
