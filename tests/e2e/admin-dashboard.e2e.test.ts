// /admin-dashboard in Chromium: signed in with the PIN, the five figures computed by the
// server, and the figures changing after a customer leaves a lead.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const PIN = '4321'; // global-setup starts the server with ADMIN_PIN 4321
let context: BrowserContext;
let page: Page;
let errors: string[];

async function openContext(viewport: { width: number; height: number }) {
  context = await browser.newContext({ viewport });
  page = await context.newPage();
  errors = watchErrors(page);
}

/** Through the gate's PIN field when the gate is there, else straight through the session API (the cookie is shared). */
async function signInAndOpenDashboard() {
  await page.goto(baseUrl + '/admin-dashboard');
  const pin = page.getByLabel('PIN', { exact: true });
  const dashboard = page.getByRole('heading', { name: 'Dashboard', level: 1 });
  await Promise.race([pin.waitFor(), dashboard.waitFor()]);
  if (await pin.isVisible()) {
    await pin.fill(PIN);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await dashboard.waitFor();
  await page.getByTestId('figure-visitors').waitFor();
}

async function figure(name: string): Promise<number> {
  const text = await page.getByTestId(`figure-${name}`).locator('.admin-dashboard__figure-value').innerText();
  return Number.parseInt(text, 10);
}

afterEach(async () => {
  await context?.close();
});

describe('/admin-dashboard', () => {
  it('shows the five computed figures with their basis, and they change after a new lead', async () => {
    await openContext({ width: 1280, height: 900 });
    await signInAndOpenDashboard();
    for (const name of ['visitors', 'chats', 'alerts', 'score', 'competitors']) {
      const card = page.getByTestId(`figure-${name}`);
      await expect.poll(() => card.locator('.admin-dashboard__basis').innerText()).not.toBe('');
    }
    await expect.poll(() => page.getByTestId('figure-competitors').innerText()).toContain('Competitor analysis is not set up yet');
    await expect.poll(() => page.getByRole('heading', { name: 'How the score is worked out' }).isVisible()).toBe(true);
    const visitorsBefore = await figure('visitors');
    const scoreText = await page.getByTestId('figure-score').locator('.admin-dashboard__figure-value').innerText();
    expect(scoreText).toMatch(/^(\d{1,3}\/100|No activity yet)$/);

    // A customer (this new address) leaves a lead: the lead event carries that visitor's daily hash.
    const lead = await page.request.post(baseUrl + '/api/leads/capture', {
      data: {
        name: 'Dashboard E2E',
        email: 'dashboard-e2e@example.co.za',
        phone: '082 555 0177',
        location: 'George',
        source: 'other',
        productInterest: 'Shutters',
        popiaConsent: true,
      },
    });
    expect(lead.status()).toBe(201);

    // The lead's event is written just after its answer; the page's Refresh re-reads the figures.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          await page.getByTestId('figure-visitors').waitFor();
          return figure('visitors');
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBeGreaterThan(visitorsBefore);

    // A reload reads the same server figures again.
    await page.reload();
    await page.getByTestId('figure-visitors').waitFor();
    expect(await figure('visitors')).toBeGreaterThan(visitorsBefore);

    // Every staff tool is linked, and reachable from the keyboard.
    const tools = page.getByRole('region', { name: 'Staff tools' }).getByRole('link');
    expect(await tools.evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))).toEqual([
      '/admin/orders',
      '/admin/outbox',
      '/marketing-insights',
      '/leads',
      '/site-visits',
      '/admin/tracking',
      '/admin/scraper',
      '/admin/catalog',
      '/admin/colours',
      '/admin/color-screenshots',
      '/admin/pricing',
    ]);
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await refresh.focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.closest('a,button')?.textContent ?? '');
    expect(focused).not.toBe('');
    await screenshot(page, 'admin-dashboard-1280');
    expect(errors).toEqual([]);
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    await openContext({ width: 360, height: 780 });
    await signInAndOpenDashboard();
    await page.getByRole('heading', { name: 'Latest staff activity' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-dashboard-360');
    expect(errors).toEqual([]);
  });
});
