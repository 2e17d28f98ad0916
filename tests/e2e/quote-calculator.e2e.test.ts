import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { holdRequests, openStartedLanding, screenshot, useBrowser, watchErrors } from './browser';
import { openOrderPanel } from './order-panel';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The server's unit price for one blind of this size, in cents. */
async function serverUnitCents(page: Page, productType: string, width: number, drop: number): Promise<number> {
  const res = await page.request.post(baseUrl + '/api/pricing/quote', {
    data: { width_mm: width, drop_mm: drop, product_type: productType, quantity: 1 },
  });
  const body = (await res.json()) as { success: boolean; quote?: { price: number } };
  expect(body.success).toBe(true);
  return Math.round(body.quote!.price * 100);
}

/** 'R 1 234,50' (whatever ICU's spaces and separators) -> 123450: amounts always show two decimals. */
function randTextToCents(text: string): number {
  return Number(text.replace(/[^\d]/g, ''));
}

async function cents(page: Page, testId: string, nth = 0): Promise<number> {
  return randTextToCents(await page.getByTestId(testId).nth(nth).innerText());
}

/** Chooses the product, waits for its colours, types the size and quantity, picks the n-th swatch; answers the colour name. */
async function fillBlind(page: Page, product: string, width: number, drop: number, colourIndex: number, quantity = 1): Promise<string> {
  if ((await page.getByLabel('Product').inputValue()) !== product) {
    const colours = page.waitForResponse((r) => r.url().includes(`/api/colours/${product}`));
    await page.getByLabel('Product').selectOption(product);
    expect((await colours).ok()).toBe(true);
  }
  await page.getByLabel('Width (mm)').fill(String(width));
  await page.getByLabel('Drop (mm)').fill(String(drop));
  await page.getByLabel('Quantity').fill(String(quantity));
  const radio = page.getByRole('radio').nth(colourIndex);
  await radio.waitFor({ state: 'attached' });
  await page.locator('.qc-swatch').nth(colourIndex).click();
  await expect.poll(() => radio.isChecked()).toBe(true);
  // A real swatch image, loaded from the server.
  const swatch = page.locator('.qc-swatch img').nth(colourIndex);
  await expect.poll(() => swatch.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  return radio.inputValue();
}

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

describe('/quote-calculator (Online Blind Quotation)', () => {
  it('adds two blinds at the server prices, removes one, stops a too-big size, keeps the list over a reload and fits 360 px', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    const errors = watchErrors(page);
    // Measurements handed over by the measuring tools prefill the size.
    await openStartedLanding(page, baseUrl);
    await page.evaluate(() => {
      localStorage.removeItem('quote-blinds');
      localStorage.setItem('auto-measurements', JSON.stringify({ width_mm: 1450, drop_mm: 1720 }));
    });
    await page.goto(baseUrl + '/quote-calculator');
    await page.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
    await expect.poll(() => page.getByLabel('Width (mm)').inputValue()).toBe('1450');
    await expect.poll(() => page.getByLabel('Drop (mm)').inputValue()).toBe('1720');
    await page.getByText('No blinds added yet').waitFor();
    const add = page.getByRole('button', { name: 'Add Blind' });
    await expect.poll(() => add.isDisabled()).toBe(true);

    // Enter without a colour: the spec's message.
    const colours = page.waitForResponse((r) => r.url().includes('/api/colours/roller-blockout'));
    await page.getByLabel('Product').selectOption('roller-blockout');
    await colours;
    await page.getByLabel('Width (mm)').press('Enter');
    await page.getByTestId('toast').getByText('Please complete all required fields including colour selection.').waitFor();
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Missing Information');

    // Blind 1: the live price is the server's.
    const colour1 = await fillBlind(page, 'roller-blockout', 1200, 1500, 0);
    const unit1 = await serverUnitCents(page, 'roller-blockout', 1200, 1500);
    await page.getByTestId('qc-unit-price').waitFor();
    expect(await cents(page, 'qc-unit-price')).toBe(unit1);
    await page.getByText('Sample prices').first().waitFor();
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await page.getByTestId('qc-line').first().waitFor();
    // Each add resets the form.
    await expect.poll(() => page.getByLabel('Product').inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Width (mm)').inputValue()).toBe('');

    // Blind 2: two of them.
    const colour2 = await fillBlind(page, 'venetian-aluminium-25mm', 900, 1200, 1, 2);
    const unit2 = await serverUnitCents(page, 'venetian-aluminium-25mm', 900, 1200);
    await page.getByTestId('qc-line-total').waitFor();
    expect(await cents(page, 'qc-unit-price')).toBe(unit2);
    expect(await cents(page, 'qc-line-total')).toBe(unit2 * 2);
    await add.click();
    await expect.poll(() => page.getByTestId('qc-line').count()).toBe(2);

    const lines = page.getByTestId('qc-line');
    await expect.poll(() => lines.nth(0).innerText()).toContain('Roller Blind - Blockout');
    await expect.poll(() => lines.nth(0).innerText()).toContain('1200 x 1500 mm');
    await expect.poll(() => lines.nth(0).innerText()).toContain(colour1);
    await expect.poll(() => lines.nth(1).innerText()).toContain('Venetian Blind - 25mm Aluminium');
    await expect.poll(() => lines.nth(1).innerText()).toContain(colour2);
    expect(await cents(page, 'qc-line-total-amount', 0)).toBe(unit1);
    expect(await cents(page, 'qc-line-total-amount', 1)).toBe(unit2 * 2);
    expect(await cents(page, 'qc-summary-total')).toBe(unit1 + unit2 * 2);
    expect(await cents(page, 'qc-summary-vat')).toBe(Math.round(((unit1 + unit2 * 2) * 15) / 115));
    await expect.poll(() => page.getByTestId('qc-summary-lines').innerText()).toBe('2 lines, 3 blinds');

    // A size over 3000 mm: the live check sends the customer to the team, and adding it is refused.
    await fillBlind(page, 'roller-blockout', 3500, 1500, 0);
    await page.getByTestId('qc-price-problem').getByText('Contact Team for Custom Made Orders').waitFor();
    await add.click();
    await page.getByTestId('toast').getByText('Custom Size Required').waitFor();
    await expect.poll(() => page.getByTestId('qc-line').count()).toBe(2);

    // Remove the roller blind.
    await page.getByRole('button', { name: 'Remove Roller Blind - Blockout 1200 x 1500' }).click();
    await expect.poll(() => page.getByTestId('qc-line').count()).toBe(1);
    expect(await cents(page, 'qc-summary-total')).toBe(unit2 * 2);
    expect(await noHorizontalScroll(page)).toBe(true);
    await screenshot(page, 'quote-calculator-360');

    // The list survives a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
    await expect.poll(() => page.getByTestId('qc-line').count()).toBe(1);
    await expect.poll(() => page.getByTestId('qc-line').innerText()).toContain('Venetian Blind - 25mm Aluminium');
    expect(await cents(page, 'qc-summary-total')).toBe(unit2 * 2);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('quote-blinds') ?? '[]') as { product_type: string; quantity: number; price: number }[],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ product_type: 'venetian-aluminium-25mm', quantity: 2, price: unit2 / 100 });

    // The order panel opens and closes; its button waits for name, e-mail and phone.
    const toggle = page.getByRole('button', { name: 'Complete Your Order' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
    await page.getByLabel('Full Name').press('Enter');
    await page.getByTestId('toast').getByText('Please fill in your name, email, and phone number.').waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

    expect(errors).toEqual([]);
    await page.close();
  });

  it("keeps an estimated size (the polygon tool's) marked 'Estimate' through the calculator and the order, whose confirmation says the team will confirm the sizes (DESIGN.md 7b)", async () => {
    for (const width of [1280, 360]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await openStartedLanding(page, baseUrl);
      // What the polygon tool hands over: a size drawn on a photo with an assumed width.
      const handOver = () =>
        page.evaluate(() => {
          localStorage.removeItem('quote-blinds');
          localStorage.setItem(
            'auto-measurements',
            JSON.stringify({ width_mm: 1450, drop_mm: 1720, estimated: true, size_source: 'polygon-estimate' }),
          );
        });
      await handOver();
      await page.goto(baseUrl + '/quote-calculator');
      const formEstimate = page.getByTestId('qc-form-estimate');
      await formEstimate.getByText('Estimate', { exact: true }).waitFor();
      await expect.poll(() => formEstimate.innerText()).toContain("We'll confirm this size before production");
      // Typing a size makes it the customer's own.
      await page.getByLabel('Width (mm)').fill('1460');
      await expect.poll(() => formEstimate.count()).toBe(0);

      // Added as it came: the line keeps its 'Estimate' badge, over a reload too.
      await handOver();
      await page.reload();
      await formEstimate.waitFor();
      const colours = page.waitForResponse((r) => r.url().includes('/api/colours/roller-blockout'));
      await page.getByLabel('Product').selectOption('roller-blockout');
      await colours;
      await page.locator('.qc-swatch').first().click();
      await page.getByTestId('qc-unit-price').waitFor();
      await page.getByRole('button', { name: 'Add Blind' }).click();
      const line = page.getByTestId('qc-line');
      await line.getByTestId('qc-line-estimate').waitFor();
      await expect.poll(() => line.innerText()).toContain('1450 x 1720 mm');
      await page.reload();
      await line.getByTestId('qc-line-estimate').getByText('Estimate', { exact: true }).waitFor();
      await expect.poll(() => line.getByTestId('qc-line-estimate').innerText()).toContain("We'll confirm this size before production");
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('quote-blinds') ?? '[]') as Record<string, unknown>[]);
      expect(stored[0]).toMatchObject({ width_mm: 1450, drop_mm: 1720, size_source: 'polygon-estimate' });

      // It may be ordered: the order panel says the team confirms the sizes first.
      await openOrderPanel(page);
      await page.getByLabel('Full Name').fill('Thandi Mokoena');
      await page.getByLabel('Email Address').fill('thandi@example.co.za');
      await page.getByLabel('Phone Number').fill('082 555 0101');
      await page.getByTestId('sizes-confirm-note').getByText('Our team will confirm your sizes before production.').waitFor();
      expect(await noHorizontalScroll(page)).toBe(true);
      await screenshot(page, `quote-calculator-estimated-${width}`);
      const popup = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.waitForURL(/\/order-confirmation\?ref=CB-/);
      await (await popup).close();
      const reference = new URL(page.url()).searchParams.get('ref')!;

      // The confirmation shows the estimate on the line and tells the customer the team confirms the sizes.
      await page.getByTestId('sizes-confirm-note').getByText('Our team will confirm your sizes before production.').waitFor();
      const row = page.locator('.orders-table tbody tr').first();
      await row.getByText('Estimate', { exact: true }).waitFor();
      await expect.poll(() => row.innerText()).toContain("We'll confirm this size before production");
      expect(await noHorizontalScroll(page)).toBe(true);
      await screenshot(page, `order-confirmation-estimated-${width}`);
      // The server kept it: the order reads back as sizes to be confirmed.
      const { order } = (await (await page.request.get(`${baseUrl}/api/orders/${reference}`)).json()) as {
        order: { sizes_to_confirm: boolean; blinds: { size_source: string }[] };
      };
      expect(order.sizes_to_confirm).toBe(true);
      expect(order.blinds[0]!.size_source).toBe('polygon-estimate');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("shows the expected dispatch date of the blinds in the quote, from the products' lead times, in the calculator and the quote document (360 px)", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(baseUrl + '/quote-calculator');
    await page.evaluate(() => localStorage.removeItem('quote-blinds'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
    await fillBlind(page, 'roller-blockout', 1200, 1500, 0);
    await page.getByRole('button', { name: 'Add Blind' }).click();
    await expect.poll(() => page.getByTestId('qc-line').count()).toBe(1);

    // The server's dates for this quote (counted from today, weekends and SA public holidays skipped).
    const dates = (await (await page.request.get(`${baseUrl}/api/delivery-estimate?products=roller-blockout`)).json()) as {
      courier: { dispatchBy: string; arrivesFrom: string; arrivesBy: string };
      installation: { arrivesBy: string };
    };
    const long = (day: string) =>
      new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const dispatch = page.getByTestId('quote-dispatch');
    await expect.poll(() => dispatch.innerText()).toBe(`If ordered today: Expected dispatch: by ${long(dates.courier.dispatchBy)}.`);
    const box = page.getByTestId('quote-delivery-dates');
    await expect
      .poll(() => box.innerText())
      .toContain(`Delivery by courier: between ${long(dates.courier.arrivesFrom)} and ${long(dates.courier.arrivesBy)}.`);
    await expect
      .poll(() => box.innerText())
      .toContain(`Garden Route fitting by our team: installed by ${long(dates.installation.arrivesBy)}.`);
    // The seeded lead times are sample values, and the dates say so.
    await expect.poll(() => box.innerText()).toContain('Dates estimated from sample lead times until the shop sets its own.');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'calculator-dispatch-date-phone');

    await page.getByRole('link', { name: 'View Quote Document' }).click();
    await page.getByRole('heading', { name: 'Quotation' }).waitFor();
    await expect.poll(() => page.getByTestId('quote-dispatch').innerText()).toContain(long(dates.courier.dispatchBy));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the room of the dispatch dates while they load, so Complete Your Order does not move under a finger when they arrive (360 px)', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(baseUrl + '/quote-calculator');
    await page.evaluate(() => localStorage.removeItem('quote-blinds'));
    await page.reload();
    // The server's answer is held back until the page has drawn the quote without it.
    const answer = await holdRequests(page, '**/api/delivery-estimate**');
    await fillBlind(page, 'roller-blockout', 1200, 1500, 0);
    await page.getByRole('button', { name: 'Add Blind' }).click();
    await page.getByText('Working out your dispatch date…').waitFor();
    const toggle = page.getByRole('button', { name: 'Complete Your Order' });
    const before = (await toggle.boundingBox())!.y;
    answer();
    await page.getByTestId('quote-dispatch').waitFor();
    const after = (await toggle.boundingBox())!.y;
    // Only the seeded catalogue's sample-lead-time note (and its margin) is new: a shop's own lead times move nothing.
    const note = page.getByTestId('quote-delivery-dates').getByText('Dates estimated from sample lead times until the shop sets its own.');
    const noteRoom = await note.evaluate((el) => el.getBoundingClientRect().height + parseFloat(getComputedStyle(el).marginBottom));
    expect(Math.abs(after - before - noteRoom)).toBeLessThan(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the room of the live price while it is checked, so Add Blind does not move under a finger when it arrives (360 px)', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(baseUrl + '/quote-calculator');
    const answer = await holdRequests(page, '**/api/pricing/quote');
    const top = () => page.getByRole('button', { name: 'Add Blind' }).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    // The roller is on the sample catalogue's prices: its room keeps the 'Sample prices' badge's line too.
    await fillBlind(page, 'roller-blockout', 1200, 1500, 0);
    await page.getByText('Checking the price…').waitFor();
    const before = await top();
    answer();
    await page.getByTestId('qc-unit-price').waitFor();
    await page.getByTestId('qc-live-price').getByText('Sample prices').waitFor();
    expect(Math.abs((await top()) - before)).toBeLessThan(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
