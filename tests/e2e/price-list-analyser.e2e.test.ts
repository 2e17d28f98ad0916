// /admin/pricing in Chromium (staff spec 2.5, 8): a price-list image with known bands, drawn on a
// canvas, is read by real tesseract.js from files this site serves, analysed, shown, and downloaded as the
// bulk upload's CSV; no request leaves localhost.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { OCR_CORE_DIR, OCR_CORE_FILES, OCR_LANG_DIR, OCR_WORKER_PATH } from '../../web/src/features/staff/price-list-analysis/ocr-assets';
import { screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const PIN = '4321'; // global-setup starts the server with ADMIN_PIN 4321
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const WIDTHS = [600, 900, 1200, 1500];
const DROPS = [900, 1200, 1500];
/** Prices excl. VAT, rand: row = drop, column = width. */
const PRICES = [
  [450, 520, 590, 660],
  [495, 575, 655, 735],
  [540, 630, 720, 810],
];

let context: BrowserContext;
let page: Page;
let errors: string[];
let offsite: string[];

const isLocal = (url: string) => /^(https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/|data:|blob:|about:)/.test(url);

async function openSignedIn(viewport: { width: number; height: number }) {
  context = await browser.newContext({ viewport, acceptDownloads: true });
  offsite = [];
  context.on('request', (request) => {
    if (!isLocal(request.url())) offsite.push(request.url());
  });
  // Anything leaving localhost fails instead of reaching a CDN (and is recorded above).
  await context.route(
    (url) => !isLocal(url.href),
    (route) => route.abort(),
  );
  page = await context.newPage();
  errors = watchErrors(page);
  await page.goto(`${baseUrl}/admin/pricing`);
  await page.getByLabel('PIN', { exact: true }).fill(PIN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Price List Analyzer' }).waitFor();
}

/** A supplier's price list as a PNG, drawn on a canvas in the page (DejaVu Sans, black on white). */
async function priceListPng(): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ widths, drops, prices }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 1200;
      canvas.height = 560;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = '#000';
      ctx.font = 'bold 34px "DejaVu Sans", sans-serif';
      ctx.fillText('ROLLER BLINDS - BLOCKOUT RANGE', 40, 60);
      ctx.font = '28px "DejaVu Sans", sans-serif';
      ctx.fillText('All prices excl. VAT', 40, 110);
      const col = (i: number) => 330 + i * 210;
      ctx.fillText('Drop \\ Width (mm)', 40, 190);
      widths.forEach((w, i) => ctx.fillText(String(w), col(i), 190));
      drops.forEach((d, r) => {
        const y = 270 + r * 80;
        ctx.fillText(String(d), 40, y);
        prices[r]!.forEach((p, i) => ctx.fillText(`R ${p}.00`, col(i), y));
      });
      return canvas.toDataURL('image/png');
    },
    { widths: WIDTHS, drops: DROPS, prices: PRICES },
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** axe's serious and critical violations on the page as it is (evaluated over CDP, so the CSP stays on). */
async function blockingViolations(): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
  });
}

const NO_BANDS_ANSWER = {
  success: true,
  source: 'parser',
  analysis: {
    categories: [],
    dimensions: { widths_mm: [], drops_mm: [] },
    pricing_notes: [],
    csv_recommendations: ['No width and drop bands were found in the text: the price list may be too blurred or at an angle.'],
    price_grid: null,
  },
};

afterEach(async () => {
  await context?.close();
});

