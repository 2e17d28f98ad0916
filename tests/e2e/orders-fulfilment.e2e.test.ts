// Orders and fulfilment, in Chromium against the real server: a customer orders a blind whose size
// is a photo estimate and pays by (test) card; staff find the order by the customer's phone number in
// another spelling, correct the size (the customer is e-mailed the new total and pays the difference),
// confirm the sizes, move it to production and dispatch it; the customer follows each step on /track
// and on the order page, with one e-mail per step. A move the server refuses is explained next to the
// action. Phone orders, installations and leads: orders-fulfilment-staff.e2e.test.ts.
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { screenshot } from './browser';
import {
  baseUrl,
  stamp,
  DESKTOP,
  PHONE,
  localPhone,
  internationalPhone,
  letters,
  centsOf,
  unexpected,
  signIn,
  openOrdersFromNav,
  kindsSentTo,
  payWithTestCard,
  paymentStatus,
  gridPriceCents,
  moveButton,
  orderStatus,
  resultLine,
  dispatch,
  firstColour,
  useOrderPages,
} from './orders-fulfilment-fixtures';

const openPage = useOrderPages();

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
    const colleague = (await openPage(DESKTOP)).page.context();
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
});
