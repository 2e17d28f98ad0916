import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { screenshot, useBrowser, watchErrors } from './browser';

// Staff spec 2.11: site visits that cannot be lost. Two phones (two browser contexts at 375 px)
// against the real server: a visit made offline is kept on the phone, reaches the office when the
// network returns, and is seen and edited from the other phone; two phones editing the same visit
// offline keep both edits of different fields, and the later edit of the same field.

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const contexts: BrowserContext[] = [];

afterEach(async () => {
  while (contexts.length) await contexts.pop()!.close();
});

interface Phone {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function phone(before?: (page: Page) => Promise<unknown>): Promise<Phone> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  await before?.(page);
  page.on('dialog', (dialog) => void dialog.accept());
  // The workspace's chat panel: its session start and spoken replies are not what these tests are about.
  await page.route('**/api/chat/session', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }),
  );
  await page.route('**/api/elevenlabs-tts', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' }),
  );
  await page.goto(baseUrl + '/site-visits');
  await page.getByLabel('Access phrase').fill('garden route');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('heading', { name: 'New Site Visit' }).waitFor();
  return { context, page, errors: watchErrors(page) };
}

/** Errors other than the requests that failed on purpose while the phone was offline. */
const realErrors = (list: string[]) => list.filter((e) => !e.includes('Failed to load resource') && !e.includes('Failed to fetch'));
const card = (page: Page, client: string) =>
  page.locator('li.site-visit', { has: page.getByRole('heading', { name: client, exact: true }) });
const syncStatus = (page: Page) => page.locator('.site-visits__sync [role="status"]');

async function syncNow(page: Page) {
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(() => syncStatus(page).innerText()).toMatch(/Everything is saved to the office/);
}

/** Opens a visit's edit form, changes the given labelled fields, and saves. */
async function edit(page: Page, client: string, fields: Record<string, string>) {
  const visit = card(page, client);
  await visit.getByRole('button', { name: 'Edit' }).click();
  const form = visit.locator('form');
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await visit.locator('form').waitFor({ state: 'detached' });
}

const details = (page: Page, client: string) => card(page, client).locator('.site-visit__details').innerText();

