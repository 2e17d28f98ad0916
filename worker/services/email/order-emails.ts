// Order confirmation e-mails: one to the customer, one to the business, queued in the
// outbox in the same D1 batch as the order (dedupe keys order-confirmation:<ref>:customer|business)
// and sent after answering; the cron retries whatever did not go.
import { businessProfile } from '../../lib/business-profile';
import type { Env } from '../../env';
import type { OrderDto, PaymentStatus } from '../../shared/orders-api';
import { vatInside } from '../../shared/money';
import { formatLongDate } from '../../shared/sa-time';
import { formatDay, SAMPLE_LEAD_TIME_NOTE, type DeliveryEstimate } from '../../shared/delivery-dates';
import { cardPaymentsAvailable, instantEftAvailable } from '../payments/gateway';
import { bankTransferEmailBlock } from './bank-transfer-email';
import { refusesCardPayment } from '../sample-price-guard';
import { SAMPLE_PRICES_NOTE } from '../../shared/sample-prices';
import {
  buttonHtml,
  orderDeliveryNotes,
  factsHtml,
  factsText,
  layoutHtml,
  linesTableHtml,
  linesText,
  notesHtml,
  notesText,
  rand,
  signatureText,
  totalsHtml,
  totalsText,
  type Totals,
} from './email-parts';
import { html } from '../../lib/html';
import type { OutgoingEmail } from './outbox';
import { greetingName } from './customer-email-guard';
import { fitGuaranteeTermsHtml, fitGuaranteeTermsText } from './fit-guarantee-notes';
import { sizesConfirmHtml, sizesConfirmText, sizesToBeConfirmedHtml, sizesToBeConfirmedText } from './size-notes';
import { sizesToConfirm, SIZES_TO_BE_CONFIRMED } from '../../shared/size-sources';
import { STAFF_PAYMENT_METHOD_LABELS, type StaffPaymentMethod } from '../../shared/fulfilment';

/** What the confirmations need of an order: built from the rows being inserted, before the batch. */
export type OrderForEmail = Pick<
  OrderDto,
  | 'reference'
  | 'customer_name'
  | 'customer_email'
  | 'customer_phone'
  | 'customer_address'
  | 'special_instructions'
  | 'quote_id'
  | 'blinds'
  | 'total_cents'
  | 'paymentStatus'
  | 'order_date'
  | 'delivery_estimate'
> & {
  /** How a staff-recorded order (phone, site visit, walk-in) will be paid, as agreed with staff; absent online. */
  staffPaymentMethod?: StaffPaymentMethod | null;
};

/** The expected dispatch date and delivery window as fact rows (the sizes-confirmed e-mail repeats them). */
export function estimateFacts(estimate: DeliveryEstimate | null | undefined): (readonly [string, string])[] {
  if (!estimate) return [];
  const arrival: readonly [string, string] =
    estimate.method === 'installation'
      ? ['Installed by', formatDay(estimate.arrivesBy)]
      : [
          `Courier delivery${estimate.region ? ` (${estimate.region})` : ''}`,
          `${formatDay(estimate.arrivesFrom)} to ${formatDay(estimate.arrivesBy)}`,
        ];
  const sample = estimate.sampleLeadTime ? ` (${SAMPLE_LEAD_TIME_NOTE})` : '';
  return [['Expected dispatch', `by ${formatDay(estimate.dispatchBy)}${sample}`], arrival];
}

const STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  part_paid: 'Part paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  not_required: 'No payment needed',
};

function orderTotals(order: OrderForEmail): Totals {
  const vatCents = vatInside(order.total_cents);
  return { totalCents: order.total_cents, vatCents, subtotalCents: order.total_cents - vatCents };
}

/** Still to be paid: the e-mail says how. */
function awaitingPayment(order: OrderForEmail): boolean {
  return order.paymentStatus !== 'paid' && order.paymentStatus !== 'refunded';
}

