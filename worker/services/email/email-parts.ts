// Building blocks of the quote and order e-mails: the layout, the lines table, the totals with the
// VAT share and the business's contact details, each as HTML (inline styles: e-mail clients drop
// style sheets) and as plain text. Business details come from lib/business-profile.ts.
import type { BusinessProfile } from '../../lib/business-profile';
import type { PricedLineDto } from '../../shared/orders-api';
import { formatRandFromCents } from '../../shared/money';
import { hasSamplePrices, SAMPLE_PRICES_LABEL, SAMPLE_PRICES_NOTE, SAMPLE_PRICES_TEXT } from '../../shared/sample-prices';
import { DELIVERY_POLICY, PROCESSING_SENTENCE, PRODUCTION_SENTENCE } from '../../shared/shop-policies';
import { html, type SafeHtml } from '../../lib/html';
import { lineFitNote, lineFitNoteHtml } from './fit-guarantee-notes';
import { lineSizeNote, lineSizeNoteHtml } from './size-notes';
import { describeOptions } from '../../shared/product-options';

export const rand = formatRandFromCents;

const CONTROL_LABELS: Record<string, string> = { left: 'Left', right: 'Right' };
const MOUNT_LABELS: Record<string, string> = { 'inside-recess': 'Inside the recess', 'outside-facefix': 'Outside (face fix)' };
export const controlLabel = (side: string) => CONTROL_LABELS[side] ?? side;
export const mountLabel = (mount: string) => MOUNT_LABELS[mount] ?? mount;

export interface Totals {
  totalCents: number;
  vatCents: number;
  subtotalCents: number;
}

const CELL = 'padding:8px 6px;border-bottom:1px solid #e5e7eb;vertical-align:top;font-size:14px;';
const HEAD =
  'padding:8px 6px;border-bottom:2px solid #1f2937;text-align:left;font-size:12px;text-transform:uppercase;letter-spacing:0.03em;color:#4b5563;';
const NUM = 'text-align:right;white-space:nowrap;';

export function linesTableHtml(lines: readonly PricedLineDto[]): SafeHtml {
  return html`<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:16px 0;">
<thead><tr><th style="${HEAD}">Item</th><th style="${HEAD}${NUM}">Qty</th><th style="${HEAD}${NUM}">Unit</th><th style="${HEAD}${NUM}">Total</th></tr></thead>
<tbody>${lines.map(
    (
      l,
    ) => html`<tr><td style="${CELL}"><strong>${l.product_name}</strong><br><span style="color:#4b5563;font-size:13px;">${l.width_mm} x ${l.drop_mm} mm (W x D) · ${l.colour}${l.options?.length ? '' : ` · Control ${controlLabel(l.control_side).toLowerCase()} · ${mountLabel(l.mount_type)}`}</span>${l.options?.length ? html`<br><span style="color:#4b5563;font-size:13px;">${describeOptions(l.options)}</span>` : ''}${lineSizeNoteHtml(l)}${lineFitNoteHtml(l)}</td><td style="${CELL}${NUM}">${l.quantity}</td><td style="${CELL}${NUM}">${rand(l.unit_price_cents)}</td><td style="${CELL}${NUM}">${rand(l.total_cents)}</td></tr>
`,
  )}</tbody>
</table>${samplePricesHtml(lines)}`;
}

/** Under the lines: prices from a sample grid say so (worker/shared/sample-prices.ts). */
function samplePricesHtml(lines: readonly PricedLineDto[]): SafeHtml {
  if (!hasSamplePrices(lines)) return html``;
  return html`
<p style="margin:0 0 16px;padding:8px 12px;background:#fef3c7;border-left:4px solid #d97706;font-size:14px;"><strong>${SAMPLE_PRICES_LABEL}:</strong> ${SAMPLE_PRICES_NOTE}</p>`;
}

export function linesText(lines: readonly PricedLineDto[]): string {
  return lines
    .map(
      (l, i) =>
        `${i + 1}. ${l.product_name}\n` +
        // A shutter or awning is described by its options (next line), not a blind's control and mount.
        `   Size ${l.width_mm} x ${l.drop_mm} mm (W x D), colour: ${l.colour}${l.options?.length ? '' : `, control: ${controlLabel(l.control_side)}, mount: ${mountLabel(l.mount_type)}`}\n` +
        (l.options?.length ? `   ${describeOptions(l.options)}\n` : '') +
        (lineSizeNote(l) ? `   ${lineSizeNote(l)}\n` : '') +
        (lineFitNote(l) ? `   ${lineFitNote(l)}\n` : '') +
        `   ${l.quantity} x ${rand(l.unit_price_cents)} = ${rand(l.total_cents)}`,
    )
    .concat(hasSamplePrices(lines) ? ['', SAMPLE_PRICES_TEXT] : [])
    .join('\n');
}

