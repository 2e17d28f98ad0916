import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { pricedLine } from '../web/orders-fixtures';
import { screenshot, useBrowser, watchErrors } from './browser';
import { LINE, requestsTo } from './order-pages-fixtures';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

/** Console noise of answers the pages expect (a 404 for an unknown order) is not a page error. */
const pageErrors = () => errors.filter((e) => !e.includes('Failed to load resource'));

/** Ask the real API for an order (the calculator's POST /api/orders/submit), with a colour it offers. */
async function submitOrder(): Promise<string> {
  const colours = (await (await fetch(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours?: { name: string }[] };
  const colour = colours.colours?.[0]?.name ?? 'Linen White';
  const res = await fetch(`${baseUrl}/api/orders/submit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.77' },
    body: JSON.stringify({
      customer_name: 'Thandi Mokoena',
      customer_email: 'thandi@example.co.za',
      customer_phone: '082 555 0101',
      customer_address: '12 Marine Drive, Mossel Bay',
      special_instructions: '',
      blinds: [{ ...LINE, colour }],
      total_amount: 3248,
    }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  const body = (await res.json()) as { reference: string };
  return body.reference;
}

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterEach(async () => {
  await context?.close();
});

describe('/order-confirmation', () => {
  it('?ref=TEST123 shows a sample receipt, labelled as such, without asking the server', async () => {
    const orderCalls = requestsTo(page, '/api/orders');
    await page.goto(baseUrl + '/order-confirmation?ref=TEST123');
    await page.getByRole('heading', { name: 'Order Confirmation' }).waitFor();
    await page.getByText('Sample receipt: this shows example data').waitFor();
    await expect.poll(() => page.getByTestId('order-reference').textContent()).toBe('TEST123');
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Pending');
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Return Home' }).count()).toBe(1);
    // No PDF or payment for sample data: the server has no such order.
    await expect.poll(() => page.getByRole('link', { name: 'Download PDF' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
    expect(orderCalls).toEqual([]);
    expect(pageErrors()).toEqual([]);
  });

  it("says 'No Order Found' with Return Home when there is no order, or the server has none by that reference", async () => {
    await page.goto(baseUrl + '/order-confirmation');
    await page.getByRole('heading', { name: 'No Order Found' }).waitFor();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL(baseUrl + '/');

    await page.goto(baseUrl + '/order-confirmation?ref=CB-NOSUCHORDER1');
    await page.getByRole('heading', { name: 'No Order Found' }).waitFor();
    await page.getByText('We could not find an order with reference CB-NOSUCHORDER1').waitFor();
    expect(pageErrors()).toEqual([]);
  });

  it('shows a real order from the server: reference, lines, Pending, Pay by card and the receipt PDF', async () => {
    const reference = await submitOrder();
    await page.goto(`${baseUrl}/order-confirmation?ref=${reference}`);
    await page.getByRole('heading', { name: 'Order Confirmation' }).waitFor();
    await expect.poll(() => page.getByTestId('order-reference').textContent()).toBe(reference);
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Pending');
    await page.getByRole('cell', { name: 'Inside the recess' }).first().waitFor();
    await page.getByRole('button', { name: 'Pay by card' }).waitFor();
    const pdfLink = page.getByRole('link', { name: 'Download PDF' });
    await expect.poll(() => pdfLink.getAttribute('href')).toBe(`/api/receipts/${reference}.pdf`);
    await expect.poll(() => pdfLink.getAttribute('download')).toBe(`receipt-${reference}.pdf`);
    const pdf = await fetch(`${baseUrl}/api/receipts/${reference}.pdf`);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The server's truth refreshed the completed order kept on this device.
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('completed-order') ?? 'null'));
    expect(kept?.orderReference).toBe(reference);
    await screenshot(page, 'order-confirmation');
    expect(pageErrors()).toEqual([]);
  });

  it('fits a 360 px wide screen', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(baseUrl + '/order-confirmation?ref=TEST123');
    await page.getByRole('heading', { name: 'Order Confirmation' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'order-confirmation-360');
  });
});

describe('payment result page', () => {
  it('without a reference says so, with Continue Shopping', async () => {
    await page.goto(baseUrl + '/payment-success');
    await page.getByRole('heading', { name: 'We could not find your order' }).waitFor();
    await expect.poll(() => page.getByText('Payment Successful').count()).toBe(0);
    await page.getByRole('link', { name: 'Continue Shopping' }).waitFor();
  });

  it("never claims success for an unpaid order: /payment-success waits, /payment-cancelled offers 'Try again'", async () => {
    const reference = await submitOrder();
    await page.goto(`${baseUrl}/payment-success?reference=${reference}`);
    await page.getByRole('heading', { name: 'Confirming your payment...' }).waitFor();
    await expect.poll(() => page.getByText('Payment Successful').count()).toBe(0);

    await page.goto(`${baseUrl}/payment-cancelled?reference=${reference}`);
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'View your receipt' }).getAttribute('href'))
      .toBe(`/order-confirmation?ref=${reference}`);
    await page.getByRole('link', { name: 'Continue Shopping' }).waitFor();
  });
});

/** An order as GET /api/orders/{reference} answers it, for pages driven through a stubbed API. */
function orderDto(reference: string, paymentStatus: 'pending' | 'paid') {
  return {
    reference,
    customer_name: 'Thandi Mokoena',
    customer_email: 'thandi@example.co.za',
    customer_phone: '082 555 0101',
    customer_address: null,
    special_instructions: null,
    quote_id: null,
    blinds: [pricedLine()],
    subtotal: 2824.35,
    vat: 423.65,
    total_amount: 3248,
    total_cents: 324_800,
    paymentStatus,
    paid_at: paymentStatus === 'paid' ? '2026-03-03T10:00:00.000Z' : null,
    order_date: '2026-03-02T08:30:00.000Z',
  };
}

/** Answers GET /api/orders/{reference} with the statuses given, the last one from then on. */
async function stubOrderStatuses(reference: string, statuses: ('pending' | 'paid')[]) {
  let calls = 0;
  await page.route(`**/api/orders/${reference}?**`, (route) => {
    const status = statuses[Math.min(calls++, statuses.length - 1)]!;
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, order: orderDto(reference, status) }),
    });
  });
  return () => calls;
}

describe('paying through the sandbox gateway (the real flow)', () => {
  async function payWith(card: string) {
    const reference = await submitOrder();
    await page.goto(`${baseUrl}/order-confirmation?ref=${reference}`);
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(/\/pay\/sandbox\//);
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry date').fill('12/39');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('T Mokoena');
    await page.getByRole('button', { name: /^Pay R/ }).click();
    return reference;
  }

  it("a paid order: 'Payment Successful' with reference and production estimate, then a green Paid receipt", async () => {
    const reference = await payWith('4242 4242 4242 4242');
    await page.waitForURL(`${baseUrl}/payment-success?reference=${reference}`);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor({ timeout: 35_000 });
    await expect.poll(() => page.getByTestId('order-reference').textContent()).toBe(reference);
    // The order's own production time and dispatch date (its products' lead times), not the shop-wide 7-10 days.
    await page
      .getByText(/^\d+ working days for your order$/)
      .first()
      .waitFor();
    await expect.poll(() => page.getByTestId('result-dispatch').textContent()).toMatch(/^by \d{1,2} [A-Z][a-z]+ \d{4}$/);
    await screenshot(page, 'payment-success');
    await page.getByRole('link', { name: 'View your receipt' }).click();
    await page.waitForURL(`${baseUrl}/order-confirmation?ref=${reference}`);
    await page.getByTestId('payment-status').getByText('Paid', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
    expect(pageErrors()).toEqual([]);
  });

  it("a declined card: 'Payment Failed' with 'Try again'", async () => {
    await payWith('4000 0000 0000 0002');
    await page.waitForURL(/\/payment-failed\?reference=/);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await expect.poll(() => page.getByText('Payment Successful').count()).toBe(0);
  });
});

describe('payment result page, polling the server (stubbed order API)', () => {
  it("/payment-success shows 'Confirming your payment...' until the server says paid, then 'Payment Successful'", async () => {
    const calls = await stubOrderStatuses('CB-STUBPAID01', ['pending', 'pending', 'paid']);
    await page.goto(baseUrl + '/payment-success?reference=CB-STUBPAID01');
    await page.getByRole('heading', { name: 'Confirming your payment...' }).waitFor();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor({ timeout: 15_000 });
    expect(calls()).toBe(3);
    await expect.poll(() => page.getByTestId('order-reference').textContent()).toBe('CB-STUBPAID01');
    await page.getByText('7-10 business days').first().waitFor();
    await page.getByRole('link', { name: 'Continue Shopping' }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'View your receipt' }).getAttribute('href'))
      .toBe('/order-confirmation?ref=CB-STUBPAID01');
  });

  it('stops after about 30 s of pending and says honestly that no confirmation has arrived', async () => {
    // Paused: the page measures its 30 s with Date.now(), and an installed clock that is not paused
    // also flows in real time. On a busy machine each answer took long enough that the page reached
    // its 30 s after 12 or 13 polls instead of 15. Paused, only runFor moves it: 2 s a poll.
    const start = new Date('2026-03-02T10:00:00+02:00');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    // The page schedules its next poll only once the last answer is in. Counting the 2-second timers
    // it sets lets the test move the fake clock on only after each one exists: moving it earlier
    // (a busy machine answers late) would skip a poll and stretch the page's 30 s.
    await page.addInitScript((pollMs) => {
      const fakeSetTimeout = window.setTimeout;
      const w = window as unknown as { __pollTimers: number };
      w.__pollTimers = 0;
      window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) => {
        if (timeout === pollMs) w.__pollTimers += 1;
        return fakeSetTimeout(handler, timeout, ...rest);
      }) as typeof window.setTimeout;
    }, 2000);
    const calls = await stubOrderStatuses('CB-STUBPEND01', ['pending']);
    await page.goto(baseUrl + '/payment-success?reference=CB-STUBPEND01');
    // With time paused no timer fires, the app's start-up ones included: step the clock until it has drawn the page.
    const confirming = page.getByRole('heading', { name: 'Confirming your payment...' });
    await expect.poll(async () => (await confirming.isVisible()) || (await page.clock.runFor(100), false), { timeout: 60_000 }).toBe(true);
    const notYet = page.getByRole('heading', { name: 'We have not received the payment confirmation yet' });
    const pollTimers = () => page.evaluate(() => (window as unknown as { __pollTimers: number }).__pollTimers);
    for (let poll = 1; ; poll++) {
      expect(poll, 'the page should stop polling after about 30 s').toBeLessThanOrEqual(20);
      await expect.poll(async () => (await notYet.isVisible()) || (await pollTimers()) >= poll).toBe(true);
      if (await notYet.isVisible()) break;
      await page.clock.runFor(2000);
    }
    expect(calls()).toBeGreaterThanOrEqual(14);
    expect(calls()).toBeLessThanOrEqual(16);
    await expect.poll(() => page.getByText('Payment Successful').count()).toBe(0);
    await expect.poll(() => page.getByTestId('order-reference').textContent()).toBe('CB-STUBPEND01');
    await page.getByRole('heading', { name: 'Need help?' }).waitFor();
  });

  it("/payment-failed explains why and offers 'Try again'; /order-confirmation shows a paid order in green without Pay by card", async () => {
    await stubOrderStatuses('CB-STUBFAIL01', ['pending']);
    await page.goto(baseUrl + '/payment-failed?reference=CB-STUBFAIL01');
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.getByText('the bank declined the card').waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();

    await stubOrderStatuses('CB-STUBPAID02', ['paid']);
    await page.goto(baseUrl + '/order-confirmation?ref=CB-STUBPAID02');
    const badge = page.getByTestId('payment-status');
    await badge.waitFor();
    await expect.poll(() => badge.textContent()).toBe('Paid');
    expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(216, 243, 226)');
    await page.getByText('Paid on 3 March 2026').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
  });
});

describe('Pay by card (stubbed order and payment API)', () => {
  it('?pay=1 starts the checkout once with the order reference and goes to the checkout address', async () => {
    await stubOrderStatuses('CB-STUBPAY001', ['pending']);
    const bodies: unknown[] = [];
    await page.route('**/api/payment/create', (route) => {
      bodies.push(route.request().postDataJSON());
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, checkout_url: `${baseUrl}/privacy?checkout=stub`, provider: 'sandbox' }),
      });
    });
    await page.goto(baseUrl + '/order-confirmation?ref=CB-STUBPAY001&pay=1');
    await page.waitForURL(`${baseUrl}/privacy?checkout=stub`);
    expect(bodies).toEqual([
      {
        quote_id: 'CB-STUBPAY001',
        customer_info: { name: 'Thandi Mokoena', email: 'thandi@example.co.za', phone: '082 555 0101' },
        amount: 3248,
        product_name: 'Roller Blind - Blockout',
        method: 'card',
      },
    ]);
    // Back from the gateway, the address no longer asks to pay again.
    await page.goBack();
    await page.getByRole('button', { name: 'Pay by card' }).waitFor();
    expect(new URL(page.url()).searchParams.has('pay')).toBe(false);
    expect(bodies).toHaveLength(1);
  });

  it("a gateway that is not set up shows 'Payment Setup Required'", async () => {
    await stubOrderStatuses('CB-STUBPAY002', ['pending']);
    await page.route('**/api/payment/create', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: 'not_configured',
          message: 'Payment Setup Required. Card payments are not configured.',
        }),
      }),
    );
    await page.goto(baseUrl + '/order-confirmation?ref=CB-STUBPAY002');
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.getByTestId('toast').getByText('Payment Setup Required', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Pay by card' }).isEnabled()).toBe(true);
  });
});
