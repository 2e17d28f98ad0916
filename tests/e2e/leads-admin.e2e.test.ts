// /leads in Chromium (issue 10): a lead left through the API shows up for staff signed in at the PIN
// gate; filter, status, notes and the CSV export work at phone and desktop size.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser, watchErrors, testClientAddress } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

async function openContext(viewport: { width: number; height: number }) {
  context = await browser.newContext({ viewport, acceptDownloads: true });
  page = await context.newPage();
  errors = watchErrors(page);
}

async function leaveLead(name: string, extra: Record<string, unknown> = {}) {
  const res = await fetch(`${baseUrl}/api/leads/capture`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': testClientAddress() },
    body: JSON.stringify({ name, email: `${name.split(' ')[0]!.toLowerCase()}@example.co.za`, phone: '082 555 0101', whatsapp: null, location: 'George', source: 'room_walkthrough', productInterest: 'Roller Blind - Blockout', sessionData: null, notes: null, popiaConsent: true, ...extra }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { leadId: string }).leadId;
}

async function signInAtGate() {
  await page.goto(baseUrl + '/leads');
  await page.getByLabel('PIN', { exact: true }).fill('4321');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
}

const row = (name: string) => page.getByTestId('lead-row').filter({ hasText: name });

afterEach(async () => {
  await context?.close();
});

describe.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 360, height: 780 }],
])('/leads at %s size', (label, viewport) => {
  it('shows a new lead; filter, mark contacted, add a note and export the CSV', async () => {
    const name = `Lerato ${label === 'phone' ? 'Phone' : 'Desk'}${randomInt(1000, 9999)}`;
    await leaveLead(name);
    await openContext(viewport);
    await signInAtGate();

    await row(name).waitFor();
    const r = row(name);
    expect(await r.textContent()).toContain('Roller Blind - Blockout');
    expect(await r.textContent()).toContain('Room walk-through');
    expect(await r.getByRole('link', { name: `WhatsApp ${name}` }).getAttribute('href')).toBe('https://wa.me/27825550101');
    expect(await r.getByRole('link', { name: `Phone ${name}` }).getAttribute('href')).toBe('tel:0825550101');
    expect(await r.getByRole('link', { name: `E-mail ${name}` }).getAttribute('href')).toMatch(/^mailto:lerato@example\.co\.za$/);
    const total = Number(await page.getByTestId('stat-total').textContent());
    expect(total).toBeGreaterThan(0);

    // Mark contacted from the badge's dropdown: the stat cards and the last-contacted date follow.
    const contactedBefore = Number(await page.getByTestId('stat-contacted').textContent());
    await r.getByLabel(`Status of ${name}`).selectOption('contacted');
    await expect.poll(async () => Number(await page.getByTestId('stat-contacted').textContent())).toBe(contactedBefore + 1);
    await expect.poll(async () => (await row(name).locator('td[data-label="Last contacted"]').textContent()) ?? '').not.toBe('Never');

    // Filter: 'new' hides it, 'contacted' shows it.
    await page.getByLabel('Status filter').selectOption('new');
    await expect.poll(() => row(name).count()).toBe(0);
    await page.getByLabel('Status filter').selectOption('contacted');
    await row(name).waitFor();

    // Add Notes through the dialog, with the keyboard.
    await row(name).getByRole('button', { name: `Add Notes for ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Notes' });
    await dialog.waitFor();
    await dialog.getByLabel('Notes').fill('Called; site visit Friday 10:00');
    await screenshot(page, `leads-admin-notes-${label}`);
    await dialog.getByLabel('Notes').press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await row(name).textContent()) ?? '').toContain('Notes: Called; site visit Friday 10:00');
    expect(await dialog.isVisible()).toBe(false);

    // Export CSV: a dated file holding the lead.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(name);
    expect(csv).toContain('Called; site visit Friday 10:00');

    await page.getByLabel('Status filter').selectOption('all');
    await row(name).waitFor();
    await screenshot(page, `leads-admin-${label}`);
    // On a phone the table is a stack of cards: nothing scrolls sideways.
    if (label === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });
});

describe('/leads POPIA tools', () => {
  it('exports a JSON file and deletes the personal data after a confirm that names it', async () => {
    const name = `Popia Person${randomInt(1000, 9999)}`;
    const email = `popia${randomInt(1000, 9999)}@example.co.za`;
    await leaveLead(name, { email, phone: '083 222 3333' });
    await openContext({ width: 1280, height: 900 });
    await signInAtGate();
    await row(name).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), row(name).getByRole('button', { name: `Export data of ${name}` }).click()]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-.+\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.leads.some((l: { name: string }) => l.name === name)).toBe(true);

    await row(name).getByRole('button', { name: `Delete data of ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}'s personal data?` });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(email);
    expect(await confirm.textContent()).toContain('Orders stay as SARS requires');
    await screenshot(page, 'leads-admin-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete personal data' }).click();
    await page.getByText('Personal data deleted').waitFor();
    await expect.poll(() => row(name).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
