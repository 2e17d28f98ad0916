// Orders staff take by phone and our own installations, in Chromium against the real server: a phone
// order is recorded, made unpaid with the reason and dispatched; an installed order is followed to
// Installed on /track; a lead becomes an order.
import { describe, expect, it } from 'vitest';
import { screenshot, testClientAddress } from './browser';
import {
  baseUrl,
  stamp,
  DESKTOP,
  PHONE,
  letters,
  centsOf,
  unexpected,
  signIn,
  openOrdersFromNav,
  gridPriceCents,
  moveButton,
  orderStatus,
  resultLine,
  dispatch,
  firstColour,
  useOrderPages,
} from './orders-fulfilment-fixtures';

const openPage = useOrderPages();

describe('orders and fulfilment: phone orders, installations and leads', () => {
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
    // The dates given to the customer, counted from the day it was placed, then again at size confirmation.
    const dates = page.getByTestId('order-dates');
    await expect.poll(() => dates.getByTestId('order-dates-dispatch').innerText()).toMatch(/^by \d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect.poll(() => dates.getByTestId('order-dates-basis').innerText()).toContain('when the order was placed');

    await moveButton(page, 'Sizes confirmed').click();
    await expect.poll(() => orderStatus(page)).toBe('Sizes confirmed');
    // No e-mail address: the screen says nobody was e-mailed.
    await expect.poll(() => resultLine(page)).toContain('The customer was not e-mailed.');
    await expect.poll(() => dates.getByTestId('order-dates-basis').innerText()).toContain('when the sizes were confirmed');
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
    await expect
      .poll(() => page.getByTestId('order-dates').innerText())
      .toContain('The customer no longer sees these dates: the order is Dispatched.');
    expect(unexpected(staff.errors)).toEqual([]);
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
