// The e-mails of a free sample request (storefront spec 'Free samples'): the customer's confirmation
// and the business's notice, queued in the same D1 batch as the sample order (dedupe keys
// samples-confirmation:<ref>:customer|business, which name the order so its staff page lists them).
import { businessProfile } from '../../lib/business-profile';
import type { Env } from '../../env';
import { html } from '../../lib/html';
import { formatLongDate } from '../../shared/sa-time';
import { SAMPLE_DISPATCH_WORKING_DAYS } from '../../shared/fulfilment';
import { buttonHtml, factsHtml, factsText, layoutHtml, notesHtml, notesText, signatureText } from './email-parts';
import { greetingName } from './customer-email-guard';
import type { OutgoingEmail } from './outbox';

export interface SampleOrderForEmail {
  reference: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  createdAt: string;
  swatches: readonly { productName: string; colour: string }[];
}

/** What the customer is told happens next; each sentence is kept by the code named beside it. */
export const SAMPLE_NEXT_STEPS = [
  // The sample order's timeline expects dispatch within SAMPLE_DISPATCH_WORKING_DAYS (order-timeline.ts).
  `We post your samples within ${SAMPLE_DISPATCH_WORKING_DAYS} working days and e-mail you the courier's tracking number.`,
  // The tracking lookup (/track) finds any order by its reference with its e-mail address or postal code.
  'You can follow them on our website with your reference and your e-mail address or postal code.',
  'The samples are free: there is nothing to pay.',
] as const;

const swatchLines = (o: SampleOrderForEmail) => o.swatches.map((s) => `${s.productName}: ${s.colour}`);

export function sampleRequestEmails(
  env: Env,
  order: SampleOrderForEmail,
  origin: string | null,
): { customer: OutgoingEmail; business: OutgoingEmail | null } {
  const b = businessProfile(env);
  const ref = order.reference;
  const trackLink = origin ? `${origin}/track?order=${encodeURIComponent(ref)}` : null;
  const name = greetingName(order.name);
  const facts = [
    ['Reference', ref],
    ['Requested', formatLongDate(order.createdAt)],
    ['Posted to', order.address],
  ] as const;
  const title = name ? `Your free samples, ${name}` : 'Your free samples';
  const customer: OutgoingEmail = {
    dedupeKey: `samples-confirmation:${ref}:customer`,
    kind: 'samples-confirmation',
    to: order.email,
    toName: name,
    replyTo: b.email,
    subject: `Free samples ${ref} - ${b.name}`,
    html: layoutHtml(
      b,
      title,
      html`<p style="font-size:15px;margin:0 0 12px;">Thank you: we have your request for ${order.swatches.length} free colour sample${order.swatches.length === 1 ? '' : 's'}. Please quote <strong>${ref}</strong> when you contact us about it.</p>
${factsHtml(facts)}
<ul style="font-size:14px;margin:0 0 16px;padding-left:20px;">${swatchLines(order).map((l) => html`<li>${l}</li>`)}</ul>
${trackLink ? buttonHtml(trackLink, 'Track your samples') : ''}
<h2 style="font-size:16px;margin:16px 0 8px;">What happens next</h2>
${notesHtml(SAMPLE_NEXT_STEPS)}`,
    ),
    text: [
      `Hi ${name ?? 'there'},`,
      '',
      `Thank you: we have your request for ${order.swatches.length} free colour sample${order.swatches.length === 1 ? '' : 's'}. Please quote ${ref} when you contact us about it.`,
      '',
      factsText(facts),
      '',
      ...swatchLines(order).map((l) => `- ${l}`),
      ...(trackLink ? ['', `Track your samples: ${trackLink}`] : []),
      '',
      'What happens next',
      notesText(SAMPLE_NEXT_STEPS),
      '',
      signatureText(b),
    ].join('\n'),
  };
  if (!b.email) return { customer, business: null };

  const staffLink = origin ? `${origin}/admin/orders/${encodeURIComponent(ref)}` : null;
  const customerFacts = [
    ['Name', order.name],
    ['E-mail', order.email],
    ['Phone', order.phone],
    ['Post to', order.address],
  ] as const;
  const summary = `${order.name} asked for ${order.swatches.length} free sample${order.swatches.length === 1 ? '' : 's'}. Post them and add the tracking number on the order (Dispatch).`;
  return {
    customer,
    business: {
      dedupeKey: `samples-confirmation:${ref}:business`,
      kind: 'samples-notification',
      to: b.email,
      toName: b.name,
      replyTo: order.email,
      subject: `Free samples ${ref} - ${order.name} - ${order.swatches.length} colour${order.swatches.length === 1 ? '' : 's'}`,
      html: layoutHtml(
        b,
        `Free samples ${ref}`,
        html`<p style="font-size:15px;margin:0 0 12px;">${summary}</p>
${factsHtml(customerFacts)}
<ul style="font-size:14px;margin:0 0 16px;padding-left:20px;">${swatchLines(order).map((l) => html`<li>${l}</li>`)}</ul>
${staffLink ? buttonHtml(staffLink, 'Open the sample order') : ''}`,
      ),
      text: [
        summary,
        '',
        factsText(customerFacts),
        '',
        ...swatchLines(order).map((l) => `- ${l}`),
        ...(staffLink ? ['', staffLink] : []),
      ].join('\n'),
    },
  };
}