export function totalsHtml(t: Totals): SafeHtml {
  const row = (label: string, value: string, strong = false) =>
    html`<tr><td style="padding:4px 6px;font-size:14px;${strong ? 'font-weight:bold;' : ''}">${label}</td><td style="padding:4px 6px;font-size:14px;${NUM}${strong ? 'font-weight:bold;' : ''}">${value}</td></tr>`;
  return html`<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:0 0 16px auto;">
${row('Subtotal (excl. VAT)', rand(t.subtotalCents))}
${row('VAT (15%)', rand(t.vatCents))}
${row('Total (incl. VAT)', rand(t.totalCents), true)}
</table>`;
}

export function totalsText(t: Totals): string {
  return [
    `Subtotal (excl. VAT): ${rand(t.subtotalCents)}`,
    `VAT (15%): ${rand(t.vatCents)}`,
    `Total (incl. VAT): ${rand(t.totalCents)}`,
  ].join('\n');
}

/** Spec section 9: processing 1-2 business days, production 7-10, courier delivery (shared/shop-policies.ts, as the consultant says it). */
export const DELIVERY_NOTES = [PROCESSING_SENTENCE, PRODUCTION_SENTENCE, DELIVERY_POLICY] as const;

/** An order's notes: its own lead time (the slowest product's, delivery-dates.ts) in place of the shop-wide 7-10 when it has one. */
export function orderDeliveryNotes(leadTimeWorkingDays: number | null | undefined): readonly string[] {
  if (!leadTimeWorkingDays) return DELIVERY_NOTES;
  return [PROCESSING_SENTENCE, `Production takes ${leadTimeWorkingDays} working days for your order.`, DELIVERY_POLICY];
}

export const QUOTE_NOTES = ['This quote is valid for 30 days.', 'All prices include VAT at 15%.', ...DELIVERY_NOTES] as const;

export function notesHtml(notes: readonly string[]): SafeHtml {
  return html`<ul style="margin:0 0 16px;padding-left:20px;font-size:14px;color:#374151;">${notes.map((n) => html`<li style="margin:2px 0;">${n}</li>`)}</ul>`;
}

export function notesText(notes: readonly string[]): string {
  return notes.map((n) => `- ${n}`).join('\n');
}

export function buttonHtml(href: string, label: string): SafeHtml {
  return html`<p style="margin:20px 0;"><a href="${href}" style="display:inline-block;background:#1f4e79;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold;font-size:15px;">${label}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#6b7280;">Or copy this address into your browser: ${href}</p>`;
}

/** Label/value rows (customer details, quote facts). Null values are left out. */
export function factsHtml(facts: readonly (readonly [string, string | null | undefined])[]): SafeHtml {
  return html`<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:8px 0 16px;">${facts
    .filter(([, v]) => v)
    .map(
      ([k, v]) =>
        html`<tr><td style="padding:3px 12px 3px 0;font-size:14px;color:#4b5563;white-space:nowrap;vertical-align:top;">${k}</td><td style="padding:3px 0;font-size:14px;">${v}</td></tr>`,
    )}</table>`;
}

export function factsText(facts: readonly (readonly [string, string | null | undefined])[]): string {
  return facts
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

function contactLines(b: BusinessProfile): string[] {
  return [
    b.phoneNational ? `Phone: ${b.phoneNational}` : null,
    b.phoneGardenRoute ? `Garden Route: ${b.phoneGardenRoute}` : null,
    b.whatsappNational ? `WhatsApp: ${b.whatsappNational}` : null,
    b.email ? `E-mail: ${b.email}` : null,
    b.website,
  ].filter((l): l is string => Boolean(l));
}

/** The whole document: a header with the business name, the content, and the contact footer. */
export function layoutHtml(b: BusinessProfile, title: string, content: SafeHtml): string {
  return html`<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:640px;background:#ffffff;border-radius:8px;">
<tr><td style="background:#1f4e79;color:#ffffff;padding:16px 20px;border-radius:8px 8px 0 0;font-size:18px;font-weight:bold;">${b.name}</td></tr>
<tr><td style="padding:20px;">
<h1 style="margin:0 0 12px;font-size:20px;">${title}</h1>
${content}
</td></tr>
<tr><td style="padding:16px 20px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280;">${b.name}${contactLines(b).map((l) => html`<br>${l}`)}</td></tr>
</table>
</td></tr></table>
</body>
</html>`.toString();
}

export function signatureText(b: BusinessProfile): string {
  return ['--', b.name, ...contactLines(b)].join('\n');
}
