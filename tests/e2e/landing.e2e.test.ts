import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openStartedLanding, screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterEach(async () => {
  await context.close();
});

async function openLanding() {
  const scripts: string[] = [];
  page.on('response', (res) => {
    // A script still arriving when the test ends (a chunk loaded on demand) has no body once its
    // context closes: that is not an error of the page.
    if (res.request().resourceType() === 'script')
      res.text().then(
        (text) => scripts.push(text),
        () => undefined,
      );
  });
  await page.goto(baseUrl + '/');
  await page.getByRole('heading', { name: 'Choose Your Service' }).waitFor();
  return scripts;
}

describe('landing page', () => {
  it('shows the header, hero video, consultant slot, services, real prices and swatches, footer and disclaimer', async () => {
    // Motion on: the video plays only for a visitor who does not prefer reduced motion (the browser tests' default).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const scripts = await openLanding();
    await expect.poll(() => page.title()).toContain('Custom Blinds');

    const header = page.locator('header.site-header');
    await expect.poll(() => header.getByRole('link', { name: /Call/ }).getAttribute('href')).toMatch(/^tel:\+27\d+$/);
    const whatsapp = await header.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/27\d+\?text=Hi/);

    const sources = await page.locator('video.hero__video source').evaluateAll((els) => els.map((e) => (e as HTMLSourceElement).src));
    expect(sources.every((s) => s.startsWith(baseUrl + '/media/hero.'))).toBe(true);
    expect((await page.request.get(baseUrl + '/media/hero.webm')).headers()['content-type']).toContain('video/webm');
    // The video starts once the page has loaded (the poster and scripts get the bandwidth first).
    await page.waitForFunction(() => !(document.querySelector('video.hero__video') as HTMLVideoElement).paused, undefined, {
      timeout: 15_000,
    });

    // The consultant's panel is its own chunk, loaded after the first render.
    await page.getByRole('heading', { name: 'Melvin AI' }).waitFor();
    await expect.poll(() => page.locator('.badge', { hasText: 'Custom Blinds Assistant' }).first().isVisible()).toBe(true);

    // Prices and swatches come from the API (sample prices, labelled as such).
    const rollerCard = page.locator('.product-card', { hasText: 'Roller Blind - Blockout' });
    await rollerCard.locator('.product-card__price').waitFor();
    const priceText = await rollerCard.locator('.product-card__price').innerText();
    const catalog = await (await page.request.get(baseUrl + '/api/products/catalog')).json();
    const roller = catalog.indoor_blinds.find((p: { id: string }) => p.id === 'roller-blockout');
    const expected = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR', minimumFractionDigits: 2 }).format(
      roller.from_price,
    );
    expect(priceText.replace(/\s/g, ' ')).toContain(expected.replace(/\s/g, ' '));
    await expect.poll(() => page.getByText('Sample prices', { exact: true }).isVisible()).toBe(true);
    const swatches = rollerCard.locator('.swatch-row img');
    await expect.poll(() => swatches.count()).toBe(8);
    await swatches.first().scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await swatches.first().elementHandle(),
    );
    // '+N' counts the roller colours beyond the eight shown: 19 seeded, 20 while catalog-admin.e2e,
    // running alongside, has added its test colour. The list's label gives the count the page drew from.
    const swatchList = rollerCard.locator('.swatch-row');
    const colourCount = Number((await swatchList.getAttribute('aria-label'))?.match(/^(\d+) colours$/)?.[1]);
    expect(colourCount).toBeGreaterThanOrEqual(19);
    await expect.poll(() => swatchList.locator('.swatch-more').innerText()).toBe(`+${colourCount - 8}`);

    await expect.poll(() => page.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin-dashboard');
    await expect.poll(() => page.getByLabel('Disclaimer').isVisible()).toBe(true);

    // The first page never loads three.js.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((s) => s.includes('WebGLRenderer'))).toBe(false);
    await screenshot(page, 'landing-desktop');
    expect(errors).toEqual([]);
  });

  it("'Online Tools and Quotes' selects the online card and shows its panel", async () => {
    await openLanding();
    // This page prefers reduced motion: the hero stays on its poster.
    await page.waitForFunction(() => document.readyState === 'complete');
    expect(await page.locator('video.hero__video').evaluate((v) => (v as HTMLVideoElement).paused)).toBe(true);
    await page.getByRole('button', { name: 'Online Tools and Quotes' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Online Tools/, pressed: true }).count()).toBe(1);
    await expect.poll(() => page.getByRole('region', { name: 'How online ordering works' }).isVisible()).toBe(true);
    await page
      .getByRole('button', { name: /Garden Route Service/ })
      .last()
      .click();
    await expect.poll(() => page.getByRole('region', { name: 'Our Garden Route team' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('region', { name: 'How online ordering works' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('online tools section', () => {
  it('links to the shutter visualiser and the room walk-through, and the links lead there', async () => {
    await openLanding();
    const tools = page.getByRole('region', { name: 'Online tools', exact: true });
    const shutters = tools.getByRole('link', { name: /Shutter visualiser/ });
    await expect.poll(() => shutters.getAttribute('href')).toBe('/shutters');
    await expect.poll(() => tools.getByRole('link', { name: /Room walk-through/ }).getAttribute('href')).toBe('/room-walkthrough-rebuilt');
    await shutters.click();
    await page.getByRole('heading', { level: 1, name: 'Plantation Shutter Visualiser' }).waitFor();
    await page.goBack();
    await page
      .getByRole('region', { name: 'Online tools', exact: true })
      .getByRole('link', { name: /Room walk-through/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/room-walkthrough-rebuilt');
    await page.getByRole('heading', { level: 1, name: 'Walk through your room, window by window' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('quick-details dialog', () => {
  it('checks every field, saves through /api/customer-details and launches the AR visualiser', async () => {
    await openLanding();
    await page.getByRole('button', { name: 'AR Visualiser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Details for AR Visualizer' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Launch AR Visualizer' }).click();
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Missing Details');
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Please fill in all fields to continue.');

    await dialog.getByLabel('Your Name').fill('Thandi');
    await dialog.getByLabel('WhatsApp Number').fill('082 555 0101');
    await dialog.getByLabel('Email Address').fill('thandi.example.co.za');
    await dialog.getByRole('button', { name: 'Launch AR Visualizer' }).click();
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Invalid Email');
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Please enter a valid email address.');
    await expect.poll(() => page.getByTestId('toast').count()).toBe(1); // one toast at a time

    await dialog.getByLabel('Email Address').fill('thandi@example.co.za');
    // The lead form's POPIA consent, with the privacy link, and no promise to send a design.
    await expect.poll(() => dialog.innerText()).not.toContain('send you your design');
    await expect.poll(() => dialog.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/privacy');
    let posted = false;
    page.on('request', (r) => r.url().endsWith('/api/customer-details') && (posted = true));
    await dialog.getByRole('button', { name: 'Launch AR Visualizer' }).click();
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Consent Needed');
    expect(posted).toBe(false);
    await dialog.getByRole('checkbox', { name: /I agree to be contacted about this enquiry/ }).check();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/customer-details'));
    await dialog.getByRole('button', { name: 'Launch AR Visualizer' }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON();
    expect(sent).toMatchObject({
      name: 'Thandi',
      whatsapp: '082 555 0101',
      email: 'thandi@example.co.za',
      feature: 'ar_visualizer',
      ipAddress: null,
      popiaConsent: true,
    });
    expect(sent.sessionId).toMatch(/^session_\d+_[a-z0-9]{9}$/);
    await page.waitForURL('**/ar-measurement');
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Thanks Thandi! Launching AR Visualizer...');
    expect(errors).toEqual([]);
  });

  it("shows 'Saving...' while busy and the failure toast when saving fails", async () => {
    await openLanding();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/customer-details', async (route) => {
      await held;
      await route.fulfill({ status: 500, body: '{"success":false}' });
    });
    await page.getByRole('button', { name: 'AR Visualiser' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Your Name').fill('Pieter');
    await dialog.getByLabel('WhatsApp Number').fill('082 123 4567');
    await dialog.getByLabel('Email Address').fill('pieter@example.co.za');
    await dialog.getByRole('checkbox', { name: /I agree to be contacted/ }).check();
    await dialog.getByRole('button', { name: 'Launch AR Visualizer' }).click();
    await dialog.getByRole('button', { name: 'Saving...' }).waitFor();
    release();
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Failed to save your details. Please try again.');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => dialog.isVisible()).toBe(true);
  });

  it("walk-through: 'blinds' bypasses the checks and goes to /measurement; Escape and Cancel close", async () => {
    await openLanding();
    await page.getByRole('button', { name: 'Online Tools and Quotes' }).click();
    await page.getByRole('button', { name: 'Room Walk-Through' }).click();
    let dialog = page.getByRole('dialog', { name: 'Quick Details for Room Walk-Through' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Room Walk-Through' }).click();
    dialog = page.getByRole('dialog', { name: 'Quick Details for Room Walk-Through' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByRole('button', { name: 'Room Walk-Through' }).click();
    let called = false;
    page.on('request', (r) => r.url().includes('/api/customer-details') && (called = true));
    await page.getByLabel('Your Name').fill('BLINDS');
    await page.getByRole('button', { name: 'Start Consultation' }).click();
    await page.waitForURL('**/measurement');
    expect(called).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('mobile layout', () => {
  it('fits a 360 px phone without sideways scrolling', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    const phoneErrors = watchErrors(p);
    await p.goto(baseUrl + '/');
    await p.getByRole('heading', { name: 'Choose Your Service' }).waitFor();
    await p.locator('.product-card').first().waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(p, 'landing-phone');
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });
});

describe('the landing page (fast by design)', () => {
  it('never loads three.js on a fresh landing visit', async () => {
    const bodies: Promise<string>[] = [];
    let scriptsInFlight = 0;
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scriptsInFlight++;
    });
    const ended = (req: { resourceType(): string }) => {
      if (req.resourceType() === 'script') scriptsInFlight--;
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.text().catch(() => ''));
    });
    // Every script the landing page asks for once it has started, until none has been in flight for a
    // second. Not 'networkidle': that waits for every swatch image too, which the headless shell
    // loads below the fold, and on a busy machine took longer than the 30 s navigation deadline.
    await openStartedLanding(page, baseUrl);
    let quietSince = Date.now();
    await expect
      .poll(
        () => {
          if (scriptsInFlight > 0) quietSince = Date.now();
          return Date.now() - quietSince >= 1_000;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    const scripts = await Promise.all(bodies);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.includes('WebGLRenderer'))).toEqual([]);
  });
});
