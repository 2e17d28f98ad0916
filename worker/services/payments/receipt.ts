// The e-mails a verified payment causes: the customer's receipt (once per order) and a notice to
// the business (once per payment or refund). They are built here and queued by the ledger in the
// same D1 batch as the payment row (DESIGN.md section 7: the outbox), so none can be lost.
import type { Env } from '../../env';
import { html } from '../../lib/html';
import { businessName, businessProfile } from '../../lib/business-profile';
import { orderPagePath, TEST_PAYMENT_NOTE, taxInvoicePath } from '../../shared/orders-api';
import { formatRandFromCents } from '../../shared/money';
import { deliveryEstimateText, type DeliveryEstimate } from '../../shared/delivery-dates';
import { southAfricanDay } from '../../shared/sa-time';
import { greetingName } from '../email/customer-email-guard';
import type { OutgoingEmail } from '../email/outbox';
import type { PaymentOrder, PaymentOutcome } from './ledger';
import type { ProviderName } from './types';

const PROVIDER_LABELS: Record<ProviderName, string> = {
  sandbox: 'the test checkout (sandbox)',
  yoco: 'Yoco',
  payfast: 'PayFast',
  ozow: 'Ozow instant EFT',
};

function businessEmail(env: Env): string | null {
  return businessProfile(env).email;
}

/** The customer e-mails' last line: how to reach the shop about this order. */
function questionsLine(env: Env, reference: string): string {
  const contact = [businessEmail(env), businessProfile(env).phoneNational].filter(Boolean).join(' or ');
  return contact ? `Questions? Contact us at ${contact} and quote ${reference}.` : `Questions? Quote ${reference} when you contact us.`;
}

/**
 * 'Your order is confirmed.' with the order's own dates (delivery-dates.ts) while its dispatch date is
 * still ahead; an older order, or one paid after that day, gets the shop-wide times.
 */
function confirmedText(dates: DeliveryEstimate | null): string {
  if (dates && dates.dispatchBy >= southAfricanDay()) return `Your order is confirmed. ${deliveryEstimateText(dates)}`;
  return 'Your order is confirmed. Processing takes 1-2 business days and production 7-10 business days; then it is delivered by courier.';
}

/** The customer's receipt; its dedupe key is per order, so a second payment sends no second receipt. */
export async function paymentReceiptEmail(
  env: Env,
  order: PaymentOrder,
  amountCents: number,
  /** 'manual': staff took the payment (cash, card machine, a bank transfer they matched to the order). */
  provider: ProviderName | 'manual',
  options: {
    /**
     * A payment staff recorded on an existing order (POST /api/admin/orders/{reference}/payments): the
     * dedupe key names the payment, so each recorded payment has its receipt, and while money is still
     * outstanding the receipt says how much instead of 'confirmed'.
     */
    recorded?: { outstandingCents: number; providerPaymentId: string };
    /** A tax invoice is issued with this payment (services/tax-invoices.ts): the e-mail links it. */
    taxInvoice?: boolean;
  } = {},
): Promise<OutgoingEmail> {
  const { recorded, taxInvoice = false } = options;
  const business = businessName(env);
  const amount = formatRandFromCents(amountCents);
  const test = provider === 'sandbox';
  // Only a plain name reaches the customer (customer-email-guard); the order was placed anonymously.
  const name = greetingName(order.customerName);
  const hi = `Hi ${name ?? 'there'},`;
  const questions = questionsLine(env, order.reference);
  const confirmed =
    recorded && recorded.outstandingCents > 0
      ? `${formatRandFromCents(recorded.outstandingCents)} of the order total of ${formatRandFromCents(order.totalCents)} is still outstanding; production starts once it is paid in full. Use ${order.reference} as the payment reference.`
      : confirmedText(order.deliveryEstimate ?? null);
  // PUBLIC_BASE_URL makes the link absolute; without it the order page is where the invoice is.
  const origin = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '');
  const invoiceUrl = taxInvoice && origin ? `${origin}${taxInvoicePath(order.reference)}` : null;
  const invoiceText = taxInvoice
    ? invoiceUrl
      ? `Download tax invoice: ${invoiceUrl}`
      : `Your tax invoice is on your order page: 'Download tax invoice'.`
    : null;
  const text = [
    hi,
    '',
    `Thank you: we have received your payment of ${amount} (VAT included) for order ${order.reference}.`,
    ...(test ? [`${TEST_PAYMENT_NOTE}.`] : []),
    ...(invoiceText ? [invoiceText] : []),
    confirmed,
    questions,
    '',
    business,
  ].join('\n');
  const body = html`<p>${hi}</p>
<p>Thank you: we have received your payment of <strong>${amount}</strong> (VAT included) for order <strong>${order.reference}</strong>.</p>
${test ? html`<p><strong>${TEST_PAYMENT_NOTE}.</strong></p>` : ''}
${invoiceUrl ? html`<p><a href="${invoiceUrl}">Download tax invoice</a> (PDF)</p>` : invoiceText ? html`<p>${invoiceText}</p>` : ''}
<p>${confirmed}</p>
<p>${questions}</p>
<p>${business}</p>`;
  return {
    dedupeKey: recorded ? `payment-receipt:${order.reference}:${recorded.providerPaymentId}` : `payment-receipt:${order.reference}`,
    kind: 'payment-receipt',
    to: order.customerEmail,
    toName: name,
    replyTo: businessEmail(env),
    subject: `${test ? '[Test payment] ' : ''}Payment received for order ${order.reference}`,
    html: body.toString(),
    text,
  };
}

