// Order confirmation e-mails (issue 5): one to the customer, one to the business, queued in the
// outbox once per order (dedupe keys order-confirmation:<ref>:customer|business) and sent at once;
// the cron retries whatever did not go.
import type { Env } from '../../env';
import type { OrderDto, PaymentStatus } from '../../shared/orders-api';
import { vatInside } from '../orders';
import {
  businessDetails,
  buttonHtml,
  DELIVERY_NOTES,
  factsHtml,
  factsText,
  formatLongDate,
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
import { html } from './html';
import { enqueueEmail, sendOutboxMessages, type OutgoingEmail } from './outbox';

const STATUS_LABELS: Record<PaymentStatus, string> = { pending: 'Pending', paid: 'Paid', failed: 'Failed', cancelled: 'Cancelled' };

function orderTotals(order: OrderDto): Totals {
  const vatCents = vatInside(order.total_cents);
  return { totalCents: order.total_cents, vatCents, subtotalCents: order.total_cents - vatCents };
}

function paymentsEnabled(env: Env): boolean {
  return (env.PAYMENT_PROVIDER ?? 'sandbox').trim().toLowerCase() !== 'none';
}

/** What the customer reads about paying, for the order's current status. */
function paymentNote(env: Env, order: OrderDto): string {
  if (order.paymentStatus === 'paid') return 'Your payment has been received. Thank you.';
  if (order.paymentStatus === 'pending' && paymentsEnabled(env)) {
    return 'Your order is reserved. Pay securely by card from your order page; production starts once payment is received.';
  }
  return 'We will contact you to arrange payment; production starts once payment is received.';
}

export function orderConfirmationEmails(env: Env, order: OrderDto, origin: string): { customer: OutgoingEmail; business: OutgoingEmail | null } {
  const b = businessDetails(env);
  const ref = order.reference;
  const link = `${origin}/order-confirmation?ref=${encodeURIComponent(ref)}`;
  const totals = orderTotals(order);
  const status = STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus;
  const orderFacts = [
    ['Order reference', ref],
    ['Order date', formatLongDate(order.order_date)],
    ['Payment status', status],
  ] as const;

  const customerTitle = `Thank you for your order, ${order.customer_name}`;
  const customerHtml = layoutHtml(
    b,
    customerTitle,
    html`<p style="font-size:15px;margin:0 0 12px;">We have received your order. Please quote <strong>${ref}</strong> when you contact us about it.</p>
${factsHtml(orderFacts)}
${linesTableHtml(order.blinds)}
${totalsHtml(totals)}
<p style="font-size:14px;margin:0 0 12px;"><strong>Payment: ${status}.</strong> ${paymentNote(env, order)}</p>
${buttonHtml(link, 'View your order')}
<h2 style="font-size:16px;margin:16px 0 8px;">What happens next</h2>
${notesHtml(DELIVERY_NOTES)}
<p style="font-size:14px;margin:0;">Questions? Reply to this e-mail or contact us using the details below.</p>`,
  );
  const customerText = [
    `Hi ${order.customer_name},`,
    '',
    `Thank you for your order. We have received it; please quote ${ref} when you contact us about it.`,
    '',
    factsText(orderFacts),
    '',
    linesText(order.blinds),
    '',
    totalsText(totals),
    '',
    `Payment: ${status}. ${paymentNote(env, order)}`,
    `View your order: ${link}`,
    '',
    'What happens next',
    notesText(DELIVERY_NOTES),
    '',
    signatureText(b),
  ].join('\n');

  const customer: OutgoingEmail = {
    dedupeKey: `order-confirmation:${ref}:customer`,
    kind: 'order-confirmation',
    to: order.customer_email,
    toName: order.customer_name,
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
${factsHtml(orderFacts)}
<h2 style="font-size:16px;margin:16px 0 8px;">Customer</h2>
${factsHtml(customerFacts)}
${linesTableHtml(order.blinds)}
${totalsHtml(totals)}
${buttonHtml(link, 'Open the order')}`,
  );
  const businessText = [
    `New order ${ref}: ${rand(order.total_cents)} incl. VAT, payment ${status.toLowerCase()}.`,
    '',
    factsText(orderFacts),
    '',
    'Customer',
    factsText(customerFacts),
    '',
    linesText(order.blinds),
    '',
    totalsText(totals),
    '',
    `Order page: ${link}`,
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
      subject: `New order ${ref} - ${order.customer_name} - ${rand(order.total_cents)}`,
      html: businessHtml,
      text: businessText,
    },
  };
}

/**
 * Called in waitUntil after a NEW order: queues the two confirmations and tries to send them now.
 * Never throws (the order is stored whatever happens here); the cron sends what is left.
 */
export async function afterOrderPlaced(env: Env, order: OrderDto, origin: string): Promise<void> {
  try {
    const { customer, business } = orderConfirmationEmails(env, order, origin);
    const ids = [await enqueueEmail(env.DB, customer)];
    if (business) ids.push(await enqueueEmail(env.DB, business));
    else console.warn(JSON.stringify({ level: 'warn', message: 'BUSINESS_EMAIL is not set: no order notification for the business', reference: order.reference }));
    await sendOutboxMessages(env, ids);
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', message: 'order confirmation e-mails not queued or sent', reference: order.reference, error: String(err) }));
  }
}
