// POST /api/payment/create: resolve the order (by reference, or made once from a stored quote),
// pick the gateway PAYMENT_PROVIDER names, and start its checkout for the order's server total.
// spec: customer storefront sections 3 ('Payment quote'), 5 ('Payment'), 7, 8.
import { and, eq } from 'drizzle-orm';
import { database } from '../../lib/db';
import type { z } from 'zod';
import { quotes } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import type { PaymentCreateResponse, paymentCreateSchema, PricedLineDto } from '../../shared/orders-api';
import { email as emailSchema } from '../../shared/schemas';
import { isProduction } from '../../lib/app-env';
import { findQuoteWithKey, orderFromQuote } from '../order-from-quote';
import { orderHasSamplePrices } from '../orders';
import { refusesCardPayment, samplePricesRefusal, withSampleFlags } from '../sample-price-guard';
import { amountDueCents, attachCheckout, loadPaymentOrder } from './ledger';
import { resolveGateway, type PaymentMethod } from './gateway';
import { paymentLog, PaymentSetupError, type CheckoutSession, type CheckoutUrls, type PaymentProvider } from './types';

export type PaymentCreateInput = z.output<typeof paymentCreateSchema>;

export const SETUP_REQUIRED = 'Payment Setup Required';
export const EMAIL_REQUIRED = 'Please provide your email address to complete the purchase.';
/** A stored quote's number (spec section 9); order references are longer. */
const QUOTE_NUMBER = /^CB-\d{6}$/;

/** What the customer reads when no gateway can take the payment; the missing settings go to the log only. */
export const SETUP_REQUIRED_MESSAGE = `${SETUP_REQUIRED}. Card payments are not available right now; please contact us to pay for your order.`;

function setupRequired(problem: string, fields: Record<string, unknown> = {}): AppError {
  paymentLog('error', `payments are not set up: ${problem}`, fields);
  return new AppError('not_configured', SETUP_REQUIRED_MESSAGE);
}

/** What a card payment request answers when the shop takes no cards (PAYMENT_PROVIDER=none). */
export const NO_CARD_PAYMENTS_MESSAGE =
  'Card payments are not offered on this site. Please pay by bank transfer, using your order reference as the payment reference: the bank details are on your order confirmation page and in your order confirmation e-mail.';

/** What an instant EFT request answers when the shop does not take Ozow. */
export const NO_INSTANT_EFT_MESSAGE =
  'Instant EFT is not offered on this site. Please choose another way to pay on your order confirmation page.';

/**
 * The gateway PAYMENT_PROVIDER names for the way to pay (default the sandbox's card checkout). A
 * way to pay that is not configured is a choice, not a fault: 409 saying how to pay instead. A
 * gateway that cannot work: 503 'Payment Setup Required' (the log says what is missing).
 */
export function paymentProviderFor(env: Env, method: PaymentMethod = 'card'): PaymentProvider {
  const gateway = resolveGateway(env, method);
  if (gateway === 'none') {
    paymentLog('info', `${method} payment refused: PAYMENT_PROVIDER names no gateway for it`);
    throw new AppError('conflict', method === 'card' ? NO_CARD_PAYMENTS_MESSAGE : NO_INSTANT_EFT_MESSAGE);
  }
  if ('createCheckout' in gateway) return gateway;
  throw setupRequired(gateway.problem, gateway.fields);
}

export function checkoutUrls(origin: string, reference: string): CheckoutUrls {
  const ref = encodeURIComponent(reference);
  return {
    origin,
    success: `${origin}/payment-success?reference=${ref}`,
    cancel: `${origin}/payment-cancelled?reference=${ref}`,
    failure: `${origin}/payment-failed?reference=${ref}`,
  };
}

/** What the create flow needs from the orders service (a seam for tests). */
export interface PaymentDeps {
  orderFromQuote: typeof orderFromQuote;
}

