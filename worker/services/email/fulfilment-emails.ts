// The customer's e-mails about the making of an order (storefront spec section 7, staff spec 2.6):
// one per fulfilment step (sizes confirmed, in production, dispatched, delivered or installed,
// cancelled), deduped per step (order-status:<ref>:<status>) so each goes at most once, and the
// new total after staff corrected a size. Each is queued in the outbox in the same D1 batch as the
// change it tells about. Staff cause these, not an anonymous request, so the customer-e-mail guard's
// daily limits do not apply; only a plain name is shown, as everywhere (greetingName).
import { businessProfile } from '../../lib/business-profile';
import type { Env } from '../../env';
import { html, type SafeHtml } from '../../lib/html';
import { FULFILMENT_LABELS, type FulfilmentMethod, type FulfilmentStatus, type OrderKind } from '../../shared/fulfilment';
import { PRODUCTION_WORKING_DAYS } from '../../shared/shop-policies';
import { addWorkingDays } from '../../shared/working-days';
import type { PricedLineDto } from '../../shared/orders-api';
import { formatLongDate, southAfricanDay } from '../../shared/sa-time';
import { cardPaymentsAvailable } from '../payments/gateway';
import { refusesCardPayment } from '../sample-price-guard';
import { bankTransferEmailBlock } from './bank-transfer-email';
import { greetingName } from './customer-email-guard';
import { fitGuaranteeTermsHtml, fitGuaranteeTermsText } from './fit-guarantee-notes';
import { buttonHtml, factsHtml, factsText, layoutHtml, linesTableHtml, linesText, rand, signatureText } from './email-parts';
import type { OutgoingEmail } from './outbox';
import { datesFromProductionStart, formatDay, type DeliveryEstimate } from '../../shared/delivery-dates';
import { estimateFacts } from './order-emails';

/** What the step e-mails need of an order. */
export interface FulfilmentEmailOrder {
  reference: string;
  customerName: string;
  /** '' when the order has none: nothing is sent. */
  customerEmail: string;
  method: FulfilmentMethod;
  lines: readonly PricedLineDto[];
  /** The order was paid (in full or in part): a cancellation says a refund follows. */
  paid: boolean;
  /**
   * The order's dates (delivery-dates.ts): for 'sizes confirmed' the ones counted again from that day,
   * for a later step the ones stored on the order; null or absent on older orders (shop-wide times).
   */
  deliveryEstimate?: DeliveryEstimate | null;
  /** 'samples': free colour swatches, told as such (storefront spec 'Free samples'). */
  kind?: OrderKind;
}

export interface DispatchFacts {
  courierName: string;
  trackingNumber: string;
  estimatedDelivery: string | null;
}

/**
 * 'between 8 December 2026 and 11 December 2026': production's 7-10 working days from `now`
 * (weekends and South African public holidays skipped, as the customer's timeline counts them).
 */
export function dispatchWindow(now: Date): string {
  const today = southAfricanDay(now);
  const from = formatLongDate(`${addWorkingDays(today, PRODUCTION_WORKING_DAYS.min)}T12:00:00Z`);
  const to = formatLongDate(`${addWorkingDays(today, PRODUCTION_WORKING_DAYS.max)}T12:00:00Z`);
  return `between ${from} and ${to}`;
}

interface Body {
  title: string;
  paragraphs: string[];
  facts?: readonly (readonly [string, string | null])[];
  lines?: readonly PricedLineDto[];
  extraHtml?: SafeHtml;
  extraText?: string;
  link?: { href: string; label: string } | null;
}

function message(env: Env, order: FulfilmentEmailOrder, dedupeKey: string, kind: string, body: Body): OutgoingEmail | null {
  const to = order.customerEmail.trim();
  if (!to) return null;
  const b = businessProfile(env);
  const name = greetingName(order.customerName);
  const greeting = name ? `Hi ${name},` : 'Hello,';
  const facts = [['Order reference', order.reference], ...(body.facts ?? [])] as const;
  const closing = `Questions? Reply to this e-mail and quote ${order.reference}.`;
  const htmlBody = layoutHtml(
    b,
    body.title,
    html`<p style="font-size:15px;margin:0 0 12px;">${greeting}</p>
${body.paragraphs.map((p) => html`<p style="font-size:15px;margin:0 0 12px;">${p}</p>`)}
${factsHtml(facts)}
${body.lines ? linesTableHtml(body.lines) : ''}
${body.extraHtml ?? ''}
${body.link ? buttonHtml(body.link.href, body.link.label) : ''}
<p style="font-size:14px;margin:0;">${closing}</p>`,
  );
  const text = [
    greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    factsText(facts),
    ...(body.lines ? ['', linesText(body.lines)] : []),
    ...(body.extraText ? ['', body.extraText] : []),
    ...(body.link ? ['', `${body.link.label}: ${body.link.href}`] : []),
    '',
    closing,
    '',
    signatureText(b),
  ].join('\n');
  return {
    dedupeKey,
    kind,
    to,
    toName: name,
    replyTo: b.email,
    subject: `${body.title} - ${b.name}`,
    html: htmlBody,
    text,
  };
}

