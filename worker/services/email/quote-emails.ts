// Quote e-mails (storefront spec sections 2 '/quote-document', 7, 9): the quote to the customer, its
// copy for the business, and the 'Quote saved' notice of a quote saved for the business. Each
// carries the number, date, validity, items, totals with the VAT share, the notes and the link to
// view and pay online (/quote?quote_id=..&key=..).
import { businessProfile, type BusinessProfile } from '../../lib/business-profile';
import type { Env } from '../../env';
import type { PricedLineDto } from '../../shared/orders-api';
import { formatLongDate } from '../../shared/sa-time';
import { fitGuaranteeTermsHtml, fitGuaranteeTermsText } from './fit-guarantee-notes';
import {
  buttonHtml,
  factsHtml,
  factsText,
  layoutHtml,
  linesTableHtml,
  linesText,
  notesHtml,
  notesText,
  QUOTE_NOTES,
  rand,
  signatureText,
  totalsHtml,
  totalsText,
  type Totals,
} from './email-parts';
import { html, type SafeHtml } from '../../lib/html';
import type { OutgoingEmail } from './outbox';
import { greetingName } from './customer-email-guard';

/** The placeholders of a quote saved without the customer's details (spec section 7). */
export const WALK_IN_CUSTOMER = 'Walk-in Customer';
export const NOT_PROVIDED = 'Not provided';

export interface QuoteForEmail {
  id: string;
  accessKey: string;
  quoteDate: string;
  validUntil: string;
  customer: { name: string; email: string | null; mobile: string | null };
  lines: readonly PricedLineDto[];
  totals: Totals;
  totalQuantity: number;
}

export function quoteLink(origin: string, id: string, accessKey: string): string {
  return `${origin}/quote?quote_id=${encodeURIComponent(id)}&key=${encodeURIComponent(accessKey)}`;
}

function quoteFacts(q: QuoteForEmail) {
  return [
    ['Quote number', q.id],
    ['Date', formatLongDate(q.quoteDate)],
    ['Valid until', formatLongDate(q.validUntil)],
  ] as const;
}

function customerFacts(q: QuoteForEmail) {
  return [
    ['Name', q.customer.name],
    ['E-mail', q.customer.email ?? NOT_PROVIDED],
    ['Mobile', q.customer.mobile ?? NOT_PROVIDED],
  ] as const;
}

function quantityNote(q: QuoteForEmail): string {
  return `${q.totalQuantity} ${q.totalQuantity === 1 ? 'blind' : 'blinds'}. The total includes VAT of 15%.`;
}

/** The site's origin from the quote's link, for the fit guarantee's terms. */
const originOf = (link: string) => (URL.canParse(link) ? new URL(link).origin : null);

/** The quote itself, shared by all three messages. */
function quoteBodyHtml(q: QuoteForEmail, link: string, linkLabel: string): SafeHtml {
  return html`${factsHtml(quoteFacts(q))}
${linesTableHtml(q.lines)}
${totalsHtml(q.totals)}
${fitGuaranteeTermsHtml(q.lines, originOf(link))}
<p style="font-size:13px;color:#4b5563;margin:0 0 12px;">${quantityNote(q)}</p>
${buttonHtml(link, linkLabel)}
<h2 style="font-size:16px;margin:16px 0 8px;">Notes</h2>
${notesHtml(QUOTE_NOTES)}`;
}

function quoteBodyText(q: QuoteForEmail, link: string, linkLabel: string): string {
  return [
    factsText(quoteFacts(q)),
    '',
    linesText(q.lines),
    '',
    totalsText(q.totals),
    ...fitGuaranteeTermsText(q.lines, originOf(link)),
    quantityNote(q),
    '',
    `${linkLabel}: ${link}`,
    '',
    'Notes',
    notesText(QUOTE_NOTES),
  ].join('\n');
}

function quoteDocument(b: BusinessProfile, title: string, intro: SafeHtml, body: SafeHtml): string {
  return layoutHtml(
    b,
    title,
    html`${intro}
${body}`,
  );
}

