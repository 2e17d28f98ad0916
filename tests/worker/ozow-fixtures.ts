// Ozow for the worker tests: the configuration pointing at the stand-in (tests/stand-ins/ozow.ts),
// an order with an Ozow checkout started through POST /api/payment/create, and notifications signed
// here by hand (the response variables in Ozow's documented order, the private key appended,
// lower-cased, SHA-512), independent of the adapter's own hashing.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { Env } from '../../worker/env';
import { STAND_IN_OZOW } from '../stand-ins/ozow';
import { appRequest, createPayment, insertOrder, orderRow, type TestOrder } from './payments-fixtures';

export const ORIGIN = 'https://blinds.example.co.za';

export const OZOW: Partial<Env> = {
  PAYMENT_PROVIDER: 'sandbox,ozow',
  OZOW_SITE_CODE: STAND_IN_OZOW.siteCode,
  OZOW_PRIVATE_KEY: STAND_IN_OZOW.privateKey,
  OZOW_API_KEY: STAND_IN_OZOW.apiKey,
  OZOW_IS_TEST: 'true',
  OZOW_API_BASE: `${env.STAND_IN_URL}/ozow`,
  PUBLIC_BASE_URL: ORIGIN,
};

export type OzowOrder = TestOrder & { checkoutId: string; checkoutUrl: string };

/** An order whose customer chose instant EFT: the checkout id is Ozow's TransactionReference. */
export async function ozowOrder(overrides: Parameters<typeof insertOrder>[0] = {}): Promise<OzowOrder> {
  const order = await insertOrder(overrides);
  const res = await createPayment({ quote_id: order.reference, method: 'instant_eft' }, OZOW);
  expect(res.status).toBe(200);
  const body = await res.json<{ checkout_url: string; provider: string }>();
  expect(body.provider).toBe('ozow');
  return { ...order, checkoutId: (await orderRow(order.reference)).checkoutId!, checkoutUrl: body.checkout_url };
}

export function rand(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

async function sha512(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface Notification {
  SiteCode: string;
  TransactionId: string;
  TransactionReference: string;
  Amount: string;
  Status: string;
  CurrencyCode: string;
  IsTest: string;
  StatusMessage: string;
}

export function notificationFor(order: OzowOrder, overrides: Partial<Notification> = {}): Notification {
  return {
    SiteCode: STAND_IN_OZOW.siteCode,
    TransactionId: crypto.randomUUID(),
    TransactionReference: order.checkoutId,
    Amount: rand(order.totalCents),
    Status: 'Complete',
    CurrencyCode: 'ZAR',
    IsTest: 'true',
    StatusMessage: '',
    ...overrides,
  };
}

/** The form body Ozow posts: the fields in the response variables' order, then Hash over them. */
export async function signed(n: Notification, privateKey: string = STAND_IN_OZOW.privateKey): Promise<string> {
  const concatenated = `${n.SiteCode}${n.TransactionId}${n.TransactionReference}${n.Amount}${n.Status}${n.CurrencyCode}${n.IsTest}${n.StatusMessage}${privateKey}`;
  const body = new URLSearchParams({ ...n });
  body.set('Hash', await sha512(concatenated.toLowerCase()));
  return body.toString();
}

export function postNotification(body: string, overrides: Partial<Env> = OZOW): Promise<Response> {
  return appRequest(
    '/api/payment/ozow/notify',
    { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body },
    overrides,
  );
}