function orderLink(origin: string | null, reference: string, kind?: OrderKind): { href: string; label: string } | null {
  if (!origin) return null;
  // A sample order has nothing to pay: its page is the tracking lookup, not the order page.
  if (kind === 'samples') return { href: `${origin}/track?order=${encodeURIComponent(reference)}`, label: 'Track your samples' };
  return { href: `${origin}/order-confirmation?ref=${encodeURIComponent(reference)}`, label: 'View your order' };
}

/**
 * The customer's e-mail about reaching `status` (null without an e-mail address, or for 'received',
 * which the order confirmation covers). `dispatch` is required for 'dispatched'.
 */
export function fulfilmentStatusEmail(
  env: Env,
  order: FulfilmentEmailOrder,
  status: FulfilmentStatus,
  origin: string | null,
  now: Date,
  dispatch?: DispatchFacts,
): OutgoingEmail | null {
  const ref = order.reference;
  const key = `order-status:${ref}:${status}`;
  const kind = `order-${status.replace(/_/g, '-')}`;
  const label = FULFILMENT_LABELS[status];
  switch (status) {
    case 'received':
      return null;
    case 'sizes_confirmed':
      return message(env, order, key, kind, {
        title: `Order ${ref}: sizes confirmed`,
        paragraphs: [
          'We have checked and confirmed the sizes of your blinds, listed below. These are the sizes we will make.',
          order.deliveryEstimate
            ? `We have counted your dates again from today: we expect to dispatch your order by ${formatDay(order.deliveryEstimate.dispatchBy)}.`
            : `Production takes ${PRODUCTION_WORKING_DAYS.min}-${PRODUCTION_WORKING_DAYS.max} business days once it starts; we expect to dispatch your order ${dispatchWindow(now)}.`,
        ],
        facts: [['Status', label], ...estimateFacts(order.deliveryEstimate)],
        lines: order.lines,
        extraHtml: fitGuaranteeTermsHtml(order.lines, origin) || undefined,
        extraText: fitGuaranteeTermsText(order.lines, origin).join('\n').trim() || undefined,
        link: orderLink(origin, ref),
      });
    case 'in_production': {
      // Production starts today: the order's lead time counts from today, never before the date given.
      const dates = order.deliveryEstimate ? datesFromProductionStart(order.deliveryEstimate, southAfricanDay(now)) : null;
      return message(env, order, key, kind, {
        title: `Order ${ref} is in production`,
        paragraphs: [
          'Your blinds are being made to your confirmed sizes.',
          dates
            ? `Production takes ${dates.leadTimeWorkingDays} working days for your order; we expect to dispatch it by ${formatDay(dates.dispatchBy)}.`
            : `Production takes ${PRODUCTION_WORKING_DAYS.min}-${PRODUCTION_WORKING_DAYS.max} business days; we expect to dispatch your order ${dispatchWindow(now)}.`,
        ],
        facts: [['Status', label], ...estimateFacts(dates)],
        link: orderLink(origin, ref),
      });
    }
    case 'dispatched': {
      const track = dispatch
        ? origin
          ? { href: `${origin}/track?number=${encodeURIComponent(dispatch.trackingNumber)}`, label: 'Track your order' }
          : null
        : orderLink(origin, ref, order.kind);
      return message(env, order, key, kind, {
        title: order.kind === 'samples' ? `Your free samples ${ref} have been posted` : `Order ${ref} has been dispatched`,
        paragraphs: dispatch
          ? [
              order.kind === 'samples'
                ? 'Your free colour samples are on their way. You can follow them with the courier and tracking number below.'
                : 'Your blinds are on their way. You can follow the delivery with the courier and tracking number below.',
            ]
          : ['Your blinds are on their way to you. Our team will contact you to arrange the installation.'],
        facts: [
          ['Status', label],
          ['Courier', dispatch?.courierName ?? null],
          ['Tracking number', dispatch?.trackingNumber ?? null],
          ['Estimated delivery', dispatch?.estimatedDelivery ?? null],
        ],
        link: track,
      });
    }
    case 'delivered':
      return message(env, order, key, kind, {
        title: `Order ${ref} was delivered`,
        paragraphs: [
          order.kind === 'samples'
            ? 'The courier reports your free samples as delivered. We hope they help you choose; reply to this e-mail when you are ready for a quote.'
            : 'The courier reports your order as delivered. We hope you enjoy your new blinds.',
        ],
        facts: [['Status', label]],
        link: orderLink(origin, ref, order.kind),
      });
    case 'installed':
      return message(env, order, key, kind, {
        title: `Order ${ref} is installed`,
        paragraphs: ['Our team has installed your blinds. Thank you for choosing us; we hope you enjoy them.'],
        facts: [['Status', label]],
        link: orderLink(origin, ref),
      });
    case 'cancelled':
      return message(env, order, key, kind, {
        title: `Order ${ref} was cancelled`,
        paragraphs: [
          'Your order has been cancelled and will not be made.',
          order.paid
            ? 'Our team will refund your payment and let you know when it has been paid back.'
            : 'Nothing was paid for it, so nothing is due.',
        ],
        facts: [['Status', label]],
      });
  }
}

