// Prices from a sample grid are labelled on the quote document, /quote and the receipt (DESIGN.md 6),
// and where the server refuses a card payment at sample prices (production, DESIGN.md 7b) the page
// shows why with the shop's contacts instead of 'Pay by card'. The test site is seeded with the
// sample grids and runs in development, so the refusal is the server's answer stood in.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { SAMPLE_PRICES_NOTE, SAMPLE_PRICES_PAYMENT_REFUSED } from '../../worker/shared/sample-prices';
import { ROLLER_LINE } from '../web/orders-fixtures';
import { useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterEach(async () => {
  await context?.close();
});

async function colour(): Promise<string> {
  const colours = (await (await fetch(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours?: { name: string }[] };
  return colours.colours?.[0]?.name ?? 'Linen White';
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.91' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}

const note = () => page.getByTestId('sample-prices-note');

describe('sample prices are labelled', () => {
  it('on the quote document', async () => {
    await page.goto(baseUrl + '/privacy');
    await page.locator('h1').first().waitFor();
    await page.evaluate((line) => localStorage.setItem('quote-blinds', JSON.stringify([line])), { ...ROLLER_LINE, id: 'line-1' });
    await page.goto(baseUrl + '/quote-document');
    await page.getByRole('heading', { name: 'Quotation' }).waitFor();
    await note().waitFor();
    await expect.poll(() => note().textContent()).toContain(SAMPLE_PRICES_NOTE);
    await expect.poll(() => note().textContent()).toContain('Sample prices');
    expect(errors).toEqual([]);
  });

  it('on /quote for a stored quote the server priced from a sample grid', async () => {
    const saved = await post<{ quote_id: string; access_key: string }>('/api/email/quote-internal', {
      quote_id: 'CB-737373',
      blinds: [{ ...ROLLER_LINE, colour: await colour() }],
      customer_name: 'Sipho Dlamini',
      customer_email: 'sipho@example.co.za',
    });
    await page.goto(`${baseUrl}/quote?quote_id=${saved.quote_id}&key=${saved.access_key}`);
    await note().waitFor();
    await expect.poll(() => note().textContent()).toContain(SAMPLE_PRICES_NOTE);
    // Development takes card payments at sample prices (the sandbox journey).
    await page.getByRole('button', { name: 'Pay by card' }).waitFor();
  });

  it('on the receipt; where the server refuses the card payment, its reason and the contacts replace Pay by card', async () => {
    const order = await post<{ reference: string }>('/api/orders/submit', {
      customer_name: 'Thandi Mokoena',
      customer_email: 'thandi@example.co.za',
      customer_phone: '082 555 0101',
      blinds: [{ ...ROLLER_LINE, colour: await colour() }],
    });
    await page.goto(`${baseUrl}/order-confirmation?ref=${order.reference}`);
    await note().waitFor();
    await page.getByRole('button', { name: 'Pay by card' }).waitFor();

    // The same order as production answers it.
    await page.route(`**/api/orders/${order.reference}?**`, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { order: Record<string, unknown> };
      json.order.card_payment_refused = true;
      await route.fulfill({ response, json });
    });
    await page.reload();
    const refused = page.getByTestId('card-payment-refused');
    await refused.waitFor();
    await expect.poll(() => refused.textContent()).toContain(SAMPLE_PRICES_PAYMENT_REFUSED);
    await refused.getByRole('link', { name: /@/ }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
    await note().waitFor();
  });
});
