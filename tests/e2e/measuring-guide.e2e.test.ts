// The tape-measure guide the landing page promises ('follow our tape-measure guide'): reachable
// from the landing info card, the calculator's mount type and the footer; its headings, drawings
// (accessible SVG), the print button and a print layout that fits one page.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openStartedLanding, screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

async function expectGuide(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'How to measure your windows' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/measuring-guide');
}

describe('/measuring-guide', () => {
  it("the landing info card's 'follow our tape-measure guide' is a link to the guide; the card still opens /measurement", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openStartedLanding(page, baseUrl);
    const guideLink = page.getByRole('link', { name: 'follow our tape-measure guide' });
    await expect.poll(() => guideLink.getAttribute('href')).toBe('/measuring-guide');
    await expect.poll(() => page.getByRole('link', { name: 'Measure your windows' }).getAttribute('href')).toBe('/measurement');
    await guideLink.click();
    await expectGuide(page);
    // The title table loads with the first navigation (web/src/app/document-title.tsx): poll for it.
    await expect.poll(() => page.title()).toMatch(/^How to Measure Your Windows \| /);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows both mounts, where to measure, the deductions per product family and drawings with titles', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(baseUrl + '/measuring-guide');
    await expectGuide(page);
    const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings.slice(0, 4)).toEqual([
      '1. Inside the recess or face fix?',
      '2. Where to measure, and which size counts',
      '3. What our factory takes off (inside the recess)',
      '4. Measured with our photo scan?',
    ]);
    await page.getByRole('heading', { level: 3, name: 'Inside the recess: the smallest counts' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Face fix: add the overlap' }).waitFor();
    // Four drawings, each an image with a title that names it.
    const drawings = page.locator('main svg[role="img"]');
    await expect.poll(() => drawings.count()).toBe(4);
    const names = await drawings.evaluateAll((els) =>
      els.map((el) => document.getElementById(el.getAttribute('aria-labelledby')!)?.textContent ?? ''),
    );
    expect(names).toEqual([
      expect.stringMatching(/^Inside the recess/),
      expect.stringMatching(/^Face fix/),
      expect.stringMatching(/^Three widths, at the top, middle and bottom/),
      expect.stringMatching(/^Three drops, at the left, centre and right/),
    ]);
    await page.getByRole('img', { name: /^Three widths/ }).waitFor();
    // The deductions table: one row per product family, in millimetres.
    const table = page.getByRole('region', { name: 'Factory deductions by product' });
    for (const family of [
      'Roller blinds',
      'Venetian blinds',
      'Vertical blinds',
      'Honeycomb blinds',
      'Plantation and security shutters',
      'Outdoor blinds',
      'Awnings',
    ]) {
      await table.getByRole('rowheader', { name: new RegExp(`^${family}`) }).waitFor();
    }
    await expect.poll(() => table.getByRole('row', { name: /^Roller blinds/ }).innerText()).toMatch(/10 mm/);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/1190 x 1490 mm/);
    await screenshot(page, 'measuring-guide-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("'Print this guide' prints; the print layout hides the header, footer and buttons and fits one A4 page", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(baseUrl + '/measuring-guide');
    await expectGuide(page);
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.getByRole('button', { name: 'Print this guide' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.site-header', '.site-footer', '.guide__print', '.guide__next']) {
      await expect.poll(() => page.locator(selector).first().isVisible(), { message: selector }).toBe(false);
    }
    await expect.poll(() => page.getByRole('img', { name: /^Three drops/ }).isVisible()).toBe(true);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pages.length).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the calculator's mount type links the guide, and it works at 360 px", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const errors = watchErrors(page);
    await page.goto(baseUrl + '/quote-calculator');
    await page.getByLabel('Mount type').waitFor();
    const link = page.locator('.qc-mount-guide').getByRole('link', { name: 'tape-measure guide' });
    await expect.poll(() => link.getAttribute('href')).toBe('/measuring-guide');
    await link.click();
    await expectGuide(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'measuring-guide-360');
    // The footer links it on every page too.
    await expect
      .poll(() => page.locator('.site-footer').getByRole('link', { name: 'How to measure' }).getAttribute('href'))
      .toBe('/measuring-guide');
    expect(errors).toEqual([]);
    await page.close();
  });
});
