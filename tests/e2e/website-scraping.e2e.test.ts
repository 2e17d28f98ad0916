// /admin/scraper, Website Scraping tab (staff spec 2.2, 8, 9) in Chromium: the e2e server's
// MAIN_WEBSITE_URL is the fixture shop website that tests/e2e/global-setup.ts serves from Node.
// Start Scraping, see the progress, then the results, the preview and the Download JSON file;
// the failure toasts; no serious accessibility violations; no sideways scrolling at 360 px.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const PIN = '4321'; // global-setup starts the server with ADMIN_PIN 4321
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let context: BrowserContext;
let page: Page;
let errors: string[];

async function openSignedIn(viewport: { width: number; height: number }) {
  // bypassCSP: axe is injected as an inline script.
  context = await browser.newContext({ viewport, acceptDownloads: true, bypassCSP: true });
  page = await context.newPage();
  errors = watchErrors(page);
  await page.goto(`${baseUrl}/admin/scraper`);
  await page.getByLabel('PIN', { exact: true }).fill(PIN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
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

describe('/admin/scraper: Website Scraping', () => {
  it('scrapes the main website with live progress, then shows the results, the preview and Download JSON', async () => {
    await openSignedIn({ width: 1280, height: 900 });
    const tab = page.getByRole('tabpanel', { name: 'Website Scraping' });
    await tab.getByText('No previous scraping data found').waitFor();
    await tab.getByText('Scraping takes 1-2 minutes.').waitFor();
    expect(await seriousViolations()).toEqual([]);

    await tab.getByRole('button', { name: 'Start Scraping' }).click();
    await tab.getByRole('button', { name: 'Scraping...' }).waitFor();
    // The crawl pauses a second between pages, so its progress is on screen for a while.
    await page.getByTestId('scrape-progress').waitFor();
    await expect.poll(() => page.getByTestId('scrape-progress').innerText()).toMatch(/Read \d+ of at most 40 pages/);

    await page.getByTestId('toast').filter({ hasText: 'Scraping Complete' }).waitFor({ timeout: 45_000 });
    const results = page.getByTestId('scrape-results');
    await results.waitFor();
    await tab.getByRole('button', { name: 'Start Scraping' }).waitFor();

    // Previous-results summary now filled in.
    const summary = page.getByTestId('scrape-summary');
    await expect.poll(() => summary.innerText()).toMatch(/Total products\s*4/);
    await expect.poll(() => summary.innerText()).toMatch(/Categories\s*4/);
    // Category badges, colours, preview of 3 products with their details.
    expect((await results.getByRole('list', { name: 'Categories' }).getByRole('listitem').allInnerTexts()).sort()).toEqual([
      'Outdoor',
      'Roller Blinds',
      'Shutters',
      'Venetian Blinds',
    ]);
    const colours = await page.getByTestId('scrape-colours').getByRole('listitem').allInnerTexts();
    expect(colours).toEqual(expect.arrayContaining(['Charcoal', 'Ivory', 'Pure White', 'Walnut']));
    const preview = page.getByTestId('scrape-preview').locator(':scope > li');
    await expect.poll(() => preview.count()).toBe(3);
    const previewText = await page.getByTestId('scrape-preview').innerText();
    expect(previewText).toContain('Category:');
    expect(previewText).toContain('Colours:');
    // The product behind robots.txt was never read.
    expect(previewText).not.toContain('Secret Trade Roller');

    const download = page.waitForEvent('download');
    await results.getByRole('button', { name: 'Download JSON' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^website-scrape-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = JSON.parse(readFileSync((await file.path())!, 'utf8'));
    expect(saved.data.totalProducts).toBe(4);
    expect(saved.data.products.map((p: { name: string }) => p.name).sort()).toEqual([
      '50mm Aluminium Venetian',
      'Basswood Shutter',
      'Blockout Roller Blind',
      'Outdoor Patio Blind',
    ]);
    expect(await seriousViolations()).toEqual([]);
    await screenshot(page, 'website-scraping-1280');
    expect(errors).toEqual([]);
  });

  it("shows 'Scraping Failed' with the server's message and 'Scraping Error' when the service cannot be reached; fits 360 px", async () => {
    await openSignedIn({ width: 360, height: 800 });
    const tab = page.getByRole('tabpanel', { name: 'Website Scraping' });
    await tab.getByRole('button', { name: 'Start Scraping' }).waitFor();
    expect(await noSidewaysScroll()).toBe(true);

    await page.route('**/api/admin/scrape-website', (route) =>
      route.fulfill({
        status: 409,
        json: { success: false, error: 'conflict', message: 'Website scraping needs the main website address.' },
      }),
    );
    await tab.getByRole('button', { name: 'Start Scraping' }).click();
    const toast = page.getByTestId('toast');
    await toast.filter({ hasText: 'Scraping Failed' }).filter({ hasText: 'Website scraping needs the main website address.' }).waitFor();

    await page.unroute('**/api/admin/scrape-website');
    await page.route('**/api/admin/scrape-website', (route) => route.abort('connectionrefused'));
    await tab.getByRole('button', { name: 'Start Scraping' }).click();
    await toast.filter({ hasText: 'Scraping Error' }).filter({ hasText: 'Failed to connect to scraping service' }).waitFor();
    await screenshot(page, 'website-scraping-360');
    expect(await noSidewaysScroll()).toBe(true);
    // The browser logs the refused requests itself; nothing else went wrong.
    expect(errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED|409/.test(e))).toEqual([]);
  });

  it("marketing insights' competitor-analysis trigger says what to configure when COMPETITOR_URLS is unset", async () => {
    // The e2e server has no COMPETITOR_URLS: the trigger must say so, not pretend (and store nothing).
    await openSignedIn({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/marketing-insights`);
    await page.getByRole('heading', { level: 1, name: 'Marketing insights' }).waitFor();
    // The sections above fill in as their data and charts arrive, pushing this one down: a click while
    // they grow can be pressed on the button and released beside it.
    await expect.poll(() => page.getByText(/^Loading .*…$/).count()).toBe(0);
    const section = page.getByRole('region', { name: 'Competitor prices' });
    await section.getByRole('button', { name: 'Run competitor analysis' }).click();
    await section.getByText(/Competitor analysis failed: .*set COMPETITOR_URLS/).waitFor();
    expect(errors.filter((e) => !/Failed to load resource|409|Competitor analysis failed/.test(e))).toEqual([]);
  });
});
