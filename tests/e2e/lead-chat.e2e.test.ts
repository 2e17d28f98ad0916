// The customer's words on the lead (staff spec 2.10), in Chromium against the real chat: a customer
// sends a photo of a window in the chat and leaves a name and number; staff signed in on /leads find
// the lead by searching for the number in another spelling, open its details and see the transcript
// with the time of each message and the photo itself, then add a note to its history. Phone and
// desktop size, axe clean.
import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { screenshot, useBrowser, watchErrors } from './browser';
import { rgbPng } from './png';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const PLACEHOLDER = 'Ask about blinds, upload photos, or request consultation...';
const contexts: BrowserContext[] = [];

afterEach(async () => {
  while (contexts.length) await contexts.pop()!.close();
});

async function openPage(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  // bypassCSP: axe is injected as an inline script. Each context is a client address of its own (browser.ts).
  const context = await browser.newContext({ viewport, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

/** A valid 8 x 8 PNG of one colour, built here so the test needs no fixture files. */
const solidPng = (r: number, g: number, b: number) => rgbPng(8, 8, () => [r, g, b]);

/** A surname of letters only (the consultant reads 'My name is ...' as words). */
const surname = () => 'Q' + Array.from({ length: 6 }, () => 'abcdefghijklmnoprstuvwy'[randomInt(0, 23)]).join('');

describe.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 360, height: 780 }],
])('a chat with a photo that appears on the lead, at %s size', (label, viewport) => {
  it('the customer sends a photo and leaves a number; staff see the transcript, its times and the photo', async () => {
    const name = `Lindiwe ${surname()}`;
    const digits = `${randomInt(100, 999)} ${randomInt(1000, 9999)}`;
    const typedPhone = `082 ${digits}`;

    // The customer, in the chat panel on the landing page.
    const customer = await openPage(viewport);
    await customer.page.goto(baseUrl + '/');
    const input = customer.page.getByPlaceholder(PLACEHOLDER);
    await input.waitFor();
    const panel = customer.page.locator('section.chat-panel');
    await panel
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'lounge-window.png', mimeType: 'image/png', buffer: solidPng(30, 42, 74) }]);
    await expect.poll(() => panel.locator('.chat-panel__attachments img').count()).toBe(1);
    await input.fill('Here is my lounge window');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    const log = panel.getByRole('log');
    await expect.poll(() => log.locator('.chat-message--assistant').count()).toBeGreaterThan(1);
    await expect.poll(() => input.isDisabled()).toBe(false);
    await input.fill(`My name is ${name}, please call me on ${typedPhone} about roller blinds`);
    await input.press('Enter');
    // The consultant keeps the details only once the customer agrees (the consent buttons in the chat).
    await panel.getByRole('group', { name: 'Keep my details?' }).getByRole('button', { name: 'Yes, keep my details' }).click();
    await expect.poll(() => log.innerText(), { timeout: 20_000 }).toContain("I've passed");
    expect(customer.errors).toEqual([]);

    // Staff, signed in at the PIN gate, search by the number in international form.
    const staff = await openPage(viewport);
    const page = staff.page;
    await page.goto(baseUrl + '/leads');
    await page.getByLabel('PIN', { exact: true }).fill('4321');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    await page.getByLabel('Search leads').fill(`+27 82 ${digits}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const rows = page.getByTestId('lead-row');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().innerText()).toContain(name);

    await rows
      .first()
      .getByRole('button', { name: `Details of ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Lead: ${name}` });
    await dialog.waitFor();
    const messages = dialog.getByTestId('chat-message');
    await expect.poll(() => messages.count()).toBe(6);
    await expect.poll(() => messages.nth(0).innerText()).toContain('Here is my lounge window');
    await expect.poll(() => messages.nth(2).innerText()).toContain(typedPhone);
    // Each message carries its time.
    await expect.poll(() => messages.nth(0).locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The photo itself, loaded from the staff-only link.
    const photo = messages.nth(0).getByRole('img', { name: /Photo 1 the customer sent/ });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    const src = await photo.getAttribute('src');
    expect(src).toMatch(/^\/api\/leads\/[^/]+\/photos\?key=chat%2Fsession_/);
    // The consultant's note on the lead is the first entry of its history.
    await expect.poll(() => dialog.getByTestId('note-entry').first().innerText()).toContain('left with the lead');

    await screenshot(page, `lead-chat-detail-${label}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (label === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The public cannot open it: the customer's own browser has no staff session.
    const anonymous = await customer.page.request.get(baseUrl + src!);
    expect(anonymous.status()).toBe(401);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Notes are a history: a note is added above the consultant's, which stays as written.
    await rows
      .first()
      .getByRole('button', { name: `Add Notes for ${name}` })
      .click();
    const notes = page.getByRole('dialog', { name: 'Add Notes' });
    await expect.poll(() => notes.getByTestId('note-entry').count()).toBe(1);
    await notes.getByLabel('Notes').fill('Phoned back; measuring on Tuesday');
    await notes.getByRole('button', { name: 'Save Notes' }).click();
    await expect.poll(() => notes.isVisible()).toBe(false);
    await rows
      .first()
      .getByRole('button', { name: `Add Notes for ${name}` })
      .click();
    const entries = notes.getByTestId('note-entry');
    await expect.poll(() => entries.count()).toBe(2);
    await expect.poll(() => entries.nth(0).innerText()).toContain('Phoned back; measuring on Tuesday');
    await expect.poll(() => entries.nth(1).innerText()).toContain('left with the lead');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(staff.errors).toEqual([]);
  });
});
