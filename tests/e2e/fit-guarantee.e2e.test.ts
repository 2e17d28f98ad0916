// The fit guarantee as a customer and staff meet it: a window measured with the A4 photo scan is
// ordered (the line says it will be covered once confirmed); staff confirm its size from the photo;
// the customer's order page and receipt PDF then say it is covered and link the terms at
// /fit-guarantee; staff record a remake against the line, and the dashboard counts it with its cost.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboardResponse } from '../../worker/shared/analytics-api';
import { readBack } from '../worker/pdf-text';
import { seriousAxeViolations } from './axe';
import { screenshot } from './browser';
import { openOrderPanel } from './order-panel';
import { UPLOAD_SCENE, scenePng } from './fixtures/window-video';
import { baseUrl, DESKTOP, signIn, unexpected, useOrderPages } from './orders-fulfilment-fixtures';

const PHONE = { width: 375, height: 812 };
const openPage = useOrderPages();
let tmp: string;
let photoPath: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'fit-guarantee-e2e-'));
  photoPath = path.join(tmp, 'window-a4.png');
  writeFileSync(photoPath, scenePng(UPLOAD_SCENE));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function dashboardFigures(page: Page): Promise<AdminDashboardResponse['fitGuarantee']> {
  const res = await page.request.get(`${baseUrl}/api/admin/dashboard`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as AdminDashboardResponse).fitGuarantee;
}

/** The customer scans the window with an A4 sheet (a photo upload: no camera here) and orders it from the calculator. */
async function orderScannedWindow(page: Page, email: string): Promise<string> {
  await page.goto(`${baseUrl}/measurement`);
  await page.getByRole('button', { name: 'Quick AI Scan' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: /camera/i })
    .waitFor({ timeout: 15_000 });
  await page.getByLabel('Upload a photo instead').setInputFiles(photoPath);
  await page.getByRole('button', { name: 'Use These Measurements' }).click();
  await page.waitForURL((url) => url.pathname === '/quote-calculator');
  await page.getByTestId('qc-measured').waitFor();
  const colours = page.waitForResponse((r) => r.url().includes('/api/colours/roller-blockout'));
  await page.getByLabel('Product').selectOption('roller-blockout');
  await colours;
  await page.locator('.qc-swatch').first().click();
  await page.getByTestId('qc-unit-price').waitFor();
  await page.getByRole('button', { name: 'Add Blind' }).click();
  const line = page.getByTestId('qc-line').last();
  // Measured against the A4 sheet, with its photo: covered once our team confirms it from the photo.
  await expect
    .poll(() => line.getByTestId('fit-guarantee').innerText())
    .toContain('Fit guarantee: measured with the A4 photo scan; covered once our team confirms the size from your photo.');
  await openOrderPanel(page);
  await page.getByLabel('Full Name').fill('Nomsa Khumalo');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('082 555 0177');
  await page.getByLabel('Delivery Address').fill('4 Church Street, George');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/order-confirmation\?ref=CB-/);
  return new URL(page.url()).searchParams.get('ref')!;
}

