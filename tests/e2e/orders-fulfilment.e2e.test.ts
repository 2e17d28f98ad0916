// Orders and fulfilment, in Chromium against the real server: a customer orders a blind whose size
// is a photo estimate and pays by (test) card; staff find the order by the customer's phone number in
// another spelling, correct the size (the customer is e-mailed the new total and pays the difference),
// confirm the sizes, move it to production and dispatch it; the customer follows each step on /track
// and on the order page, with one e-mail per step. Staff also record a phone order and dispatch it, a
// move the server refuses is explained next to the action, and a lead becomes an order.
import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { screenshot, testClientAddress, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const contexts: BrowserContext[] = [];
const stamp = Date.now().toString(36).toUpperCase();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A Garden Route mobile number of this run: '082 ddd dddd' as typed, '+27 82 ddd dddd' as searched. */
const phoneDigits = `82${randomInt(1_000_000, 9_999_999)}`;
const localPhone = `0${phoneDigits.slice(0, 2)} ${phoneDigits.slice(2, 5)} ${phoneDigits.slice(5)}`;
const internationalPhone = `+27 ${phoneDigits.slice(0, 2)} ${phoneDigits.slice(2, 5)} ${phoneDigits.slice(5)}`;
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');

const centsOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function openPage(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  // bypassCSP: axe is injected as an inline script.
  const context = await browser.newContext({ viewport, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

/** The gate's own 401 before sign-in is expected console noise; a refused action's 409 is the point of one test. */
const unexpected = (errors: string[], allowed = /status of 401/) => errors.filter((e) => !allowed.test(e));

/** Staff sign in at the PIN gate of the dashboard, as they start the day. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/admin-dashboard`);
  await page.getByLabel('PIN', { exact: true }).fill('4321');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

async function openOrdersFromNav(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
  await page.getByTestId('order-row').first().or(page.getByTestId('orders-empty')).waitFor();
}

type OutboxMessage = { id: number; to_address: string; kind: string; subject: string };

/** The outbox as staff read it (locally every message is kept there in full): the kinds sent to one address. */
async function kindsSentTo(page: Page, address: string): Promise<string[]> {
  const res = await page.request.get(`${baseUrl}/api/admin/outbox?limit=200`);
  expect(res.status()).toBe(200);
  const { messages } = (await res.json()) as { messages: OutboxMessage[] };
  return messages
    .filter((m) => m.to_address === address)
    .map((m) => m.kind)
    .sort();
}

/** The sandbox gateway's hosted checkout, paid with the test card. */
async function payWithTestCard(page: Page, reference: string): Promise<number> {
  await page.waitForURL(/\/pay\/sandbox\//);
  await page.getByText(reference).first().waitFor();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Test Customer');
  const pay = page.getByRole('button', { name: /^Pay R/ });
  const amount = centsOf(await pay.innerText());
  await pay.click();
  await page.waitForURL(/\/payment-success\?reference=/);
  await page.getByRole('heading', { name: 'Payment Successful' }).waitFor({ timeout: 35_000 });
  return amount;
}

async function paymentStatus(page: Page, reference: string): Promise<string> {
  const res = await page.request.get(`${baseUrl}/api/orders/${reference}`);
  return ((await res.json()) as { order: { paymentStatus: string } }).order.paymentStatus;
}

async function gridPriceCents(page: Page, product: string, width: number, drop: number): Promise<number> {
  const res = await page.request.post(`${baseUrl}/api/pricing/quote`, {
    data: { width_mm: width, drop_mm: drop, product_type: product, quantity: 1 },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { quote: { price_cents: number } }).quote.price_cents;
}

/** A step button of the order's Status section ('Sizes confirmed', 'In production', ...). */
const moveButton = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Move the order to' }).getByRole('button', { name: label, exact: true });

/** The order's status, the polite result line and the status section are read as staff read them. */
const orderStatus = (page: Page) => page.getByTestId('order-status').innerText();
const resultLine = (page: Page) =>
  page
    .locator('p.oa-result[role="status"]')
    .innerText()
    .catch(() => '');

async function dispatch(page: Page, courier: string, trackingNumber: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Dispatch' });
  await form.getByLabel('Courier').fill(courier);
  await form.getByLabel('Tracking number').fill(trackingNumber);
  await form.getByLabel('Estimated delivery').fill('2-3 business days');
  await form.getByRole('button', { name: 'Dispatch' }).click();
  await expect.poll(() => orderStatus(page)).toBe('Dispatched');
  await expect.poll(() => page.getByTestId('order-tracking').innerText()).toContain(trackingNumber);
}

afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe('orders and fulfilment', () => {
  it('an estimated size is corrected, confirmed, made and dispatched; the customer follows each step and gets each e-mail once', async () => {
    // 1. The customer (on a phone) orders one blind sized by a photo scan without an A4 sheet, and pays.
    const customer = await openPage(PHONE);
    // A long address: the staff screens must wrap it on a phone.
    const email = `lindiwe.dlamini.vermeulen.${stamp.toLowerCase()}@example.co.za`;
    const colours = (await (await customer.page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as {
      colours: { name: string }[];
    };
    const placed = await customer.page.request.post(`${baseUrl}/api/orders/submit`, {
      data: {
        customer_name: 'Lindiwe Dlamini',
        customer_email: email,
        customer_phone: localPhone,
        customer_address: '7 Waterfront Drive, Knysna, 6571',
        blinds: [
          {
            product_type: 'roller-blockout',
            width_mm: 1200,
            drop_mm: 1500,
            control_side: 'left',
            mount_type: 'inside-recess',
            colour: colours.colours[0]!.name,
            quantity: 1,
            size_source: 'scan-estimate',
          },
        ],
      },
    });
    expect(placed.status()).toBe(201);
    const submitted = (await placed.json()) as { reference: string; paymentUrl: string | null; order: { total_cents: number } };
    const { reference } = submitted;
    expect(submitted.paymentUrl).not.toBeNull();
    await customer.page.goto(submitted.paymentUrl!);
    expect(await payWithTestCard(customer.page, reference)).toBe(submitted.order.total_cents);
    await expect.poll(() => paymentStatus(customer.page, reference)).toBe('paid');

    // 2. Staff sign in, open Orders from the staff bar and search the phone number as the customer says it.
    const staff = await openPage(DESKTOP);
    const page = staff.page;
    await signIn(page);
    await openOrdersFromNav(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search by reference, name, phone or e-mail' }).fill(internationalPhone);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-reference')))).toEqual([reference]);
    await expect.poll(() => rows.first().innerText()).toContain('Sizes to be confirmed');
    await screenshot(page, 'orders-list-desktop');
    await rows.first().getByRole('link', { name: reference }).click();
    await page.getByRole('heading', { name: `Order ${reference}`, level: 1 }).waitFor();
    await expect.poll(() => orderStatus(page)).toBe('Order received');
    const line = page.getByTestId('order-line').first();
    await line.getByText('Estimate', { exact: true }).waitFor();
    await expect.poll(() => line.innerText()).toContain('estimate: photo scan without an A4 sheet');
    // Sizes first: the screen offers no 'Sizes confirmed' while a size is an estimate.
    await expect.poll(() => moveButton(page, 'Sizes confirmed').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // 3. Measured on site, the window is wider: the server re-prices the line and the customer is e-mailed.
    const newTotal = await gridPriceCents(page, 'roller-blockout', 1500, 1500);
    expect(newTotal).toBeGreaterThan(submitted.order.total_cents);
    await line.getByRole('button', { name: 'Confirm size of line 1' }).click();
    const sizeForm = page.getByRole('form', { name: 'Size of line 1' });
    await sizeForm.getByLabel('Width (mm)').fill('1500');
    await sizeForm.getByLabel('Reason').fill('Measured on site: the recess is 1500 mm wide');
    await sizeForm.getByRole('button', { name: 'Save corrected size' }).click();
    await expect.poll(async () => centsOf(await page.getByTestId('order-total').innerText())).toBe(newTotal);
    await expect.poll(() => resultLine(page)).toContain('The customer was e-mailed.');
    await expect
      .poll(async () => centsOf(await page.getByTestId('order-balance').innerText()))
      .toBe(newTotal - submitted.order.total_cents);
    await expect.poll(() => line.innerText()).toContain('confirmed by staff');
    await expect.poll(() => kindsSentTo(page, email)).toContain('order-total-changed');
    await screenshot(page, 'order-detail-desktop');

    // 4. The customer pays the difference from the e-mail's link (the order page starts the card payment).
    await customer.page.goto(`${baseUrl}/order-confirmation?ref=${reference}&pay=1`);
    expect(await payWithTestCard(customer.page, reference)).toBe(newTotal - submitted.order.total_cents);
    await expect.poll(() => paymentStatus(customer.page, reference)).toBe('paid');

    // 5. Sizes confirmed, into production, dispatched with the courier's tracking number.
    await page.reload();
    await expect.poll(() => orderStatus(page)).toBe('Order received');
    await moveButton(page, 'Sizes confirmed').click();
    await expect.poll(() => orderStatus(page)).toBe('Sizes confirmed');
    await expect.poll(() => resultLine(page)).toContain('The customer was e-mailed.');
    await moveButton(page, 'In production').click();
    await expect.poll(() => orderStatus(page)).toBe('In production');
    const trackingNumber = `TCG-OF-${stamp}`;
    await dispatch(page, 'The Courier Guy', trackingNumber);
    await expect.poll(() => resultLine(page)).toContain('The customer was e-mailed.');
    for (const kind of ['order-total-changed', 'order-sizes-confirmed', 'order-in-production', 'order-dispatched'])
      await expect.poll(async () => (await kindsSentTo(page, email)).filter((k) => k === kind), { message: kind }).toEqual([kind]);

    // 6. The customer, on the phone, finds the order by reference and e-mail on /track.
    await customer.page.goto(`${baseUrl}/track`);
    await customer.page.getByRole('radio', { name: 'Order ID' }).check();
    await customer.page.getByRole('textbox', { name: 'Order ID' }).fill(reference);
    await customer.page.getByLabel('E-mail address or postcode').fill(email);
    await customer.page.getByRole('button', { name: 'Track' }).click();
    const progress = customer.page.getByTestId('order-progress');
    await progress.waitFor();
    const steps = progress.getByRole('listitem');
    await expect
      .poll(() => steps.evaluateAll((els) => els.map((e) => [e.getAttribute('data-state'), e.querySelector('time') !== null])))
      .toEqual([
        ['done', true],
        ['done', true],
        ['done', true],
        ['current', true],
        ['next', false],
      ]);
    await expect.poll(() => steps.nth(3).innerText()).toContain('Dispatched');
    await expect.poll(() => steps.nth(4).innerText()).toMatch(/Delivered[\s\S]*Expected/);
    const courier = customer.page.getByTestId('tracking-result');
    await expect.poll(() => courier.innerText()).toContain(trackingNumber);
    await expect.poll(() => courier.innerText()).toContain('The Courier Guy');
    expect(await seriousAxeViolations(customer.page)).toEqual([]);
    await screenshot(customer.page, 'orders-customer-track-phone');

    // ...and on the order page.
    await customer.page.goto(`${baseUrl}/order-confirmation?ref=${reference}`);
    const timeline = customer.page.getByRole('list', { name: `Progress of order ${reference}` });
    await expect
      .poll(() => timeline.getByRole('listitem').evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))))
      .toEqual(['done', 'done', 'done', 'current', 'next']);

    // The phone layout of the staff screens: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, 'order-detail-phone');
    await page.getByRole('link', { name: 'Back to orders' }).click();
    await page.getByTestId('order-row').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, 'orders-list-phone');

    expect(unexpected(staff.errors)).toEqual([]);
    expect(unexpected(customer.errors)).toEqual([]);
  });

  it('a phone order is recorded, made unpaid with the reason, dispatched, and listed on /admin/tracking', async () => {
    const staff = await openPage(DESKTOP);
    const page = staff.page;
    const name = `Phone ${letters(6)}`;
    await signIn(page);
    await openOrdersFromNav(page);
    await page.getByRole('link', { name: 'Record an order' }).click();
    const form = page.getByRole('form', { name: 'Record an order' });
    await form.waitFor();
    await form.getByLabel('Source').selectOption('phone');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Phone').fill('044 382 0101');
    const blind = form.getByRole('group', { name: 'Blind 1' });
    await blind.getByLabel('Product').selectOption('roller-blockout');
    await blind.getByLabel('Width (mm)').fill('1000');
    await blind.getByLabel('Drop (mm)').fill('1200');
    await blind.getByLabel('Measured by our team').check();
    await form.getByRole('combobox', { name: 'Fulfilment' }).selectOption('courier');
    await form.getByRole('combobox', { name: 'Payment method' }).selectOption('on_delivery');
    await screenshot(page, 'order-new-desktop');
    await form.getByRole('button', { name: 'Record order' }).click();
    await page.waitForURL(/\/admin\/orders\/CB-/);
    const reference = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByRole('heading', { name: `Order ${reference}`, level: 1 }).waitFor();
    await expect.poll(() => orderStatus(page)).toBe('Order received');
    // Priced by the grid on the server, not by the form.
    const price = await gridPriceCents(page, 'roller-blockout', 1000, 1200);
    await expect.poll(async () => centsOf(await page.getByTestId('order-total').innerText())).toBe(price);
    await expect.poll(() => page.getByTestId('order-line').first().innerText()).toContain('confirmed by staff');

    await moveButton(page, 'Sizes confirmed').click();
    await expect.poll(() => orderStatus(page)).toBe('Sizes confirmed');
    // No e-mail address: the screen says nobody was e-mailed.
    await expect.poll(() => resultLine(page)).toContain('The customer was not e-mailed.');
    // Unpaid: the note is required, and the form says why.
    await moveButton(page, 'In production').click();
    // The move's note ('Note (optional)' / 'Note (required to ...)'), not the payment form's 'Note'.
    const note = page.getByRole('textbox', { name: /^Note \(/ });
    await expect.poll(() => note.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByText('Say why this unpaid order may go into production.').isVisible()).toBe(true);
    await expect.poll(() => orderStatus(page)).toBe('Sizes confirmed');
    await note.fill('Paid on delivery: regular customer, agreed on the phone');
    await moveButton(page, 'In production').click();
    await expect.poll(() => orderStatus(page)).toBe('In production');
    await expect.poll(() => page.getByText('Paid on delivery: regular customer, agreed on the phone').count()).toBeGreaterThan(0);
    const trackingNumber = `PHN-${stamp}`;
    await dispatch(page, 'Aramex', trackingNumber);

    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Tracking', exact: true }).click();
    const entry = page.getByTestId('tracking-entry').filter({ hasText: trackingNumber });
    await expect.poll(() => entry.innerText()).toContain(`(${name})`);
    await expect.poll(() => entry.getByRole('link', { name: reference }).count()).toBe(1);

    // The number was mistyped: corrected here, the order shows the corrected one and its audit says who.
    const corrected = `${trackingNumber}-B`;
    await entry.getByRole('button', { name: `Correct ${trackingNumber}` }).click();
    const correction = page.getByRole('form', { name: `Correct ${trackingNumber}` });
    await correction.getByLabel('Tracking number').fill(corrected);
    await correction.getByRole('button', { name: 'Save correction' }).click();
    await page.getByTestId('toast').getByText('Tracking corrected').waitFor();
    const correctedEntry = page.getByTestId('tracking-entry').filter({ hasText: corrected });
    await correctedEntry.getByRole('link', { name: reference }).click();
    await page.getByRole('heading', { name: `Order ${reference}`, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('order-tracking').innerText()).toContain(corrected);
    await expect
      .poll(() => page.getByRole('region', { name: 'Audit trail' }).innerText())
      .toMatch(/Tracking created[\s\S]*Tracking corrected/);
    expect(unexpected(staff.errors)).toEqual([]);
  });

  it('a move the server refuses (someone else moved the order first) is explained next to the action', async () => {
    const staff = await openPage(DESKTOP);
    const page = staff.page;
    await signIn(page);
    const created = await page.request.post(`${baseUrl}/api/admin/orders`, {
      data: {
        source: 'walk_in',
        customer: { name: `Walk-in ${letters(5)}`, phone: '082 000 1111' },
        lines: [{ product_type: 'roller-blockout', width_mm: 900, drop_mm: 1100, colour: await firstColour(page) }],
        paymentMethod: 'cash',
        paid: true,
      },
    });
    expect(created.status()).toBe(201);
    const reference = ((await created.json()) as { order: { reference: string } }).order.reference;
    await page.goto(`${baseUrl}/admin/orders/${reference}`);
    await expect.poll(() => orderStatus(page)).toBe('Order received');

    // A colleague, signed in elsewhere, confirms the sizes while this screen still shows 'Order received'.
    const colleague = await browser.newContext({ extraHTTPHeaders: { 'CF-Connecting-IP': testClientAddress() } });
    contexts.push(colleague);
    expect((await colleague.request.post(`${baseUrl}/api/admin/session`, { data: { pin: '4321' } })).ok()).toBe(true);
    const moved = await colleague.request.post(`${baseUrl}/api/admin/orders/${reference}/status`, { data: { status: 'sizes_confirmed' } });
    expect(moved.status()).toBe(200);

    await moveButton(page, 'Sizes confirmed').click();
    const status = page.getByRole('region', { name: 'Status' });
    await expect.poll(() => status.getByRole('alert').innerText()).toBe("This order is already 'Sizes confirmed'.");
    // The alert takes focus, so a screen reader hears why.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    expect(unexpected(staff.errors, /status of (401|409)/)).toEqual([]);
  });

  it('an order our team installs is followed to Installed on /track (by postcode), and is promised no courier', async () => {
    const staff = await openPage(DESKTOP);
    await signIn(staff.page);
    const created = await staff.page.request.post(`${baseUrl}/api/admin/orders`, {
      data: {
        source: 'site_visit',
        customer: { name: `Install ${letters(5)}`, phone: '044 533 0101', address: '3 Long Street, Plettenberg Bay, 6600' },
        lines: [
          {
            product_type: 'roller-blockout',
            width_mm: 1000,
            drop_mm: 1000,
            colour: await firstColour(staff.page),
            sizeSource: 'staff-confirmed',
          },
        ],
        fulfilmentMethod: 'installation',
        paymentMethod: 'card_machine',
        paid: true,
      },
    });
    expect(created.status()).toBe(201);
    const reference = ((await created.json()) as { order: { reference: string } }).order.reference;
    await staff.page.goto(`${baseUrl}/admin/orders/${reference}`);
    // Installed by our team: every step is a button, no dispatch form.
    for (const label of ['Sizes confirmed', 'In production', 'Dispatched', 'Installed']) {
      await moveButton(staff.page, label).click();
      await expect.poll(() => orderStatus(staff.page)).toBe(label);
    }
    expect(await staff.page.getByRole('form', { name: 'Dispatch' }).count()).toBe(0);

    const customer = await openPage(PHONE);
    await customer.page.goto(`${baseUrl}/track`);
    await customer.page.getByRole('radio', { name: 'Order ID' }).check();
    await customer.page.getByRole('textbox', { name: 'Order ID' }).fill(reference);
    await customer.page.getByLabel('E-mail address or postcode').fill('6600');
    await customer.page.getByRole('button', { name: 'Track' }).click();
    const progress = customer.page.getByTestId('order-progress');
    await expect
      .poll(() => progress.getByRole('listitem').evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))))
      .toEqual(['done', 'done', 'done', 'done', 'current']);
    await expect.poll(() => progress.getByRole('listitem').nth(4).innerText()).toContain('Installed');
    expect(await progress.getByText(/courier/i).count()).toBe(0);
    expect(unexpected(staff.errors)).toEqual([]);
    expect(unexpected(customer.errors)).toEqual([]);
  });

  it('a lead becomes an order from /leads, and the lead then shows its reference', async () => {
    const name = `Lead ${letters(6)}`;
    const captured = await fetch(`${baseUrl}/api/leads/capture`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': testClientAddress() },
      body: JSON.stringify({
        name,
        email: `lead-${stamp.toLowerCase()}@example.co.za`,
        phone: '082 555 0142',
        whatsapp: null,
        location: 'Sedgefield',
        source: 'room_walkthrough',
        productInterest: 'Roller Blind - Blockout',
        sessionData: { dimensions: { width_mm: 1400, drop_mm: 1600, sizeSource: 'customer' } },
        notes: null,
        popiaConsent: true,
      }),
    });
    expect(captured.status).toBe(201);

    const staff = await openPage(DESKTOP);
    const page = staff.page;
    await signIn(page);
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Leads', exact: true }).click();
    await page.getByRole('link', { name: `Create order for ${name}` }).click();
    const form = page.getByRole('form', { name: 'Record an order' });
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe(name);
    await expect.poll(() => form.getByLabel('Phone').inputValue()).toBe('082 555 0142');
    const blind = form.getByRole('group', { name: 'Blind 1' });
    await expect.poll(() => blind.getByLabel('Width (mm)').inputValue()).toBe('1400');
    await expect.poll(() => blind.getByLabel('Drop (mm)').inputValue()).toBe('1600');
    await form.getByRole('button', { name: 'Record order' }).click();
    await page.waitForURL(/\/admin\/orders\/CB-/);
    const reference = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Leads', exact: true }).click();
    const row = page.getByTestId('lead-row').filter({ hasText: name });
    await expect.poll(() => row.getByRole('link', { name: `Order ${reference}` }).count()).toBe(1);
    expect(unexpected(staff.errors)).toEqual([]);
  });
});

async function firstColour(page: Page): Promise<string> {
  const res = await page.request.get(`${baseUrl}/api/colours/roller-blockout`);
  return ((await res.json()) as { colours: { name: string }[] }).colours[0]!.name;
}
