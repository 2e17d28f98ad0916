import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { SCREENSHOT_DIR, screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const PIN = '4321'; // global-setup starts the server with ADMIN_PIN 4321
let context: BrowserContext;
let page: Page;
let errors: string[];

async function openContext(viewport = { width: 1280, height: 900 }) {
  context = await browser.newContext({ viewport });
  page = await context.newPage();
  errors = watchErrors(page);
}

const pinInput = () => page.getByLabel('PIN', { exact: true });
const signInButton = () => page.getByRole('button', { name: 'Sign in' });
const staffNav = () => page.getByRole('navigation', { name: 'Staff' });

async function signIn() {
  await pinInput().fill(PIN);
  await signInButton().click();
  await staffNav().waitFor();
}

/** Console errors other than the browser's own note about the expected 401 of a wrong PIN. */
const unexpectedErrors = () => errors.filter((e) => !/status of 401/.test(e));

afterEach(async () => {
  await context?.close();
});

describe('staff PIN gate', () => {
  beforeEach(() => openContext());

  it('shows the gate on /admin-dashboard, with submit enabled only at exactly 4 digits', async () => {
    await page.goto(baseUrl + '/admin-dashboard');
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    await expect.poll(() => staffNav().count()).toBe(0);
    const input = pinInput();
    await expect.poll(() => input.getAttribute('type')).toBe('password');
    await expect.poll(() => input.getAttribute('inputmode')).toBe('numeric');
    await expect.poll(() => input.getAttribute('maxlength')).toBe('4');
    // The field has focus on arrival.
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => signInButton().isDisabled()).toBe(true);
    await input.fill('432');
    await expect.poll(() => signInButton().isDisabled()).toBe(true);
    await input.fill('4321');
    await expect.poll(() => signInButton().isEnabled()).toBe(true);
    // At most 4 characters: a fifth is not taken.
    await input.press('End');
    await input.pressSequentially('9');
    await expect.poll(() => input.inputValue()).toBe('4321');
    expect(unexpectedErrors()).toEqual([]);
  });

  it("answers a wrong PIN with 'Incorrect PIN code', clears the field and keeps focus on it", async () => {
    await page.goto(baseUrl + '/admin-dashboard');
    await pinInput().fill('0000');
    await signInButton().click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toBe('Incorrect PIN code');
    await expect.poll(() => pinInput().inputValue()).toBe('');
    expect(await pinInput().evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => signInButton().isDisabled()).toBe(true);
    await expect.poll(() => staffNav().count()).toBe(0);
    await screenshot(page, 'staff-gate-wrong-pin');
    expect(unexpectedErrors()).toEqual([]);
  });

  it('signs in with the right PIN, stays signed in across a reload, and Logout shows the gate again', async () => {
    await page.goto(baseUrl + '/admin-dashboard');
    await signIn();
    // Every staff screen is one link away.
    const links = staffNav().getByRole('link');
    const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(hrefs).toEqual([
      '/admin-dashboard',
      '/admin/orders',
      '/admin/outbox',
      '/marketing-insights',
      '/leads',
      '/site-visits',
      '/admin/visit-schedule',
      '/admin/tracking',
      '/admin/scraper',
      '/admin/catalog',
      '/admin/colours',
      '/admin/color-screenshots',
      '/admin/pricing',
    ]);
    await expect.poll(() => staffNav().getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    // The screen below the gate is shown, not the gate.
    await page.locator('main h1').first().waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Staff sign-in' }).count()).toBe(0);
    // Focus moves to the staff bar after signing in.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Staff area');
    // Local storage holds when this browser signed in, never the PIN.
    const stored = await page.evaluate(() => localStorage.getItem('admin-session'));
    expect(JSON.parse(stored!)).toEqual({ timestamp: expect.any(Number) });
    expect(stored).not.toContain(PIN);
    await screenshot(page, 'staff-gate-signed-in');

    await page.reload();
    await staffNav().waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Staff sign-in' }).count()).toBe(0);

    // Moving between staff screens keeps the session.
    await staffNav().getByRole('link', { name: 'Leads' }).click();
    await page.waitForURL(baseUrl + '/leads');
    await staffNav().waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    await expect.poll(() => staffNav().count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('admin-session'))).toBeNull();
    // The server session ended too: a reload still shows the gate.
    await page.reload();
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    expect(unexpectedErrors()).toEqual([]);
  });
});

describe('staff PIN gate at 360 px', () => {
  beforeEach(() => openContext({ width: 360, height: 740 }));

  it('fits the gate and the staff bar without horizontal scrolling', async () => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto(baseUrl + '/admin-dashboard');
    await pinInput().waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'staff-gate-360');
    await signIn();
    await page.locator('main h1').first().waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The links scroll inside the bar; the last one is reachable.
    const last = staffNav().getByRole('link', { name: 'Price-list analyser' });
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.isVisible()).toBe(true);
    await screenshot(page, 'staff-gate-360-signed-in');
    expect(path.isAbsolute(SCREENSHOT_DIR)).toBe(true);
    expect(unexpectedErrors()).toEqual([]);
  });
});
