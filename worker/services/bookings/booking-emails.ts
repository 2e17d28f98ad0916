// The e-mails of a booked site visit: the confirmation (and the one after a move) with its calendar
// invitation, the reminder the day before, the cancellation (METHOD:CANCEL, so the calendar drops
// the entry), and the business's notice. Each carries the signed move-or-cancel link.
import type { Env } from '../../env';
import { businessProfile } from '../../lib/business-profile';
import { html } from '../../lib/html';
import { formatLongDate } from '../../shared/sa-time';
import { buttonHtml, factsHtml, factsText, layoutHtml, signatureText } from '../email/email-parts';
import { greetingName } from '../email/customer-email-guard';
import type { OutgoingEmail } from '../email/outbox';
import { parseAddress, senderAddress } from '../email/senders';
import { calendarInvitation } from './ics';

export interface BookingForEmail {
  id: string;
  sequence: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  area: string;
  notes: string;
  visitDate: string;
  startTime: string;
  endTime: string;
}

export type BookingEmailKind = 'confirmed' | 'moved' | 'reminder' | 'cancelled';

const TITLES: Record<BookingEmailKind, string> = {
  confirmed: 'Your site visit is booked',
  moved: 'Your site visit has moved',
  reminder: 'Your site visit is tomorrow',
  cancelled: 'Your site visit is cancelled',
};

function when(b: BookingForEmail): string {
  return `${formatLongDate(`${b.visitDate}T12:00:00Z`)}, ${b.startTime} to ${b.endTime}`;
}

function facts(b: BookingForEmail) {
  return [
    ['When', when(b)],
    ['Where', `${b.address} (${b.area})`],
    ['Phone', b.phone],
  ] as const;
}

/** The invitation (or its cancellation) for the customer's calendar. */
export function bookingCalendar(env: Env, b: BookingForEmail, method: 'REQUEST' | 'CANCEL', now: Date): string {
  const business = businessProfile(env);
  const organizerEmail = business.email ?? parseAddress(senderAddress(env)).email;
  return calendarInvitation({
    uid: `${b.id}@site-visits.custom-blinds`,
    sequence: b.sequence + (method === 'CANCEL' ? 1 : 0),
    method,
    visitDate: b.visitDate,
    startTime: b.startTime,
    endTime: b.endTime,
    summary: `${business.name} site visit`,
    location: `${b.address}, ${b.area}`,
    description: `A consultant from ${business.name} measures your windows and brings samples.${business.phoneGardenRoute ? ` Questions: ${business.phoneGardenRoute}.` : ''}`,
    organizer: { name: business.name, email: organizerEmail },
    attendee: { name: b.name, email: b.email },
    now,
  });
}

/** To the customer. `manageUrl` is the signed link (null on a cancellation: nothing is left to change). */
export function bookingCustomerEmail(
  env: Env,
  kind: BookingEmailKind,
  b: BookingForEmail,
  manageUrl: string | null,
  now: Date,
): OutgoingEmail {
  const business = businessProfile(env);
  const title = TITLES[kind];
  const name = greetingName(b.name);
  const greeting = name ? `Hi ${name},` : 'Hello,';
  const intro: Record<BookingEmailKind, string> = {
    confirmed: `A consultant from ${business.name} will visit you to measure your windows and show you samples. The calendar invitation is attached.`,
    moved: 'Your visit is now at the time below. The updated calendar invitation is attached.',
    reminder: 'A reminder: our consultant visits you tomorrow at the time below.',
    cancelled: 'Your site visit below is cancelled. You are welcome to book another time whenever it suits you.',
  };
  const manage = manageUrl ? 'Need another time? Move or cancel the visit with the button below.' : null;
  const body = layoutHtml(
    business,
    title,
    html`<p style="font-size:15px;margin:0 0 12px;">${greeting} ${intro[kind]}</p>
${factsHtml(facts(b))}
${manage ? html`<p style="font-size:14px;margin:0;">${manage}</p>${buttonHtml(manageUrl!, 'Move or cancel the visit')}` : ''}
<p style="font-size:14px;margin:0;">Questions? Reply to this e-mail.</p>`,
  );
  const text = [
    greeting,
    '',
    intro[kind],
    '',
    factsText(facts(b)),
    ...(manage ? ['', manage, manageUrl!] : []),
    '',
    'Questions? Reply to this e-mail.',
    '',
    signatureText(business),
  ].join('\n');
  const withCalendar = kind !== 'reminder';
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return {
    // A booking's sequence grows with each move: each move has its own confirmation and reminder.
    dedupeKey: `visit-booking:${b.id}:${kind}:${b.sequence}`,
    kind: `visit-booking-${kind}`,
    to: b.email,
    toName: name,
    replyTo: business.email,
    subject: `${title}: ${when(b)} - ${business.name}`,
    html: body,
    text,
    ...(withCalendar
      ? {
          attachments: [
            {
              filename: method === 'CANCEL' ? 'site-visit-cancelled.ics' : 'site-visit.ics',
              contentType: `text/calendar; method=${method}; charset=UTF-8`,
              content: bookingCalendar(env, b, method, now),
            },
          ],
        }
      : {}),
  };
}

/** To the business (BUSINESS_EMAIL), when one is set: who booked, moved or cancelled what. */
export function bookingBusinessEmail(env: Env, kind: Exclude<BookingEmailKind, 'reminder'>, b: BookingForEmail): OutgoingEmail | null {
  const business = businessProfile(env);
  if (!business.email) return null;
  const title = { confirmed: 'Site visit booked', moved: 'Site visit moved', cancelled: 'Site visit cancelled' }[kind];
  const rows = [['Customer', b.name], ['E-mail', b.email], ...facts(b), ['Notes', b.notes || null]] as const;
  return {
    dedupeKey: `visit-booking:${b.id}:${kind}:${b.sequence}:business`,
    kind: `visit-booking-${kind}-business`,
    to: business.email,
    replyTo: b.email,
    subject: `${title}: ${b.area}, ${when(b)}`,
    html: layoutHtml(business, title, html`${factsHtml(rows)}<p style="font-size:14px;margin:0;">It is on /site-visits for that day.</p>`),
    text: [factsText(rows), '', 'It is on /site-visits for that day.'].join('\n'),
  };
}
