import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/** Debian's Chromium: the headed test (devtools-guard.e2e) and, without the headless shell, every test. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * The browser of the headless tests: Debian's chromium-headless-shell (Chromium's headless-only build,
 * which Playwright also uses for headless runs) when installed, else CHROME_PATH. For the same tests it
 * spent about 2.6 times less CPU than the full browser in headless mode (33 against 86 CPU-s for the
 * quote, order and tracking pages), and the browser tests are CPU-bound on a 2-core machine.
 */
export const HEADLESS_CHROME_PATH =
  process.env.HEADLESS_CHROME_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROME_PATH);
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results');

/** Headless Chromium (HEADLESS_CHROME_PATH) with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: HEADLESS_CHROME_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** A client address from 198.18.0.0/15 (set aside for tests), different for each call in practice. */
export function testClientAddress(): string {
  return `198.${18 + Math.floor(Math.random() * 2)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
}

/** Collects uncaught page errors and console errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

/**
 * A full-page screenshot for review in test-results/, taken when E2E_SCREENSHOTS=1 (`E2E_SCREENSHOTS=1
 * npm run test:e2e`). Nothing reads them but a person, and the 153 calls cost about 0.4 s of CPU each
 * for a long page. JPEG: PNG took Chromium twice the CPU.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.jpg`), fullPage: true, type: 'jpeg', quality: 85 });
}

const pendingRequests = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests in flight from now on, for `networkQuiet`. */
export function trackRequests(page: Page): void {
  const pending = new Set<Request>();
  pendingRequests.set(page, pending);
  page.on('request', (request) => {
    // The analytics beacon is a keepalive fetch, whose end Playwright never reports; the page does not wait on it.
    if (!request.url().endsWith('/api/analytics/events')) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/**
 * Waits until the page has had no request in flight for `quietMs` (at most `timeoutMs`; a stream
 * never ends). Playwright's 'networkidle' asks for 500 ms of quiet, which a test visiting 60 pages
 * pays 30 seconds for; the page's own requests start within a few milliseconds of its render.
 */
export async function networkQuiet(page: Page, quietMs = 150, timeoutMs = 5_000): Promise<void> {
  const pending = pendingRequests.get(page);
  if (!pending) throw new Error('networkQuiet needs trackRequests(page) first');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The browser of this test process (vitest keeps one process per worker for every file it runs:
 * vitest.e2e.config.ts). Launching Chromium cost about 0.7 s of CPU, once per file before: 47 times a run.
 * Files share the browser process only: each test opens contexts of its own (cookies, storage and
 * cache apart), and `useBrowser` closes a file's contexts after it. A browser that crashed or
 * disconnected is launched again for the next file.
 */
let shared: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = launchBrowser();
    shared = launching;
    void launching.then(
      (browser) => browser.on('disconnected', () => shared === launching && (shared = undefined)),
      () => shared === launching && (shared = undefined),
    );
  }
  return shared;
}

/**
 * The browser for a test file's tests, from its beforeAll. The answer stands for that browser (it
 * forwards to it), so tests write `browser.newPage()`; every context opened through it is closed after
 * the file's tests.
 */
export function useBrowser(): Browser {
  let launched: Browser | undefined;
  const opened = new Set<BrowserContext>();
  const closeOpened = () => Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
  beforeAll(async () => {
    launched = await sharedBrowser();
  });
  afterAll(async () => {
    await closeOpened();
  });
  return new Proxy({} as Browser, {
    get(_target, prop) {
      if (!launched) throw new Error('the browser is launched in beforeAll: use it inside tests and hooks');
      const browser = launched;
      // Each new page or context is a client of its own (the Worker reads CF-Connecting-IP), so test
      // files running side by side do not share rate-limit budgets through 127.0.0.1. A test that
      // sets the header itself keeps its own.
      // Pages prefer reduced motion unless a test asks otherwise: the landing and consultant pages'
      // looping hero video costs a fifth of a core for as long as a page sits open, which the
      // browser tests cannot spare beside the worker tests. landing.e2e checks the video with motion on.
      if (prop === 'newPage' || prop === 'newContext') {
        return async (options: BrowserContextOptions = {}) => {
          const contextOptions = {
            reducedMotion: 'reduce' as const,
            ...options,
            extraHTTPHeaders: { 'CF-Connecting-IP': testClientAddress(), ...options.extraHTTPHeaders },
          };
          // browser.newPage() opens a context of its own for the page; both are closed after the file.
          const context = await browser.newContext(contextOptions);
          opened.add(context);
          context.once('close', () => opened.delete(context));
          if (prop === 'newContext') return context;
          const page = await context.newPage();
          // As Browser.newPage: closing the page closes its context.
          page.once('close', () => void context.close().catch(() => undefined));
          return page;
        };
      }
      if (prop === 'close') {
        // The browser outlives the file: closing it closes the file's contexts.
        return async () => {
          await closeOpened();
        };
      }
      const value = Reflect.get(browser, prop, browser) as unknown;
      return typeof value === 'function' ? value.bind(browser) : value;
    },
  });
}

/**
 * For the journeys where staff and a customer take turns: each test gets a desktop context for staff
 * and a phone context (375 px) for the customer, each a client address of its own, closed after it.
 */
export function useStaffAndCustomer(browser: Browser, baseUrl: string): { staffPage(): Promise<Page>; customerPage(): Promise<Page> } {
  let staff: BrowserContext | undefined;
  let customer: BrowserContext | undefined;
  beforeEach(async () => {
    staff = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 }, bypassCSP: true });
    customer = await browser.newContext({ baseURL: baseUrl, viewport: { width: 375, height: 800 }, bypassCSP: true });
  });
  afterEach(async () => {
    await staff?.close();
    await customer?.close();
  });
  const open = (context: BrowserContext | undefined) => {
    if (!context) throw new Error('the contexts are made in beforeEach: open pages inside tests');
    return context.newPage();
  };
  return { staffPage: () => open(staff), customerPage: () => open(customer) };
}

/** Holds the page's requests to `url` until the returned function is called, then lets them through to the server. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Opens the landing page and waits until the app has started. Its code starts only once the page has
 * loaded (web/public/boot.js), and on a first visit it begins by clearing storage of an older cache
 * version (web/src/lib/cache-version.ts): a test that writes storage must wait for that first.
 */
export async function openStartedLanding(page: Page, baseUrl: string): Promise<void> {
  await page.goto(baseUrl + '/');
  await page.getByRole('heading', { name: 'Choose Your Service' }).waitFor();
}
