import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SCREENSHOT_DIR, networkQuiet, trackRequests, useBrowser, testClientAddress } from './browser';
import { openOrderPanel } from './order-panel';
import { SPEC_ROUTES } from './spec-routes';

// 'Accessible on every page': axe on every route of the spec's table, on a desktop and a
// 360 px phone, staff pages signed in behind the PIN gate, plus a few interactive states. Any
// 'serious' or 'critical' violation fails, listed with its rule, element and axe's summary.

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const PIN = '4321'; // global-setup starts the server with ADMIN_PIN 4321
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
} as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

// Staff pages are checked with data in them, whatever order the browser test files run in: a lead
// (with e-mail, phone and WhatsApp, so every row action is drawn) exists before the first visit.
beforeAll(async () => {
  const res = await fetch(`${baseUrl}/api/leads/capture`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, 'CF-Connecting-IP': testClientAddress() },
    body: JSON.stringify({
      name: 'Axe Check',
      email: `axe.check.${Date.now()}@example.co.za`,
      phone: '082 555 0101',
      whatsapp: '082 555 0101',
      location: 'Knysna',
      source: 'other',
      productInterest: 'Roller blinds',
      sessionData: null,
      notes: null,
      popiaConsent: true,
    }),
  });
  expect(res.status).toBe(201);
});

async function openContext(kind: keyof typeof VIEWPORTS): Promise<BrowserContext> {
  // bypassCSP: the app's CSP rightly refuses inline scripts, and axe is injected as one.
  const context = await browser.newContext({ ...VIEWPORTS[kind], bypassCSP: true });
  context.on('page', trackRequests); // settle() waits for the page's requests to end
  return context;
}

/** Waits for the page's heading, its requests to calm down and its transitions to end. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await networkQuiet(page);
  // Finite transitions and animations only: a spinner never finishes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The serious and critical violations on the page as it is now, one readable line each. */
async function blockingViolations(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((r) => r.violations),
    AXE_TAGS,
  );
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => {
        const summary = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
        return `${label}: ${v.impact} ${v.id} (${v.help}) at ${JSON.stringify(n.target)}${summary ? ` - ${summary}` : ''}`;
      }),
    );
}

/**
 * Goes to `route` inside the running app, as its links do (React Router follows the history), so
 * each of the 28 routes does not reload and re-start the whole app: that halves the CPU each visit
 * takes. routes.e2e loads every route from its address; landing-first-screen.e2e checks that the
 * server's first screen is the one React draws.
 */
async function openInApp(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
  await page.waitForURL(baseUrl + route);
  // 'Loading page' shows while the route's code loads; the new page is drawn once it has gone.
  await networkQuiet(page);
  await page.getByRole('progressbar', { name: 'Loading page' }).waitFor({ state: 'detached' });
}

async function signIn(page: Page): Promise<void> {
  await page.goto(baseUrl + '/admin-dashboard');
  await page.getByLabel('PIN', { exact: true }).fill(PIN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Staff' }).waitFor();
}

for (const kind of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
  describe(`axe on every route (${kind})`, () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await openContext(kind);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it('the staff PIN gate, empty and with a wrong PIN', async () => {
      await page.goto(baseUrl + '/admin-dashboard');
      await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
      await settle(page);
      const found = await blockingViolations(page, 'PIN gate');
      await page.getByLabel('PIN', { exact: true }).fill('0000');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Incorrect PIN code').first().waitFor();
      found.push(...(await blockingViolations(page, 'PIN gate, wrong PIN')));
      expect(found, found.join('\n')).toEqual([]);
      await signIn(page); // every staff page below is visited signed in
    });

    it.each(SPEC_ROUTES)('%s', async (route) => {
      await openInApp(page, route);
      await settle(page);
      const found = await blockingViolations(page, `${route} (${kind})`);
      expect(found, found.join('\n')).toEqual([]);
    });
  });
}

