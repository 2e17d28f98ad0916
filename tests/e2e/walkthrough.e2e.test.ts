import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openStartedLanding, screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The demo window's glass reveal in percent of the photo (as in ar-visualiser.e2e.test.ts). */
const DEMO_CORNERS = [
  [28.5, 20],
  [71.5, 20.5],
  [71, 71],
  [28.5, 71.5],
] as const;

const QUOTE_LINE_FIELDS = [
  'colour',
  'control_side',
  'drop_mm',
  'id',
  'mount_type',
  'price',
  'product_name',
  'product_type',
  'quantity',
  'size_source',
  'total_price',
  'width_mm',
];

async function newPage(width: number, height = 900): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height } });
  return { page, errors: watchErrors(page) };
}

/** What the server answers for one blind of this size, in cents (null when it gives no price). */
async function serverPriceCents(
  page: Page,
  productType: string,
  width: number,
  drop: number,
): Promise<{ cents: number | null; sample: boolean; body: unknown }> {
  const res = await page.request.post(baseUrl + '/api/pricing/quote', {
    data: { width_mm: width, drop_mm: drop, product_type: productType, quantity: 1 },
  });
  const body = (await res.json()) as { success: boolean; quote?: { price: number; sample_prices?: boolean } };
  return {
    cents: body.success && body.quote ? Math.round(body.quote.price * 100) : null,
    sample: body.quote?.sample_prices === true,
    body,
  };
}

/** 'R 1 234,50' (whatever ICU's spaces and separators) -> 123450: the amounts always show two decimals. */
function randTextToCents(text: string): number {
  return Number(text.replace(/[^\d]/g, ''));
}

async function startRoom(page: Page, room: string, windows: number) {
  await page.goto(baseUrl + '/room-walkthrough-rebuilt');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByLabel('Room name').fill(room);
  await page.getByLabel('How many windows? (1-8)').fill(String(windows));
  await page.getByRole('button', { name: 'Start the walk-through' }).click();
}

/** Four taps in one task, quicker than React renders: every tap must count (a stale list once kept only the last). */
async function markCornersInOneBurst(page: Page) {
  await page.getByTestId('wt-photo').evaluate(
    (photo, corners) => {
      const rect = photo.getBoundingClientRect();
      for (const [x, y] of corners) {
        photo.dispatchEvent(
          new MouseEvent('click', {
            bubbles: true,
            clientX: rect.left + (rect.width * x) / 100,
            clientY: rect.top + (rect.height * y) / 100,
          }),
        );
      }
    },
    DEMO_CORNERS.map(([x, y]): [number, number] => [x, y]),
  );
  await page.getByText('4/4 corners').waitFor();
}

async function markCorners(page: Page) {
  const photo = page.getByTestId('wt-photo');
  await photo.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => (document.querySelector('[data-testid="wt-photo"] img') as HTMLImageElement | null)?.naturalWidth);
  // One tap at a time, as a person taps, each where the photo is now (the text above it changes as corners are placed).
  for (const [i, [x, y]] of DEMO_CORNERS.entries()) {
    await photo.scrollIntoViewIfNeeded();
    const box = (await photo.boundingBox())!;
    await page.mouse.click(box.x + (box.width * x) / 100, box.y + (box.height * y) / 100);
    await page.getByText(`${i + 1}/4 corners`).waitFor();
  }
}

/** Chooses the product and the n-th colour and types the size; answers the colour's name. */
async function fillBlind(page: Page, productId: string, colourIndex: number, width: number, drop: number): Promise<string> {
  if ((await page.getByLabel('Product').inputValue()) !== productId) {
    // Wait for this product's colours (the list reloads on a product change).
    const colours = page.waitForResponse((r) => r.url().includes(`/api/colours/${productId}`));
    await page.getByLabel('Product').selectOption(productId);
    expect((await colours).ok()).toBe(true);
  }
  await page.getByRole('radio').nth(colourIndex).waitFor();
  await page.locator('.ar-colour').nth(colourIndex).click();
  const colour = await page.getByRole('radio').nth(colourIndex).inputValue();
  await expect.poll(() => page.getByRole('radio').nth(colourIndex).isChecked()).toBe(true);
  await page.getByLabel('Width (mm)').fill(String(width));
  await page.getByLabel('Drop (mm)').fill(String(drop));
  return colour;
}

