import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser, watchErrors } from './browser';
import { LINE, requestsTo } from './order-pages-fixtures';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

/** Console noise of answers the pages expect (a 404 for an unknown order) is not a page error. */
const pageErrors = () => errors.filter((e) => !e.includes('Failed to load resource'));

/** A session quote in the staff spec's Quote shape, as /quote keeps it. */
const SESSION_QUOTE = {
  quote_id: 'CB-482913',
  product_name: 'Roller Blind - Blockout',
  service_type: 'online',
  total: 3248,
  subtotal: 2824.35,
  vat: 423.65,
  valid_until: '2026-12-31T00:00:00.000Z',
  pricing_note: 'Prices include 15% VAT.',
  measurements: { opening_width_mm: 1200, opening_height_mm: 1500, area_sqm: 1.8 },
  customer_info: { name: '', email: '', phone: '', location: '' },
};

/** Storage is set after the app has run once, so the cache-version wipe has already happened. */
async function withStorage(local: Record<string, unknown>, session: Record<string, unknown> = {}) {
  await page.goto(baseUrl + '/privacy');
  await page.locator('h1').first().waitFor();
  await page.evaluate(
    ([l, s]) => {
      for (const [k, v] of Object.entries(l)) localStorage.setItem(k, JSON.stringify(v));
      for (const [k, v] of Object.entries(s)) sessionStorage.setItem(k, JSON.stringify(v));
    },
    [local, session] as const,
  );
}

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterEach(async () => {
  await context?.close();
});

describe('/quote-document', () => {
  it("with no saved blinds: 'No Quote Data' and Return to Calculator", async () => {
    await page.goto(baseUrl + '/quote-document');
    await page.getByTestId('toast').getByText('No Quote Data').waitFor();
    await page.getByRole('link', { name: 'Return to Calculator' }).click();
    await page.waitForURL(baseUrl + '/quote-calculator');
  });

  it('shows the quote and asks for the name and e-mail before e-mailing it', async () => {
    await withStorage({ 'quote-blinds': [LINE] });
    const emailCalls = requestsTo(page, '/api/email/quote');
    await page.goto(baseUrl + '/quote-document');
    await page.getByRole('heading', { name: 'Quotation' }).waitFor();
    const number = await page.getByTestId('quote-number').textContent();
    expect(number).toMatch(/^CB-\d{6}$/);
    await page.getByRole('rowheader', { name: 'Roller Blind - Blockout' }).waitFor();
    await page.getByText('This quote is valid for 30 days.').waitFor();
    await page.getByRole('link', { name: /Back to Calculator/ }).waitFor();

    await page.getByRole('button', { name: 'Email Quote' }).click();
    await page.getByRole('alert').getByText('Please enter customer name and email address').waitFor();
    await page.getByLabel('Customer name').fill('Ann');
    await page.getByRole('button', { name: 'Email Quote' }).click();
    await page.getByRole('alert').getByText('Please enter customer name and email address').waitFor();
    expect(emailCalls).toEqual([]);
    // The number stays while the page is open.
    await expect.poll(() => page.getByTestId('quote-number').textContent()).toBe(number);
    await screenshot(page, 'quote-document');
    expect(pageErrors()).toEqual([]);
  });
});

