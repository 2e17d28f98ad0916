import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { RgbaImage } from '../../worker/lib/image/types';
import { encodePng } from '../worker/fixtures/png-file';
import { screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const PIN = '4321'; // global-setup starts the server with ADMIN_PIN 4321
const BLOCKS: [number, number, number][] = [
  [0xb3, 0x26, 0x1e],
  [0x1e, 0x2a, 0x4a],
  [0xc9, 0xb4, 0x8c],
];
let context: BrowserContext;
let page: Page;
let errors: string[];

/** A white page with three colour blocks: what a supplier's colour card screenshot looks like. */
function colourCardPng(): Buffer {
  const width = 180;
  const height = 90;
  const data = new Uint8Array(width * height * 4).fill(255);
  BLOCKS.forEach(([r, g, b], index) => {
    for (let y = 20; y < 70; y++) {
      for (let x = 15 + index * 55; x < 60 + index * 55; x++) data.set([r, g, b, 255], (y * width + x) * 4);
    }
  });
  const image: RgbaImage = { width, height, data };
  return Buffer.from(encodePng(image));
}

async function openSignedIn(viewport: { width: number; height: number }) {
  context = await browser.newContext({ viewport });
  page = await context.newPage();
  errors = watchErrors(page);
  await page.goto(`${baseUrl}/admin/color-screenshots`);
  await page.getByLabel('PIN', { exact: true }).fill(PIN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Screenshot Colour Extractor' }).waitFor();
}

afterEach(async () => {
  await context?.close();
});

describe('/admin/color-screenshots', () => {
  beforeEach(() => openSignedIn({ width: 1280, height: 900 }));

  it("says 'Missing Information' without a screenshot, then extracts the card's colours and lists the extraction", async () => {
    await page.getByRole('button', { name: 'Extract Colours' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Missing Information - Please provide screenshot, product name, and category' })
      .waitFor();

    const productName = `E2E Card ${Date.now()}`;
    await page.getByLabel('Screenshot').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: colourCardPng() });
    await page.getByRole('img', { name: 'Preview of the chosen screenshot' }).waitFor();
    await page.getByLabel('Product name').fill(productName);
    await page.getByLabel('Category').selectOption('roller');
    await page.getByLabel('Details (optional)').fill('Browser test card');
    await page.getByRole('button', { name: 'Extract Colours' }).click();

    const result = page.getByTestId('extraction-result');
    await result.getByRole('heading', { name: productName }).waitFor();
    const hexes = await result.locator('code').allTextContents();
    expect(hexes.sort()).toEqual(['#1E2A4A', '#B3261E', '#C9B48C']);
    await expect.poll(() => result.getByRole('button', { name: /^Add .* to product$/ }).count()).toBe(3);
    // The database list shows it too, newest first.
    await page.locator('.cs-extractions h3').first().filter({ hasText: productName }).waitFor();
    await screenshot(page, 'colour-screenshots-1280');
    expect(errors).toEqual([]);
  });

  it("shows 'No colour data available' when nothing has been extracted", async () => {
    // Let the first load settle, so the stubbed answer below is the only one still to come.
    await page.getByText('Loading colour data...').waitFor({ state: 'detached' });
    await page.route('**/api/colours/all*', (route) =>
      route.fulfill({ json: { success: true, colorsExtracted: 0, totalProducts: 0, extractions: [] } }),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('No colour data available').waitFor();
  });
});

describe('/admin/color-screenshots on a phone', () => {
  it('fits 360 px without sideways scrolling and is usable by keyboard', async () => {
    await openSignedIn({ width: 360, height: 780 });
    await page.getByLabel('Screenshot').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: colourCardPng() });
    await page.getByLabel('Product name').fill(`E2E Phone ${Date.now()}`);
    await page.getByLabel('Category').focus();
    await page.keyboard.press('ArrowDown'); // the first real category
    await page.getByLabel('Details (optional)').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Extract Colours');
    await page.keyboard.press('Enter');
    await page.getByTestId('extraction-result').locator('code').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'colour-screenshots-360');
    expect(errors).toEqual([]);
  });
});
