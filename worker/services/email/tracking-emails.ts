// The customer's courier-tracking e-mail: sent when tracking is first published and on each
// change of status, queued in the outbox in the same D1 batch as the tracking write, deduped per
// history entry (tracking:<id>:<historyIndex>).
import { businessProfile } from '../../lib/business-profile';
import type { Env } from '../../env';
import { trackingStatusLabel, type TrackingHistoryItem } from '../../shared/tracking-api';
import { buttonHtml, factsHtml, factsText, layoutHtml, signatureText } from './email-parts';
import { html } from '../../lib/html';
import type { OutgoingEmail } from './outbox';
import { greetingName } from './customer-email-guard';

export interface TrackingForEmail {
  id: string;
  trackingNumber: string;
  orderId: string;
  courierName: string | null;
  estimatedDelivery: string | null;
  /** The history entry this e-mail tells about. */
  latest: TrackingHistoryItem;
  historyIndex: number;
}

export interface TrackingRecipient {
  name: string | null;
  email: string;
}

/** The customer's message about one history entry; without the site's origin it carries no link. */
export function trackingUpdateEmail(env: Env, entry: TrackingForEmail, to: TrackingRecipient, origin: string | null): OutgoingEmail {
  const b = businessProfile(env);
  const link = origin ? `${origin}/track?number=${encodeURIComponent(entry.trackingNumber)}` : null;
  const status = trackingStatusLabel(entry.latest.status);
  const first = entry.historyIndex === 0;
  const title = first ? `Your order ${entry.orderId} has a tracking number` : `Order ${entry.orderId}: ${status}`;
  const facts = [
    ['Order reference', entry.orderId],
    ['Tracking number', entry.trackingNumber],
    ['Courier', entry.courierName],
    ['Status', status],
    ['Current location', entry.latest.location],
    ['Estimated delivery', entry.estimatedDelivery],
  ] as const;
  // The name was typed with an anonymous order: shown only when it is a plain name (customer-email-guard).
  const name = greetingName(to.name);
  const greeting = name ? `Hi ${name},` : 'Hello,';
  const intro = first ? 'We have published courier tracking for your order.' : 'There is news about the delivery of your order.';

  const body = layoutHtml(
    b,
    title,
    html`<p style="font-size:15px;margin:0 0 12px;">${greeting} ${intro}</p>
<p style="font-size:15px;margin:0 0 12px;"><strong>${status}</strong>: ${entry.latest.message}</p>
${factsHtml(facts)}
${link ? buttonHtml(link, 'Track your order') : ''}
<p style="font-size:14px;margin:0;">Questions? Reply to this e-mail and quote ${entry.orderId}.</p>`,
  );
  const text = [
    greeting,
    '',
    intro,
    '',
    `${status}: ${entry.latest.message}`,
    '',
    factsText(facts),
    ...(link ? ['', `Track your order: ${link}`] : []),
    '',
    `Questions? Reply to this e-mail and quote ${entry.orderId}.`,
    '',
    signatureText(b),
  ].join('\n');

  return {
    dedupeKey: `tracking:${entry.id}:${entry.historyIndex}`,
    kind: 'tracking-update',
    to: to.email,
    toName: name,
    replyTo: b.email,
    subject: `${title} - ${b.name}`,
    html: body,
    text,
  };
}
