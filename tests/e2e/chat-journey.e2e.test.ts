import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { screenshot, useBrowser, watchErrors } from './browser';

// A customer on a phone talking to the real built-in consultant (no mocked chat API): several
// windows in one message opened in the calculator with the sizes filled in, a colour question, an
// Afrikaans question, a complaint handed to a person, and consent given before details are kept.

const baseUrl = inject('baseUrl');
const PLACEHOLDER = 'Ask about blinds, upload photos, or request consultation...';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, bypassCSP: true };

const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeEach(async () => {
  context = await browser.newContext(PHONE);
  page = await context.newPage();
  errors = watchErrors(page);
});
afterEach(async () => {
  await context.close();
});

const panel = () => page.locator('section.chat-panel');
const assistantMessages = () => panel().locator('.chat-message--assistant');

/** Sends a message and waits for the consultant's answer to it; answers its text. */
async function say(text: string): Promise<string> {
  const before = await assistantMessages().count();
  await page.getByPlaceholder(PLACEHOLDER).fill(text);
  await panel().getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => assistantMessages().count(), { timeout: 15_000 }).toBe(before + 1);
  return assistantMessages().last().locator('.chat-message__text').innerText();
}

async function openChat(): Promise<void> {
  await page.goto(baseUrl + '/');
  await page.getByPlaceholder(PLACEHOLDER).waitFor();
}

describe('the consultant on a phone (built-in, real server)', () => {
  it('prices several windows from one message and opens them in the calculator, filled in', async () => {
    await openChat();
    const answer = await say('Roller blockout please: two at 900x1200 and one 1800 by 2100');
    expect(answer).toContain('2 x 900 x 1200 mm');
    expect(answer).toContain('1 x 1800 x 2100 mm');
    expect(answer).toMatch(/Total: R\s?[\d\s]+,\d{2}, including 15% VAT/);
    const link = assistantMessages()
      .last()
      .getByRole('link', { name: /quote-calculator\?blinds=/ });
    await screenshot(page, 'chat-journey-multi-window-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await link.click();

    await page.getByRole('heading', { name: 'Your quote from the chat' }).waitFor();
    const lines = page.locator('.qc-chat-quote__lines li');
    await expect.poll(() => lines.count()).toBe(2);
    await expect.poll(() => page.getByLabel('Width (mm)').inputValue()).toBe('900');
    await expect.poll(() => page.getByLabel('Drop (mm)').inputValue()).toBe('1200');
    await expect.poll(() => page.getByLabel('Quantity').inputValue()).toBe('2');
    await expect.poll(() => page.locator('.qc-swatch').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.locator('.qc-swatch').first().click();
    await page.getByRole('button', { name: 'Add Blind' }).click();
    // The form moves on to the second window of the chat's quote.
    await expect.poll(() => page.getByLabel('Width (mm)').inputValue()).toBe('1800');
    await expect.poll(() => page.getByLabel('Quantity').inputValue()).toBe('1');
    await expect.poll(() => page.getByTestId('qc-lines').locator('li').count()).toBe(1);
    await expect.poll(() => lines.first().innerText()).toContain('Added');
    await screenshot(page, 'chat-journey-calculator-prefilled-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('answers a colour question yes or no, Afrikaans, and hands a complaint to a person after consent', async () => {
    await openChat();
    expect(await say('is charcoal available in blockout roller?')).toMatch(/^Yes, the Roller Blind - Blockout comes in charcoal/);
    const afrikaans = await say("Hoeveel kos 'n rolgordyn van 1m by 1m?");
    expect(afrikaans).toContain('Ek verstaan Afrikaans');
    expect(afrikaans).toMatch(/Roller Blind - Blockout at 1000 x 1000 mm is R/);

    expect(await say('my blind arrived damaged, what now?')).toContain("I'm sorry your blind arrived damaged");
    const asked = await say('This is Lerato Nkosi, my number is 082 555 0166');
    expect(asked).toContain('Do you agree?');
    const consent = panel().getByRole('group', { name: 'Keep my details?' });
    await expect.poll(() => consent.getByRole('link', { name: 'Privacy notice' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'chat-journey-consent-phone');
    await consent.getByRole('button', { name: 'Yes, keep my details' }).click();
    await expect.poll(() => assistantMessages().last().innerText(), { timeout: 15_000 }).toContain('marked for a person to follow up');
    expect(await assistantMessages().last().innerText()).toContain('within 24 hours');
    await expect.poll(() => consent.count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });
});
