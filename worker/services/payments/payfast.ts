// PayFast (PAYMENT_PROVIDER=payfast): a signed redirect to PayFast's hosted payment page, and the
// ITN (Instant Transaction Notification) at POST /api/payment/payfast/notify with every check
// PayFast documents: signature (with passphrase), source address, amount equals the order total,
// server confirmation (/eng/query/validate answers VALID), and not already processed; and ours:
// custom_str1 must be a PayFast checkout recorded for the order (payment_checkouts).
// https://developers.payfast.co.za/docs#step_4_confirm_payment
//
// The checkout is a GET URL to {PAYFAST_HOST}/eng/process with the signed fields in the query,
// not a page with a form: the site's CSP has form-action 'self' on every response, which forbids
// a form that posts to PayFast, and a URL is what the client opens like every other gateway's.
import type { Env } from '../../env';
import { businessName } from '../../lib/business-profile';
import { md5Hex, randomId, timingSafeEqualText } from '../../lib/crypto';
import { amountDueCents, isOrderCheckout, isPaymentRecorded, isSucceededPaymentOf, loadPaymentOrder, type PaymentOutcome } from './ledger';
import { recordVerifiedPayment } from './record-verified';
import {
  paymentLog,
  type CheckoutOrder,
  type CheckoutSession,
  type CheckoutUrls,
  type NotificationResult,
  type PaymentProvider,
} from './types';

export const DEFAULT_PAYFAST_HOST = 'https://sandbox.payfast.co.za';
/**
 * PayFast's published ITN source ranges (developers.payfast.co.za, 'Ports and IP addresses').
 * Workers cannot resolve PayFast's host names synchronously, so the ranges are configured
 * instead (PAYFAST_VALID_SOURCES replaces this list when PayFast publishes new ones).
 */
export const DEFAULT_PAYFAST_SOURCES = ['197.97.145.144/28', '41.74.179.192/27', '102.216.36.0/28', '102.216.36.128/28', '144.126.193.139'];
export const PAYFAST_VALIDATE_TIMEOUT_MS = 10_000;

export interface PayfastConfig {
  merchantId: string;
  merchantKey: string;
  passphrase: string | null;
  host: string;
  validSources: string[];
  merchantName: string;
}

export function payfastConfig(env: Env): PayfastConfig | { missing: string[] } {
  const merchantId = env.PAYFAST_MERCHANT_ID?.trim();
  const merchantKey = env.PAYFAST_MERCHANT_KEY?.trim();
  if (!merchantId || !merchantKey) {
    return {
      missing: [!merchantId && 'PAYFAST_MERCHANT_ID', !merchantKey && 'PAYFAST_MERCHANT_KEY'].filter((m): m is string => Boolean(m)),
    };
  }
  const sources = env.PAYFAST_VALID_SOURCES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    merchantId,
    merchantKey,
    passphrase: env.PAYFAST_PASSPHRASE?.trim() || null,
    host: (env.PAYFAST_HOST?.trim() || DEFAULT_PAYFAST_HOST).replace(/\/+$/, ''),
    validSources: sources?.length ? sources : DEFAULT_PAYFAST_SOURCES,
    merchantName: businessName(env),
  };
}

/** PHP's urlencode, which PayFast signs with: spaces as '+', upper-case hex, only A-Z a-z 0-9 - _ . kept. */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

export type Field = [name: string, value: string];

/** 'a=1&b=2' in the given order; the checkout leaves empty fields out, the ITN keeps them. */
export function payfastParamString(fields: Field[], { skipEmpty }: { skipEmpty: boolean }): string {
  return fields
    .filter(([, value]) => !skipEmpty || value !== '')
    .map(([name, value]) => `${name}=${phpUrlencode(value)}`)
    .join('&');
}

export async function payfastSignature(paramString: string, passphrase: string | null): Promise<string> {
  return md5Hex(passphrase ? `${paramString}&passphrase=${phpUrlencode(passphrase)}` : paramString);
}

/** Rand with two decimals, from integer cents (no floating point on the way). */
export function randAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function splitName(fullName: string): [first: string, last: string] {
  const parts = fullName.trim().split(/\s+/);
  return [parts[0] ?? '', parts.slice(1).join(' ')];
}

