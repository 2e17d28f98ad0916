// Free colour samples in the browser (storefront spec 'Free samples'): a customer on a phone picks
// three colours from the calculator's colour list, asks for them on /samples and sees the
// confirmation; staff find the sample order on /admin/orders (marked 'Samples', filtered) and dispatch
// it with a tracking number; the customer follows it on /track.
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { screenshot, useBrowser, useStaffAndCustomer, watchErrors } from './browser';
import { dispatch, signIn, unexpected } from './orders-fulfilment-fixtures';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const people = useStaffAndCustomer(browser, baseUrl);

const noSidewaysScroll = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('free samples', () => {
  it('a customer on a phone asks for three colours from the calculator; staff dispatch them; the customer tracks them', async () => {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const email = `samples-${stamp}@example.com`;
    const street = `${10 + Math.floor(Math.random() * 800)} ${stamp} Street`;

    // The calculator's colour list: three colours, each added with 'Add a free sample'.
    const phone = await people.customerPage();
    const phoneErrors = watchErrors(phone);
    await phone.goto('/quote-calculator');
    await phone.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
    const colours = phone.waitForResponse((r) => r.url().includes('/api/colours/roller-blockout'));
    await phone.getByLabel('Product').selectOption('roller-blockout');
    expect((await colours).ok()).toBe(true);
    const picked: string[] = [];
    for (const i of [0, 1, 2]) {
      const radio = phone.getByRole('radio').nth(i);
      await radio.waitFor({ state: 'attached' });
      await phone.locator('.qc-swatch').nth(i).click();
      await expect.poll(() => radio.isChecked()).toBe(true);
      const colour = await radio.inputValue();
      picked.push(colour);
      await phone.getByRole('button', { name: `Add a free sample of ${colour}` }).click();
      await phone.getByRole('button', { name: `Remove the free sample of ${colour}` }).waitFor();
    }
    const basketLink = phone.getByRole('link', { name: 'Ask for your free samples (3 of 6)' });
    await basketLink.waitFor();
    expect(await noSidewaysScroll(phone)).toBe(true);
    await screenshot(phone, 'samples-calculator-phone');
    await basketLink.click();

    // /samples: the three colours, the address and consent.
    await phone.getByRole('heading', { level: 1, name: 'Free Colour Samples' }).waitFor();
    const chosen = phone.getByTestId('samples-chosen');
    await expect.poll(() => chosen.getByRole('listitem').count()).toBe(3);
    for (const colour of picked) await chosen.getByText(colour, { exact: true }).waitFor();
    await phone.getByLabel('Your name').fill('Zanele Khumalo');
    await phone.getByLabel('E-mail address').fill(email);
    await phone.getByLabel('Phone number').fill('082 555 0142');
    await phone.getByLabel('Street address').fill(street);
    await phone.getByLabel('Suburb').fill('Hunters Home');
    await phone.getByLabel('Town or city').fill('Knysna');
    await phone.getByLabel('Postal code').fill('6571');
    await phone.getByLabel('Province').selectOption('Western Cape');
    expect(await seriousAxeViolations(phone)).toEqual([]);
    expect(await noSidewaysScroll(phone)).toBe(true);
    await screenshot(phone, 'samples-form-phone');
    // Without consent the form says what is missing, and nothing is sent.
    await phone.getByRole('button', { name: 'Ask for my free samples' }).click();
    await expect.poll(() => phone.locator('.samples-error').textContent()).toMatch(/agree/);
    await phone.getByLabel(/I agree to be contacted/).check();
    await phone.getByRole('button', { name: 'Ask for my free samples' }).click();
    await phone.getByRole('heading', { name: 'Your free samples are on their way' }).waitFor();
    const done = await phone.getByTestId('samples-done').innerText();
    const reference = /CB-[A-Z0-9]{10}/.exec(done)![0];
    expect(done).toContain('3 free samples');
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await screenshot(phone, 'samples-done-phone');

    // Staff: the orders screen marks it 'Samples' and filters by it; dispatch with tracking.
    const desk = await people.staffPage();
    const deskErrors = watchErrors(desk);
    await signIn(desk);
    await desk.goto('/admin/orders');
    await desk.getByLabel('Kind').selectOption('samples');
    await desk.getByRole('button', { name: 'Search', exact: true }).click();
    const row = desk.locator(`[data-testid="order-row"][data-reference="${reference}"]`);
    await row.waitFor();
    await row.getByTestId('samples-badge').waitFor();
    expect(new URL(desk.url()).searchParams.get('kind')).toBe('samples');
    await expect
      .poll(() => desk.getByTestId('order-row').evaluateAll((rows) => rows.every((r) => r.querySelector('[data-testid="samples-badge"]'))))
      .toBe(true);
    expect(await seriousAxeViolations(desk)).toEqual([]);
    await screenshot(desk, 'samples-admin-orders-desktop');
    await row.getByRole('link', { name: reference }).click();
    await desk.getByRole('heading', { level: 1, name: `Free samples ${reference}` }).waitFor();
    const swatches = desk.getByTestId('sample-swatches');
    for (const colour of picked) await swatches.getByText(colour).waitFor();
    // No production dates for swatches (drawn in the same render as the swatches just seen).
    expect(await desk.getByRole('heading', { name: 'Dates given to the customer' }).count()).toBe(0);
    const trackingNumber = `SMP${stamp.toUpperCase()}`;
    await dispatch(desk, 'PostNet', trackingNumber);
    expect(await seriousAxeViolations(desk)).toEqual([]);
    await screenshot(desk, 'samples-admin-order-desktop');
    await desk.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => noSidewaysScroll(desk)).toBe(true);
    await screenshot(desk, 'samples-admin-order-phone');

    // The customer follows the samples on /track with the reference and e-mail address.
    await phone.goto(`/track?order=${reference}`);
    await phone.getByRole('radio', { name: 'Order ID' }).check();
    await expect.poll(() => phone.getByRole('textbox', { name: 'Order ID' }).inputValue()).toBe(reference);
    await phone.getByLabel('E-mail address or postcode').fill(email);
    await phone.getByRole('button', { name: 'Track', exact: true }).click();
    const steps = phone.getByTestId('order-progress').getByRole('listitem');
    await expect.poll(() => steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(['done', 'current', 'next']);
    await expect.poll(() => steps.nth(1).innerText()).toContain('Dispatched');
    await expect.poll(() => phone.getByTestId('tracking-result').innerText()).toContain(trackingNumber);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    expect(await noSidewaysScroll(phone)).toBe(true);
    await screenshot(phone, 'samples-track-phone');

    expect(unexpected(deskErrors)).toEqual([]);
    expect(unexpected(phoneErrors)).toEqual([]);
  });
});
