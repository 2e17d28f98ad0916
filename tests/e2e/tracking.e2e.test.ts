// Courier tracking in Chromium: staff sign in, publish tracking for a real order on
// /admin/tracking and update it; the customer finds it on /track by tracking number and by order
// reference with the order's e-mail address, and sees the timeline on the order-confirmation page; the e-mails wait in the outbox.
// A fresh order not yet with the courier shows its fulfilment timeline on the confirmation page and on /track.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { networkQuiet, screenshot, trackRequests, useBrowser, watchErrors, testClientAddress } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const trackingNumber = `TCG-E2E-${Date.now().toString(36).toUpperCase()}`;
const customerEmail = `tracking-${Date.now()}@example.co.za`;
let reference = '';
/** An order staff have not touched: 'Order received', sizes still to be confirmed. */
let freshReference = '';
const freshEmail = `timeline-${Date.now()}@example.co.za`;
const contexts: BrowserContext[] = [];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function openPage(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

/** Console noise of expected answers: the gate's 401 before sign-in, a lookup's 404, the duplicate's 409. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of (401|404|409)/.test(e));

/** WCAG contrast ratio of an element's text against its own background. */
async function contrastOf(badge: Locator): Promise<number> {
  return badge.evaluate((el) => {
    const rgb = (css: string) =>
      css
        .match(/\d+(\.\d+)?/g)!
        .slice(0, 3)
        .map(Number);
    const lum = ([r, g, b]: number[]) => {
      const c = [r!, g!, b!].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const style = getComputedStyle(el);
    const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

beforeAll(async () => {
  const { page } = await openPage({ width: 1280, height: 900 });
  const colour = ((await (await page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours: { name: string }[] })
    .colours[0]!.name;
  /** An order placed as the calculator places it: one roller blind. */
  const place = async (customer: Record<string, string>) => {
    const res = await page.request.post(`${baseUrl}/api/orders/submit`, {
      headers: { 'CF-Connecting-IP': testClientAddress() },
      data: {
        ...customer,
        blinds: [
          {
            product_type: 'roller-blockout',
            width_mm: 1200,
            drop_mm: 1500,
            control_side: 'left',
            mount_type: 'inside-recess',
            colour,
            quantity: 1,
          },
        ],
      },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { reference: string }).reference;
  };
  reference = await place({ customer_name: 'Thandi Mokoena', customer_email: customerEmail, customer_phone: '082 555 0101' });
  freshReference = await place({
    customer_name: 'Ayanda Dlamini',
    customer_email: freshEmail,
    customer_phone: '082 555 0102',
    customer_address: '7 Seaview Road, Sedgefield, 6573',
  });
});

/** Serious and critical axe violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} at ${JSON.stringify(n.target)}`));
  });
}

/** The timeline of a fresh order: received today and done, sizes confirmed expected by a date, the rest to come. */
async function expectFreshTimeline(timeline: Locator): Promise<void> {
  const steps = timeline.getByRole('listitem');
  await expect.poll(() => steps.count()).toBe(5);
  const received = steps.nth(0);
  await expect.poll(() => received.getAttribute('aria-current')).toBe('step');
  await expect.poll(() => received.innerText()).toMatch(/^Order received\s+Since \d{1,2} [A-Z][a-z]+ \d{4}$/);
  const sizes = steps.nth(1);
  await expect.poll(() => sizes.innerText()).toMatch(/^Sizes confirmed\s+Expected by \d{1,2} [A-Z][a-z]+ \d{4}$/);
  expect(await sizes.getAttribute('aria-current')).toBeNull();
  await expect.poll(() => steps.nth(4).innerText()).toMatch(/^Delivered\s*\(to come\)$/);
}

afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe('courier tracking', () => {
  it('staff publish tracking for an order on /admin/tracking and update it; each change joins the history', async () => {
    const { page, errors } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/admin/tracking`);
    // The PIN gate stands in front of the screen.
    await page.getByLabel('PIN', { exact: true }).fill('4321');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Manual Tracking Admin' }).waitFor();
    await page.getByText('A staff member maintains courier tracking manually').waitFor();

    // The list: the spec's empty state when nothing was published yet, else the entries.
    const entries = page.getByTestId('tracking-entry');
    const empty = page.getByTestId('tracking-empty');
    await expect.poll(async () => (await empty.count()) + (await entries.count())).toBeGreaterThan(0);
    if ((await empty.count()) > 0)
      await expect.poll(() => empty.innerText()).toBe('No tracking entries - Start by creating your first tracking entry.');

    // Required fields are checked before anything is sent.
    const create = page.getByRole('region', { name: 'Create tracking entry' });
    await create.getByRole('button', { name: 'Create tracking entry' }).click();
    await create.getByText('Please fill in: Order ID, Tracking number, Status message.').waitFor();

    await create.getByLabel('Order ID').fill(reference.toLowerCase());
    await create.getByLabel('Tracking number').fill(trackingNumber);
    await create.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    await create.getByLabel('Courier name').fill('The Courier Guy');
    await create.getByLabel('Current location').fill('Knysna workshop');
    await create.getByLabel('Estimated delivery').fill('2-3 business days');
    await create.getByLabel('Status message').fill('Packed and booked with the courier');
    await create.getByRole('button', { name: 'Create tracking entry' }).click();
    await page.getByTestId('toast').getByText('Tracking created').waitFor();
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('The customer has been e-mailed.');
    // The form is cleared for the next entry.
    await expect.poll(() => create.getByLabel('Tracking number').inputValue()).toBe('');

    const entry = page.getByRole('article', { name: trackingNumber });
    await entry.waitFor();
    await entry.getByText('PENDING', { exact: true }).first().waitFor();
    await entry.getByText(reference).waitFor();

    // A duplicate tracking number is refused with the server's message.
    await create.getByLabel('Order ID').fill(reference);
    await create.getByLabel('Tracking number').fill(trackingNumber);
    await create.getByLabel('Status message').fill('Again');
    await create.getByRole('button', { name: 'Create tracking entry' }).click();
    await page.getByTestId('toast').getByText(`Tracking number ${trackingNumber} is already in use`).waitFor();
    await expect.poll(() => page.getByTestId('toast').getByText('Error', { exact: true }).count()).toBe(1);

    // Update: status and message required, location and estimated delivery optional.
    await entry.getByRole('button', { name: 'Update' }).click();
    const update = page.getByRole('form', { name: `Update ${trackingNumber}` });
    await update.getByRole('button', { name: 'Save update' }).click();
    await update.getByText('Please fill in: Status message.').waitFor();
    await update.getByRole('combobox', { name: 'Status' }).selectOption('in_transit');
    await update.getByLabel('Current location').fill('George hub');
    await update.getByLabel('Status message').fill('Collected by the courier');
    await update.getByRole('button', { name: 'Save update' }).click();
    await page.getByTestId('toast').getByText('Tracking updated').waitFor();
    await entry.getByText('IN TRANSIT', { exact: true }).first().waitFor();
    await expect.poll(() => update.count()).toBe(0);

    await entry.getByText('History (2)').click();
    const history = entry.getByRole('list', { name: `History of ${trackingNumber}, latest first` }).getByRole('listitem');
    await expect.poll(() => history.count()).toBe(2);
    await expect.poll(() => history.nth(0).innerText()).toContain('Collected by the courier');
    await expect.poll(() => history.nth(1).innerText()).toContain('Packed and booked with the courier');

    // Badge text is legible (WCAG AA, 4.5:1) in every colour shown.
    for (const badge of await page.locator('.tracking-badge').all()) expect(await contrastOf(badge)).toBeGreaterThanOrEqual(4.5);

    await screenshot(page, 'tracking-admin-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'tracking-admin-360');

    // The outbox holds the customer's two e-mails: published, and the new status.
    const outbox = (await (await page.request.get(`${baseUrl}/api/admin/outbox?limit=50`)).json()) as Record<string, unknown>;
    const mine = ((outbox.messages ?? []) as { to_address: string; kind: string; subject: string }[]).filter(
      (m) => m.to_address === customerEmail && m.kind === 'tracking-update',
    );
    expect(mine.map((m) => m.subject)).toEqual([
      expect.stringContaining(`Order ${reference}: IN TRANSIT`),
      expect.stringContaining(`Your order ${reference} has a tracking number`),
    ]);
    expect(unexpected(errors)).toEqual([]);
  });

  it('a customer finds it on /track by tracking number and by order reference, newest update first', async () => {
    const { page, errors } = await openPage({ width: 360, height: 800 });
    await page.goto(`${baseUrl}/track`);
    await page.getByRole('heading', { level: 1, name: 'Track Your Order' }).waitFor();

    // A blank search is not sent.
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await page.getByText('Please enter your tracking number.').waitFor();

    await page.getByRole('textbox', { name: 'Tracking number' }).fill(trackingNumber.toLowerCase());
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    const result = page.getByTestId('tracking-result');
    await result.waitFor();
    expect(new URL(page.url()).searchParams.get('number')).toBe(trackingNumber.toLowerCase());
    await expect.poll(() => result.getByTestId('tracking-number').innerText()).toBe(trackingNumber);
    await result.getByText('IN TRANSIT', { exact: true }).first().waitFor();
    await result.getByText('George hub').first().waitFor();
    await result.getByText('2-3 business days').waitFor();
    const timeline = result.getByRole('list', { name: /latest first/ }).getByRole('listitem');
    await expect.poll(() => timeline.count()).toBe(2);
    await expect.poll(() => timeline.first().innerText()).toContain('Collected by the courier');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'tracking-track-by-number-360');

    // By order reference.
    await page.getByRole('radio', { name: 'Order ID' }).check();
    await page.getByRole('textbox', { name: 'Order ID' }).fill('');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await page.getByText('Please enter your order ID.').waitFor();
    await page.getByRole('textbox', { name: 'Order ID' }).fill(reference);
    // The reference alone opens nothing: the order's e-mail address is asked for too.
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await page.getByText('Please enter the e-mail address or postcode on your order.').waitFor();
    await page.getByRole('textbox', { name: 'E-mail address or postcode' }).fill('someone-else@example.co.za');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await page.getByRole('heading', { name: 'No tracking information found' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail address or postcode' }).fill(customerEmail.toUpperCase());
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('order')).toBe(reference);
    // The address never carries the e-mail, and the answer never carries the reference.
    expect(page.url()).not.toContain('@');
    await result.getByRole('heading', { name: `Tracking ${trackingNumber}` }).waitFor();
    await expect.poll(() => result.getByTestId('tracking-number').innerText()).toBe(trackingNumber);
    await expect.poll(() => result.innerText()).not.toContain(reference);

    // An unknown number: the spec's wording.
    await page.goto(`${baseUrl}/track?number=NOPE-12345`);
    await page.getByRole('heading', { name: 'No tracking information found' }).waitFor();
    await page.getByText('Please check your tracking number or order ID and try again.').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Tracking number' }).inputValue()).toBe('NOPE-12345');

    // The e-mail's link opens the result directly.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/track?number=${encodeURIComponent(trackingNumber)}`);
    await result.waitFor();
    await screenshot(page, 'tracking-track-1280');
    expect(unexpected(errors)).toEqual([]);
  });

  it('the order confirmation shows the tracking timeline; /tracking links to both sides', async () => {
    const { page, errors } = await openPage({ width: 360, height: 800 });
    await page.goto(`${baseUrl}/order-confirmation?ref=${reference}`);
    const card = page.getByTestId('order-tracking');
    await card.getByRole('heading', { name: 'Delivery tracking' }).waitFor();
    await card.getByText('IN TRANSIT', { exact: true }).first().waitFor();
    await expect.poll(() => card.getByRole('listitem').count()).toBe(2);
    await screenshot(page, 'tracking-order-confirmation-360');

    await page.goto(`${baseUrl}/tracking`);
    await page.getByRole('heading', { level: 1, name: 'Order Tracking' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Track an order' }).first().getAttribute('href')).toBe('/track');
    await expect.poll(() => page.getByRole('link', { name: 'Manage tracking' }).getAttribute('href')).toBe('/admin/tracking');
    await expect.poll(() => page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    await screenshot(page, 'tracking-landing-360');
    expect(unexpected(errors)).toEqual([]);
  });

  it('a fresh order shows its timeline: received, sizes confirmed expected by a date, on the confirmation page and on /track', async () => {
    const { page, errors } = await openPage({ width: 375, height: 800 });
    trackRequests(page);
    await page.goto(`${baseUrl}/order-confirmation?ref=${freshReference}`);
    const progress = page.getByTestId('order-progress');
    await progress.getByRole('heading', { name: "Your order's progress" }).waitFor();
    await expectFreshTimeline(progress.getByRole('list', { name: `Progress of order ${freshReference}` }));
    // The tracking card is drawn after a request of its own (OrderTrackingCard) once the receipt says
    // there is tracking: absent only once the page has asked all it was going to ask.
    await networkQuiet(page);
    expect(await page.getByTestId('order-tracking').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'timeline-order-confirmation-375');

    // /track by order reference and postcode: the timeline, not 'No tracking information found'.
    await page.goto(`${baseUrl}/track?order=${freshReference}`);
    await page.getByRole('textbox', { name: 'E-mail address or postcode' }).fill('6573');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    const tracked = page.getByTestId('order-progress');
    await tracked.getByRole('heading', { name: "Your order's progress" }).waitFor();
    await expectFreshTimeline(tracked.getByRole('list', { name: 'Order progress' }));
    await tracked.getByText("The courier's tracking appears here once your order is dispatched.").waitFor();
    // The courier's tracking comes in the same answer as the timeline and is drawn in the same render
    // (track-page.tsx): with the timeline on screen, a tracking result would be too.
    expect(await page.getByTestId('tracking-result').count()).toBe(0);
    // The order's own dates, fixed when it was placed, shown until it is dispatched.
    const answer = await page.request.get(`${baseUrl}/api/orders/${freshReference}`, {
      headers: { 'CF-Connecting-IP': testClientAddress() },
    });
    const placed = (
      (await answer.json()) as { order: { delivery_estimate: { dispatchBy: string; arrivesFrom: string; arrivesBy: string } } }
    ).order.delivery_estimate;
    const long = (day: string) =>
      new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const dates = page.getByTestId('order-delivery-dates');
    await dates.getByRole('heading', { name: 'When to expect your order' }).waitFor();
    await expect.poll(() => dates.getByTestId('delivery-dispatch').innerText()).toBe(`Expected dispatch: by ${long(placed.dispatchBy)}.`);
    await expect
      .poll(() => dates.getByTestId('delivery-arrival').innerText())
      .toBe(`Delivery by courier: between ${long(placed.arrivesFrom)} and ${long(placed.arrivesBy)}.`);
    // The heading takes the focus so the result is announced.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('order-progress-title');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'timeline-track-375');

    // The wrong e-mail is still 'not found', as for a reference that does not exist.
    await page.getByRole('textbox', { name: 'E-mail address or postcode' }).fill('someone-else@example.co.za');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await page.getByRole('heading', { name: 'No tracking information found' }).waitFor();
    expect(unexpected(errors)).toEqual([]);
  });

  it('the timeline pages are axe clean', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/order-confirmation?ref=${freshReference}`);
    await page.getByTestId('order-timeline').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${baseUrl}/track?order=${freshReference}`);
    await page.getByRole('textbox', { name: 'E-mail address or postcode' }).fill(freshEmail);
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await page.getByTestId('order-timeline').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
