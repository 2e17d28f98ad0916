// Payment methods come from configuration (DESIGN.md 7b): on a site with PAYMENT_PROVIDER=none (the
// production default) no page offers 'Pay by card'; the order is placed and the customer is told how
// to pay: the shop's bank account, with the order reference as the payment reference, on the
// confirmation page and in the confirmation e-mail. The shared browser-test server runs the sandbox
// gateway, so this file starts a second site of its own (the build of the global setup, its own port
// and data folder) configured like production's payments.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRandFromCents } from '../../worker/shared/money';
import { seriousAxeViolations } from './axe';
import { screenshot, useBrowser, watchErrors } from './browser';
import { openOrderPanel } from './order-panel';
import { startSecondSite, type SecondSite } from './second-site';

const BANK = {
  BANK_ACCOUNT_NAME: 'Knysna Blinds (Pty) Ltd',
  BANK_NAME: 'First National Bank',
  BANK_ACCOUNT_NUMBER: '62812345678',
  BANK_BRANCH_CODE: '250655',
  BANK_ACCOUNT_TYPE: 'Cheque',
};
const STAFF_IP = '203.0.113.141';
const browser = useBrowser();

let site: SecondSite | undefined;
let baseUrl = '';

beforeAll(async () => {
  // A VAT vendor, so the paid order has a tax invoice and its refund a credit note.
  site = await startSecondSite('bank', {
    ADMIN_PIN: '4321',
    APP_ENV: 'development',
    PAYMENT_PROVIDER: 'none',
    VAT_NUMBER: '4123456789',
    BUSINESS_ADDRESS: '12 Main Street, Knysna, 6570',
    ...BANK,
  });
  baseUrl = site.baseUrl;
}, 300_000);

afterAll(async () => {
  await site?.stop();
}, 60_000);

/** The bank-transfer instructions, each detail and the order reference as payment reference. */
async function expectBankTransfer(page: Page, reference: string): Promise<void> {
  const block = page.getByTestId('bank-transfer');
  await block.getByRole('heading', { name: 'Pay by bank transfer' }).waitFor();
  const text = await block.innerText();
  for (const value of Object.values(BANK)) expect(text).toContain(value);
  await expect.poll(() => block.getByTestId('payment-reference').innerText()).toBe(reference);
  expect(text).toContain(`Use your order reference ${reference} as the payment reference`);
  await expect.poll(() => page.getByRole('button', { name: /pay by card/i }).count()).toBe(0);
  await expect.poll(() => page.getByText(/pay by card/i).count()).toBe(0);
}

async function customerEmailText(page: Page, reference: string): Promise<string> {
  const signIn = await page.request.post(`${baseUrl}/api/admin/session`, {
    data: { pin: '4321' },
    headers: { 'CF-Connecting-IP': STAFF_IP },
  });
  expect(signIn.ok()).toBe(true);
  const outbox = (await (
    await page.request.get(`${baseUrl}/api/admin/outbox?limit=50`, { headers: { 'CF-Connecting-IP': STAFF_IP } })
  ).json()) as {
    messages: { id: number; subject: string; to_address?: string; toAddress?: string }[];
  };
  const mine = outbox.messages.find((m) => m.subject.startsWith(`Order ${reference} received`));
  expect(mine, JSON.stringify(outbox).slice(0, 400)).toBeTruthy();
  return JSON.stringify(
    await (await page.request.get(`${baseUrl}/api/admin/outbox/${mine!.id}`, { headers: { 'CF-Connecting-IP': STAFF_IP } })).json(),
  );
}