describe('/admin/pricing', () => {
  it("serves tesseract's worker, wasm cores and English model itself, cached for a year (versioned paths)", async () => {
    for (const path of [OCR_WORKER_PATH, ...OCR_CORE_FILES.map((f) => `${OCR_CORE_DIR}/${f}`), `${OCR_LANG_DIR}/eng.traineddata.gz`]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control'), path).toContain('immutable');
      // The worker's own response carries its policy (which must allow compiling WebAssembly); the
      // cores' scripts it imports run under that policy, so a CSP on them would be ignored and is left off.
      if (!path.endsWith('.js') || path === OCR_WORKER_PATH)
        expect(res.headers.get('Content-Security-Policy'), path).toContain("'wasm-unsafe-eval'");
      expect((await res.arrayBuffer()).byteLength, path).toBeGreaterThan(100_000);
    }
  });

  it('reads a price-list image in the browser, shows the bands and prices, and downloads the bulk-upload CSV', async () => {
    await openSignedIn({ width: 1280, height: 900 });
    await page.getByText('No analysis yet').waitFor();
    await page
      .getByLabel('Price list image')
      .setInputFiles({ name: 'supplier-list.png', mimeType: 'image/png', buffer: await priceListPng() });
    await page.getByRole('img', { name: 'Preview of the chosen price list' }).waitFor();
    await page.getByRole('button', { name: 'Analyze Price List' }).click();
    // Progress while tesseract works.
    await page
      .getByRole('status')
      .filter({ hasText: /Loading|Reading the text|Preparing|Analysing/ })
      .first()
      .waitFor();

    const result = page.getByTestId('analysis-result');
    await result.waitFor({ timeout: 50_000 });
    await expect.poll(() => result.getByTestId('widths').textContent()).toBe(WIDTHS.join(', '));
    await expect.poll(() => result.getByTestId('drops').textContent()).toBe(DROPS.join(', '));
    const grid = result.getByTestId('price-grid');
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(3);
    await expect
      .poll(() => grid.locator('tbody tr').first().locator('td').allTextContents())
      .toEqual(PRICES[0]!.map((p) => `R\u00a0${p},00`));
    await result.locator('.pla-categories').getByText('Roller Blinds - Blockout Range').waitFor();
    await result.getByText(/15% VAT was added/).waitFor();

    await result.getByRole('button', { name: 'Download CSV' }).click();
    await result.getByRole('alert').filter({ hasText: 'Choose the product' }).waitFor();
    await result.getByLabel('Product').selectOption('roller-blockout');
    const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('roller-blockout.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    const incl = (rand: number) => (Math.round(rand * 100 * 1.15) / 100).toFixed(2);
    expect(csv.trim().split('\r\n')).toEqual([
      `drop_mm \\ width_mm,${WIDTHS.join(',')}`,
      ...DROPS.map((d, r) => [d, ...PRICES[r]!.map(incl)].join(',')),
    ]);
    await screenshot(page, 'price-list-analyser-1280');
    expect(await blockingViolations()).toEqual([]);
    expect(offsite).toEqual([]);
    expect(errors).toEqual([]);
  }, 90_000);

  it("says when no bands were found, shows 'Analysis Failed' and the inline text when the analysis fails, and fits 360 px", async () => {
    await openSignedIn({ width: 360, height: 780 });
    await page.route('**/api/analyze-price-list', (route) => route.fulfill({ json: NO_BANDS_ANSWER }));
    await page
      .getByLabel('Price list image')
      .setInputFiles({ name: 'supplier-list.png', mimeType: 'image/png', buffer: await priceListPng() });
    await page.getByRole('button', { name: 'Analyze Price List' }).click();
    await page.getByTestId('no-bands').waitFor({ timeout: 50_000 });
    await expect.poll(() => page.getByTestId('price-grid').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Download CSV' }).count()).toBe(0);

    await page.unroute('**/api/analyze-price-list');
    await page.route('**/api/analyze-price-list', (route) =>
      route.fulfill({ status: 500, json: { error: 'internal_error', message: 'Something went wrong on our side.' } }),
    );
    await page.getByRole('button', { name: 'Analyze Price List' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Analysis Failed' }).waitFor({ timeout: 50_000 });
    await page.getByText('Failed to analyze price list. Please try again or check the image quality.').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'price-list-analyser-360-failed');
    expect(await blockingViolations()).toEqual([]);
    expect(offsite).toEqual([]);
    // The stubbed 500 is logged by the browser as a failed resource load.
    expect(errors.filter((e) => !/status of 500/.test(e))).toEqual([]);
  }, 90_000);
});
