// Booked Garden Route site visits in the browser: staff open a time on /admin/visit-schedule (from
// the staff navigation); a customer on a phone goes from the landing page's Garden Route card to the
// booking page, books that time and is e-mailed the calendar invitation (read here from the outbox,
// as EMAIL_PROVIDER=local keeps it); the e-mail's link opens the visit, moves it and cancels it; the booked
// visit shows on /site-visits for its day.
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { openStartedLanding, screenshot, useBrowser, useStaffAndCustomer, watchErrors } from './browser';
import { signIn, unexpected } from './orders-fulfilment-fixtures';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const people = useStaffAndCustomer(browser, baseUrl);

/** A South African day some weeks ahead, and two start times an hour apart that no other test picks. */
function uniqueSlot() {
  const offset = 20 + Math.floor(Math.random() * 60);
  const day = new Date(Date.now() + 2 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  const hour = 7 + Math.floor(Math.random() * 10);
  const minute = Math.floor(Math.random() * 60);
  const at = (h: number) => `${String(h).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return { day, time: at(hour), later: at(hour + 1) };
}

describe('booking a Garden Route site visit', () => {
  it('staff open times; a customer books one from the landing page on a phone, gets the invitation, and moves and cancels it from the link', async () => {
    const { day, time, later } = uniqueSlot();
    const email = `visit-${Date.now()}@example.com`;

    // Staff: the schedule screen from the navigation.
    const desk = await people.staffPage();
    const deskErrors = watchErrors(desk);
    await signIn(desk);
    await desk.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Visit schedule' }).click();
    await desk.getByRole('heading', { name: 'Visit schedule', level: 1 }).waitFor();
    await desk.getByLabel('Day', { exact: true }).fill(day);
    await desk.getByLabel('Area').selectOption('Knysna');
    await desk.getByLabel('Start times (HH:MM, comma-separated)').fill(`${time}, ${later}`);
    await desk.getByLabel('Visits per time').fill('1');
    await desk.getByRole('button', { name: 'Open these times' }).click();
    await desk.getByRole('heading', { name: day, level: 3 }).waitFor();
    await screenshot(desk, 'visit-booking-schedule-desktop');
    // The schedule on a phone: no sideways scrolling.
    await desk.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await desk.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousAxeViolations(desk)).toEqual([]);

    // Customer, on a phone: the landing page's Garden Route path.
    const phone = await people.customerPage();
    const phoneErrors = watchErrors(phone);
    await openStartedLanding(phone, baseUrl);
    const card = phone.locator('.service-card', { hasText: 'Garden Route Service' });
    await card.getByRole('link', { name: 'Book a Visit' }).click();
    await phone.getByRole('heading', { name: 'Book a Site Visit', level: 1 }).waitFor();
    await phone.getByLabel('Your area').selectOption('Knysna');
    const choice = phone.getByRole('radio', { name: new RegExp(`^${time} to `) });
    await choice.check();
    await phone.getByLabel('Your name').fill('Lindiwe Dlamini');
    await phone.getByLabel('E-mail address').fill(email);
    await phone.getByLabel('Phone number').fill('082 555 0199');
    await phone.getByLabel('Street address for the visit').fill('7 Lagoon Drive, Knysna');
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'visit-booking-phone-form');
    // Without consent the form says what is missing.
    await phone.getByRole('button', { name: 'Book the visit' }).click();
    await expect.poll(() => phone.locator('.booking-error').textContent()).toMatch(/agree/);
    await phone.getByLabel(/I agree to be contacted/).check();
    await phone.getByRole('button', { name: 'Book the visit' }).click();
    await phone.getByRole('heading', { name: 'Your site visit is booked' }).waitFor();
    await phone.getByText(/e-mailed you the details with a calendar invitation/).waitFor();

    // The invitation, as the outbox keeps it.
    const listed = await desk.request.get(`/api/admin/outbox?q=${encodeURIComponent(email)}`);
    const messages = ((await listed.json()) as { messages: { id: number; kind: string }[] }).messages;
    const confirmation = messages.find((m) => m.kind === 'visit-booking-confirmed');
    expect(confirmation).toBeDefined();
    const full = (await (await desk.request.get(`/api/admin/outbox/${confirmation!.id}`)).json()) as {
      message: { text: string; attachments: { filename: string; content: string }[] };
    };
    const ics = full.message.attachments[0]!;
    expect(ics.filename).toBe('site-visit.ics');
    expect(ics.content).toContain('METHOD:REQUEST');
    expect(ics.content).toContain(`DTSTART:${day.replace(/-/g, '')}T`);

    // Staff read the invitation on the outbox screen too.
    await desk.goto(`/admin/outbox?q=${encodeURIComponent(email)}&message=${confirmation!.id}`);
    await desk.getByText('Attached: site-visit.ics (text/calendar)').click();
    await desk.getByText('METHOD:REQUEST', { exact: false }).waitFor();

    // The booked visit on /site-visits for its day (a staff session opens it).
    await desk.goto('/site-visits');
    await desk.getByRole('heading', { name: /Booked online/ }).waitFor();
    await desk.getByLabel('Day', { exact: true }).fill(day);
    await desk.getByText('Lindiwe Dlamini').waitFor();
    await desk.getByText('7 Lagoon Drive, Knysna').waitFor();
    await screenshot(desk, 'visit-booking-site-visits-desktop');
    await desk.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(desk, 'visit-booking-site-visits-phone');

    // The e-mail's link: the customer sees the visit and cancels it.
    const link = /(\/book-site-visit\/manage\?token=\S+)/.exec(full.message.text)![1]!;
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'Your booked visit' }).waitFor();
    await screenshot(phone, 'visit-booking-phone-manage');
    expect(await seriousAxeViolations(phone)).toEqual([]);
    // Moved to the later time; the page keeps working with the moved visit's new link.
    await phone.getByRole('button', { name: 'Move the visit' }).click();
    await phone.getByRole('radio', { name: new RegExp(`^${later} to `) }).check();
    await phone.getByRole('button', { name: 'Move to this time' }).click();
    await phone.getByText(/Your visit has moved/).waitFor();
    await phone.getByText(new RegExp(`${later} to `)).waitFor();
    await phone.getByRole('button', { name: 'Cancel the visit' }).click();
    await phone.getByRole('button', { name: 'Yes, cancel the visit' }).click();
    await phone.getByRole('heading', { name: 'This visit is cancelled' }).waitFor();
    // A forged link says so.
    await phone.goto(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
    await phone.getByText('This link is not valid.', { exact: false }).waitFor();

    expect(unexpected(deskErrors)).toEqual([]);
    expect(phoneErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
