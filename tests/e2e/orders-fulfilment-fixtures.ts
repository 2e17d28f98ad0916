// Shared by the orders-and-fulfilment browser tests (orders-fulfilment, orders-fulfilment-staff):
// staff sign-in, the sandbox card checkout, the outbox and order readers, and this run's phone number.
import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, expect, inject } from 'vitest';
import { useBrowser, watchErrors } from './browser';

export const baseUrl = inject('baseUrl');
export const stamp = Date.now().toString(36).toUpperCase();
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
/** A Garden Route mobile number of this run: '082 ddd dddd' as typed, '+27 82 ddd dddd' as searched. */
export const phoneDigits = `82${randomInt(1_000_000, 9_999_999)}`;
export const localPhone = `0${phoneDigits.slice(0, 2)} ${phoneDigits.slice(2, 5)} ${phoneDigits.slice(5)}`;
export const internationalPhone = `+27 ${phoneDigits.slice(0, 2)} ${phoneDigits.slice(2, 5)} ${phoneDigits.slice(5)}`;
export const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');

export const centsOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The file's browser, and pages in contexts of their own that close after the file's tests. */
export function useOrderPages(): (viewport: { width: number; height: number }) => Promise<{ page: Page; errors: string[] }> {
  const browser = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });
  return async (viewport) => {
    // bypassCSP: axe is injected as an inline script.
    const context = await browser.newContext({ viewport, bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    return { page, errors: watchErrors(page) };
  };
}
/** The gate's own 401 before sign-in is expected console noise; a refused action's 409 is the point of one test. */
export const unexpected = (errors: string[], allowed = /status of 401/) => errors.filter((e) => !allowed.test(e));

/** Staff sign in at the PIN gate of the dashboard, as they start the day. */
export async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/admin-dashboard`);
  await page.getByLabel('PIN', { exact: true }).fill('4321');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

export async function openOrdersFromNav(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
  await page.getByTestId('order-row').first().or(page.getByTestId('orders-empty')).waitFor();
}

export type OutboxMessage = { id: number; to_address: string; kind: string; subject: string };

/** The outbox as staff read it (locally every message is kept there in full): the kinds sent to one address. */
export async function kindsSentTo(page: Page, address: string): Promise<string[]> {
  const res = await page.request.get(`${baseUrl}/api/admin/outbox?limit=200`);
  expect(res.status()).toBe(200);
  const { messages } = (await res.json()) as { messages: OutboxMessage[] };
  return messages
    .filter((m) => m.to_address === address)
    .map((m) => m.kind)
    .sort();
}

/** The sandbox gateway's hosted checkout, paid with the test card. */
export async function payWithTestCard(page: Page, reference: string): Promise<number> {
  await page.waitForURL(/\/pay\/sandbox\//);
  await page.getByText(reference).first().waitFor();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Test Customer');
  const pay = page.getByRole('button', { name: /^Pay R/ });
  const amount = centsOf(await pay.innerText());
  await pay.click();
  await page.waitForURL(/\/payment-success\?reference=/);
  await page.getByRole('heading', { name: 'Payment Successful' }).waitFor({ timeout: 35_000 });
  return amount;
}

export async function paymentStatus(page: Page, reference: string): Promise<string> {
  const res = await page.request.get(`${baseUrl}/api/orders/${reference}`);
  return ((await res.json()) as { order: { paymentStatus: string } }).order.paymentStatus;
}

export async function gridPriceCents(page: Page, product: string, width: number, drop: number): Promise<number> {
  const res = await page.request.post(`${baseUrl}/api/pricing/quote`, {
    data: { width_mm: width, drop_mm: drop, product_type: product, quantity: 1 },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { quote: { price_cents: number } }).quote.price_cents;
}

/** A step button of the order's Status section ('Sizes confirmed', 'In production', ...). */
export const moveButton = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Move the order to' }).getByRole('button', { name: label, exact: true });

/** The order's status, the polite result line and the status section are read as staff read them. */
export const orderStatus = (page: Page) => page.getByTestId('order-status').innerText();
export const resultLine = (page: Page) =>
  page
    .locator('p.oa-result[role="status"]')
    .innerText()
    .catch(() => '');

export async function dispatch(page: Page, courier: string, trackingNumber: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Dispatch' });
  await form.getByLabel('Courier').fill(courier);
  await form.getByLabel('Tracking number').fill(trackingNumber);
  await form.getByLabel('Estimated delivery').fill('2-3 business days');
  await form.getByRole('button', { name: 'Dispatch' }).click();
  await expect.poll(() => orderStatus(page)).toBe('Dispatched');
  await expect.poll(() => page.getByTestId('order-tracking').innerText()).toContain(trackingNumber);
}

export async function firstColour(page: Page): Promise<string> {
  const res = await page.request.get(`${baseUrl}/api/colours/roller-blockout`);
  return ((await res.json()) as { colours: { name: string }[] }).colours[0]!.name;
}
