// 'Done means': a new customer prices two blinds, e-mails the quote and reads the e-mail,
// orders, pays with a test card, sees Paid on the receipt and downloads its PDF and tax invoice; another pays
// by instant EFT on the sandbox's test bank page; then an attacker's
// changed price and forged payment notification change nothing.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { readBack } from '../worker/pdf-text';
import { screenshot, useBrowser, watchErrors } from './browser';
import { openOrderPanel } from './order-panel';

const baseUrl = inject('baseUrl');
/** The built-in development secret of worker/services/payments/sandbox.ts (LOCAL_SANDBOX_SECRET), public in this repository. */
const LOCAL_SANDBOX_SECRET = 'local-development-sandbox-secret-not-for-production';
const browser = useBrowser();

const centsOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function addBlind(page: Page, product: string, width: number, drop: number, quantity: number): Promise<void> {
  const colours = page.waitForResponse((r) => r.url().includes(`/api/colours/${product}`));
  await page.getByLabel('Product').selectOption(product);
  await colours;
  await page.getByLabel('Width (mm)').fill(String(width));
  await page.getByLabel('Drop (mm)').fill(String(drop));
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.locator('.qc-swatch').first().click();
  await page.getByTestId('qc-unit-price').waitFor();
  const before = await page.getByTestId('qc-line').count();
  await page.getByRole('button', { name: 'Add Blind' }).click();
  await expect.poll(() => page.getByTestId('qc-line').count()).toBe(before + 1);
}

async function staffCookie(page: Page): Promise<void> {
  const res = await page.request.post(`${baseUrl}/api/admin/session`, {
    data: { pin: '4321' },
    headers: { 'CF-Connecting-IP': '203.0.113.77' },
  });
  expect(res.ok()).toBe(true);
}