/**
 * The customer's notice of a refund, from a gateway's report or recorded by staff: what was paid
 * back, how much of what they paid that makes, and where the credit note is. It keeps the promise of
 * the cancellation and size-correction e-mails ('our team will refund it and let you know'). Its
 * dedupe key names the refund, so each refund is told once.
 */
export function refundReceiptEmail(
  env: Env,
  order: Pick<PaymentOrder, 'reference' | 'customerName' | 'customerEmail'>,
  refund: {
    amountCents: number;
    /** All refunded on the order, this refund included, and all that was paid. */
    refundedInAllCents: number;
    paidCents: number;
    providerPaymentId: string;
    /** How the money went back, as the customer reads it (e.g. 'by bank transfer'). */
    method: string;
    /** A credit note is issued with this refund (the order was invoiced). */
    creditNote: boolean;
    test: boolean;
  },
): OutgoingEmail | null {
  if (!order.customerEmail.trim()) return null;
  const business = businessName(env);
  const name = greetingName(order.customerName);
  const hi = `Hi ${name ?? 'there'},`;
  const amount = formatRandFromCents(refund.amountCents);
  const whole = refund.refundedInAllCents >= refund.paidCents;
  const origin = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '');
  const orderUrl = origin ? `${origin}${orderPagePath(order.reference)}` : null;
  const sentences = [
    `We have refunded ${amount} to you for order ${order.reference}, ${refund.method}.`,
    whole
      ? 'Everything you paid for this order has now been refunded.'
      : `That makes ${formatRandFromCents(refund.refundedInAllCents)} refunded of the ${formatRandFromCents(refund.paidCents)} you paid.`,
    ...(refund.test ? [`${TEST_PAYMENT_NOTE}.`] : []),
    'How long it takes to show in your account depends on your bank.',
    ...(refund.creditNote ? ["Your credit note is on your order page: 'Download credit note'."] : []),
  ];
  const questions = questionsLine(env, order.reference);
  const text = [hi, '', ...sentences, ...(orderUrl ? [`View your order: ${orderUrl}`] : []), questions, '', business].join('\n');
  const body = html`<p>${hi}</p>
${sentences.map((sentence) => html`<p>${sentence}</p>`)}
${orderUrl ? html`<p><a href="${orderUrl}">View your order</a></p>` : ''}
<p>${questions}</p>
<p>${business}</p>`;
  return {
    dedupeKey: `refund-receipt:${order.reference}:${refund.providerPaymentId}`,
    kind: 'refund-receipt',
    to: order.customerEmail,
    toName: name,
    replyTo: businessEmail(env),
    subject: `${refund.test ? '[Test payment] ' : ''}Refund of ${amount} for order ${order.reference}`,
    html: body.toString(),
    text,
  };
}

