// Products staff add are products customers can buy, in Chromium: staff add a product and a colour in
// the catalogue editor; the calculator offers it as 'Price on request' with the lead form and no
// order; staff download its price-list template (not a 404), fill it in and upload it; a customer on
// a phone then prices and orders it through the calculator. A product staff hide leaves the
// calculator, while a stored quote with it still opens. The e2e DB is shared: names carry the time.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { screenshot, testClientAddress, useBrowser, watchErrors } from './browser';
import { openOrderPanel } from './order-panel';
import { filledInTemplate as filledIn } from '../worker/price-template-fixtures';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const PIN = '4321'; // global-setup starts the server with ADMIN_PIN 4321

let contexts: BrowserContext[] = [];

afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

async function newPage(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  // bypassCSP: axe is injected as an inline script.
  const context = await browser.newContext({ viewport, acceptDownloads: true, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

async function signIn(page: Page, path: string) {
  await page.goto(baseUrl + path);
  await page.getByLabel('PIN', { exact: true }).fill(PIN);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function chooseProduct(page: Page, id: string) {
  await page.goto(`${baseUrl}/quote-calculator`);
  await page.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
  await expect.poll(() => page.getByLabel('Product').locator(`option[value="${id}"]`).count()).toBe(1);
  await page.getByLabel('Product').selectOption(id);
}

describe('a product staff add in the catalogue editor', () => {
  it('is price on request, then priced by its CSV template and ordered through the calculator on a phone', async () => {
    const staff = await newPage({ width: 1280, height: 900 });
    const name = `E2E Linen Roller ${Date.now()}`;
    await signIn(staff.page, '/admin/catalog');
    await staff.page.getByRole('heading', { level: 1, name: 'Product Catalog Manager' }).waitFor();
    await staff.page.getByLabel('Product name', { exact: true }).fill(name);
    await staff.page.getByRole('button', { name: 'Add Product' }).click();
    await staff.page.getByRole('status').filter({ hasText: 'Product added' }).waitFor();
    const card = staff.page.getByTestId('catalog-card').filter({ has: staff.page.getByRole('heading', { name, exact: true }) });
    await card.getByRole('button', { name: /^Select/ }).click();
    const fileName = await staff.page.getByTestId('no-price-list').locator('code').innerText();
    const id = fileName.replace(/\.csv$/, '');
    await expect.poll(() => staff.page.getByTestId('product-availability').innerText()).toContain("'Price on request'");
    await staff.page.getByRole('tab', { name: 'Colour Editor' }).click();
    await staff.page.getByLabel('Colour name').fill('Sea Mist');
    await staff.page.getByLabel('Hex code').fill('#A8C3C0');
    await staff.page.getByRole('button', { name: 'Add Colour' }).click();
    await staff.page.getByRole('status').filter({ hasText: 'Colour added' }).waitFor();

    // Before its price list: offered, but 'Price on request' with the lead form, and no Add or Order.
    const shop = await newPage({ width: 375, height: 812 });
    await chooseProduct(shop.page, id);
    await shop.page.getByTestId('qc-price-on-request').getByText('Price on request', { exact: true }).waitFor();
    await shop.page.locator('#qc-price-on-request-form').getByRole('heading').first().waitFor();
    expect(await shop.page.getByRole('button', { name: 'Add Blind' }).count()).toBe(0);
    expect(await shop.page.getByRole('button', { name: 'Order This Blind Now' }).count()).toBe(0);
    expect(await seriousAxeViolations(shop.page)).toEqual([]);
    expect(await noSidewaysScroll(shop.page)).toBe(true);
    await screenshot(shop.page, 'catalog-products-price-on-request-375');

    // Staff download its template (not a 404), fill it in and upload it.
    await staff.page.goto(baseUrl + '/admin/scraper');
    await staff.page.getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor();
    await staff.page.getByRole('tab', { name: 'Price List Management' }).click();
    const row = staff.page.locator(`[data-product="${id}"]`);
    await expect.poll(() => row.innerText()).toContain('No price list');
    const [download] = await Promise.all([
      staff.page.waitForEvent('download'),
      row.getByRole('button', { name: /Download template/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${id}-pricing-template.csv`);
    const template = readFileSync((await download.path())!, 'utf8');
    expect(template.split('\r\n')[0]).toMatch(/^drop_mm \\ width_mm,600,/);
    await staff.page
      .getByLabel('Price list CSV files')
      .setInputFiles({ name: `${id}-pricing-template.csv`, mimeType: 'text/csv', buffer: Buffer.from(filledIn(template)) });
    await staff.page.getByRole('button', { name: 'Upload Price Lists' }).click();
    await staff.page.getByTestId('upload-results').filter({ hasText: '1 of 1 files' }).waitFor();
    expect(staff.errors).toEqual([]);

    // The customer comes from its landing card ('Price your size'), prices and orders it: 1200 x 1500 is R 770 (500 + 270).
    await shop.page.goto(`${baseUrl}/`);
    const landingCard = shop.page.locator('.product-card').filter({ hasText: name });
    await expect.poll(() => landingCard.innerText()).toMatch(/From R\s620,00/);
    await landingCard.getByRole('link', { name: /Price your size/ }).click();
    await shop.page.waitForURL(/\/quote-calculator\?product=/);
    await expect.poll(() => shop.page.getByLabel('Product').inputValue()).toBe(id);
    await shop.page.getByLabel('Width (mm)').fill('1200');
    await shop.page.getByLabel('Drop (mm)').fill('1500');
    await shop.page.locator('.qc-swatch').first().click();
    await expect.poll(() => shop.page.getByTestId('qc-unit-price').innerText()).toMatch(/770/);
    await shop.page.getByRole('button', { name: 'Add Blind' }).click();
    await expect.poll(() => shop.page.getByTestId('qc-line').innerText()).toContain(name);
    await openOrderPanel(shop.page);
    await shop.page.getByLabel('Full Name').fill('Thandi Mokoena');
    await shop.page.getByLabel('Email Address').fill('thandi@example.co.za');
    await shop.page.getByLabel('Phone Number').fill('082 555 0101');
    const popup = shop.page.context().waitForEvent('page');
    await shop.page.getByRole('button', { name: 'Place Order' }).click();
    await shop.page.waitForURL(/\/order-confirmation\?ref=CB-/);
    await (await popup).close();
    await shop.page.getByText(name).first().waitFor();
    const reference = new URL(shop.page.url()).searchParams.get('ref')!;
    const order = (await (await fetch(`${baseUrl}/api/orders/${reference}`)).json()) as { order: { blinds: { product_type: string }[] } };
    expect(order.order.blinds[0]!.product_type).toBe(id);
    await screenshot(shop.page, 'catalog-products-ordered-375');
    expect(shop.errors).toEqual([]);
  });
});

describe('a product staff hide', () => {
  it('is gone from the calculator, while a stored quote with it still opens (staff on a phone)', async () => {
    const staff = await newPage({ width: 360, height: 780 });
    await signIn(staff.page, '/admin/catalog');
    await staff.page.getByRole('heading', { level: 1, name: 'Product Catalog Manager' }).waitFor();
    const name = `E2E Harbour Roller ${Date.now()}`;
    const request = staff.page.request;
    const headers = { Origin: baseUrl, 'CF-Connecting-IP': testClientAddress() };
    const created = await request.post(`${baseUrl}/api/admin/catalog/products`, { data: { name }, headers });
    expect(created.status()).toBe(201);
    const { product } = (await created.json()) as { product: { id: string } };
    const colour = await request.post(`${baseUrl}/api/admin/catalog/products/${product.id}/colours`, {
      data: { name: 'Sea Mist', hex: '#A8C3C0' },
      headers,
    });
    expect(colour.status()).toBe(201);
    const template = await (await request.get(`${baseUrl}/api/pricing/template/${product.id}`)).text();
    const upload = await request.post(`${baseUrl}/api/pricing/bulk-upload`, {
      multipart: { price_lists: { name: `${product.id}.csv`, mimeType: 'text/csv', buffer: Buffer.from(filledIn(template)) } },
      headers,
    });
    expect(upload.status()).toBe(200);
    const saved = await request.post(`${baseUrl}/api/email/quote-internal`, {
      data: {
        quote_id: 'CB-818181',
        blinds: [{ product_type: product.id, width_mm: 1200, drop_mm: 1500, colour: 'Sea Mist', quantity: 1 }],
      },
      headers,
    });
    expect(saved.status()).toBe(201);
    const { quote_id, access_key } = (await saved.json()) as { quote_id: string; access_key: string };

    // Hidden in the catalogue editor.
    await staff.page.reload();
    const card = staff.page.getByTestId('catalog-card').filter({ has: staff.page.getByRole('heading', { name, exact: true }) });
    await card.getByRole('button', { name: /^Select/ }).click();
    await staff.page.getByRole('button', { name: 'Hide from storefront' }).click();
    await staff.page.getByRole('status').filter({ hasText: 'Product hidden' }).waitFor();
    await expect.poll(() => card.innerText()).toContain('Hidden');
    expect(await seriousAxeViolations(staff.page)).toEqual([]);
    expect(await noSidewaysScroll(staff.page)).toBe(true);
    await screenshot(staff.page, 'catalog-products-hidden-staff-360');
    // Deleting it is refused with what refers to it, and it stays.
    staff.page.once('dialog', (d) => void d.accept());
    await staff.page.getByRole('button', { name: 'Delete product' }).click();
    await expect
      .poll(() => staff.page.getByTestId('product-availability').getByRole('alert').innerText())
      .toContain('cannot be deleted while records refer to it');
    // The refused delete is the one console line: Chromium logs every 4xx answer.
    expect(staff.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);

    const shop = await newPage({ width: 375, height: 812 });
    await shop.page.goto(`${baseUrl}/quote-calculator`);
    await shop.page.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
    await expect.poll(() => shop.page.getByLabel('Product').locator('option[value="roller-blockout"]').count()).toBe(1);
    expect(await shop.page.getByLabel('Product').locator(`option[value="${product.id}"]`).count()).toBe(0);

    await shop.page.goto(`${baseUrl}/quote?quote_id=${quote_id}&key=${encodeURIComponent(access_key)}`);
    await shop.page.getByText(name).first().waitFor();
    await expect.poll(() => shop.page.locator('main').innerText()).toContain(quote_id);
    await screenshot(shop.page, 'catalog-products-hidden-quote-375');
    expect(shop.errors).toEqual([]);
  });
});