/** The quote to the person it was made for. */
export function quoteCustomerEmail(env: Env, q: QuoteForEmail, origin: string, to: string): OutgoingEmail {
  const b = businessProfile(env);
  const link = quoteLink(origin, q.id, q.accessKey);
  const label = 'View your quote and pay online';
  const title = `Your quote ${q.id}`;
  // Only a plain name is shown to the customer (customer-email-guard); anything else is left out.
  const name = greetingName(q.customer.name);
  const hi = name ? `Hi ${name}` : 'Hi there';
  return {
    dedupeKey: `quote:${q.id}:customer`,
    kind: 'quote',
    to,
    toName: name,
    replyTo: b.email,
    subject: `Your quote ${q.id} from ${b.name}`,
    html: quoteDocument(
      b,
      title,
      html`<p style="font-size:15px;margin:0 0 12px;">${hi}, thank you for your interest. Here is your quotation for made-to-measure blinds, priced in rand with VAT included.</p>`,
      quoteBodyHtml(q, link, label),
    ),
    text: [
      `${hi},`,
      '',
      'Thank you for your interest. Here is your quotation for made-to-measure blinds, priced in rand with VAT included.',
      '',
      quoteBodyText(q, link, label),
      '',
      'Questions? Reply to this e-mail or contact us:',
      signatureText(b),
    ].join('\n'),
  };
}

/** An e-mail to the business about a customer's quote: a line on what happened, the customer, the quote. */
function quoteForBusinessEmail(
  env: Env,
  q: QuoteForEmail,
  origin: string,
  e: { happened: string; dedupeKey: string; kind: OutgoingEmail['kind']; subject: string; title: string },
): OutgoingEmail | null {
  const b = businessProfile(env);
  if (!b.email) return null;
  const link = quoteLink(origin, q.id, q.accessKey);
  const label = "Open the customer's quote page";
  const intro = `Quote ${q.id} (${rand(q.totals.totalCents)} incl. VAT) ${e.happened}.`;
  return {
    dedupeKey: e.dedupeKey,
    kind: e.kind,
    to: b.email,
    toName: b.name,
    replyTo: q.customer.email,
    subject: e.subject,
    html: quoteDocument(
      b,
      e.title,
      html`<p style="font-size:15px;margin:0 0 12px;">${intro}</p>${factsHtml(customerFacts(q))}`,
      quoteBodyHtml(q, link, label),
    ),
    text: [intro, '', factsText(customerFacts(q)), '', quoteBodyText(q, link, label)].join('\n'),
  };
}

/** The business's copy of a quote e-mailed to a customer (send_copy_to_business). */
export function quoteBusinessCopyEmail(env: Env, q: QuoteForEmail, origin: string): OutgoingEmail | null {
  return quoteForBusinessEmail(env, q, origin, {
    happened: `was e-mailed to ${q.customer.name}`,
    dedupeKey: `quote:${q.id}:business`,
    kind: 'quote-copy',
    subject: `Copy: quote ${q.id} sent to ${q.customer.name}`,
    title: `Copy of quote ${q.id}`,
  });
}

/** 'Quote saved': a quote saved for the business from the quote page (/api/email/quote-internal). */
/** `via: 'mcp'`: an AI shopping agent started it through /mcp, and the e-mail says so. */
export function quoteSavedEmail(env: Env, q: QuoteForEmail, origin: string, via?: 'mcp'): OutgoingEmail | null {
  if (via === 'mcp') {
    return quoteForBusinessEmail(env, q, origin, {
      happened: `was started by an AI shopping agent (through /mcp) for ${q.customer.name}; nobody has checked it with the customer yet, and it becomes an order only when a person completes it on the site`,
      dedupeKey: `quote:${q.id}:internal`,
      kind: 'quote-saved',
      subject: `Quote started by an AI agent: ${q.id} - ${q.customer.name}`,
      title: `Quote started by an AI agent: ${q.id}`,
    });
  }
  return quoteForBusinessEmail(env, q, origin, {
    happened: `was saved for ${q.customer.name}`,
    dedupeKey: `quote:${q.id}:internal`,
    kind: 'quote-saved',
    subject: `Quote saved: ${q.id} - ${q.customer.name}`,
    title: `Quote saved: ${q.id}`,
  });
}
