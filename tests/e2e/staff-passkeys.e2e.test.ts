// Staff passkeys (DESIGN.md section 7, staff sign-in) in Chromium with its virtual authenticator
// (DevTools protocol WebAuthn domain: a platform authenticator that keeps discoverable credentials
// and verifies its user): registered from the staff area, used to sign in, removed. The server runs
// with passkeys optional (the default); STAFF_REQUIRE_PASSKEY is covered by the worker tests
// (tests/worker/staff-passkeys.test.ts).
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;

afterEach(async () => {
  await context?.close();
});

async function openPage(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  context = await browser.newContext({ baseURL: baseUrl, viewport, bypassCSP: true });
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

/** A virtual platform authenticator in this page's browser, answering every prompt as if the person touched it. */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signInWithPin(page: Page) {
  await page.getByLabel('PIN', { exact: true }).fill('4321');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Staff' }).waitFor();
}

/** Console errors other than the browser's own notes about answers the test asks for (a 401, a 409). */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of (401|409)/.test(e));

describe('staff passkeys', () => {
  it('registers a passkey from the staff area, signs in with it after Logout, and removes it', async () => {
    const { page, errors } = await openPage({ width: 1280, height: 900 });
    const { cdp, authenticatorId } = await addAuthenticator(page);
    await page.goto('/admin-dashboard');
    await signInWithPin(page);

    await page.getByRole('link', { name: 'Passkeys' }).click();
    await page.getByRole('heading', { name: 'Passkeys', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Loading passkeys' }).waitFor({ state: 'detached' });

    // A name is asked for before the device's prompt opens.
    const name = page.getByLabel('Name for this passkey');
    await name.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Give this passkey a name' }).waitFor();
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');

    // From the keyboard: type the name, Enter.
    const label = `E2E laptop ${Math.random().toString(36).slice(2, 8)}`;
    await name.fill(label);
    await name.press('Enter');
    const row = page.getByTestId('passkey-row').filter({ hasText: label });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Last used: Not yet');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(credentials[0]!.rpId).toBe(new URL(baseUrl).hostname);

    // The same device again: the browser refuses (the server listed its passkey), and the page says why.
    await name.fill(`${label} again`);
    await page.getByRole('button', { name: 'Register a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'This device already holds a staff passkey' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-passkeys-desktop');

    // Logout, then in with the passkey alone.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('navigation', { name: 'Staff' }).waitFor();
    await page.getByRole('heading', { name: 'Passkeys', level: 1 }).waitFor();
    await expect.poll(() => row.textContent()).not.toContain('Last used: Not yet');
    // Signed in for real: a staff API answers.
    expect((await page.request.get('/api/admin/passkeys')).status()).toBe(200);

    // Removal asks first, then the passkey is gone and can no longer sign in.
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: `Remove ${label}` }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'not registered for the staff area' }).waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Staff' }).count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
  });

  it('on a phone: a closed prompt says so, and the staff pages fit and pass axe', async () => {
    const { page, errors } = await openPage({ width: 360, height: 740 });
    // An authenticator holding no staff passkey: Chromium ends the request as a closed prompt would (NotAllowedError).
    await addAuthenticator(page);
    await page.goto('/admin-dashboard');
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'The passkey prompt was closed or timed out' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Use a passkey' }).isEnabled()).toBe(true);

    await signInWithPin(page);
    await page.getByRole('link', { name: 'Passkeys' }).click();
    await page.getByRole('heading', { name: 'Passkeys', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Loading passkeys' }).waitFor({ state: 'detached' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'staff-passkeys-phone');
    expect(unexpected(errors)).toEqual([]);
  });

  it('in a browser without WebAuthn the gate says to use the PIN instead of offering a passkey', async () => {
    const { page, errors } = await openPage({ width: 375, height: 800 });
    await page.addInitScript(() => Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true }));
    await page.goto('/admin-dashboard');
    await page.getByText('This browser cannot use passkeys. Sign in with the PIN').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Use a passkey' }).count()).toBe(0);
    await signInWithPin(page);
    await page.getByRole('link', { name: 'Passkeys' }).click();
    await page.getByRole('alert').filter({ hasText: 'This browser cannot use passkeys' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Register a passkey' }).isDisabled()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
  });
});
