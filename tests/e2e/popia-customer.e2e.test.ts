// POPIA for every customer (DESIGN.md section 7), in Chromium: a customer who ordered online and never
// left a lead is found by staff from the leads screen by phone number, in another spelling than the
// order holds; staff read the matched list, approve it, and get one JSON file with her orders and
// nothing of a decoy customer whose number differs by one digit. Phone and desktop size, axe clean.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

afterEach(async () => {
  await context?.close();
});

/** An online order from the calculator's API, as a customer's browser sends it; answers its reference. */
async function placeOrder(name: string, email: string, phone: string): Promise<string> {
  const colours = (await (await page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours: { name: string }[] };
  const res = await page.request.post(`${baseUrl}/api/orders/submit`, {
    data: {
      customer_name: name,
      customer_email: email,
      customer_phone: phone,
      customer_address: '12 Main Road, Mossel Bay, 6500',
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
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

describe.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 360, height: 780 }],
])('a POPIA export found by phone number, at %s size', (label, viewport) => {
  it('finds a customer without a lead by her number and exports exactly her records', async () => {
    context = await browser.newContext({ viewport, acceptDownloads: true, bypassCSP: true });
    page = await context.newPage();
    errors = watchErrors(page);
    const stamp = `${randomInt(100, 999)} ${randomInt(1000, 9999)}`;
    const last = Number(stamp.slice(-1));
    const decoyStamp = `${stamp.slice(0, -1)}${(last + 1) % 10}`;
    const mine = await placeOrder('Ayanda Mthembu', `ayanda.${stamp.replace(' ', '')}@example.co.za`, `+27 (0)83 ${stamp}`);
    const decoy = await placeOrder('Ayanda Mthembu', `ayanda.other.${stamp.replace(' ', '')}@example.co.za`, `083 ${decoyStamp}`);

    await page.goto(baseUrl + '/leads');
    await page.getByLabel('PIN', { exact: true }).fill('4321');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();

    await page.getByRole('button', { name: "Export a customer's data" }).click();
    const dialog = page.getByRole('dialog', { name: "Export a customer's personal data" });
    await dialog.waitFor();
    await dialog.getByLabel('Phone or WhatsApp number').check();
    await dialog.getByLabel('The phone number you confirmed').fill(`083 ${stamp}`);
    await dialog.getByRole('button', { name: 'Preview matched records' }).click();
    const records = dialog.getByTestId('matched-record');
    // Her order, and the e-mails about it (matched through that order, never through the decoy's).
    await expect.poll(() => records.getByRole('cell', { name: mine, exact: true }).count()).toBe(1);
    await expect.poll(() => records.filter({ hasText: `order ${mine}` }).count()).toBeGreaterThan(0);
    const listed = await dialog.getByRole('region', { name: 'Matched records' }).innerText();
    expect(listed).not.toContain(decoy);
    expect(await dialog.innerText()).toContain(`+2783${stamp.replace(' ', '')}`);

    await screenshot(page, `popia-customer-preview-${label}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (label === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Approve and export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const doc = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      matchedBy: { leadId: null; identifier: { type: string; value: string } };
      orders: { reference: string }[];
    };
    expect(doc.matchedBy).toEqual({ leadId: null, identifier: { type: 'phone', value: `+2783${stamp.replace(' ', '')}` } });
    expect(doc.orders.map((o) => o.reference)).toEqual([mine]);
    expect(JSON.stringify(doc)).not.toContain(decoy);
    await expect.poll(() => page.getByTestId('toast').first().innerText()).toContain('Personal data exported');
    expect(errors).toEqual([]);
  });
});