/** What changed when staff corrected a size, for the new-total e-mail. */
export interface TotalChange {
  oldTotalCents: number;
  newTotalCents: number;
  /** Verified payments so far (succeeded payments). */
  paidCents: number;
  lineNo: number;
  productName: string;
  oldSize: { widthMm: number; dropMm: number };
  newSize: { widthMm: number; dropMm: number };
}

/**
 * The customer's e-mail after a size correction changed the total. More to pay: how to pay the
 * difference (a card link when a gateway can take it, the bank details when set). Less: the refund
 * due. Unpaid: the new total and how to pay it. Deduped per change (its time), not per order.
 */
export function orderTotalChangedEmail(
  env: Env,
  order: FulfilmentEmailOrder,
  change: TotalChange,
  origin: string | null,
  now: Date,
): OutgoingEmail | null {
  const ref = order.reference;
  const balance = change.newTotalCents - change.paidCents;
  const sizeFact = (s: { widthMm: number; dropMm: number }) => `${s.widthMm} x ${s.dropMm} mm (W x D)`;
  const facts = [
    ['Blind', `${change.lineNo}. ${change.productName}`],
    ['Size ordered', sizeFact(change.oldSize)],
    ['Size to be made', sizeFact(change.newSize)],
    ['Previous total', rand(change.oldTotalCents)],
    ['New total (incl. VAT)', rand(change.newTotalCents)],
    ['Paid so far', change.paidCents > 0 ? rand(change.paidCents) : null],
  ] as const;
  const paragraphs = [
    `We checked the sizes of your order and corrected one. The new total of your order is ${rand(change.newTotalCents)}.`,
  ];
  let payHtml: SafeHtml | undefined;
  let payText: string | undefined;
  let link: Body['link'] = orderLink(origin, ref);
  if (balance > 0) {
    // Real money is never taken at sample prices (DESIGN.md 7b): no card link for them.
    const card = cardPaymentsAvailable(env) && !refusesCardPayment(env, order.lines);
    const bank = bankTransferEmailBlock(env, { reference: ref, total_cents: balance });
    paragraphs.push(
      change.paidCents > 0
        ? `Thank you for your payment of ${rand(change.paidCents)}. ${rand(balance)} is still to be paid; we start production once it is received.`
        : `Please pay ${rand(balance)}; we start production once it is received.`,
    );
    if (card && origin)
      link = { href: `${origin}/order-confirmation?ref=${encodeURIComponent(ref)}&pay=1`, label: `Pay ${rand(balance)} by card` };
    if (bank) {
      payHtml = bank.html;
      payText = bank.text;
    }
    if (!card && !bank) paragraphs.push('We will contact you to arrange the payment.');
  } else if (balance < 0) {
    paragraphs.push(
      `You have paid ${rand(-balance)} more than the new total. That refund is due to you: our team will refund it and let you know.`,
    );
  } else if (change.paidCents > 0) {
    paragraphs.push('Your payment covers the new total; there is nothing more to pay.');
  }
  return message(env, order, `order-total:${ref}:${now.toISOString()}`, 'order-total-changed', {
    title: `Order ${ref}: new total ${rand(change.newTotalCents)}`,
    paragraphs,
    facts,
    extraHtml: payHtml,
    extraText: payText,
    link,
  });
}
