// /admin/catalog in Chromium (staff spec 2.3, 5, 8, 9): sign in, add a colour and find it in
// the storefront calculator's colour list, remove it, export, import a bad file, preview with three.js
// loaded only then, and a 360 px phone without sideways scrolling. The e2e DB is shared: no global counts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const PIN = '4321'; // global-setup starts the server with ADMIN_PIN 4321
const PRODUCT_NAME = 'Roller Blind - Blockout';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let context: BrowserContext;
let page: Page;
let errors: string[];
let scripts: Response[];

async function openSignedIn(viewport: { width: number; height: number }) {
  // bypassCSP: axe is injected as an inline script.
  context = await browser.newContext({ viewport, acceptDownloads: true, bypassCSP: true });
  page = await context.newPage();
  errors = watchErrors(page);
  scripts = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  await page.goto(`${baseUrl}/admin/catalog`);
  await page.getByLabel('PIN', { exact: true }).fill(PIN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Product Catalog Manager' }).waitFor();
  await page.getByTestId('catalog-card').first().waitFor();
}

/** Whether any script loaded so far carries three.js's renderer. */
async function threeLoaded(): Promise<boolean> {
  for (const r of scripts) {
    if ((await r.text().catch(() => '')).includes('WebGLRenderer')) return true;
  }
  return false;
}

async function selectProduct(name: string) {
  const card = page.getByTestId('catalog-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('button', { name: /^Select/ }).click();
  await card.getByRole('button', { name: /^Selected/ }).waitFor();
}

async function seriousViolations(): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

afterEach(async () => {
  await context?.close();
});

describe('/admin/catalog', () => {
  it('adds a colour that the storefront calculator lists, removes it, and keeps three.js out until Preview', async () => {
    await openSignedIn({ width: 1280, height: 900 });
    expect(await threeLoaded()).toBe(false);
    // Spec 2.3: the Colour Editor is enabled by selecting a product.
    await expect.poll(() => page.getByRole('tab', { name: 'Colour Editor' }).isDisabled()).toBe(true);
    expect(await seriousViolations()).toEqual([]);
    // Spec 2.3, 9: a card shows 8 swatches, then '+N' for the rest.
    const card = page.getByTestId('catalog-card').filter({ has: page.getByRole('heading', { name: PRODUCT_NAME, exact: true }) });
    const total = ((await (await page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours: unknown[] }).colours
      .length;
    expect(total).toBeGreaterThan(8);
    await expect.poll(() => card.locator('.ca-swatch:not(.ca-swatch--more)').count()).toBe(8);
    await expect.poll(() => card.locator('.ca-swatch--more').innerText()).toBe(`+${total - 8}`);

    await selectProduct(PRODUCT_NAME);
    await page.getByRole('tab', { name: 'Colour Editor' }).click();
    await page.getByRole('heading', { name: `Colours of ${PRODUCT_NAME}` }).waitFor();

    // Spec 5: name and hex are required.
    await page.getByRole('button', { name: 'Add Colour' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Validation Error' })
      .filter({ hasText: 'Please fill in colour name and hex code' })
      .waitFor();

    const colour = `E2E Teal ${Date.now()}`;
    await page.getByLabel('Colour name').fill(colour);
    await page.getByLabel('Hex code').fill('#1A7F7A');
    await page.getByLabel('Material', { exact: true }).fill('Blockout fabric');
    await page.getByLabel('Pantone (optional)').fill('7716 C');
    await page.getByRole('button', { name: 'Add Colour' }).click();
    await page.getByRole('status').filter({ hasText: 'Colour added' }).waitFor();
    const row = page.locator('.ca-colour').filter({ hasText: colour });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('#1A7F7A');
    expect(await seriousViolations()).toEqual([]);
    await screenshot(page, 'catalog-admin-colour-editor-1280');

    // The storefront calculator offers it at once, with its swatch image.
    const shop = await context.newPage();
    await shop.goto(`${baseUrl}/quote-calculator`);
    const colours = shop.waitForResponse((r) => r.url().includes('/api/colours/roller-blockout'));
    await shop.getByLabel('Product').selectOption('roller-blockout');
    expect((await colours).ok()).toBe(true);
    const radio = shop.locator(`input[type="radio"][value="${colour}"]`);
    await radio.waitFor({ state: 'attached' });
    const swatch = shop.locator('.qc-swatch').filter({ has: radio }).locator('img');
    await expect.poll(() => swatch.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await shop.close();

    // Remove it: gone from the editor and from the storefront's list.
    await row.getByRole('button', { name: `Remove ${colour}` }).click();
    await page.getByRole('status').filter({ hasText: 'Colour removed' }).waitFor();
    await row.waitFor({ state: 'detached' });
    const listed = (await (await page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours: { name: string }[] };
    expect(listed.colours.map((c) => c.name)).not.toContain(colour);

    // Preview: the visualiser's renderer, fetched only now.
    expect(await threeLoaded()).toBe(false);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByTestId('catalog-preview').locator('canvas').waitFor();
    expect(await threeLoaded()).toBe(true);
    await screenshot(page, 'catalog-admin-preview-1280');
    expect(errors).toEqual([]);
  });

  it("exports a dated JSON file and refuses a bad import with 'Import Error - Invalid catalog file format'", async () => {
    await openSignedIn({ width: 1280, height: 900 });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Catalog' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^catalog-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync(await file.path(), 'utf8')) as {
      metadata: { version: string; exportedAt: string };
      products: { id: string }[];
    };
    expect(exported.metadata.version).toBe('1.0');
    expect(exported.products.some((p) => p.id === 'roller-blockout')).toBe(true);
    await page.getByRole('status').filter({ hasText: 'Catalog exported' }).waitFor();

    await page
      .getByLabel('Import Catalog')
      .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ items: [] })) });
    await page.getByRole('alert').filter({ hasText: 'Import Error' }).filter({ hasText: 'Invalid catalog file format' }).waitFor();
    await page
      .getByLabel('Import Catalog')
      .setInputFiles({ name: 'not-json.json', mimeType: 'application/json', buffer: Buffer.from('not json at all') });
    await page.getByRole('alert').filter({ hasText: 'Invalid catalog file format' }).waitFor();

    // A good file (the export's shape) is applied: its new product shows as a card.
    const id = `e2e-import-${Date.now()}`;
    const good = {
      metadata: { version: '1.0' },
      products: [{ id, name: `E2E Imported ${id}`, category: 'zebra', colours: [{ name: 'Ivory', hex: '#F4EFE6' }] }],
    };
    await page
      .getByLabel('Import Catalog')
      .setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
    await page.getByRole('status').filter({ hasText: 'Catalog imported' }).waitFor();
    await page
      .getByTestId('catalog-card')
      .filter({ has: page.getByRole('heading', { name: `E2E Imported ${id}`, exact: true }) })
      .waitFor();
    expect(errors).toEqual([]);
  });

  it("adds a product with the spec's defaults and says it has no price list yet", async () => {
    await openSignedIn({ width: 1280, height: 900 });
    const name = `E2E Product ${Date.now()}`;
    await page.getByLabel('Product name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('status').filter({ hasText: 'Product added' }).waitFor();
    const card = page.getByTestId('catalog-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect.poll(() => card.innerText()).toContain('No colours defined');
    await expect.poll(() => card.innerText()).toContain('No price list');
    await page.getByTestId('no-price-list').waitFor();
    await expect.poll(() => page.getByLabel('Category', { exact: true }).inputValue()).toBe('roller');
    await expect.poll(() => page.getByLabel('Price category').inputValue()).toBe('standard');
    await expect.poll(() => page.getByLabel('Installation type').inputValue()).toBe('both');
    await page.getByLabel('Features (one per line)').fill('Cordless\nChild safe');
    await page.getByRole('button', { name: 'Save Product' }).click();
    await page.getByRole('status').filter({ hasText: 'Product saved' }).waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'Colour Editor' }).isDisabled()).toBe(false);
    await screenshot(page, 'catalog-admin-products-1280');
    expect(errors).toEqual([]);
  });

  it("says 'Loading Error' and starts empty when the catalog cannot be loaded", async () => {
    await openSignedIn({ width: 1280, height: 900 });
    await page.route(
      (url) => url.pathname === '/api/admin/catalog',
      (route) => route.fulfill({ status: 503, json: { success: false, message: 'Down' } }),
    );
    await page.reload();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Loading Error' })
      .filter({ hasText: 'Could not load product catalog. Starting with empty catalog.' })
      .waitFor();
    await expect.poll(() => page.getByTestId('catalog-card').count()).toBe(0);
    await page.getByText('The catalog could not be loaded, so the list is empty.').waitFor();
  });
});

describe('/admin/catalog on a phone', () => {
  it('fits 360 px without sideways scrolling on every tab', async () => {
    await openSignedIn({ width: 360, height: 780 });
    expect(await noSidewaysScroll()).toBe(true);
    await selectProduct(PRODUCT_NAME);
    expect(await noSidewaysScroll()).toBe(true);
    await page.getByRole('tab', { name: 'Colour Editor' }).click();
    await page.getByRole('heading', { name: `Colours of ${PRODUCT_NAME}` }).waitFor();
    expect(await noSidewaysScroll()).toBe(true);
    await screenshot(page, 'catalog-admin-360');
    // Keyboard: arrow keys move between the tabs.
    await page.getByRole('tab', { name: 'Colour Editor' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Preview');
    await page.getByTestId('catalog-preview').locator('canvas').waitFor();
    expect(await noSidewaysScroll()).toBe(true);
    expect(errors).toEqual([]);
  });
});
