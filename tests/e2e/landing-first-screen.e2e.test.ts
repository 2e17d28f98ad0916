import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser, watchErrors } from './browser';

// Lighthouse performance: the Worker sends the landing page's first screen (skip link,
// header, hero) in its HTML and starts the app from /boot.js; React then draws the same page in its
// place. These tests pin that the two are the same page, that nothing moves when React takes over,
// and that the first screen works without any script.

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** An element tree as the user gets it: tag, attributes (sorted), and text with spaces collapsed. */
type Shape = { tag: string; attrs: string[]; text?: string; children: Shape[] };

/** Runs in the page: the shape of the first element matching `selector` under `root`. */
function shapeOf(page: Page, source: 'live' | 'server', selector: string, serverHtml: string): Promise<Shape | null> {
  return page.evaluate(
    ({ source, selector, serverHtml }) => {
      const describe = (el: Element): Shape => ({
        tag: el.tagName.toLowerCase(),
        // The video differs on purpose only: React sets `muted` as a property, not an attribute, and the
        // hero turns `preload` to auto once the page has loaded, to start playing.
        attrs: [...el.attributes]
          .filter((a) => !(el.tagName === 'VIDEO' && (a.name === 'muted' || a.name === 'preload')))
          .map((a) => `${a.name}=${a.value}`)
          .sort(),
        text: el.children.length === 0 ? (el.textContent ?? '').replace(/\s+/g, ' ').trim() : undefined,
        children: [...el.children].map(describe),
      });
      const doc = source === 'live' ? document : new DOMParser().parseFromString(serverHtml, 'text/html');
      const el = doc.querySelector(selector);
      return el ? describe(el) : null;
    },
    { source, selector, serverHtml },
  );
}

describe('landing page first screen (sent in the HTML, then drawn by React)', () => {
  it('is in the HTML the server sends, with the configuration, the poster preload and /boot.js instead of the module script', async () => {
    const res = await fetch(baseUrl + '/');
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<h1 id="hero-title">Blinds, shutters and awnings made for your windows</h1>');
    expect(root).toContain('<header class="site-header">');
    expect(html).toMatch(/<script type="application\/json" id="public-config">\{"assistantName":/);
    expect(html).toContain('<link rel="preload" as="image" href="/media/hero-poster.jpg" fetchpriority="high">');
    expect(html).toMatch(/<script src="\/boot\.js" data-entry="\/assets\/index-[\w-]+\.js" data-preload="[^"]*" defer><\/script>/);
    expect(html).not.toMatch(/<script type="module"/);

    // Other pages keep the app's own module script and an empty root; they get the configuration too.
    const other = await (await fetch(baseUrl + '/quote-calculator')).text();
    expect(other).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(other).toContain('<div id="root"></div>');
    expect(other).toMatch(/<script type="application\/json" id="public-config">/);
  });

  it('shows the header and hero with no script at all, and the contact links work', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Blinds, shutters and awnings made for your windows');
    await expect.poll(() => page.locator('.hero__lead').innerText()).toMatch(/^Talk to \w+, our shade consultant/);
    await expect
      .poll(() => page.locator('header.site-header').getByRole('link', { name: /Call/ }).getAttribute('href'))
      .toMatch(/^tel:\+27\d+$/);
    await expect
      .poll(() => page.locator('header.site-header').getByRole('link', { name: 'WhatsApp' }).getAttribute('href'))
      .toMatch(/^https:\/\/wa\.me\/27\d+\?text=/);
    await screenshot(page, 'landing-first-screen-no-script-412');
    await context.close();
  });

  for (const width of [412, 1280]) {
    it(`is the page React draws, element for element, and nothing moves when React takes over (${width} px)`, async () => {
      const serverHtml = await (await fetch(baseUrl + '/')).text();
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const errors = watchErrors(page);
      const configRequests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/config') configRequests.push(r.url());
      });
      await page.addInitScript(() => {
        (window as unknown as { __shifts: number[] }).__shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            (window as unknown as { __shifts: number[] }).__shifts.push((entry as unknown as { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(baseUrl + '/');
      // React has taken over once the sections below the hero are there.
      await page.getByRole('heading', { name: 'Choose Your Service' }).waitFor();
      for (const selector of ['a.skip-link', 'header.site-header', 'section.hero']) {
        const server = await shapeOf(page, 'server', `#root ${selector}`, serverHtml);
        expect(server, selector).not.toBeNull();
        expect(await shapeOf(page, 'live', `#root ${selector}`, serverHtml), selector).toEqual(server);
      }
      expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0))).toBe(0);
      expect(configRequests).toEqual([]);
      // The hero's buttons are React's now: 'Online Tools and Quotes' opens the online path.
      await page.getByRole('button', { name: 'Online Tools and Quotes' }).click();
      await page.getByRole('heading', { name: 'How online ordering works' }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
