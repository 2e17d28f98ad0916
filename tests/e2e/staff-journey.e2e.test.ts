// 'Done means', in one go: a customer leaves their details in the chat on a phone; staff
// sign in at the PIN gate, see the chat on the dashboard and the lead on /leads, mark it contacted
// with a note and export the CSV; they publish courier tracking for the customer's order, which the
// customer finds on /track (and receives by e-mail); then staff send the daily report and read it
// in the outbox as its recipient will. Outsiders get 401 from the staff APIs throughout.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const contexts: BrowserContext[] = [];
const stamp = Date.now().toString(36).toUpperCase();
// Letters only: the consultant reads a name as a word.
const customerName = `Journey${Array.from({ length: 4 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('')}`;
const customerEmail = `journey-${stamp.toLowerCase()}@example.co.za`;
const trackingNumber = `TCG-JRN-${stamp}`;

async function openPage(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

/** The gate's own 401 before sign-in is expected console noise; nothing else is. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 401/.test(e));

afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe('staff journey', () => {
  it('a chat lead is followed up, tracking reaches the customer, and the daily report is read in the outbox', async () => {
    // 1. A customer on a phone leaves their name and number in the consultant chat.
    const customer = await openPage({ width: 390, height: 844 });
    await customer.page.goto(`${baseUrl}/`);
    const chatInput = customer.page.getByPlaceholder('Ask about blinds, upload photos, or request consultation...');
    await chatInput.waitFor();
    await chatInput.fill(`Hi, this is ${customerName}, please call me on 082 555 0199`);
    await chatInput.press('Enter');
    await customer.page.locator('section.chat-panel').getByRole('log').getByText('082 555 0199').first().waitFor({ timeout: 15_000 });
    // The consultant keeps the details only once the customer agrees.
    await customer.page.getByRole('group', { name: 'Keep my details?' }).getByRole('button', { name: 'Yes, keep my details' }).click();
    await customer.page
      .locator('section.chat-panel')
      .getByRole('log')
      .getByText("I've passed", { exact: false })
      .first()
      .waitFor({ timeout: 15_000 });

    // An outsider reads no staff data.
    for (const path of ['/api/leads', '/api/admin/dashboard', '/api/tracking', '/api/admin/outbox', '/api/leads/export']) {
      expect((await customer.page.request.get(`${baseUrl}${path}`)).status(), path).toBe(401);
    }

    // The customer also has an order (placed through the calculator's API, as the order journey does).
    const colours = (await (await customer.page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as {
      colours: { name: string }[];
    };
    const placed = await customer.page.request.post(`${baseUrl}/api/orders/submit`, {
      data: {
        customer_name: customerName,
        customer_email: customerEmail,
        customer_phone: '082 555 0199',
        customer_address: '3 Main Road, Knysna',
        blinds: [
          {
            product_type: 'roller-blockout',
            width_mm: 1200,
            drop_mm: 1500,
            control_side: 'left',
            mount_type: 'inside-recess',
            colour: colours.colours[0]!.name,
            quantity: 1,
          },
        ],
      },
    });
    expect(placed.status()).toBe(201);
    const { reference } = (await placed.json()) as { reference: string };

    // 2. Staff sign in at the gate and see the chat on the dashboard.
    const staff = await openPage({ width: 1280, height: 900 });
    const page = staff.page;
    await page.goto(`${baseUrl}/admin-dashboard`);
    await page.getByLabel('PIN', { exact: true }).fill('4321');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const chatsToday = Number((await page.getByTestId('figure-chats').locator('.admin-dashboard__figure-value').innerText()).trim());
    expect(chatsToday).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'journey-staff-dashboard');

    // 3. /leads: the chat lead (phone only, no invented e-mail); mark it contacted with a note.
    await page.getByRole('link', { name: 'Leads', exact: true }).first().click();
    const row = page.getByTestId('lead-row').filter({ hasText: customerName });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('082 555 0199');
    await expect.poll(() => row.textContent()).toMatch(/Chat/i);
    await row.getByLabel(`Status of ${customerName}`).selectOption('contacted');
    await expect.poll(async () => (await row.locator('td[data-label="Last contacted"]').textContent()) ?? '').not.toBe('Never');
    await row.getByRole('button', { name: `Add Notes for ${customerName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Notes' });
    await dialog.getByLabel('Notes').fill('Called back; measuring on Friday');
    await dialog.getByRole('button', { name: 'Save Notes' }).click();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Called back; measuring on Friday');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(customerName);
    expect(csv).toContain('Called back; measuring on Friday');
    await screenshot(page, 'journey-staff-leads');

    // 4. Publish courier tracking for the customer's order.
    await page.getByRole('link', { name: 'Tracking', exact: true }).first().click();
    const create = page.getByRole('region', { name: 'Create tracking entry' });
    await create.getByLabel('Order ID').fill(reference);
    await create.getByLabel('Tracking number').fill(trackingNumber);
    await create.getByRole('combobox', { name: 'Status' }).selectOption('in_transit');
    await create.getByLabel('Courier name').fill('The Courier Guy');
    await create.getByLabel('Current location').fill('George hub');
    await create.getByLabel('Status message').fill('On its way to you');
    await create.getByRole('button', { name: 'Create tracking entry' }).click();
    await page.getByTestId('toast').getByText('Tracking created').waitFor();

    // 5. The customer finds it on /track, and the e-mail to them waits in the outbox.
    await customer.page.goto(`${baseUrl}/track?number=${encodeURIComponent(trackingNumber)}`);
    const result = customer.page.getByTestId('tracking-result');
    await result.waitFor();
    await result.getByText('IN TRANSIT', { exact: true }).first().waitFor();
    await result.getByText('George hub').first().waitFor();
    await screenshot(customer.page, 'journey-customer-track');
    type Outbox = { messages: { id: number; to_address: string; kind: string; subject: string }[] };
    const outbox = (await (await page.request.get(`${baseUrl}/api/admin/outbox?limit=100`)).json()) as Outbox;
    expect(
      outbox.messages.some((m) => m.to_address === customerEmail && m.kind === 'tracking-update' && m.subject.includes(reference)),
    ).toBe(true);

    // 6. The daily report, sent from /marketing-insights, read in the outbox as its recipient reads it.
    await page.getByRole('link', { name: 'Marketing insights', exact: true }).first().click();
    await page.getByTestId('daily-figures').waitFor();
    await page.getByRole('button', { name: 'Send daily report' }).click();
    await page.getByTestId('send-result').waitFor();
    const after = (await (await page.request.get(`${baseUrl}/api/admin/outbox?limit=100`)).json()) as Outbox;
    const report = after.messages.find((m) => m.kind === 'daily-report');
    expect(report).toBeDefined();
    await page.goto(`${baseUrl}/api/admin/outbox/${report!.id}/html`);
    await page
      .getByText(/visitors/i)
      .first()
      .waitFor();
    await screenshot(page, 'journey-daily-report-email');

    expect(unexpected(staff.errors)).toEqual([]);
    expect(unexpected(customer.errors)).toEqual([]);
  });
});
