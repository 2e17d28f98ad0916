// Shutters and awnings priced online: the shutter visualiser hands its size (an estimate until
// measured) and its options to the quote in one step, and the calculator prices an awning with a
// motor. Prices are checked against the seeded sample grid and the sample option charges.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PRICE_GRIDS } from '../../worker/seed/catalogue-data';
import { PRODUCT_OPTIONS } from '../../worker/seed/product-options';
import { seriousAxeViolations } from './axe';
import { screenshot, useBrowser, watchErrors } from './browser';
import { PHOTO_H, PHOTO_W, TAPS, windowPhoto } from './shutter-photo';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The seeded grid's cell for a size (next band up), in cents. */
function cellCents(productId: string, width: number, drop: number): number {
  const grid = PRICE_GRIDS.find((g) => g.productId === productId)!;
  const w = grid.widthsMm.findIndex((b) => b >= width);
  const d = grid.dropsMm.findIndex((b) => b >= drop);
  return grid.pricesCents[d]![w]!;
}

function chargeCents(productId: string, group: string, code: string): number {
  const option = PRODUCT_OPTIONS[productId]!.find((o) => o.group === group && o.code === code)!;
  return option.chargePer === 'panel' ? option.chargeCents * Number(code) : option.chargeCents;
}

/** 'R 1 234,50' (whatever ICU's spaces and separators) -> 123450. */
function randTextToCents(text: string): number {
  return Number(/R[\s\u00a0]?\d[\d\s\u00a0\u202f.,]*/.exec(text)![0].replace(/[^\d]/g, ''));
}

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

async function markWindow(page: Page) {
  await page.goto(baseUrl + '/shutters');
  await page.getByRole('heading', { level: 1, name: 'Plantation Shutter Visualiser' }).waitFor();
  await page.locator('input[type=file]').setInputFiles({ name: 'window.png', mimeType: 'image/png', buffer: windowPhoto() });
  const stage = page.getByTestId('shutter-stage');
  await stage.locator('img').waitFor();
  for (const tap of TAPS) {
    const box = (await stage.boundingBox())!;
    await page.mouse.click(box.x + (tap.x / PHOTO_W) * box.width, box.y + (tap.y / PHOTO_H) * box.height);
  }
  await page.getByText('All four corners marked!').waitFor();
}

describe.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 812 }],
])('shutters and awnings priced online (%s)', (kind, viewport) => {
  it('the shutter visualiser adds its estimated size, options and colour to the quote with the server price', async () => {
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(baseUrl + '/');
    await page.evaluate(() => localStorage.removeItem('quote-blinds'));
    await markWindow(page);

    const price = page.getByTestId('shutter-price');
    await price.getByText('Estimate: this size is your window').waitFor();
    const width = Number(await page.getByLabel('Width (mm)').inputValue());
    const height = Number(await page.getByLabel('Height (mm)').inputValue());
    expect(height).toBe(1200);
    // The window's proportions: a little wider than high.
    expect(width).toBeGreaterThan(1200);
    expect(width).toBeLessThan(1400);
    // The panels drawn are the panels priced; only the counts the width allows are offered (not 1 here).
    const panels = page.getByLabel('Panels');
    await expect.poll(() => panels.inputValue()).toBe('2');
    const fitting = PRODUCT_OPTIONS['shutter-basswood']!.filter(
      (o) => o.group === 'panels' && width >= o.minWidthMm! && width <= o.maxWidthMm!,
    );
    expect(fitting.map((o) => o.code)).not.toContain('1');
    await expect
      .poll(async () => (await panels.locator('option').allTextContents()).map((t) => t.replace(/\u00a0/g, ' ')))
      .toEqual(fitting.map((o) => `${o.label} (+R 380,00 a panel)`));
    await page.getByLabel('Louvre size').selectOption('114mm');
    await page.getByLabel('Frame').selectOption('z-frame');
    const expected =
      cellCents('shutter-basswood', width, height) +
      chargeCents('shutter-basswood', 'louvre', '114mm') +
      chargeCents('shutter-basswood', 'frame', 'z-frame') +
      chargeCents('shutter-basswood', 'panels', '2');
    await expect.poll(async () => randTextToCents(await price.innerText()), { timeout: 10_000 }).toBe(expected);
    await expect.poll(() => price.innerText()).toContain('Sample prices');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.locator('.shutters__price').scrollIntoViewIfNeeded();
    await screenshot(page, `shutters-quote-${kind}`);

    await page.getByRole('button', { name: 'Add to my quote' }).click();
    await page.getByText('Added to your quote (1 item in it).').waitFor();
    await page.getByRole('link', { name: 'Open my quote' }).click();
    await page.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
    const line = page.locator('.qc-line').first();
    await line.getByText('Plantation Shutter - Basswood').waitFor();
    await expect.poll(() => line.innerText()).toContain('114 mm');
    expect(await line.innerText()).toContain('Z-frame');
    expect(await line.innerText()).toContain('2 panels');
    await line.getByTestId('qc-line-estimate').waitFor();
    // The calculator re-prices the stored line with its options: the same price.
    await expect.poll(async () => randTextToCents(await line.innerText())).toBe(expected);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the calculator prices an awning with a motor and adds it with its operation', async () => {
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(baseUrl + '/');
    await page.evaluate(() => localStorage.removeItem('quote-blinds'));
    await page.goto(baseUrl + '/quote-calculator');
    await page.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
    await page.getByLabel('Product').selectOption('awning-folding-arm');
    await page.getByLabel('Projection (mm)').waitFor();
    await page.getByLabel('Width (mm)').fill('2400');
    await page.getByLabel('Projection (mm)').fill('2000');
    const manual = cellCents('awning-folding-arm', 2400, 2000);
    await expect.poll(async () => randTextToCents(await page.getByTestId('qc-unit-price').innerText()), { timeout: 10_000 }).toBe(manual);
    await page.getByLabel('Operation').selectOption('motorised');
    const motorised = manual + chargeCents('awning-folding-arm', 'operation', 'motorised');
    await expect
      .poll(async () => randTextToCents(await page.getByTestId('qc-unit-price').innerText()), { timeout: 10_000 })
      .toBe(motorised);
    // No control side or blind mount for an awning.
    expect(await page.getByLabel('Control side').count()).toBe(0);
    await page.locator('.qc-swatch').first().click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await noHorizontalScroll(page)).toBe(true);
    await screenshot(page, `awning-calculator-${kind}`);
    await page.getByRole('button', { name: 'Add Blind' }).click();
    const line = page.locator('.qc-line').first();
    await line.getByText('Folding Arm Awning').waitFor();
    expect(await line.innerText()).toContain('Motorised (remote control)');
    expect(randTextToCents(await line.innerText())).toBe(motorised);
    expect(errors).toEqual([]);
    await context.close();
  });
});
