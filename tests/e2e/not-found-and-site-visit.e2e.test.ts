// In the browser: 'A real 404' (an unknown path is HTTP 404 and still shows the app's 404
// page), 'Site Visits' on the landing page asks for a visit (the lead form with the visit ticked),
// never the consultants' access-phrase gate, and swatches are said to be drawn, not photographed.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { SWATCH_NOTE } from '../../worker/shared/swatch-note';
import { screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

async function open(width: number, height: number) {
  context = await browser.newContext({ viewport: { width, height } });
  page = await context.newPage();
  errors = watchErrors(page);
}

beforeEach(async () => {
  await open(1280, 900);
});
afterEach(async () => {
  await context.close();
});

describe('a real 404', () => {
  it('an unknown path answers HTTP 404 and the browser shows the 404 page', async () => {
    const response = await page.goto(baseUrl + '/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page.getByRole('heading', { level: 1, name: '404' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByRole('heading', { name: 'Choose Your Service' }).waitFor();
    // Chromium reports the document's own 404 on the console; nothing else may fail.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  it('the workspace and a page with a query still answer 200', async () => {
    expect((await page.goto(baseUrl + '/melvin-workspace'))?.status()).toBe(200);
    await expect.poll(() => page.getByText('Did you forget to add the page to the router?').count()).toBe(0);
    expect((await page.goto(baseUrl + '/track?tracking=TRK-NONE'))?.status()).toBe(200);
  });
});

describe("'Site Visits' on the landing page", () => {
  async function pressSiteVisits() {
    await page.goto(baseUrl + '/');
    await page.getByRole('heading', { name: 'Choose Your Service' }).waitFor();
    const card = page.locator('.service-card', { hasText: 'Garden Route Service' });
    await card.getByRole('button', { name: 'Site Visits', exact: true }).click();
    const form = page.getByRole('region', { name: 'Ask for a site visit' });
    await form.waitFor();
    return form;
  }

  it('opens the lead form with the site visit ticked, not the staff access-phrase gate', async () => {
    const form = await pressSiteVisits();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByLabel('Access phrase').count()).toBe(0);
    const visit = form.getByRole('checkbox', { name: /Book a free site visit/ });
    await expect.poll(() => visit.isChecked()).toBe(true);
    await expect.poll(() => form.getByText('Garden Route site visit (measure and quote)').isVisible()).toBe(true);

    await form.getByLabel(/^Name/).fill('Visit E2E');
    await form.getByLabel(/^Email/).fill('visit-e2e@example.co.za');
    await form.getByLabel('Location / Area').fill('Knysna');
    await form.getByRole('checkbox', { name: /I agree to be contacted/ }).check();
    const captured = page.waitForResponse((r) => r.url().endsWith('/api/leads/capture'));
    await form.getByRole('button', { name: 'Get My Quote' }).click();
    const response = await captured;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      name: 'Visit E2E',
      location: 'Knysna',
      source: 'other',
      productInterest: 'Garden Route site visit (measure and quote)',
      sessionData: { siteVisitRequested: true },
      popiaConsent: true,
    });
    await page.getByText('Our Garden Route team will contact you within 24 hours to arrange a time.').waitFor();
    expect(errors).toEqual([]);
  });

  it('the staff gate stays on /site-visits', async () => {
    await page.goto(baseUrl + '/site-visits');
    await page.getByLabel('Access phrase').waitFor();
  });

  it('fits a 360 px phone', async () => {
    await context.close();
    await open(360, 740);
    await pressSiteVisits();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'landing-site-visit-360');
    expect(errors).toEqual([]);
  });
});

describe('swatch wording', () => {
  it("the landing page's range and the calculator's colours say the swatches are drawn from the supplier's colour values", async () => {
    await page.goto(baseUrl + '/');
    const range = page.getByRole('region', { name: 'Our range' });
    await range.locator('.product-card').first().waitFor();
    await expect.poll(() => range.getByText(SWATCH_NOTE).isVisible()).toBe(true);

    await page.goto(baseUrl + '/quote-calculator');
    await page.getByLabel('Product').selectOption('roller-blockout');
    await page.locator('.qc-swatches').waitFor();
    await expect.poll(() => page.getByText(SWATCH_NOTE).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/true-to-life|swatch photos/).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