/** The checkout's fields in PayFast's documented order (the order the signature depends on). */
export function payfastCheckoutFields(config: PayfastConfig, order: CheckoutOrder, urls: CheckoutUrls, checkoutId: string): Field[] {
  const [first, last] = splitName(order.customerName);
  const fields: Field[] = [
    ['merchant_id', config.merchantId],
    ['merchant_key', config.merchantKey],
    ['return_url', urls.success],
    ['cancel_url', urls.cancel],
    ['notify_url', `${urls.origin}/api/payment/payfast/notify`],
    ['name_first', first.slice(0, 100)],
    ['name_last', last.slice(0, 100)],
    ['email_address', order.customerEmail.slice(0, 100)],
    ['m_payment_id', order.reference],
    ['amount', randAmount(order.totalCents)],
    ['item_name', `${config.merchantName} order ${order.reference}`.slice(0, 100)],
    // Comes back in the ITN: which checkout a cancellation belongs to.
    ['custom_str1', checkoutId],
  ];
  return fields.map(([name, value]) => [name, value.trim()]);
}

export function payfastProvider(config: PayfastConfig): PaymentProvider {
  return {
    name: 'payfast',
    async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CheckoutSession> {
      const checkoutId = randomId('pf_chk_');
      const fields = payfastCheckoutFields(config, order, urls, checkoutId).filter(([, value]) => value !== '');
      const paramString = payfastParamString(fields, { skipEmpty: true });
      const signature = await payfastSignature(paramString, config.passphrase);
      return { checkoutId, url: `${config.host}/eng/process?${paramString}&signature=${signature}` };
    },
  };
}

// --- Source addresses ---------------------------------------------------------------------------

function ipv4ToNumber(ip: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return parts.reduce((n, p) => n * 256 + p, 0);
}

/** Is the address one of the sources (IPv4 addresses or CIDR ranges; other entries match exactly)? */
export function addressAllowed(address: string | null | undefined, sources: string[]): boolean {
  if (!address) return false;
  const ip = address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:/, '');
  const value = ipv4ToNumber(ip);
  return sources.some((source) => {
    const [base = '', bitsText] = source.trim().toLowerCase().split('/');
    if (value === null) return base === ip && bitsText === undefined;
    const baseValue = ipv4ToNumber(base);
    if (baseValue === null) return false;
    const bits = bitsText === undefined ? 32 : Number(bitsText);
    if (!Number.isInteger(bits) || bits < 0 || bits > 32) return false;
    const size = 2 ** (32 - bits);
    return Math.floor(value / size) === Math.floor(baseValue / size);
  });
}

// --- ITN ----------------------------------------------------------------------------------------

function reject(note: string, fields: Record<string, unknown> = {}, reference?: string): NotificationResult {
  paymentLog('warn', `payfast ITN rejected: ${note}`, fields);
  return { httpStatus: 400, outcome: 'rejected', note, reference };
}

