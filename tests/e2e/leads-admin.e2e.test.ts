// /leads in Chromium: a lead left through the API shows up for staff signed in at the PIN
// gate; filter, status, notes, the CSV export and the POPIA data requests (preview, approve) work at
// phone and desktop size.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser, watchErrors, testClientAddress } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

async function openContext(viewport: { width: number; height: number }) {
  // bypassCSP: axe is injected as an inline script.
  context = await browser.newContext({ viewport, acceptDownloads: true, bypassCSP: true });
  page = await context.newPage();
  errors = watchErrors(page);
}

async function leaveLead(name: string, extra: Record<string, unknown> = {}) {
  const res = await fetch(`${baseUrl}/api/leads/capture`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': testClientAddress() },
    body: JSON.stringify({
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.co.za`,
      phone: '082 555 0101',
      whatsapp: null,
      location: 'George',
      source: 'room_walkthrough',
      productInterest: 'Roller Blind - Blockout',
      sessionData: null,
      notes: null,
      popiaConsent: true,
      ...extra,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { leadId: string }).leadId;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical findings on the page as it is now (an open dialog included). */
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
    await expect.poll(() => r.textContent()).toContain('Roller Blind - Blockout');
    await expect.poll(() => r.textContent()).toContain('Room walk-through');
    await expect.poll(() => r.getByRole('link', { name: `WhatsApp ${name}` }).getAttribute('href')).toBe('https://wa.me/27825550101');
    await expect.poll(() => r.getByRole('link', { name: `Phone ${name}` }).getAttribute('href')).toBe('tel:0825550101');
    await expect
      .poll(() => r.getByRole('link', { name: `E-mail ${name}` }).getAttribute('href'))
      .toMatch(/^mailto:lerato@example\.co\.za$/);
    const total = Number(await page.getByTestId('stat-total').textContent());
    expect(total).toBeGreaterThan(0);

    // Mark contacted from the badge's dropdown: the stat cards and the last-contacted date follow.
    // The counts are the whole server's, reloaded after the change, and browser test files share one
    // server: another file marking its own lead contacted meanwhile (staff-journey.e2e) adds to the
    // count too, so the card must have grown by at least this lead (no test moves a lead back from
    // contacted), and the lead's own status is checked on its row.
    const contactedBefore = Number(await page.getByTestId('stat-contacted').textContent());
    await r.getByLabel(`Status of ${name}`).selectOption('contacted');
    await expect.poll(() => r.getByLabel(`Status of ${name}`).inputValue()).toBe('contacted');
    await expect
      .poll(async () => Number(await page.getByTestId('stat-contacted').textContent()))
      .toBeGreaterThanOrEqual(contactedBefore + 1);
    await expect.poll(async () => (await row(name).locator('td[data-label="Last contacted"]').textContent()) ?? '').not.toBe('Never');

    // Filter: 'new' hides it, 'contacted' shows it.
    await page.getByLabel('Status filter').selectOption('new');
    await expect.poll(() => row(name).count()).toBe(0);
    await page.getByLabel('Status filter').selectOption('contacted');
    await row(name).waitFor();

    // Add Notes through the dialog, with the keyboard.
    await row(name)
      .getByRole('button', { name: `Add Notes for ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Notes' });
    await dialog.waitFor();
    await dialog.getByLabel('Notes').fill('Called; site visit Friday 10:00');
    await screenshot(page, `leads-admin-notes-${label}`);
    await dialog.getByLabel('Notes').press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await row(name).textContent()) ?? '').toContain('Notes: Called; site visit Friday 10:00');
    await expect.poll(() => dialog.isVisible()).toBe(false);

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

describe.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 360, height: 780 }],
])('/leads POPIA data requests at %s size', (label, viewport) => {
  it('previews the matched records for the verified contact detail, then exports and deletes exactly them once approved', async () => {
    const name = `Popia Person${randomInt(1000, 9999)}`;
    const email = `popia${randomInt(10000, 99999)}@example.co.za`;
    // A number of its own: the delete, verified by it, must match only this lead (browser test files share one server).
    const [mid, end] = [randomInt(100, 1000), randomInt(1000, 10000)];
    const phone = `083 ${mid} ${end}`;
    const leadId = await leaveLead(name, { email, phone });
    await openContext(viewport);
    await signInAtGate();
    await row(name).waitFor();

    // Export: choose the detail confirmed with the person, see the list, approve.
    await row(name)
      .getByRole('button', { name: `Export data of ${name}` })
      .click();
    const exportDialog = page.getByRole('dialog', { name: `Export ${name}'s personal data` });
    await exportDialog.waitFor();
    await expect.poll(() => exportDialog.getByRole('radio', { name: `E-mail ${email}` }).isChecked()).toBe(true);
    await exportDialog.getByRole('button', { name: 'Preview matched records' }).click();
    const records = exportDialog.getByRole('region', { name: 'Matched records' });
    await records.waitFor();
    const lead = exportDialog.getByTestId('matched-record').filter({ hasText: leadId });
    await expect.poll(() => lead.textContent()).toMatch(/^Lead.*email$/);
    expect(await seriousViolations()).toEqual([]);
    await screenshot(page, `leads-admin-data-request-preview-${label}`);
    if (label === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportDialog.getByRole('button', { name: 'Approve and export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`personal-data-${leadId}.json`);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.leads.map((l: { id: string }) => l.id)).toEqual([leadId]);
    expect(data.matchedBy.identifier).toEqual({ type: 'email', value: email });
    await page.getByText('Personal data exported').waitFor();

    // Delete, verified by the phone number this time.
    await row(name)
      .getByRole('button', { name: `Delete data of ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}'s personal data?` });
    await confirm.waitFor();
    await expect.poll(() => confirm.textContent()).toContain('Orders stay as SARS requires');
    await confirm.getByRole('radio', { name: `Phone ${phone}` }).check();
    await confirm.getByRole('button', { name: 'Preview matched records' }).click();
    await confirm.getByRole('region', { name: 'Matched records' }).waitFor();
    await expect.poll(() => confirm.textContent()).toContain(`+2783${mid}${end}`);
    await screenshot(page, `leads-admin-delete-confirm-${label}`);
    await confirm.getByRole('button', { name: 'Approve and delete' }).click();
    await page.getByText('Personal data deleted').waitFor();
    await expect.poll(() => row(name).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
