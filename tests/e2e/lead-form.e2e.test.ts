import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { SCREENSHOT_DIR, useBrowser, watchErrors } from './browser';
import { rgbPng } from './png';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

const FAILURE = 'Failed to submit your details. Please try again or contact us directly.';

/** A tiny 4 x 3 grey PNG. */
const tinyPng = () => rgbPng(4, 3, () => [0x99, 0x99, 0x99]);

/** The form lives on /shutters: upload a photo, tap four corners, ask for a quote. */
async function openLeadForm() {
  await page.goto(baseUrl + '/shutters');
  await page.locator('input[type=file]').setInputFiles({ name: 'window.png', mimeType: 'image/png', buffer: tinyPng() });
  const stage = page.getByTestId('shutter-stage');
  await stage.locator('img').waitFor();
  for (const [u, v] of [
    [0.2, 0.2],
    [0.8, 0.2],
    [0.2, 0.8],
    [0.8, 0.8],
  ] as const) {
    const box = (await stage.boundingBox())!;
    await page.mouse.click(box.x + u * box.width, box.y + v * box.height);
  }
  await page.getByText('All four corners marked!').waitFor();
  // The quote panel above the button fills in as the server answers (products, options, then the
  // price); a click while it grows can be pressed on the button and released beside it.
  await page.getByTestId('shutter-price').locator('strong').first().waitFor();
  await page.getByRole('button', { name: 'Get a quote for shutters' }).click();
  await page.getByText('Product interest:').waitFor();
}

function leadRequests(): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/leads')) seen.push(r);
  });
  return seen;
}

/** A screenshot of one element with the whole page in the viewport, so the sticky header never covers it. */
async function shotOf(selector: string, file: string) {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
  await page
    .locator(selector)
    .first()
    .screenshot({ path: path.join(SCREENSHOT_DIR, file) });
  await page.setViewportSize(viewport);
}

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterEach(async () => {
  await context.close();
});

describe('lead form', () => {
  it('needs name, email and consent, shows Submitting... while held, sends nulls for empty fields and thanks after a 201', async () => {
    await openLeadForm();
    await expect.poll(() => page.getByText('Plantation Shutters', { exact: true }).count()).toBe(1);
    const submit = page.getByRole('button', { name: 'Get My Quote' });
    const name = page.getByLabel('Name');
    const email = page.getByLabel('Email');
    await expect.poll(() => email.getAttribute('type')).toBe('email');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await name.fill('Thandi Mokoena');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await email.fill('thandi@example.co.za');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    const privacy = page.getByRole('link', { name: 'privacy notice', exact: true });
    await expect.poll(() => privacy.getAttribute('href')).toBe('/privacy');
    // Keyboard: tab to the consent box and tick it with the space bar.
    await page.getByLabel('Additional Requirements').fill('Two bedroom windows, white please');
    await page.getByLabel('WhatsApp').fill('082 123 4567');
    await page.getByLabel('I agree to be contacted about this enquiry').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByLabel('I agree to be contacted about this enquiry').isChecked()).toBe(true);
    await expect.poll(() => submit.isDisabled()).toBe(false);

    // Fits 360 px without sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shotOf('.lead-form', 'lead-form-360.png');

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let body: Record<string, unknown> | null = null;
    await page.route('**/api/leads/capture', async (route) => {
      body = route.request().postDataJSON() as Record<string, unknown>;
      await held;
      await route.continue();
    });
    const response = page.waitForResponse((r) => r.url().includes('/api/leads/capture'));
    await submit.click();
    const pending = page.getByRole('button', { name: 'Submitting...' });
    await pending.waitFor();
    await expect.poll(() => pending.isDisabled()).toBe(true);
    release();
    expect((await response).status()).toBe(201);
    expect(await (await response).json()).toMatchObject({ success: true, leadId: expect.any(String) });
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.getByText('within 24 hours').waitFor();

    expect(body).toMatchObject({
      name: 'Thandi Mokoena',
      email: 'thandi@example.co.za',
      phone: null,
      whatsapp: '082 123 4567',
      location: null,
      source: 'shutter_visualization',
      productInterest: 'Plantation Shutters',
      notes: 'Two bedroom windows, white please',
      popiaConsent: true,
      sessionData: { blindType: 'plantation-shutter', colour: expect.stringMatching(/white/i) },
    });
    expect(errors).toEqual([]);
  });

  it("skips the server for the name 'blinds' and still thanks the customer", async () => {
    await openLeadForm();
    const requests = leadRequests();
    await page.getByLabel('Name').fill('BLINDS');
    await page.getByLabel('Email').fill('demo@example.co.za');
    await page.getByLabel('I agree to be contacted about this enquiry').check();
    await page.getByRole('button', { name: 'Get My Quote' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.waitForTimeout(300);
    expect(requests).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('shows the failure message on a 500 and keeps what was typed', async () => {
    await openLeadForm();
    await page.route('**/api/leads/capture', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal error' }) }),
    );
    await page.getByLabel('Name').fill('Pieter van Wyk');
    await page.getByLabel('Email').fill('pieter@example.co.za');
    await page.getByLabel('Location / Area').fill('Stellenbosch');
    await page.getByLabel('I agree to be contacted about this enquiry').check();
    await page.getByRole('button', { name: 'Get My Quote' }).click();
    const alert = page.getByRole('alert').filter({ hasText: FAILURE });
    await alert.waitFor();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Pieter van Wyk');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('pieter@example.co.za');
    await expect.poll(() => page.getByLabel('Location / Area').inputValue()).toBe('Stellenbosch');
    await expect.poll(() => page.getByRole('button', { name: 'Get My Quote' }).isEnabled()).toBe(true);
    // The browser itself logs the failed resource; nothing else may be logged.
    expect(errors.filter((e) => !/status of 500/.test(e))).toEqual([]);
  });
});