/** POST /api/payment/payfast/notify (application/x-www-form-urlencoded, raw body as posted). */
export async function handlePayfastItn(
  env: Env,
  rawBody: string,
  sourceAddress: string | null | undefined,
  now = new Date(),
): Promise<NotificationResult> {
  const config = payfastConfig(env);
  if ('missing' in config) {
    paymentLog('error', 'payfast ITN refused: PayFast is not configured', { missing: config.missing });
    return { httpStatus: 503, outcome: 'rejected', note: 'PayFast is not configured' };
  }

  const posted: Field[] = [...new URLSearchParams(rawBody)];
  const names = posted.map(([name]) => name);
  const signatureIndex = names.indexOf('signature');
  if (signatureIndex === -1) return reject('no signature');
  // Fields after the signature, or twice, would be unsigned data: refused outright.
  if (signatureIndex !== posted.length - 1 || new Set(names).size !== names.length) return reject('unsigned or repeated fields');
  const signed = posted.slice(0, signatureIndex);
  const data = Object.fromEntries(signed);
  const paramString = payfastParamString(signed, { skipEmpty: false });

  // 1. Signature over the posted fields in posted order, with the passphrase.
  const expected = await payfastSignature(paramString, config.passphrase);
  if (!timingSafeEqualText(posted[signatureIndex]![1].trim().toLowerCase(), expected)) {
    return reject('signature does not match', { m_payment_id: data.m_payment_id ?? null });
  }
  // 2. Source: PayFast's published addresses.
  if (!addressAllowed(sourceAddress, config.validSources)) {
    return reject('the notification does not come from a PayFast address', {
      source: sourceAddress ?? null,
      m_payment_id: data.m_payment_id ?? null,
    });
  }
  if (data.merchant_id !== config.merchantId) return reject('merchant_id is not ours', { merchant_id: data.merchant_id ?? null });

  // 3. Amount equals the order total (PayFast's own tolerance: 0.01).
  const reference = data.m_payment_id ?? '';
  const order = reference ? await loadPaymentOrder(env.DB, reference) : null;
  if (!order) return reject('unknown order', { m_payment_id: reference });
  const gross = data.amount_gross ?? '';
  if (!/^\d+(\.\d{1,2})?$/.test(gross))
    return reject('amount_gross is not an amount', { reference: order.reference, amount_gross: gross }, order.reference);
  const grossCents = Math.round(Number(gross) * 100);
  const dueCents = await amountDueCents(env.DB, order);
  if (Math.abs(grossCents - dueCents) > 1) {
    paymentLog('error', 'payfast ITN amount differs from the order total', {
      reference: order.reference,
      amount_gross: gross,
      totalCents: order.totalCents,
      dueCents,
    });
    return reject('amount does not match the order total', { reference: order.reference }, order.reference);
  }

  // Ours: custom_str1 carries the checkout we started for this order through PayFast.
  const checkoutId = data.custom_str1?.trim() ?? '';
  if (!(await isOrderCheckout(env.DB, order.reference, 'payfast', checkoutId))) {
    paymentLog('error', 'payfast ITN for a checkout that is not one of the order', {
      reference: order.reference,
      custom_str1: checkoutId || null,
    });
    return reject('the checkout is not one of this order', { reference: order.reference }, order.reference);
  }

  // 5 (before the network call). Not already processed. A cancellation has its own row: the
  // payment it cancels already holds the pf_payment_id.
  const pfPaymentId = data.pf_payment_id?.trim() ?? '';
  if (!pfPaymentId) return reject('no pf_payment_id', { reference: order.reference }, order.reference);
  const paymentStatus = data.payment_status ?? '';
  const providerPaymentId = paymentStatus === 'CANCELLED' ? `${pfPaymentId}:cancelled` : pfPaymentId;
  if (await isPaymentRecorded(env.DB, providerPaymentId)) {
    return { httpStatus: 200, outcome: 'duplicate', note: 'already processed', reference: order.reference };
  }

  // 4. Server confirmation: PayFast confirms it sent exactly this.
  const confirmation = await confirmWithPayfast(config, paramString);
  if (confirmation !== 'VALID')
    return reject(`server confirmation answered ${confirmation}`, { reference: order.reference }, order.reference);

  // CANCELLED of the payment that paid the order is its refund; of an unpaid order, the checkout's
  // cancellation. A cancellation of any other payment (another checkout of a paid order) changes nothing.
  if (
    paymentStatus === 'CANCELLED' &&
    order.paymentStatus === 'paid' &&
    !(await isSucceededPaymentOf(env.DB, order.reference, pfPaymentId))
  ) {
    paymentLog('warn', 'payfast CANCELLED for a payment that did not pay the order: not acted on', {
      reference: order.reference,
      pf_payment_id: pfPaymentId,
    });
    return {
      httpStatus: 200,
      outcome: 'ignored',
      note: 'the cancelled payment is not the one that paid the order',
      reference: order.reference,
    };
  }
  const cancelled: PaymentOutcome['status'] = order.paymentStatus === 'paid' ? 'refunded' : 'cancelled';
  const status = paymentStatus === 'COMPLETE' ? 'succeeded' : paymentStatus === 'CANCELLED' ? cancelled : null;
  if (!status) {
    paymentLog('info', 'payfast ITN with a status we do not act on', { reference: order.reference, payment_status: paymentStatus });
    return {
      httpStatus: 200,
      outcome: 'ignored',
      note: `payment_status ${paymentStatus || '(none)'} is not acted on`,
      reference: order.reference,
    };
  }
  return recordVerifiedPayment(
    env,
    order,
    {
      reference: order.reference,
      provider: 'payfast',
      providerPaymentId,
      amountCents: grossCents,
      status,
      checkoutId,
      raw: data,
    },
    now,
    { pfPaymentId, status },
    status,
  );
}

/** 'VALID', 'INVALID', or why PayFast could not be asked. */
async function confirmWithPayfast(config: PayfastConfig, paramString: string): Promise<string> {
  try {
    const res = await fetch(`${config.host}/eng/query/validate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: paramString,
      signal: AbortSignal.timeout(PAYFAST_VALIDATE_TIMEOUT_MS),
    });
    const text = (await res.text()).trim();
    if (!res.ok) return `http ${res.status}`;
    return text === 'VALID' ? 'VALID' : text.slice(0, 40) || '(empty)';
  } catch (err) {
    return err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'unreachable';
  }
}