/** The reference of the order to charge: the order itself, or the one made (once) from a stored quote. */
async function resolveOrderReference(env: Env, input: PaymentCreateInput, deps: PaymentDeps, origin: string): Promise<string> {
  const id = input.quote_id;
  const info = input.customer_info;
  if (!QUOTE_NUMBER.test(id)) {
    const order = await loadPaymentOrder(env.DB, id);
    if (!order) throw new AppError('not_found', `Order ${id} was not found. Please check the reference or contact us.`);
    if (!order.customerEmail && !info.email) throw new AppError('validation_error', EMAIL_REQUIRED);
    return order.reference;
  }

  const key = input.quote_key;
  if (!key) throw new AppError('validation_error', 'quote_key: is required to pay for a stored quote.');
  // Before the order is made: a quote at sample prices does not become an order through this path.
  const stored = await findQuoteWithKey(env.DB, id, key);
  if (stored && refusesCardPayment(env, await withSampleFlags(env.DB, stored.lines as PricedLineDto[]))) throw samplePricesRefusal(env);
  let name = info.name?.trim() ?? '';
  let email = info.email?.trim() ?? '';
  if (!name || !email) {
    // Details the customer gave when the quote was saved complete what this request lacks.
    const [quote] = await database(env.DB)
      .select({ name: quotes.customerName, email: quotes.customerEmail })
      .from(quotes)
      .where(and(eq(quotes.id, id), eq(quotes.accessKey, key)))
      .limit(1);
    if (!quote) throw new AppError('not_found', `Quote ${id} was not found. Please generate a new quote through the measurement tool.`);
    name ||= quote.name;
    email ||= quote.email ?? '';
  }
  if (!email) throw new AppError('validation_error', EMAIL_REQUIRED);
  const checked = emailSchema.safeParse(email);
  if (!checked.success) {
    throw new AppError('validation_error', 'customer_info.email: must be a valid email address', {
      issues: [{ path: 'customer_info.email', message: 'must be a valid email address' }],
    });
  }
  const order = await deps.orderFromQuote(env, id, key, { name, email: checked.data, phone: info.phone?.trim() || null }, { origin });
  return order.reference;
}

/** Starts the checkout; the amount charged is always the server's: the order total, or a part-paid order's balance due. */
export async function startPayment(
  env: Env,
  input: PaymentCreateInput,
  origin: string,
  deps: PaymentDeps = { orderFromQuote },
): Promise<PaymentCreateResponse> {
  // Before anything is written: an order is not made from a quote when it cannot be paid.
  const provider = paymentProviderFor(env, input.method);
  const reference = await resolveOrderReference(env, input, deps, origin);
  const order = await loadPaymentOrder(env.DB, reference);
  if (!order) throw new AppError('not_found', `Order ${reference} was not found. Please check the reference or contact us.`);
  if (order.paymentStatus === 'paid') throw new AppError('conflict', `Order ${order.reference} is already paid.`);
  if (order.paymentStatus === 'not_required')
    throw new AppError('conflict', `Order ${order.reference} is free colour samples: there is nothing to pay.`);
  if (order.paymentStatus === 'refunded')
    throw new AppError('conflict', `Order ${order.reference} was refunded. Please contact us about it.`);
  if (isProduction(env) && (await orderHasSamplePrices(env.DB, order.reference))) throw samplePricesRefusal(env);

  const dueCents = await amountDueCents(env.DB, order);
  if (dueCents <= 0) throw new AppError('conflict', `Order ${order.reference} is already paid.`);
  const claimed = input.amount ?? input.total;
  if (claimed !== undefined && Math.round(claimed * 100) !== dueCents) {
    paymentLog('warn', 'client amount ignored: the amount due is charged', {
      reference: order.reference,
      claimedRand: claimed,
      dueCents,
    });
  }

  let session: CheckoutSession;
  try {
    session = await provider.createCheckout(
      {
        reference: order.reference,
        totalCents: dueCents,
        customerName: order.customerName,
        customerEmail: order.customerEmail || (input.customer_info.email?.trim() ?? ''),
      },
      checkoutUrls(origin, order.reference),
    );
  } catch (err) {
    if (err instanceof PaymentSetupError) throw setupRequired(err.message, { provider: provider.name });
    throw err;
  }
  if (!(await attachCheckout(env.DB, order.reference, provider.name, session.checkoutId))) {
    throw new AppError('conflict', `Order ${order.reference} is already paid.`);
  }
  paymentLog('info', 'checkout started', { reference: order.reference, provider: provider.name, checkoutId: session.checkoutId });
  return { success: true, checkout_url: session.url, provider: provider.name };
}