/** What the customer reads about paying, for the order's current status and the ways to pay configured. */
function paymentNote(env: Env, order: OrderForEmail, bankTransfer: boolean): string {
  if (order.paymentStatus === 'paid') return 'Your payment has been received. Thank you.';
  const agreed = order.staffPaymentMethod;
  // A staff-recorded order is paid the way agreed with staff: the e-mail offers only that way.
  if (agreed === 'cash' || agreed === 'card_machine' || agreed === 'on_delivery')
    return `As agreed with our team, you pay ${agreed === 'on_delivery' ? 'on delivery or installation' : `by ${STAFF_PAYMENT_METHOD_LABELS[agreed].toLowerCase()}`}.`;
  if (agreed === 'bank_transfer' && bankTransfer)
    return 'Please pay by bank transfer as shown below; production starts once payment is received.';
  // Real money is never taken at sample prices (DESIGN.md 7b): no way to pay is offered for them.
  if (awaitingPayment(order) && refusesCardPayment(env, order.blinds))
    return `${SAMPLE_PRICES_NOTE} We will contact you to confirm the price and arrange payment.`;
  const online = [cardPaymentsAvailable(env) && 'card', instantEftAvailable(env) && 'instant EFT'].filter(Boolean).join(' or ');
  if (awaitingPayment(order) && online) {
    return bankTransfer
      ? `Your order is reserved. Pay securely by ${online} from your order page, or by bank transfer as shown below; production starts once payment is received.`
      : `Your order is reserved. Pay securely by ${online} from your order page; production starts once payment is received.`;
  }
  if (awaitingPayment(order) && bankTransfer)
    return 'Your order is reserved. Please pay by bank transfer as shown below; production starts once payment is received.';
  return 'We will contact you to arrange payment; production starts once payment is received.';
}

/**
 * The customer's confirmation and the business's notice (null without BUSINESS_EMAIL). Without the
 * site's origin (an order made where no request URL is known) the messages carry no link.
 */