describe('/quote (stored-quote page)', () => {
  it('with no stored quote goes home', async () => {
    await page.goto(baseUrl + '/quote');
    await page.waitForURL(baseUrl + '/');
  });

  it("an unknown quote_id: 'Quote Not Found', then home", async () => {
    await page.goto(baseUrl + '/quote?quote_id=CB-000000&key=wrong');
    await page.getByTestId('toast').getByText('Quote Not Found').waitFor();
    await page.getByText('Please generate a new quote through the measurement tool.').waitFor();
    await page.waitForURL(baseUrl + '/');
  });

  it('shows the amber prompt until name and e-mail are saved, then enables Pay by card', async () => {
    await withStorage({}, { 'current-quote': SESSION_QUOTE });
    await page.goto(baseUrl + '/quote');
    await page.getByRole('heading', { name: 'Quote CB-482913' }).waitFor();
    await page.getByText('1,20 m').first().waitFor();
    await page.getByText('1,80 m²').waitFor();
    await page.getByRole('heading', { name: 'Ready to Order?' }).waitFor();
    const prompt = page.getByText('Please provide your name and email address to complete the purchase');
    await prompt.waitFor();
    const pay = page.getByRole('button', { name: 'Pay by card' });
    await expect.poll(() => pay.isDisabled()).toBe(true);
    // No e-mail known yet: the card starts in edit mode, without Cancel.
    await page.getByRole('button', { name: 'Save Information' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Add Contact Information' }).click();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name');
    await page.getByLabel('Full Name').fill('Thandi Mokoena');
    await page.getByRole('button', { name: 'Save Information' }).click();
    await page.getByText('Please enter your email address.').waitFor();
    await expect.poll(() => pay.isDisabled()).toBe(true);

    await page.getByLabel('Email Address').fill('thandi@example.co.za');
    await page.getByRole('button', { name: 'Save Information' }).click();
    await page.getByRole('button', { name: 'Edit Information' }).waitFor();
    await expect.poll(() => prompt.count()).toBe(0);
    await expect.poll(() => pay.isDisabled()).toBe(false);
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('current-quote') ?? 'null'));
    expect(stored.customer_info).toMatchObject({ name: 'Thandi Mokoena', email: 'thandi@example.co.za' });

    // With an e-mail saved, editing offers Cancel.
    await page.getByRole('button', { name: 'Edit Information' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Information' }).waitFor();
    await screenshot(page, 'stored-quote');
    expect(pageErrors()).toEqual([]);
  });

  it("another service type shows the 'Garden Route Consultation' note instead of payment", async () => {
    await withStorage({}, { 'current-quote': { ...SESSION_QUOTE, service_type: 'garden_route' } });
    await page.goto(baseUrl + '/quote');
    await page.getByRole('heading', { name: 'Garden Route Consultation' }).waitFor();
    await page.getByText('will contact you within 24 hours').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
    await page.getByRole('link', { name: /Back to Home/ }).waitFor();
  });
});

describe('/complete-quote', () => {
  it('takes contact details, then books a Garden Route consultation as a lead with POPIA consent', async () => {
    await withStorage({}, { 'current-quote': { ...SESSION_QUOTE, lines: [LINE] } });
    const leadBodies: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/leads/capture')) leadBodies.push(r.postDataJSON());
    });
    await page.goto(baseUrl + '/complete-quote');
    await page.getByRole('heading', { name: 'Quote CB-482913' }).waitFor();
    await page.getByRole('rowheader', { name: 'Roller Blind - Blockout' }).waitFor();

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please enter your full name.').waitFor();
    await page.getByLabel('Full Name').fill('Thandi Mokoena');
    await page.getByLabel('Email Address').fill('thandi@example.co.za');
    await page.getByLabel('Location/City').fill('Knysna');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Step 2: How would you like to continue?' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Pay by card' }).isDisabled()).toBe(false);
    const request = page.getByRole('button', { name: 'Request Consultation' });
    await expect.poll(() => request.isDisabled()).toBe(true);
    await page.getByLabel('I agree to be contacted').check();
    await screenshot(page, 'complete-quote-choose');
    await request.click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.getByText('will contact you within 24 hours').waitFor();
    expect(leadBodies).toHaveLength(1);
    expect(leadBodies[0]).toMatchObject({
      name: 'Thandi Mokoena',
      email: 'thandi@example.co.za',
      location: 'Knysna',
      // The stored-quote consultation says where it came from ('the source says which').
      source: 'quote_consultation',
      productInterest: 'Roller Blind - Blockout',
      popiaConsent: true,
    });
    expect((leadBodies[0] as { notes: string }).notes).toContain('CB-482913');
    expect(pageErrors()).toEqual([]);
  });

  it('links an ordered quote to its receipt instead of offering payment', async () => {
    await withStorage({}, { 'current-quote': { ...SESSION_QUOTE, order_reference: 'CB-ORDERED0001' } });
    await page.goto(baseUrl + '/complete-quote');
    await page.getByRole('heading', { name: 'This quote has been ordered' }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'View your receipt' }).getAttribute('href'))
      .toBe('/order-confirmation?ref=CB-ORDERED0001');
    await expect.poll(() => page.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
  });
});
