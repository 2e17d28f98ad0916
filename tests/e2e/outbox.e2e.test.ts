// /admin/outbox: staff open the outbox from the staff navigation, find an e-mail by its key, and read
// it as its recipient sees it (sandboxed frame). A failed message cannot be provoked here without a
// test-only route (the browser tests' server keeps e-mails locally, and local sending never fails), so
// 'Send again' is covered by the worker tests (tests/worker/outbox.test.ts) only.
import type { BrowserContext } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;

beforeEach(async () => {
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 375, height: 800 }, bypassCSP: true });
});
afterEach(async () => {
  await context.close();
});

describe('/admin/outbox', () => {
  it('staff open it from the navigation, find the daily report by its key and read it as the recipient does', async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin-dashboard');
    await page.getByLabel('PIN', { exact: true }).fill('4321');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Staff' }).waitFor();

    // A report of a past day (a complete one), queued through the staff API with this session.
    const day = new Date(Date.now() - 40 * 86_400_000 + 2 * 3_600_000).toISOString().slice(0, 10);
    const sent = await page.request.post('/api/admin/insights/send-daily', { data: { date: day } });
    expect(sent.status()).toBe(200);

    const nav = page.getByRole('navigation', { name: 'Staff' });
    const link = nav.getByRole('link', { name: 'E-mail outbox' });
    await link.click();
    await page.getByRole('heading', { name: 'E-mail outbox', level: 1 }).waitFor();

    await page.getByLabel('Order, lead or address').fill(`daily-report:${day}`);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/\/admin\/outbox\?q=daily-report/);
    const rows = page.getByRole('list', { name: 'E-mails' }).getByRole('button');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();

    const message = page.getByTestId('outbox-message');
    await message.getByRole('heading', { name: /Daily report for/ }).waitFor();
    await expect.poll(() => message.getByTestId('message-status').textContent()).toMatch(/Waiting|Sending|Sent/);
    const frame = page.frameLocator('iframe.outbox-frame');
    await expect.poll(() => frame.getByText('Top locations').count()).toBeGreaterThan(0);
    expect(await page.locator('iframe.outbox-frame').getAttribute('sandbox')).toBe('');

    // Accessible with a message open (bypassCSP: axe is injected as an inline script).
    expect(await seriousAxeViolations(page)).toEqual([]);
    // No sideways scrolling on a phone.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
  });
});