describe('PAYMENT_PROVIDER=none: ordering and paying by bank transfer', () => {
  it('the calculator places the order at 360 px; no page offers Pay by card; the confirmation page and e-mail give the bank details', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    let popups = 0;
    context.on('page', () => popups++);

    // The landing page says how customers pay here.
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Choose Your Service' }).waitFor();
    await page.getByText('then order and pay by bank transfer').first().waitFor();
    await expect.poll(() => page.getByText(/pay by card/i).count()).toBe(0);

    await page.goto(`${baseUrl}/quote-calculator`);
    await page.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
    const colours = page.waitForResponse((r) => r.url().includes('/api/colours/roller-blockout'));
    await page.getByLabel('Product').selectOption('roller-blockout');
    await colours;
    await page.getByLabel('Width (mm)').fill('1200');
    await page.getByLabel('Drop (mm)').fill('1500');
    await page.locator('.qc-swatch').first().click();
    await page.getByTestId('qc-unit-price').waitFor();
    await page.getByRole('button', { name: 'Add Blind' }).click();
    await page.getByTestId('qc-line').first().waitFor();
    await openOrderPanel(page);
    await page.getByText('The next page gives our bank details').waitFor();
    await page.getByLabel('Full Name').fill('Ayanda Zulu');
    await page.getByLabel('Email Address').fill(`bank-${Date.now()}@example.co.za`);
    await page.getByLabel('Phone Number').fill('082 555 0123');
    await page.getByLabel('Delivery Address').fill('3 Main Road, Knysna');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order-confirmation\?ref=CB-/);
    const reference = new URL(page.url()).searchParams.get('ref')!;
    await page.getByTestId('order-reference').getByText(reference).waitFor();
    await page.getByText('Pending').first().waitFor();
    await expectBankTransfer(page, reference);
    // No payment tab was opened: there is no card checkout to open.
    expect(popups).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await screenshot(page, 'bank-transfer-confirmation-360');

    // The server agrees: no card payment, the order stays pending.
    const pay = await page.request.post(`${baseUrl}/api/payment/create`, {
      data: { quote_id: reference, customer_info: { email: 'a@example.co.za' } },
    });
    expect(pay.status()).toBe(409);
    expect(((await pay.json()) as { message: string }).message).toMatch(
      /^Card payments are not offered on this site\. Please pay by bank transfer/,
    );
    const order = (await (await page.request.get(`${baseUrl}/api/orders/${reference}`)).json()) as { order: { paymentStatus: string } };
    expect(order.order.paymentStatus).toBe('pending');

    // The confirmation e-mail has the same instructions.
    const email = await customerEmailText(page, reference);
    expect(email).toContain('How to pay by bank transfer');
    for (const value of Object.values(BANK)) expect(email).toContain(value);
    expect(email).toContain(`Payment reference: ${reference}`);
    expect(email).not.toMatch(/by card/i);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/complete-quote orders a stored quote with Place order, then shows the bank details', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const colours = (await (await page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours: { name: string }[] };
    const saved = await page.request.post(`${baseUrl}/api/email/quote`, {
      data: {
        recipient_email: 'lerato@example.co.za',
        recipient_name: 'Lerato Dube',
        quote_id: 'CB-626262',
        blinds: [{ product_type: 'roller-blockout', width_mm: 900, drop_mm: 1200, colour: colours.colours[0]!.name }],
      },
    });
    expect(saved.status()).toBe(201);
    const { quote_id, access_key } = (await saved.json()) as { quote_id: string; access_key: string };

    await page.goto(`${baseUrl}/complete-quote?quote_id=${quote_id}&key=${encodeURIComponent(access_key)}`);
    await page.getByRole('heading', { name: `Quote ${quote_id}` }).waitFor();
    await page.getByLabel('Full Name').fill('Lerato Dube');
    await page.getByLabel('Email Address').fill('lerato@example.co.za');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Step 2: How would you like to continue?' }).waitFor();
    await expect.poll(() => page.getByText(/pay by card/i).count()).toBe(0);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/order-confirmation\?ref=CB-/);
    const reference = new URL(page.url()).searchParams.get('ref')!;
    await expectBankTransfer(page, reference);
    await screenshot(page, 'bank-transfer-complete-quote');
    expect(errors).toEqual([]);
    await page.close();
  });
});

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical WCAG 2.1 AA violations on the page as it is now (as accessibility.e2e counts them). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact?: string; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

