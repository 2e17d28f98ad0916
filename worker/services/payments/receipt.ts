// The customer's payment receipt, queued in the e-mail outbox once an order becomes paid. Best
// effort: the payment is recorded whatever happens here (the outbox and its cron do the retries).
import { html } from 'hono/html';
import type { Env } from '../../env';
import { formatRandFromCents } from '../consultant/format';
import { enqueueEmail } from '../email/outbox';
import type { PaymentOrder } from './ledger';
import { paymentLog } from './types';

export async function queuePaymentReceipt(env: Env, order: PaymentOrder, amountCents: number): Promise<void> {
  const business = env.BUSINESS_NAME?.trim() || 'Custom Blinds';
  const amount = formatRandFromCents(amountCents);
  const contact = [env.BUSINESS_EMAIL, env.BUSINESS_PHONE_NATIONAL].filter(Boolean).join(' or ');
  const subject = `Payment received for order ${order.reference}`;
  const text = [
    `Hi ${order.customerName},`,
    '',
    `Thank you: we have received your payment of ${amount} (VAT included) for order ${order.reference}.`,
    'Your order is confirmed. Processing takes 1-2 business days and production 7-10 business days; then it is delivered by courier.',
    contact ? `Questions? Contact us at ${contact} and quote ${order.reference}.` : `Questions? Quote ${order.reference} when you contact us.`,
    '',
    business,
  ].join('\n');
  const body = await html`<p>Hi ${order.customerName},</p>
<p>Thank you: we have received your payment of <strong>${amount}</strong> (VAT included) for order <strong>${order.reference}</strong>.</p>
<p>Your order is confirmed. Processing takes 1-2 business days and production 7-10 business days; then it is delivered by courier.</p>
<p>${contact ? `Questions? Contact us at ${contact} and quote ${order.reference}.` : `Questions? Quote ${order.reference} when you contact us.`}</p>
<p>${business}</p>`;
  try {
    await enqueueEmail(env.DB, {
      dedupeKey: `payment-receipt:${order.reference}`,
      kind: 'payment-receipt',
      to: order.customerEmail,
      toName: order.customerName,
      replyTo: env.BUSINESS_EMAIL ?? null,
      subject,
      html: body.toString(),
      text,
    });
  } catch (err) {
    paymentLog('warn', 'payment receipt not queued', { reference: order.reference, error: String(err) });
  }
}