describe('the fit guarantee, backed by the photo', () => {
  it('an A4-scanned window ordered, confirmed by staff from the photo, covered on the order and receipt, a remake on the dashboard', async () => {
    const customer = await openPage(PHONE);
    const email = `fit-${Date.now()}@example.co.za`;
    const reference = await orderScannedWindow(customer.page, email);
    const pending = customer.page.getByTestId('fit-guarantee').first();
    await expect.poll(() => pending.getAttribute('data-status')).toBe('pending');

    // Staff: the line says it can be covered; they confirm the size from the customer's photo.
    const staff = await openPage(DESKTOP);
    await signIn(staff.page);
    const before = await dashboardFigures(staff.page);
    await staff.page.goto(`${baseUrl}/admin/orders/${reference}`);
    const line = staff.page.getByTestId('order-line').first();
    await expect.poll(() => line.getByTestId('staff-fit-guarantee').getAttribute('data-status')).toBe('pending');
    await line.getByRole('button', { name: /^Confirm size of line 1/ }).click();
    await line.getByLabel('Reason').fill('Checked against the A4 sheet in the photo');
    await line.getByLabel("Confirmed from the customer's photo").check();
    await line.getByRole('button', { name: 'Confirm size', exact: true }).click();
    await expect.poll(() => line.getByTestId('staff-fit-guarantee').getAttribute('data-status')).toBe('covered');
    await expect.poll(() => line.getByTestId('staff-fit-guarantee').innerText()).toMatch(/Confirmed from the photo by /);

    // Staff record a remake against the covered line.
    await line.getByRole('button', { name: /^Record a remake/ }).click();
    await line.getByLabel('Reason').fill('Blind 8 mm too narrow for the recess');
    await line.getByLabel('Cost of the remake (R, incl. VAT)').fill('850.50');
    await line.getByRole('button', { name: 'Record remake' }).click();
    const remake = staff.page.getByTestId('order-remake').first();
    await expect.poll(() => remake.innerText()).toContain('covered by the fit guarantee');
    await expect.poll(() => remake.innerText()).toMatch(/R\s?850[.,]50/);
    expect(await seriousAxeViolations(staff.page)).toEqual([]);
    await screenshot(staff.page, 'fit-guarantee-staff-order-1280');
    // Staff on a phone: the line, its guarantee and the remake fit the width.
    await staff.page.setViewportSize(PHONE);
    await line.getByTestId('staff-fit-guarantee').waitFor();
    expect(await staff.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(staff.page, 'fit-guarantee-staff-order-375');
    await staff.page.setViewportSize(DESKTOP);

    // The dashboard counts the confirmed line and the remake's cost, from D1.
    const after = await dashboardFigures(staff.page);
    expect(after.linesCovered - before.linesCovered).toBeGreaterThanOrEqual(1);
    expect(after.coveredRemakes - before.coveredRemakes).toBeGreaterThanOrEqual(1);
    expect(after.coveredRemakeCostCents - before.coveredRemakeCostCents).toBeGreaterThanOrEqual(85_050);
    await staff.page.goto(`${baseUrl}/admin-dashboard`);
    const card = staff.page.getByTestId('dashboard-fit-guarantee');
    await expect
      .poll(async () => Number(await card.getByTestId('fit-lines-covered').innerText()))
      .toBeGreaterThanOrEqual(after.linesCovered);
    await expect.poll(() => card.getByTestId('fit-covered-remakes').innerText()).toMatch(/^\d+, costing R/);
    expect(await seriousAxeViolations(staff.page)).toEqual([]);
    await screenshot(staff.page, 'fit-guarantee-dashboard-1280');

    // The customer's order page now says the blind is covered, and why, with the terms a link away.
    await customer.page.reload();
    const covered = customer.page.getByTestId('fit-guarantee').first();
    await expect.poll(() => covered.getAttribute('data-status')).toBe('covered');
    await expect
      .poll(() => covered.innerText())
      .toContain('Fit guarantee: measured with the A4 photo scan and confirmed by our team from your photo.');
    expect(await seriousAxeViolations(customer.page)).toEqual([]);
    await screenshot(customer.page, 'fit-guarantee-order-page-375');

    // The receipt PDF says so too, with where the terms are.
    const pdf = await customer.page.request.get(`${baseUrl}/api/receipts/${reference}.pdf`);
    expect(pdf.status()).toBe(200);
    const text = (await readBack(new Uint8Array(await pdf.body()))).texts.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Blind 1: Fit guarantee: measured with the A4 photo scan and confirmed by our team from your photo.');
    expect(text).toContain('/fit-guarantee');

    // The terms, from the order page's link.
    await covered.getByRole('link', { name: 'Fit guarantee terms' }).click();
    await customer.page.waitForURL((url) => url.pathname === '/fit-guarantee');
    await customer.page.getByRole('heading', { level: 1, name: 'Fit guarantee' }).waitFor();
    await customer.page.getByRole('heading', { name: 'What is not covered' }).waitFor();
    await customer.page.getByRole('heading', { name: 'How to claim' }).waitFor();
    expect(await seriousAxeViolations(customer.page)).toEqual([]);
    await screenshot(customer.page, 'fit-guarantee-terms-375');
    expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    expect(unexpected(customer.errors)).toEqual([]);
    expect(unexpected(staff.errors)).toEqual([]);
  }, 180_000);

  it('the terms page is in the footer, fits a phone and a desktop, and is axe clean', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, errors } = await openPage(viewport);
      await page.goto(`${baseUrl}/measuring-guide`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Fit guarantee' }).click();
      await page.waitForURL((url) => url.pathname === '/fit-guarantee');
      await page.getByRole('heading', { level: 1, name: 'Fit guarantee' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `fit-guarantee-terms-${viewport.width}`);
      expect(errors).toEqual([]);
    }
  });
});