describe('site visits on two phones', () => {
  it('a visit made offline is saved on the phone, reaches the office, and is seen and edited on the other phone', async () => {
    const a = await phone();
    const b = await phone();
    const client = `Offline Client ${Date.now().toString(36)}`;

    // Phone A loses the network on site and records a visit.
    await a.context.setOffline(true);
    await a.page.getByLabel('Client name').fill(client);
    await a.page.getByLabel('Address').fill('7 Marine Drive, Knysna');
    await a.page.getByLabel('Mobile').fill('082 555 0202');
    await a.page.getByLabel('Measurements').fill('Bedroom 1200 x 1400');
    await a.page.getByRole('button', { name: 'Save Visit' }).click();
    await expect.poll(() => card(a.page, client).innerText()).toContain('Saved on this phone');
    await expect.poll(() => syncStatus(a.page).innerText()).toMatch(/Offline: 1 change saved on this phone/);
    await screenshot(a.page, 'site-visits-offline-375');
    // Kept in this browser's storage, so closing the page now would lose nothing.
    const stored = await a.page.evaluate(() => localStorage.getItem('site-visit-store') ?? '');
    expect(stored).toContain(client);

    // The network returns: it syncs by itself.
    await a.context.setOffline(false);
    await expect.poll(() => card(a.page, client).innerText(), { timeout: 15_000 }).toContain('Saved to the office');

    // Phone B sees it and edits it.
    await syncNow(b.page);
    await card(b.page, client).waitFor();
    await edit(b.page, client, { Measurements: 'Bedroom 1210 x 1400' });
    await expect.poll(() => card(b.page, client).innerText()).toContain('Saved to the office');
    await card(b.page, client).getByRole('button', { name: 'Quoted' }).click();
    await expect.poll(() => card(b.page, client).getAttribute('data-status')).toBe('quoted');
    // Phone A can see the new status only once it left phone B.
    await expect.poll(() => syncStatus(b.page).innerText()).toMatch(/Everything is saved to the office/);

    // Phone A sees B's edits.
    await syncNow(a.page);
    await expect.poll(() => details(a.page, client)).toContain('Bedroom 1210 x 1400');
    await expect.poll(() => card(a.page, client).getAttribute('data-status')).toBe('quoted');

    // A deletes it; B's copy goes too.
    await card(a.page, client).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card(a.page, client).count()).toBe(0);
    await expect.poll(() => syncStatus(a.page).innerText()).toMatch(/Everything is saved to the office/);
    await syncNow(b.page);
    await expect.poll(() => card(b.page, client).count()).toBe(0);

    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(realErrors(a.errors)).toEqual([]);
    expect(realErrors(b.errors)).toEqual([]);
  });

  it('two phones editing the same visit offline: different fields both survive, the same field keeps the later edit', async () => {
    const a = await phone();
    const b = await phone();
    const client = `Shared Client ${Date.now().toString(36)}`;
    await a.page.getByLabel('Client name').fill(client);
    await a.page.getByLabel('Address').fill('3 Beach Road, Mossel Bay');
    await a.page.getByLabel('Mobile').fill('083 555 0199');
    await a.page.getByLabel('Notes', { exact: true }).fill('First notes');
    await a.page.getByRole('button', { name: 'Save Visit' }).click();
    await expect.poll(() => card(a.page, client).innerText()).toContain('Saved to the office');
    await syncNow(b.page);
    await card(b.page, client).waitFor();

    await a.context.setOffline(true);
    await b.context.setOffline(true);
    // A first: the measurements (a field only A touches) and the notes.
    await edit(a.page, client, { Measurements: 'Lounge 2400 x 1800 (from A)', Notes: 'Notes from A' });
    await expect.poll(() => card(a.page, client).innerText()).toContain('Saved on this phone');
    // Then B, later: the status (only B touches it) and the notes again.
    await card(b.page, client).getByRole('button', { name: 'Completed' }).click();
    await edit(b.page, client, { Notes: 'Notes from B, later' });
    await expect.poll(() => card(b.page, client).innerText()).toContain('Saved on this phone');
    await screenshot(b.page, 'site-visits-two-phones-offline-375');

    // The later editor comes back online first; the earlier one after: the later notes still win.
    await b.context.setOffline(false);
    await expect.poll(() => card(b.page, client).innerText(), { timeout: 15_000 }).toContain('Saved to the office');
    await a.context.setOffline(false);
    await expect.poll(() => card(a.page, client).innerText(), { timeout: 15_000 }).toContain('Saved to the office');

    for (const { page } of [a, b]) {
      await syncNow(page);
      await expect.poll(() => details(page, client)).toContain('Lounge 2400 x 1800 (from A)');
      await expect.poll(() => details(page, client)).toContain('Notes from B, later');
      expect(await details(page, client)).not.toContain('Notes from A');
      await expect.poll(() => card(page, client).getAttribute('data-status')).toBe('completed');
    }

    // Axe on the changed screen: the list with a visit, and its edit form open.
    expect(await seriousAxeViolations(a.page)).toEqual([]);
    await card(a.page, client).getByRole('button', { name: 'Edit' }).click();
    await card(a.page, client).locator('form').waitFor();
    expect(await seriousAxeViolations(a.page)).toEqual([]);
    await screenshot(a.page, 'site-visits-edit-375');
    expect(realErrors(a.errors)).toEqual([]);
    expect(realErrors(b.errors)).toEqual([]);
  });

  it('workspace notes are saved on the phone offline, reach the office, and can be edited and deleted (axe clean)', async () => {
    const a = await phone();
    await a.page.getByRole('link', { name: 'Open Melvin Workspace' }).click();
    await a.page.getByRole('heading', { name: 'New Note' }).waitFor();
    const text = `Gate code at the side ${Date.now().toString(36)}`;
    await a.context.setOffline(true);
    await a.page.getByLabel('Note', { exact: true }).fill(text);
    await a.page.getByRole('button', { name: 'Save Note' }).click();
    const note = a.page.locator('li.workspace__note', { hasText: text });
    await expect.poll(() => note.innerText()).toContain('Saved on this phone');
    await a.context.setOffline(false);
    await expect.poll(() => note.innerText(), { timeout: 15_000 }).toContain('Saved to the office');

    await note.getByRole('button', { name: 'Edit' }).click();
    await a.page.getByLabel(/^Edit note from/).fill(`${text} (edited)`);
    expect(await seriousAxeViolations(a.page)).toEqual([]);
    await a.page.getByRole('button', { name: 'Save Changes' }).click();
    const edited = a.page.locator('li.workspace__note', { hasText: `${text} (edited)` });
    await expect.poll(() => edited.innerText()).toContain('Saved to the office');

    const b = await phone();
    await b.page.getByRole('link', { name: 'Open Melvin Workspace' }).click();
    await b.page.locator('li.workspace__note', { hasText: `${text} (edited)` }).waitFor();

    await edited.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => edited.count()).toBe(0);
    // The delete leaves phone A by its own sync; phone B can see it only once it reached the office.
    await expect.poll(() => syncStatus(a.page).innerText()).toMatch(/Everything is saved to the office/);
    await syncNow(b.page);
    await expect.poll(() => b.page.locator('li.workspace__note', { hasText: text }).count()).toBe(0);
    expect(await seriousAxeViolations(b.page)).toEqual([]);
    expect(realErrors(a.errors)).toEqual([]);
  });

  it('brings visits and notes of the old local-only format to the office on the first load, through a cache-version bump', async () => {
    const stamp = Date.now().toString(36);
    const client = `Legacy Client ${stamp}`;
    const legacyVisit = {
      id: `visit_${Date.now()}_legacy${stamp}`.slice(0, 60),
      clientName: client,
      address: '9 Old Road, Plettenberg Bay',
      mobile: '084 555 0303',
      measurements: 'Kitchen 900 x 1200',
      blindTypes: ['Venetian'],
      notes: 'Recorded before the upgrade',
      visitDate: '2026-11-20',
      status: 'quoted',
    };
    const legacyNote = { id: `note_legacy_${stamp}`, text: `Old workspace note ${stamp}`, createdAt: new Date().toISOString() };
    // The old app stored these and no cache version (so this first load also runs the version bump).
    const a = await phone((page) =>
      page.addInitScript(
        ([visits, notes]) => {
          localStorage.setItem('site-visits', visits);
          localStorage.setItem('workspace-notes', notes);
        },
        [JSON.stringify([legacyVisit]), JSON.stringify([legacyNote])] as const,
      ),
    );
    await expect.poll(() => card(a.page, client).innerText(), { timeout: 15_000 }).toContain('Saved to the office');
    expect(await details(a.page, client)).toContain('Recorded before the upgrade');
    await expect.poll(() => card(a.page, client).getAttribute('data-status')).toBe('quoted');
    expect(await a.page.evaluate(() => [localStorage.getItem('site-visits'), localStorage.getItem('workspace-notes')])).toEqual([
      null,
      null,
    ]);

    // Another phone sees both, once both left phone A: the visit's badge says nothing of the note.
    await expect.poll(() => syncStatus(a.page).innerText()).toMatch(/Everything is saved to the office/);
    const b = await phone();
    await card(b.page, client).waitFor();
    await b.page.getByRole('link', { name: 'Open Melvin Workspace' }).click();
    await b.page.locator('li.workspace__note', { hasText: legacyNote.text }).waitFor();
    expect(realErrors(a.errors)).toEqual([]);
  });
});