describe('the whole order journey', () => {
  it('two blinds, the quote e-mailed and read, the order paid by test card, Paid on the receipt and its PDF', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/`);
    await page.evaluate(() => localStorage.removeItem('quote-blinds'));

    // 1. Price two blinds.
    await page.goto(`${baseUrl}/quote-calculator`);
    await page.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
    await addBlind(page, 'roller-blockout', 1200, 1500, 1);
    await addBlind(page, 'venetian-aluminium-50mm', 1500, 1800, 2);
    const total = centsOf(await page.getByTestId('qc-summary-total').innerText());
    expect(total).toBeGreaterThan(0);

    // 2. The quote document, e-mailed to the customer.
    await page.getByRole('link', { name: 'View Quote Document' }).click();
    await page.getByRole('heading', { name: 'Quotation' }).waitFor();
    const email = `journey-${Date.now()}@example.co.za`;
    await page.getByLabel('Customer name').fill('Thandi Mokoena');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email Quote' }).click();
    const saved = page.getByRole('heading', { name: /^Quote CB-\d{6} is saved$/ });
    await saved.waitFor();
    const quoteId = (await saved.innerText()).match(/CB-\d{6}/)![0];
    await screenshot(page, 'journey-quote-document');

    // ...and read, as staff read the outbox (locally every message is kept there in full).
    await staffCookie(page);
    const outbox = (await (await page.request.get(`${baseUrl}/api/admin/outbox?limit=50`)).json()) as {
      messages?: { id: number; to_address?: string; toAddress?: string; subject: string }[];
    };
    const list = outbox.messages ?? (outbox as unknown as { items: typeof outbox.messages }).items ?? [];
    const mine = list.find((m) => (m.to_address ?? m.toAddress) === email);
    expect(mine, JSON.stringify(outbox).slice(0, 500)).toBeTruthy();
    expect(mine!.subject).toContain(quoteId);
    const message = (await (await page.request.get(`${baseUrl}/api/admin/outbox/${mine!.id}`)).json()) as Record<string, any>;
    const full = JSON.stringify(message);
    expect(full).toContain(quoteId);
    expect(full).toContain('Roller Blind - Blockout');
    expect(full).toContain('valid');
    // Read as the customer's mail program shows it.
    await page.goto(`${baseUrl}/api/admin/outbox/${mine!.id}/html`);
    await page.getByText(quoteId).first().waitFor();
    await page.getByText('Roller Blind - Blockout').first().waitFor();
    await screenshot(page, 'journey-quote-email');
    await page.goBack();
    await page.getByRole('heading', { name: 'Quotation' }).waitFor();

    // 3. Order from the calculator.
    await page.getByRole('link', { name: 'Back to Calculator' }).click();
    await page.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
    await openOrderPanel(page);
    await page.getByLabel('Full Name').fill('Thandi Mokoena');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number').fill('082 555 0101');
    await page.getByLabel('Delivery Address').fill('12 Marine Drive, Knysna');
    await page.getByLabel('VAT number (for a tax invoice, optional)').fill('4987 654 321');
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order-confirmation\?ref=CB-/);
    const reference = new URL(page.url()).searchParams.get('ref')!;
    await page.getByText(reference).first().waitFor();
    await page.getByText('Pending').first().waitFor();

    // 4. The payment tab (the order's paymentUrl) goes to the sandbox gateway; pay with the test card.
    const pay = await popup;
    await pay.waitForURL(/\/pay\/sandbox\//);
    await pay.getByText(reference).first().waitFor();
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel('Expiry date').fill('12/39');
    await pay.getByLabel('Security code (CVC)').fill('123');
    await pay.getByLabel('Name on card').fill('T Mokoena');
    await pay.getByRole('button', { name: /^Pay R/ }).click();
    await pay.waitForURL(/\/payment-success\?reference=/);
    await pay.getByRole('heading', { name: 'Payment Successful' }).waitFor({ timeout: 35_000 });
    await pay
      .getByText(/^\d+ working days for your order$/)
      .first()
      .waitFor();
    await expect.poll(() => pay.getByTestId('result-dispatch').textContent()).toMatch(/^by \d{1,2} [A-Z][a-z]+ \d{4}$/);
    await screenshot(pay, 'journey-payment-success');

    // 5. The receipt says Paid, at the server's total, and its PDF downloads.
    await page.reload();
    await page.getByText('Paid', { exact: true }).first().waitFor();
    // The sandbox took no money, and the receipt says so.
    await page.getByText('Test payment: no money was taken').first().waitFor();
    const order = (await (await page.request.get(`${baseUrl}/api/orders/${reference}`)).json()) as {
      order: { total_cents: number; paymentStatus: string; blinds: unknown[]; test_payment: boolean; customer_phone: string | null };
    };
    expect(order.order).toMatchObject({ paymentStatus: 'paid', total_cents: total, test_payment: true });
    // Anyone holding the reference reads the phone number only masked.
    expect(order.order.customer_phone).toMatch(/^\*\*\* \*\*\* \*\d{3}$/);
    expect(order.order.blinds).toHaveLength(2);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const file = await (await download).path();
    expect(readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
    // The payment issued its tax invoice: the link answers a PDF naming both VAT numbers.
    const invoiceDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download tax invoice' }).click();
    const invoiceFile = await (await invoiceDownload).path();
    const { texts } = await readBack(readFileSync(invoiceFile!));
    const invoiceText = texts.join('\n');
    for (const expected of ['Tax Invoice', 'VAT registration number: 4123456789', 'VAT number: 4987654321', reference, 'Thandi Mokoena']) {
      expect(invoiceText).toContain(expected);
    }
    expect(invoiceText).toContain('Test payment: no money was taken');
    await screenshot(page, 'journey-receipt-paid');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an order paid by instant EFT on the sandbox test bank page (the offline stand-in for Ozow), marked as a test payment', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const colours = (await (await page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours: { name: string }[] };
    const placed = await page.request.post(`${baseUrl}/api/orders/submit`, {
      headers: { 'CF-Connecting-IP': '203.0.113.98' },
      data: {
        customer_name: 'Sipho Ndlovu',
        customer_email: `eft-${Date.now()}@example.co.za`,
        customer_phone: '082 555 0199',
        customer_address: '3 Main Road, George',
        blinds: [
          {
            product_type: 'roller-blockout',
            width_mm: 900,
            drop_mm: 1200,
            control_side: 'left',
            mount_type: 'inside-recess',
            colour: colours.colours[0]!.name,
            quantity: 1,
          },
        ],
      },
    });
    expect(placed.status()).toBe(201);
    const { reference } = (await placed.json()) as { reference: string };

    // The dates fixed when the order was placed are on its page.
    await page.goto(`${baseUrl}/order-confirmation?ref=${reference}`);
    await page.getByRole('heading', { name: 'When to expect your order' }).waitFor();
    await expect.poll(() => page.getByTestId('delivery-dispatch').innerText()).toMatch(/^Expected dispatch: by \d{1,2} \w+ \d{4}\.$/);
    await expect.poll(() => page.getByTestId('delivery-arrival').innerText()).toMatch(/^Delivery by courier to Western Cape: between /);

    // The order page offers card, instant EFT (said to be a test) and bank transfer.
    await page.goto(`${baseUrl}/order-confirmation?ref=${reference}`);
    await page.getByRole('button', { name: 'Pay by card' }).waitFor();
    await page.getByRole('heading', { name: 'Instant EFT (test)' }).waitFor();
    await page.getByText('no bank is contacted and no money is taken').first().waitFor();
    await page.getByRole('button', { name: 'Pay by instant EFT' }).click();

    // The sandbox's instant EFT page: says it is a test, and the bank approves.
    await page.waitForURL(/\/pay\/sandbox\/sbx_chk_/);
    await page.getByRole('heading', { level: 1, name: /by instant EFT$/ }).waitFor();
    await page.getByText(reference).first().waitFor();
    await page.getByText('Test checkout: no real money is charged').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'journey-instant-eft-sandbox-phone');
    await page.getByRole('button', { name: /^Approve the payment of R/ }).click();
    await page.waitForURL(/\/payment-success\?reference=/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor({ timeout: 35_000 });

    // Paid, and every page of it says no money was taken.
    await page.goto(`${baseUrl}/order-confirmation?ref=${reference}`);
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await page.getByText('Test payment: no money was taken').first().waitFor();
    const order = (await (await page.request.get(`${baseUrl}/api/orders/${reference}`)).json()) as {
      order: { paymentStatus: string; test_payment: boolean };
    };
    expect(order.order).toMatchObject({ paymentStatus: 'paid', test_payment: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an attacker: a changed price is re-priced, a forged payment notification changes nothing', async () => {
    const page = await browser.newPage();
    const colours = (await (await page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours: { name: string }[] };
    const res = await page.request.post(`${baseUrl}/api/orders/submit`, {
      headers: { 'CF-Connecting-IP': '203.0.113.99' },
      data: {
        customer_name: 'Mallory',
        customer_email: 'mallory@example.com',
        customer_phone: '082 000 0000',
        blinds: [
          {
            product_type: 'roller-blockout',
            width_mm: 1200,
            drop_mm: 1500,
            control_side: 'left',
            mount_type: 'inside-recess',
            colour: colours.colours[0]!.name,
            quantity: 1,
            price: 0.01,
          },
        ],
        total_amount: 0.01,
      },
    });
    expect(res.status()).toBe(201);
    const { reference, order } = (await res.json()) as { reference: string; order: { total_cents: number } };
    const quote = (await (
      await page.request.post(`${baseUrl}/api/pricing/quote`, {
        data: { width_mm: 1200, drop_mm: 1500, product_type: 'roller-blockout', quantity: 1 },
      })
    ).json()) as { quote: { price_cents: number } };
    expect(order.total_cents).toBe(quote.quote.price_cents);

    // A notification the gateway never signed.
    const forged = await page.request.post(`${baseUrl}/api/payment/sandbox/notify`, {
      headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': 'deadbeef' },
      data: JSON.stringify({ checkoutId: 'x', reference, amount_cents: order.total_cents, status: 'succeeded', payment_id: 'forged-1' }),
    });
    expect(forged.status()).toBeGreaterThanOrEqual(400);
    // Signed with the development secret that is in this repository (this server runs in development):
    // still refused, because the checkout is not one this order started.
    const body = JSON.stringify({
      checkoutId: 'sbx_chk_aaaaaaaaaaaaaaaaaaaaaaaa',
      reference,
      amount_cents: order.total_cents,
      currency: 'ZAR',
      status: 'succeeded',
      payment_id: 'sbx_pay_forged',
      created_at: new Date().toISOString(),
    });
    const signature = `sha256=${createHmac('sha256', LOCAL_SANDBOX_SECRET).update(body).digest('hex')}`;
    const signed = await page.request.post(`${baseUrl}/api/payment/sandbox/notify`, {
      headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': signature },
      data: body,
    });
    expect(signed.status()).toBe(400);
    const after = (await (await page.request.get(`${baseUrl}/api/orders/${reference}`)).json()) as { order: { paymentStatus: string } };
    expect(after.order.paymentStatus).toBe('pending');
    await page.close();
  });
});