describe('axe on the pages the table reaches by redirect or link', () => {
  it.each(['/mobile-ruler', '/privacy'])('%s', async (route) => {
    const context = await openContext('phone');
    try {
      const page = await context.newPage();
      await page.goto(baseUrl + route);
      await settle(page);
      const found = await blockingViolations(page, route);
      expect(found, found.join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The quote calculator with one roller blind added. */
async function calculatorWithABlind(page: Page): Promise<void> {
  await page.goto(baseUrl + '/quote-calculator');
  await settle(page);
  const colours = page.waitForResponse((r) => r.url().includes('/api/colours/roller-blockout'));
  await page.getByLabel('Product').selectOption('roller-blockout');
  await colours;
  await page.getByLabel('Width (mm)').fill('1200');
  await page.getByLabel('Drop (mm)').fill('1500');
  await page.locator('.qc-swatch').first().click();
  await page.getByTestId('qc-unit-price').waitFor();
  await page.getByRole('button', { name: 'Add Blind' }).click();
  await page.getByTestId('qc-line').first().waitFor();
}

describe('axe on interactive states', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await openContext('desktop');
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the consultant chat panel with an answer and Details on', async () => {
    await page.goto(baseUrl + '/');
    await settle(page);
    await page
      .getByPlaceholder('Ask about blinds, upload photos, or request consultation...')
      .fill('How much is a roller blockout 1.2 m by 1.5 m?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('button', { name: 'Details' }).click();
    await page.getByText('Melvin Response').first().waitFor();
    await settle(page);
    const found = await blockingViolations(page, 'chat panel');
    expect(found, found.join('\n')).toEqual([]);
  });

  it('the quick-details dialog open, after a failed check', async () => {
    await page.goto(baseUrl + '/');
    await settle(page);
    await page.getByRole('button', { name: 'AR Visualiser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Details for AR Visualizer' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Launch AR Visualizer' }).click();
    await page.getByTestId('toast').waitFor();
    await settle(page);
    const found = await blockingViolations(page, 'quick-details dialog');
    expect(found, found.join('\n')).toEqual([]);
  });

  it('the service chooser with each path chosen', async () => {
    await page.goto(baseUrl + '/');
    await settle(page);
    await page.getByRole('button', { name: 'Online Tools and Quotes' }).click();
    await page.getByRole('region', { name: 'How online ordering works' }).waitFor();
    const found = await blockingViolations(page, 'online path chosen');
    await page
      .getByRole('button', { name: /Garden Route Service/ })
      .last()
      .click();
    await page.getByRole('region', { name: 'Our Garden Route team' }).waitFor();
    found.push(...(await blockingViolations(page, 'Garden Route path chosen')));
    expect(found, found.join('\n')).toEqual([]);
  });

  it('the quote calculator with a blind added', async () => {
    await calculatorWithABlind(page);
    await settle(page);
    const found = await blockingViolations(page, 'calculator with a line');
    expect(found, found.join('\n')).toEqual([]);
  });

  it('the order form with a VAT number that is not one: the field says so, and is marked invalid', async () => {
    await calculatorWithABlind(page);
    await openOrderPanel(page);
    const vat = page.getByLabel(/^VAT number \(for a tax invoice, optional\)/);
    await vat.fill('5123456789');
    await vat.press('Tab');
    await page.getByText('VAT number must be a South African VAT number: 10 digits starting with 4.').waitFor();
    await expect.poll(() => vat.getAttribute('aria-invalid')).toBe('true');
    await settle(page);
    const found = await blockingViolations(page, 'order form, VAT number wrong');
    expect(found, found.join('\n')).toEqual([]);
  });

  it('the measurement quick scan opened (no camera)', async () => {
    await page.goto(baseUrl + '/measurement');
    await settle(page);
    await page.getByRole('button', { name: 'Quick AI Scan' }).click();
    // No camera in this browser: the scan opens on its camera message (what is checked), not after a fixed second.
    await page
      .getByRole('alert')
      .filter({ hasText: /camera/i })
      .waitFor({ timeout: 15_000 });
    await settle(page);
    const found = await blockingViolations(page, 'quick scan opened');
    expect(found, found.join('\n')).toEqual([]);
  });
});

describe('the components the contrast fixes changed', () => {
  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    'keep a visible focus ring and fit the page (%s); screenshots for review',
    async (kind) => {
      const context = await openContext(kind);
      const page = await context.newPage();
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const shot = (locator: ReturnType<Page['locator']>, name: string) =>
        locator.screenshot({ path: path.join(SCREENSHOT_DIR, `a11y-${name}-${kind}.png`) });
      try {
        await page.goto(baseUrl + '/');
        await settle(page);
        // Keyboard focus reaches the header's WhatsApp button and shows the outline.
        const whatsapp = page.locator('header.site-header').getByRole('link', { name: 'WhatsApp' });
        for (let i = 0; i < 10 && !(await whatsapp.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
        const outline = await whatsapp.evaluate((el) => {
          const style = getComputedStyle(el);
          return { focusVisible: el.matches(':focus-visible'), style: style.outlineStyle, width: style.outlineWidth };
        });
        expect(outline).toEqual({ focusVisible: true, style: 'solid', width: '3px' });
        await shot(page.locator('header.site-header'), 'header-whatsapp-focused');
        await page.getByRole('button', { name: 'Online Tools and Quotes' }).click();
        await shot(page.locator('section.services'), 'services');
        await shot(page.locator('section.info-cards'), 'online-tools');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[kind].viewport.width);

        await page.goto(baseUrl + '/measurement');
        await settle(page);
        await shot(page.locator('.measure-intro'), 'measurement-eyebrow');
        await shot(page.locator('section.measure-more'), 'measurement-more-tools');
        await shot(page.locator('.measure-help'), 'measurement-help');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[kind].viewport.width);
      } finally {
        await context.close();
      }
    },
  );
});
