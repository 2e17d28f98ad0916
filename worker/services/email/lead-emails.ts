// The business's notice of a new lead: who, how to reach them, what they want and a link
// to /leads, queued in the same D1 batch as the lead so the 24-hour promise can be kept.
import type { BusinessProfile } from '../../lib/business-profile';
import { LEAD_SOURCE_LABELS, leadSizeSummary } from '../../shared/leads-api';
import { buttonHtml, factsHtml, factsText, layoutHtml } from './email-parts';
import { formatLongDate } from '../../shared/sa-time';
import { html } from '../../lib/html';
import type { OutgoingEmail } from './outbox';

export interface LeadForEmail {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  location: string | null;
  source: string;
  productInterest: string | null;
  notes: string | null;
  createdAt: string;
}

/** Dedupe key of a lead's notice; POPIA deletion finds the notice by it. */
export const leadNotificationKey = (leadId: string) => `lead-notification:${leadId}`;

export function leadNotificationEmail(
  b: BusinessProfile & { email: string },
  lead: LeadForEmail,
  sessionData: Record<string, unknown> | null,
  leadsUrl: string | null,
): OutgoingEmail {
  const source = LEAD_SOURCE_LABELS[lead.source] ?? lead.source;
  const want = lead.productInterest ?? 'Not specified';
  const facts = [
    ['Name', lead.name],
    ['E-mail', lead.email],
    ['Phone', lead.phone],
    ['WhatsApp', lead.whatsapp],
    ['Location', lead.location],
    ['Source', source],
    ['Product interest', want],
    ['Sizes', leadSizeSummary(sessionData)],
    ['Colour', typeof sessionData?.colour === 'string' ? sessionData.colour : null],
    ['Quote', typeof sessionData?.quoteId === 'string' ? sessionData.quoteId : null],
    ['Notes', lead.notes],
    ['Received', formatLongDate(lead.createdAt)],
  ] as const;
  const title = `New lead: ${lead.name}`;
  const bodyHtml = layoutHtml(
    b,
    title,
    html`<p style="font-size:15px;margin:0 0 12px;">${lead.name} left their details (${source}). We promise contact within 24 hours.</p>
${factsHtml(facts)}
${leadsUrl ? buttonHtml(leadsUrl, 'Open the leads page') : ''}`,
  );
  const text = [
    `${lead.name} left their details (${source}). We promise contact within 24 hours.`,
    '',
    factsText(facts),
    ...(leadsUrl ? ['', `Leads page: ${leadsUrl}`] : []),
  ].join('\n');
  return {
    dedupeKey: leadNotificationKey(lead.id),
    kind: 'lead-notification',
    to: b.email,
    toName: b.name,
    replyTo: lead.email,
    subject: `New lead: ${lead.name} - ${want}`,
    html: bodyHtml,
    text,
  };
}
