import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PAYMENT_RESULT_PATHS, PLANNED_ROUTES } from '../../web/src/app/route-table';
import { useBrowser, watchErrors } from './browser';
import { SPEC_ROUTES } from './spec-routes';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let page: Page;
let errors: string[];

beforeAll(async () => {
  page = await browser.newPage();
  errors = watchErrors(page);
});

describe('route table', () => {
  it('knows every route of the spec', () => {
    const known = new Set(['/', '/melvin-workspace', ...PLANNED_ROUTES.map((r) => r.path), ...PAYMENT_RESULT_PATHS]);
    expect(SPEC_ROUTES.filter((r) => !known.has(r))).toEqual([]);
  });

  it.each(SPEC_ROUTES)('renders %s without page errors and never as the 404 page', async (route) => {
    errors.length = 0;
    await page.goto(baseUrl + route);
    await page.locator('h1').first().waitFor();
    await expect.poll(() => page.getByText('Did you forget to add the page to the router?').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows the 404 text for an unknown path', async () => {
    await page.goto(baseUrl + '/no-such-page');
    await page.getByText('Did you forget to add the page to the router?').waitFor();
  });

  it('redirects /shutter-visualization, the legacy quote route and /mobile-ruler', async () => {
    await page.goto(baseUrl + '/shutter-visualization');
    expect(new URL(page.url()).pathname).toBe('/shutters');
    await page.goto(baseUrl + '/calculator');
    expect(new URL(page.url()).pathname).toBe('/quote-calculator');
    await page.goto(baseUrl + '/mobile-ruler');
    expect(new URL(page.url()).pathname).toBe('/camera-ruler');
    await page.getByRole('heading', { name: 'Camera ruler' }).waitFor();
  });

  it('redirects in-app navigation too, and scrolls to the top on every route change', async () => {
    await page.goto(baseUrl + '/');
    await page.locator('.info-card').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('link', { name: /Instant online quote/ }).click();
    await page.getByRole('heading', { name: 'Online Blind Quotation' }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 15_000 });
  });
});