/** What the business reads about one payment or refund; null when BUSINESS_EMAIL is not set. */
async function businessNotice(
  env: Env,
  order: PaymentOrder,
  outcome: PaymentOutcome,
  kind: string,
  subject: string,
  sentences: string[],
): Promise<OutgoingEmail | null> {
  const to = businessEmail(env);
  if (!to) return null;
  const all = [...sentences, ...(outcome.provider === 'sandbox' ? [`${TEST_PAYMENT_NOTE}.`] : [])];
  const facts: [string, string][] = [
    ['Order', order.reference],
    ['Customer', `${order.customerName} <${order.customerEmail}>`],
    ['Amount', formatRandFromCents(outcome.amountCents)],
    ['Order total', formatRandFromCents(order.totalCents)],
    ['Provider', PROVIDER_LABELS[outcome.provider]],
    ['Provider reference', outcome.providerPaymentId],
  ];
  const body = html`${all.map((s) => html`<p>${s}</p>`)}
<ul>${facts.map(([label, value]) => html`<li>${label}: ${value}</li>`)}</ul>`;
  return {
    dedupeKey: `${kind}:${outcome.provider}:${outcome.providerPaymentId}`,
    kind,
    to,
    toName: businessName(env),
    // Staff answer the customer straight from their mail client.
    replyTo: order.customerEmail,
    subject: `${outcome.provider === 'sandbox' ? '[Test payment] ' : ''}${subject}`,
    html: body.toString(),
    text: [...all, '', ...facts.map(([label, value]) => `${label}: ${value}`)].join('\n'),
  };
}

/** The business's notice of a payment; a payment for an order that was no longer awaiting one says so. */
export function paymentNoticeEmail(env: Env, order: PaymentOrder, outcome: PaymentOutcome): Promise<OutgoingEmail | null> {
  const amount = formatRandFromCents(outcome.amountCents);
  const settled = order.paymentStatus === 'paid' || order.paymentStatus === 'refunded';
  const sentences = settled
    ? [
        `A second payment of ${amount} arrived for order ${order.reference}, which was already ${order.paymentStatus}.`,
        outcome.provider === 'sandbox'
          ? 'Nothing needs refunding.'
          : `Please refund this duplicate payment in the ${PROVIDER_LABELS[outcome.provider]} dashboard.`,
      ]
    : [`Order ${order.reference} has been paid: ${amount} through ${PROVIDER_LABELS[outcome.provider]}. Production can start.`];
  return businessNotice(
    env,
    order,
    outcome,
    'payment-notice',
    settled
      ? `Duplicate payment for order ${order.reference} - refund needed`
      : `Payment received for order ${order.reference} - ${amount}`,
    sentences,
  );
}

/** The business's notice that a payment was refunded (in full or in part) or cancelled at the gateway. */
export function refundNoticeEmail(env: Env, order: PaymentOrder, outcome: PaymentOutcome): Promise<OutgoingEmail | null> {
  const amount = formatRandFromCents(outcome.amountCents);
  const refundedInAll = (outcome.refundedBeforeCents ?? 0) + outcome.amountCents;
  const provider = PROVIDER_LABELS[outcome.provider];
  if (refundedInAll < order.totalCents) {
    return businessNotice(env, order, outcome, 'refund-notice', `Order ${order.reference} partly refunded - ${amount}`, [
      `${provider} reports a refund of ${amount} for order ${order.reference}: ${formatRandFromCents(refundedInAll)} refunded in all of ${formatRandFromCents(order.totalCents)} paid, so the order stays paid.`,
      'Check with the customer what the partial refund covers (a blind left out, a discount) before production goes on.',
    ]);
  }
  return businessNotice(env, order, outcome, 'refund-notice', `Order ${order.reference} refunded - ${amount}`, [
    `${provider} reports a refund of ${amount} for order ${order.reference}; the order now shows as refunded.`,
    'Stop production and delivery if they have started, unless the customer has arranged otherwise.',
  ]);
}

/**
 * The business's notice that Ozow could not tell whether a payment went through (its status
 * 'PendingInvestigation': 'the payment needs to be verified manually'). Once per Ozow transaction.
 */
export function paymentInvestigationEmail(env: Env, order: PaymentOrder, outcome: PaymentOutcome): Promise<OutgoingEmail | null> {
  const amount = formatRandFromCents(outcome.amountCents);
  return businessNotice(env, order, outcome, 'payment-investigation', `Payment for order ${order.reference} needs checking - ${amount}`, [
    `${PROVIDER_LABELS[outcome.provider]} reports that the bank gave an inconclusive result for a payment of ${amount} for order ${order.reference}; the payment needs to be verified manually.`,
    'The order stays unpaid until Ozow settles it: for two days after the payment started the site asks Ozow for the final status every hour and records it when it comes; after that, check it in the Ozow merchant admin. Do not start production before then.',
  ]);
}
