import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;
let errors: string[];

const saDay = (offsetDays = 0) => new Date(Date.now() + 2 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeEach(async () => {
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
});
afterEach(async () => {
  await context.close();
});

/** Through the PIN gate, which a new context always meets (so the page loads its figures once). */
async function signIn(page: Page) {
  await page.goto('/marketing-insights');
  await page.getByLabel('PIN', { exact: true }).fill('4321');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Marketing insights' }).waitFor();
}

describe('/marketing-insights', () => {
  it('shows insights and charts, picks a date, sends the daily report once into the outbox', async () => {
    const page = await context.newPage();
    errors = watchErrors(page);
    // A lead left today, so the figures have something real to show.
    const lead = await page.request.post('/api/leads/capture', {
      data: {
        name: 'Insights E2E',
        email: 'insights-e2e@example.co.za',
        phone: '0821112222',
        location: 'Knysna',
        source: 'other',
        productInterest: 'roller-blockout',
        popiaConsent: true,
      },
    });
    expect(lead.status()).toBe(201);

    // Other browser tests share this server's database and add leads as this runs: the page must show
    // what the API answered it, so the test reads the page's own answer.
    const pageDaily = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/insights/daily' && r.ok());
    await signIn(page);
    const insights = page.getByTestId('realtime-insights');
    await insights.waitFor();
    await expect.poll(() => insights.getByRole('listitem').count()).toBeGreaterThan(0);
    await expect.poll(() => insights.textContent()).toMatch(/lead/i);

    const figures = page.getByTestId('daily-figures');
    await figures.waitFor();
    type Daily = { highValueLeads: number; productInterest: { product: string; mentions: number }[] };
    const daily = (await (await pageDaily).json()) as Daily;
    expect(daily.highValueLeads).toBeGreaterThanOrEqual(1);
    await expect.poll(() => figures.textContent()).toMatch(new RegExp(`High-value leads\\s*${daily.highValueLeads}`));
    const rollerMentions = daily.productInterest.find((p) => p.product === 'Roller Blind - Blockout')!.mentions;
    const products = page.getByTestId('product-interest');
    await expect.poll(() => products.textContent()).toContain('Roller Blind - Blockout');
    await expect.poll(() => page.getByRole('rowheader', { name: 'Knysna' }).count()).toBe(1);
    // Three uPlot charts (30-day activity, revenue, product interest), each with a text alternative.
    await expect.poll(() => page.locator('.insights-chart canvas').count(), { timeout: 15_000 }).toBe(3);
    const labels = await page
      .locator('.insights-chart__canvas[role="img"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    expect(labels).toHaveLength(3);
    expect(labels.some((l) => l.includes(`Roller Blind - Blockout: ${rollerMentions} mentions`))).toBe(true);
    await screenshot(page, 'marketing-insights-1280');

    // Two days ago: the figures reload for that date. Not yesterday: staff-journey.e2e sends today's
    // report, and a run that passed midnight in South Africa found that report under yesterday too.
    const pastDay = saDay(-2);
    await page.getByLabel('Report date').fill(pastDay);
    await page.waitForURL(`**/marketing-insights?date=${pastDay}`);
    const before = (await (await page.request.get(`/api/admin/insights/daily?date=${pastDay}`)).json()) as Daily;
    await expect.poll(() => figures.textContent()).toMatch(new RegExp(`High-value leads\\s*${before.highValueLeads}`));

    await page.getByRole('button', { name: 'Send daily report' }).click();
    const result = page.getByTestId('send-result');
    await result.waitFor();
    await expect.poll(() => result.textContent()).toContain(`The daily report for ${pastDay} is queued`);
    const outbox = await (await page.request.get('/api/admin/outbox')).json();
    // Other browser tests may send today's report: this one is about the day before yesterday's.
    const forThatDay = (m: { kind: string; dedupe_key: string }) => m.kind === 'daily-report' && m.dedupe_key.includes(pastDay);
    const reports = outbox.messages.filter(forThatDay);
    expect(reports).toHaveLength(1);
    expect(reports[0].to_address).toBe('marketing@example.co.za');

    // Once per date: the second press says so and queues nothing.
    await page.getByRole('button', { name: 'Send daily report' }).click();
    await expect.poll(() => result.textContent()).toContain('was already sent');
    const again = await (await page.request.get('/api/admin/outbox')).json();
    expect(again.messages.filter(forThatDay)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('fits a 360 px phone', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 780 });
    errors = watchErrors(page);
    await signIn(page);
    await page.getByTestId('daily-figures').waitFor();
    await expect.poll(() => page.locator('.insights-chart canvas').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'marketing-insights-360');
    expect(errors).toEqual([]);
  });
});