/** Waits until the WebGL canvas has drawn and stops changing. Only toDataURL: never getContext before three.js made its own. */
async function stableCanvas(page: Page): Promise<string> {
  await page.locator('.ar-photo canvas').waitFor();
  let previous = '';
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(250);
    const now = await page.locator('.ar-photo canvas').evaluate((c) => (c as HTMLCanvasElement).toDataURL('image/png'));
    if (now === previous && now.length > 3000) return now;
    previous = now;
  }
  throw new Error('The WebGL canvas never settled');
}

async function shownPriceCents(page: Page): Promise<number> {
  const amount = page.getByTestId('wt-price').locator('.wt-price__amount');
  await amount.waitFor();
  return randTextToCents(await amount.innerText());
}

describe('room walk-through (/room-walkthrough-rebuilt)', () => {
  it('walks a room of 2 windows to a priced summary, the calculator and the lead form', async () => {
    const { page, errors } = await newPage(1280);
    await startRoom(page, 'Main bedroom', 2);

    // Window 1: demo photo, four corners, a venetian at 1200 x 1500.
    await page.getByText('Window 1 of 2').waitFor();
    await page.getByRole('heading', { name: 'Window 1: photo and corners' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
    await markCorners(page);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('0/4 corners').waitFor();
    await markCornersInOneBurst(page);
    await expect.poll(() => page.locator('.ar-marker').allTextContents()).toEqual(['1', '2', '3', '4']);
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.getByRole('heading', { name: 'Window 1: blind, colour and size' }).waitFor();
    const colour1 = await fillBlind(page, 'venetian-aluminium-25mm', 1, 1200, 1500);
    await page.getByLabel('Mount type').selectOption('outside-facefix');
    await page.getByLabel('Control side').selectOption('left');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.getByRole('heading', { name: `Window 1: Venetian aluminium 25mm in ${colour1}` }).waitFor();
    const api1 = await serverPriceCents(page, 'venetian-aluminium-25mm', 1200, 1500);
    expect(api1.cents).toBeGreaterThan(0);
    expect(await shownPriceCents(page)).toBe(api1.cents);
    if (api1.sample) await page.getByTestId('wt-price').getByText('sample prices').waitFor();
    await stableCanvas(page);
    await page.getByText(/1200 mm wide × 1500 mm drop/).waitFor();
    await screenshot(page, 'walkthrough-preview-1280');

    // A size over 3000 mm is the team's: the server's custom-order answer, and no way on.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('Width (mm)').fill('3200');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByTestId('wt-price').getByText('Contact Team for Custom Made Orders').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Next window' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('Width (mm)').fill('1200');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    expect(await shownPriceCents(page)).toBe(api1.cents);
    await page.getByRole('button', { name: 'Next window' }).click();

    // Window 2: a roller at 900 x 1200.
    await page.getByText('Window 2 of 2').waitFor();
    await markCorners(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const colour2 = await fillBlind(page, 'roller-blockout', 0, 900, 1200);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: `Window 2: Roller blockout in ${colour2}` }).waitFor();
    const api2 = await serverPriceCents(page, 'roller-blockout', 900, 1200);
    expect(api2.cents).toBeGreaterThan(0);
    expect(await shownPriceCents(page)).toBe(api2.cents);
    await stableCanvas(page);
    await page.getByRole('button', { name: 'See the room summary' }).click();

    // Summary: every window and the total, the sum of the server's prices.
    await page.getByRole('heading', { name: 'Main bedroom: your room quote' }).waitFor();
    const lines = page.getByTestId('wt-line');
    await expect.poll(() => lines.count()).toBe(2);
    await expect.poll(() => lines.nth(0).innerText()).toContain('Venetian aluminium 25mm');
    await expect.poll(() => lines.nth(0).innerText()).toContain(colour1);
    await expect.poll(() => lines.nth(0).innerText()).toContain('1200 × 1500 mm');
    await expect.poll(() => lines.nth(1).innerText()).toContain('Roller blockout');
    await expect.poll(() => lines.nth(1).innerText()).toContain('900 × 1200 mm');
    expect(randTextToCents(await lines.nth(0).locator('.wt-line__price').innerText())).toBe(api1.cents);
    expect(randTextToCents(await lines.nth(1).locator('.wt-line__price').innerText())).toBe(api2.cents);
    expect(randTextToCents(await page.locator('.wt-total__amount').innerText())).toBe(api1.cents! + api2.cents!);
    await page.getByText('Room total (incl. 15% VAT)').waitFor();
    if (api1.sample || api2.sample) await page.getByText(/sample prices/).waitFor();
    await screenshot(page, 'walkthrough-summary-1280');

    // The optional lead: LeadForm with the room walk-through label.
    await page.getByRole('button', { name: 'Start Room Consultation' }).click();
    const submit = page.locator('.wt-lead').getByRole('button', { name: 'Start Room Consultation' });
    await submit.waitFor();
    await screenshot(page, 'walkthrough-lead-1280');

    // To the calculator: two lines in the spec's blind-form shape.
    await page.getByRole('button', { name: 'Send to the quote calculator' }).click();
    await page.waitForURL((url) => url.pathname === '/quote-calculator');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('quote-blinds')))!) as Record<string, unknown>[];
    expect(stored).toHaveLength(2);
    for (const line of stored) expect(Object.keys(line).sort()).toEqual(QUOTE_LINE_FIELDS);
    expect(stored[0]).toMatchObject({
      product_type: 'venetian-aluminium-25mm',
      product_name: 'Venetian aluminium 25mm',
      width_mm: 1200,
      drop_mm: 1500,
      control_side: 'left',
      mount_type: 'outside-facefix',
      colour: colour1,
      quantity: 1,
      price: api1.cents! / 100,
      total_price: api1.cents! / 100,
    });
    expect(stored[1]).toMatchObject({
      product_type: 'roller-blockout',
      product_name: 'Roller blockout',
      width_mm: 900,
      drop_mm: 1200,
      control_side: 'right',
      mount_type: 'inside-recess',
      colour: colour2,
      quantity: 1,
      price: api2.cents! / 100,
    });
    expect(stored[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored[0]!.id).not.toBe(stored[1]!.id);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits 360 px, prefills the measured size, works by keyboard and appends to the lines already in the calculator', async () => {
    const { page, errors } = await newPage(360, 780);
    await openStartedLanding(page, baseUrl);
    await page.evaluate(() => {
      localStorage.setItem('auto-measurements', JSON.stringify({ width_mm: 1000, drop_mm: 1100 }));
      localStorage.setItem('quote-blinds', JSON.stringify([{ id: 'already-there', product_type: 'roller-sheer' }]));
    });
    await startRoom(page, 'Lounge', 1);
    await page.getByText('Window 1 of 1').waitFor();

    // Keyboard: the photo takes the focus, arrow keys move the cross, Enter places a corner.
    await page.waitForFunction(() => (document.querySelector('[data-testid="wt-photo"] img') as HTMLImageElement | null)?.naturalWidth);
    await page.getByTestId('wt-photo').focus();
    const place = async (dx: number, dy: number) => {
      for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx < 0 ? 'Shift+ArrowLeft' : 'Shift+ArrowRight');
      for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy < 0 ? 'Shift+ArrowUp' : 'Shift+ArrowDown');
      await page.keyboard.press('Enter');
    };
    // From the centre (50, 50) in 5 percent steps: (30, 20), (70, 20), (70, 70), (30, 70).
    await place(-4, -6);
    await place(8, 0);
    await place(0, 10);
    await place(-8, 0);
    await page.getByText('4/4 corners').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await expect.poll(() => page.getByLabel('Width (mm)').inputValue()).toBe('1000');
    await expect.poll(() => page.getByLabel('Drop (mm)').inputValue()).toBe('1100');
    // Sizes are required.
    await page.getByLabel('Drop (mm)').fill('');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText("Enter the window's width and drop in millimetres.").waitFor();
    await fillBlind(page, 'venetian-wood', 0, 1000, 1100);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const api = await serverPriceCents(page, 'venetian-wood', 1000, 1100);
    expect(await shownPriceCents(page)).toBe(api.cents);
    await stableCanvas(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'walkthrough-preview-360');

    await page.getByRole('button', { name: 'See the room summary' }).click();
    await page.getByRole('heading', { name: 'Lounge: your room quote' }).waitFor();
    expect(randTextToCents(await page.locator('.wt-total__amount').innerText())).toBe(api.cents);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'walkthrough-summary-360');

    await page.getByRole('button', { name: 'Send to the quote calculator' }).click();
    await page.waitForURL((url) => url.pathname === '/quote-calculator');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('quote-blinds')))!) as Record<string, unknown>[];
    expect(stored.map((l) => l.product_type)).toEqual(['roller-sheer', 'venetian-wood']);
    expect(stored[0]!.id).toBe('already-there');
    // The prefilled size was typed over: it is the customer's own, not the prefill's estimate.
    expect(stored[1]!.size_source).toBe('typed');
    expect(errors).toEqual([]);
    await page.close();
  });
});