describe('bank transfer: proof of payment, and staff recording the payment', () => {
  it('the customer uploads a proof on the order page; staff find the order awaiting transfer, open the proof, record a part and then the rest; the order page shows paid', async () => {
    // bypassCSP: the app's CSP rightly refuses inline scripts, and axe is injected as one.
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const colours = (await (await page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours: { name: string }[] };
    const placed = await page.request.post(`${baseUrl}/api/orders/submit`, {
      data: {
        customer_name: 'Sipho Ndlovu',
        customer_email: `proof-${Date.now()}@example.co.za`,
        customer_phone: '082 555 0177',
        blinds: [{ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour: colours.colours[0]!.name, quantity: 1 }],
      },
    });
    expect(placed.status()).toBe(201);
    const { reference, order } = (await placed.json()) as { reference: string; order: { total_cents: number } };

    // The customer: the order page offers the upload next to the bank details.
    await page.goto(`${baseUrl}/order-confirmation?ref=${reference}`);
    const upload = page.getByTestId('proof-upload');
    await upload.getByRole('heading', { name: 'Upload proof of payment' }).waitFor();
    const submit = upload.getByRole('button', { name: 'Upload proof of payment' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    // A file that is not a PDF, JPEG or PNG is refused by the server with its reason.
    await upload
      .getByLabel('Proof of payment file')
      .setInputFiles({ name: 'proof.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    await submit.click();
    await expect.poll(() => upload.getByRole('alert').innerText()).toContain('The file is not a PDF, JPEG or PNG');
    await upload
      .getByLabel('Proof of payment file')
      .setInputFiles({ name: 'proof.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await submit.click();
    await expect.poll(() => upload.getByTestId('proof-received').innerText()).toContain('Proof of payment received on');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'bank-transfer-proof-uploaded-375');
    expect(await seriousViolations(page)).toEqual([]);

    // Staff (signed in in this browser): the order is listed under 'Awaiting transfer'.
    const signIn = await page.request.post(`${baseUrl}/api/admin/session`, {
      data: { pin: '4321' },
      headers: { 'CF-Connecting-IP': STAFF_IP },
    });
    expect(signIn.ok()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/admin/orders?payment=awaiting_transfer`);
    await page.locator(`[data-testid="order-row"][data-reference="${reference}"]`).waitFor();
    await page.getByRole('link', { name: reference }).click();
    await page.getByRole('heading', { name: `Order ${reference}` }).waitFor();

    // The proof opens behind the staff session.
    const proofHref = await page.getByTestId('order-proof').getByRole('link').getAttribute('href');
    expect(proofHref).toBe(`/api/admin/orders/${reference}/proof`);
    const proof = await page.request.get(`${baseUrl}${proofHref}`, { headers: { 'CF-Connecting-IP': STAFF_IP } });
    expect(proof.headers()['content-type']).toBe('application/pdf');

    // A part payment, then the rest.
    const form = page.getByRole('form', { name: 'Record a payment' });
    await form.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByLabel('Amount received (R)').fill('500');
    await form.getByLabel('Paid by').selectOption('bank_transfer');
    await form.getByLabel('Note').fill('FNB EFT');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('It is part paid');
    const rest = order.total_cents - 50000;
    await expect.poll(() => page.getByTestId('record-payment-outstanding').innerText()).toBe(formatRandFromCents(rest));
    await form.getByLabel('Amount received (R)').fill((rest / 100).toFixed(2));
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('It is now paid in full. The customer was e-mailed.');
    await expect.poll(() => page.getByRole('form', { name: 'Record a payment' }).count()).toBe(0);
    await screenshot(page, 'bank-transfer-staff-paid');

    // Money given back that no gateway reports (staff spec 2.6, 'Record a refund'): recorded with its credit note.
    const refund = page.getByRole('form', { name: 'Record a refund' });
    await refund.getByLabel('Amount refunded (R)').fill('100.00');
    await refund.getByLabel('Refunded by').selectOption('bank_transfer');
    await refund.getByLabel('Note').fill('Customer kept one blind less');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect
      .poll(() => page.getByRole('status').first().innerText())
      .toContain(`Recorded a refund of ${formatRandFromCents(10000)} for order ${reference}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The customer's page now shows paid, with no upload or bank details any more.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${baseUrl}/order-confirmation?ref=${reference}`);
    await expect.poll(() => page.getByTestId('payment-status').innerText()).toBe('Paid');
    await expect.poll(() => page.getByTestId('proof-upload').count()).toBe(0);
    // ...and the refund's credit note, to download beside the tax invoice.
    // (The accessible name reads the amount's no-break spaces as spaces.)
    const creditNote = page.getByRole('link', { name: /^Download credit note \d+ \(R 100,00\)$/ });
    await creditNote.waitFor();
    const notePdf = await page.request.get(`${baseUrl}${await creditNote.getAttribute('href')}`);
    expect(notePdf.headers()['content-type']).toBe('application/pdf');

    // A cancelled order (staff, or unpaid past the deadline) asks for no payment: no bank details, no upload.
    const second = await page.request.post(`${baseUrl}/api/orders/submit`, {
      data: {
        customer_name: 'Sipho Ndlovu',
        customer_email: `proof-cancel-${Date.now()}@example.co.za`,
        customer_phone: '082 555 0177',
        blinds: [{ product_type: 'roller-blockout', width_mm: 900, drop_mm: 1200, colour: colours.colours[0]!.name, quantity: 1 }],
      },
    });
    const cancelledRef = ((await second.json()) as { reference: string }).reference;
    const cancel = await page.request.post(`${baseUrl}/api/admin/orders/${cancelledRef}/status`, {
      data: { status: 'cancelled', note: 'Customer changed their mind' },
      headers: { 'CF-Connecting-IP': STAFF_IP, Origin: baseUrl },
    });
    expect(cancel.status()).toBe(200);
    await page.goto(`${baseUrl}/order-confirmation?ref=${cancelledRef}`);
    await page.getByTestId('order-cancelled-payment').waitFor();
    await expect.poll(() => page.getByTestId('bank-transfer').count()).toBe(0);
    await expect.poll(() => page.getByTestId('proof-upload').count()).toBe(0);

    // The refused file's 415 is expected console noise; nothing else is.
    expect(errors.filter((e) => !/status of 415/.test(e))).toEqual([]);
    await context.close();
  });
});