export function orderConfirmationEmails(
  env: Env,
  order: OrderForEmail,
  origin: string | null,
): { customer: OutgoingEmail; business: OutgoingEmail | null } {
  const b = businessProfile(env);
  const ref = order.reference;
  const link = origin ? `${origin}/order-confirmation?ref=${encodeURIComponent(ref)}` : null;
  const totals = orderTotals(order);
  const offersBank = !order.staffPaymentMethod || order.staffPaymentMethod === 'bank_transfer' || order.staffPaymentMethod === 'card_link';
  const bankTransfer =
    offersBank && awaitingPayment(order) && !refusesCardPayment(env, order.blinds) ? bankTransferEmailBlock(env, order) : null;
  const status = STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus;
  const orderFacts = [
    ['Order reference', ref],
    ['Order date', formatLongDate(order.order_date)],
    ['Payment status', status],
    ...estimateFacts(order.delivery_estimate),
  ] as const;

  // Only a plain name is shown to the customer (customer-email-guard); anything else is left out.
  const name = greetingName(order.customer_name);
  const customerTitle = name ? `Thank you for your order, ${name}` : 'Thank you for your order';
  const customerHtml = layoutHtml(
    b,
    customerTitle,
    html`<p style="font-size:15px;margin:0 0 12px;">We have received your order. Please quote <strong>${ref}</strong> when you contact us about it.</p>
${factsHtml(orderFacts)}
${linesTableHtml(order.blinds)}
${totalsHtml(totals)}
${sizesConfirmHtml(order.blinds)}
${fitGuaranteeTermsHtml(order.blinds, origin)}
<p style="font-size:14px;margin:0 0 12px;"><strong>Payment: ${status}.</strong> ${paymentNote(env, order, bankTransfer !== null)}</p>
${bankTransfer?.html ?? ''}
${link ? buttonHtml(link, 'View your order') : ''}
<h2 style="font-size:16px;margin:16px 0 8px;">What happens next</h2>
${notesHtml(orderDeliveryNotes(order.delivery_estimate?.leadTimeWorkingDays))}
<p style="font-size:14px;margin:0;">Questions? Reply to this e-mail or contact us using the details below.</p>`,
  );
  const customerText = [
    `Hi ${name ?? 'there'},`,
    '',
    `Thank you for your order. We have received it; please quote ${ref} when you contact us about it.`,
    '',
    factsText(orderFacts),
    '',
    linesText(order.blinds),
    '',
    totalsText(totals),
    '',
    ...sizesConfirmText(order.blinds),
    ...fitGuaranteeTermsText(order.blinds, origin),
    `Payment: ${status}. ${paymentNote(env, order, bankTransfer !== null)}`,
    ...(bankTransfer ? ['', bankTransfer.text, ''] : []),
    ...(link ? [`View your order: ${link}`] : []),
    '',
    'What happens next',
    notesText(orderDeliveryNotes(order.delivery_estimate?.leadTimeWorkingDays)),
    '',
    signatureText(b),
  ].join('\n');

  const customer: OutgoingEmail = {
    dedupeKey: `order-confirmation:${ref}:customer`,
    kind: 'order-confirmation',
    to: order.customer_email,
    toName: name,
    replyTo: b.email,
    subject: `Order ${ref} received - ${b.name}`,
    html: customerHtml,
    text: customerText,
  };

  if (!b.email) return { customer, business: null };

  const customerFacts = [
    ['Name', order.customer_name],
    ['E-mail', order.customer_email],
    ['Phone', order.customer_phone],
    ['Delivery address', order.customer_address],
    ['Special instructions', order.special_instructions],
    ['From quote', order.quote_id],
  ] as const;
  const businessTitle = `New order ${ref}`;
  const businessHtml = layoutHtml(
    b,
    businessTitle,
    html`<p style="font-size:15px;margin:0 0 12px;">A new order was placed online: ${rand(order.total_cents)} incl. VAT, payment ${status.toLowerCase()}.</p>
${sizesToBeConfirmedHtml(order.blinds)}
${factsHtml(orderFacts)}
<h2 style="font-size:16px;margin:16px 0 8px;">Customer</h2>
${factsHtml(customerFacts)}
${linesTableHtml(order.blinds)}
${totalsHtml(totals)}
${link ? buttonHtml(link, 'Open the order') : ''}`,
  );
  const businessText = [
    `New order ${ref}: ${rand(order.total_cents)} incl. VAT, payment ${status.toLowerCase()}.`,
    '',
    ...sizesToBeConfirmedText(order.blinds),
    factsText(orderFacts),
    '',
    'Customer',
    factsText(customerFacts),
    '',
    linesText(order.blinds),
    '',
    totalsText(totals),
    ...(link ? ['', `Order page: ${link}`] : []),
  ].join('\n');

  return {
    customer,
    business: {
      dedupeKey: `order-confirmation:${ref}:business`,
      kind: 'order-notification',
      to: b.email,
      toName: b.name,
      // Staff answer the customer straight from their mail client.
      replyTo: order.customer_email,
      subject: `New order ${ref} - ${order.customer_name} - ${rand(order.total_cents)}${sizesToConfirm(order.blinds) ? ` - ${SIZES_TO_BE_CONFIRMED}` : ''}`,
      html: businessHtml,
      text: businessText,
    },
  };
}

/**
 * The messages to queue in the order's own batch: the confirmation when the customer-e-mail guard
 * admitted it (customerAllowed), and the notice when the business has an address.
 */
export function orderConfirmationMessages(env: Env, order: OrderForEmail, origin: string | null, customerAllowed = true): OutgoingEmail[] {
  const { customer, business } = orderConfirmationEmails(env, order, origin);
  if (!business)
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: 'BUSINESS_EMAIL is not set: no order notification for the business',
        reference: order.reference,
      }),
    );
  if (!customerAllowed && order.customer_email.trim())
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: 'order confirmation to the customer not queued: the daily e-mail limits are reached',
        reference: order.reference,
      }),
    );
  return [...(customerAllowed ? [customer] : []), ...(business ? [business] : [])];
}
