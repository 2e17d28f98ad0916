// The sandbox gateway (PAYMENT_PROVIDER=sandbox, the local default): a hosted checkout on this
// site that behaves like a real gateway. The customer pays on /pay/sandbox/{checkoutId}; the
// gateway then confirms server-to-server with a notification signed by SANDBOX_PAYMENT_SECRET,
// verified and recorded exactly as Yoco's and PayFast's are.
//
// Sessions live in KV (SESSIONS, prefix 'sandbox-checkout:'): they are short-lived and read by
// id only, KV expires them by itself, and no table is needed. KV is eventually consistent between
// locations, so correctness never rests on it: the payment id is derived from the checkout id and
// is UNIQUE in D1, so a double submit records one payment.
import { z } from 'zod';
import type { Env } from '../../env';
import { isDevelopment } from '../../lib/app-env';
import { businessName } from '../../lib/business-profile';
import { hmacSha256, randomId, timingSafeEqualText, toHex } from '../../lib/crypto';
import { amountDueCents, isOrderCheckout, loadPaymentOrder } from './ledger';
import { recordVerifiedPayment } from './record-verified';
import {
  paymentLog,
  type CheckoutOrder,
  type CheckoutSession,
  type CheckoutUrls,
  type NotificationResult,
  type PaymentProvider,
} from './types';

export const SANDBOX_KV_PREFIX = 'sandbox-checkout:';
export const SANDBOX_SESSION_MINUTES = 30;
/** Kept a while after expiry so a late visitor reads 'expired' rather than 'not found'. */
const SANDBOX_KV_TTL_SECONDS = 24 * 60 * 60;
/** Signs notifications when SANDBOX_PAYMENT_SECRET is unset, only while APP_ENV is exactly 'development'. */
export const LOCAL_SANDBOX_SECRET = 'local-development-sandbox-secret-not-for-production';
export const SANDBOX_SIGNATURE_HEADER = 'X-Sandbox-Signature';

export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

const CHECKOUT_PREFIX = 'sbx_chk_';
const PAYMENT_PREFIX = 'sbx_pay_';

export type SandboxStatus = 'open' | 'succeeded' | 'failed' | 'cancelled';
/** The way to pay the checkout stands in for: the card form, or the instant EFT page (sandbox-eft.ts). */
export type SandboxMethod = 'card' | 'instant_eft';

export interface SandboxSession {
  id: string;
  reference: string;
  amountCents: number;
  currency: 'ZAR';
  merchantName: string;
  createdAt: string;
  expiresAt: string;
  status: SandboxStatus;
  urls: { success: string; cancel: string; failure: string };
  /** Absent on sessions made before the instant EFT stand-in: a card checkout. */
  method?: SandboxMethod;
}

/**
 * The signing secret, or null when the sandbox may not run. The secret committed to the repository
 * is used only in development (APP_ENV exactly 'development'): anything else, unset or misspelt
 * included, is production and needs its own SANDBOX_PAYMENT_SECRET (DESIGN.md section 7).
 */
export function sandboxSecret(env: Env): string | null {
  const secret = env.SANDBOX_PAYMENT_SECRET?.trim();
  if (secret) return secret;
  return isDevelopment(env) ? LOCAL_SANDBOX_SECRET : null;
}

export function isSandboxCheckoutId(id: string): boolean {
  return /^sbx_chk_[a-z2-7]{24}$/.test(id);
}

export function sandboxProvider(env: Env, method: SandboxMethod = 'card'): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(order: CheckoutOrder, urls: CheckoutUrls, now = new Date()): Promise<CheckoutSession> {
      const session: SandboxSession = {
        id: randomId(CHECKOUT_PREFIX),
        reference: order.reference,
        amountCents: order.totalCents,
        currency: 'ZAR',
        merchantName: businessName(env),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + SANDBOX_SESSION_MINUTES * 60_000).toISOString(),
        status: 'open',
        urls: { success: urls.success, cancel: urls.cancel, failure: urls.failure },
        method,
      };
      await saveSession(env, session);
      return { checkoutId: session.id, url: `${urls.origin}/pay/sandbox/${session.id}` };
    },
  };
}

export async function loadSandboxSession(env: Env, id: string): Promise<SandboxSession | null> {
  if (!isSandboxCheckoutId(id)) return null;
  return env.SESSIONS.get<SandboxSession>(SANDBOX_KV_PREFIX + id, 'json');
}

async function saveSession(env: Env, session: SandboxSession): Promise<void> {
  await env.SESSIONS.put(SANDBOX_KV_PREFIX + session.id, JSON.stringify(session), { expirationTtl: SANDBOX_KV_TTL_SECONDS });
}

export function isExpired(session: SandboxSession, now = new Date()): boolean {
  return now.getTime() >= Date.parse(session.expiresAt);
}

export function resultUrl(session: SandboxSession, status: Exclude<SandboxStatus, 'open'>): string {
  return status === 'succeeded' ? session.urls.success : status === 'cancelled' ? session.urls.cancel : session.urls.failure;
}

// --- The card form ----------------------------------------------------------------------------

export interface CardForm {
  card_number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardForm;
export type CardErrors = Partial<Record<CardField, string>>;

/** The Luhn check digit test every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Field errors of the card form (empty when it may be charged); the outcome depends on the card. */
export function checkCardForm(form: CardForm, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = form.card_number.replace(/[\s-]/g, '');
  if (!digits) errors.card_number = 'Enter the card number.';
  else if (!luhnValid(digits)) errors.card_number = 'That card number is not valid. Check the digits and try again.';
  else if (digits !== SANDBOX_TEST_CARDS.succeeds && digits !== SANDBOX_TEST_CARDS.declined) {
    errors.card_number = 'This is a test checkout: use one of the test cards listed below. No real card can be charged here.';
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  if (!form.expiry.trim()) errors.expiry = 'Enter the expiry date as MM/YY.';
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.expiry = 'Enter the expiry date as MM/YY, for example 12/30.';
  else {
    const month = Number(expiry[1]);
    const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    // A card is valid to the end of its expiry month.
    if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
      errors.expiry = 'This card has expired. Use a future expiry date.';
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digit security code (CVC).';
  if (!form.name.trim()) errors.name = 'Enter the name on the card.';
  else if (form.name.trim().length > 100) errors.name = 'The name on the card must be at most 100 characters.';
  return errors;
}

// --- Completing a checkout --------------------------------------------------------------------

export type SandboxSubmitResult =
  | { kind: 'not_found' }
  | { kind: 'expired'; session: SandboxSession }
  | { kind: 'form'; session: SandboxSession; form: CardForm; errors: CardErrors }
  | { kind: 'redirect'; url: string };

/**
 * The customer pressed Pay or Cancel. Decides the outcome like a gateway, confirms it to the
 * notification handler (signed, server to server), and answers where the browser goes next.
 */
export async function submitSandboxCheckout(
  env: Env,
  id: string,
  action: 'pay' | 'cancel',
  form: CardForm,
  now = new Date(),
): Promise<SandboxSubmitResult> {
  const session = await loadSandboxSession(env, id);
  // An instant EFT session has no card form (sandbox-eft.ts answers it).
  if (!session || session.method === 'instant_eft') return { kind: 'not_found' };
  // A repeated submit (double click, back button) lands where the first one did.
  if (session.status !== 'open') return { kind: 'redirect', url: resultUrl(session, session.status) };
  if (isExpired(session, now)) return { kind: 'expired', session };

  let status: Exclude<SandboxStatus, 'open'>;
  if (action === 'cancel') {
    status = 'cancelled';
  } else {
    const errors = checkCardForm(form, now);
    if (Object.keys(errors).length > 0) return { kind: 'form', session, form, errors };
    status = form.card_number.replace(/[\s-]/g, '') === SANDBOX_TEST_CARDS.succeeds ? 'succeeded' : 'failed';
  }

  return confirmSandboxOutcome(env, session, status, now);
}

/**
 * The outcome the customer chose on a sandbox page (card or instant EFT), confirmed to the
 * notification handler signed, server to server, exactly as a gateway would; answers where the
 * browser goes next.
 */
export async function confirmSandboxOutcome(
  env: Env,
  session: SandboxSession,
  status: Exclude<SandboxStatus, 'open'>,
  now = new Date(),
): Promise<SandboxSubmitResult> {
  const order = await loadPaymentOrder(env.DB, session.reference);
  if (order?.paymentStatus === 'paid') {
    // Paid meanwhile (another tab): nothing is charged twice.
    return { kind: 'redirect', url: session.urls.success };
  }

  const notification: SandboxNotification = {
    checkoutId: session.id,
    reference: session.reference,
    amount_cents: session.amountCents,
    currency: 'ZAR',
    status,
    // One outcome per checkout: the payment id follows from the checkout id, so a repeat dedupes.
    payment_id: PAYMENT_PREFIX + session.id.slice(CHECKOUT_PREFIX.length),
    created_at: now.toISOString(),
  };
  const body = JSON.stringify(notification);
  const secret = sandboxSecret(env);
  if (!secret) return { kind: 'not_found' };
  const result = await handleSandboxNotification(env, body, await signSandboxNotification(secret, body), now);
  if (result.outcome === 'rejected') {
    paymentLog('error', 'sandbox checkout could not be confirmed', {
      checkoutId: session.id,
      reference: session.reference,
      note: result.note,
    });
    await saveSession(env, { ...session, status: 'failed' });
    return { kind: 'redirect', url: session.urls.failure };
  }
  await saveSession(env, { ...session, status });
  return { kind: 'redirect', url: resultUrl(session, status) };
}

// --- The notification (the gateway's server-to-server confirmation) ---------------------------

const sandboxNotificationSchema = z.object({
  checkoutId: z.string().min(1).max(64),
  reference: z.string().min(1).max(40),
  amount_cents: z.number().int().nonnegative(),
  currency: z.literal('ZAR'),
  status: z.enum(['succeeded', 'failed', 'cancelled']),
  payment_id: z.string().min(1).max(64),
  created_at: z.string().max(40),
});
export type SandboxNotification = z.infer<typeof sandboxNotificationSchema>;

export async function signSandboxNotification(secret: string, rawBody: string): Promise<string> {
  return `sha256=${toHex(await hmacSha256(secret, rawBody))}`;
}

/** Verifies (signature, the order's own sandbox checkout, amount, dedupe) and records a sandbox notification. */
export async function handleSandboxNotification(
  env: Env,
  rawBody: string,
  signatureHeader: string | null | undefined,
  now = new Date(),
): Promise<NotificationResult> {
  const secret = sandboxSecret(env);
  if (!secret) return { httpStatus: 503, outcome: 'rejected', note: 'the sandbox gateway is not configured' };
  const expected = await signSandboxNotification(secret, rawBody);
  if (!signatureHeader || !timingSafeEqualText(signatureHeader.trim(), expected)) {
    paymentLog('warn', 'sandbox notification rejected: bad signature');
    return { httpStatus: 401, outcome: 'rejected', note: 'signature does not match' };
  }
  let parsed: SandboxNotification;
  try {
    parsed = sandboxNotificationSchema.parse(JSON.parse(rawBody));
  } catch {
    return { httpStatus: 400, outcome: 'rejected', note: 'malformed notification' };
  }
  const order = await loadPaymentOrder(env.DB, parsed.reference);
  if (!order) {
    paymentLog('warn', 'sandbox notification rejected: unknown order', { reference: parsed.reference });
    return { httpStatus: 400, outcome: 'rejected', note: 'unknown order', reference: parsed.reference };
  }
  // Only a checkout this order was started with through the sandbox: never another provider's order.
  if (!(await isOrderCheckout(env.DB, order.reference, 'sandbox', parsed.checkoutId))) {
    paymentLog('error', 'sandbox notification rejected: not a sandbox checkout of this order', {
      reference: order.reference,
      checkoutId: parsed.checkoutId,
    });
    return { httpStatus: 400, outcome: 'rejected', note: 'the checkout is not one of this order', reference: order.reference };
  }
  const dueCents = await amountDueCents(env.DB, order);
  if (parsed.amount_cents !== dueCents) {
    paymentLog('error', 'sandbox notification rejected: amount differs from the order total', {
      reference: order.reference,
      amountCents: parsed.amount_cents,
      totalCents: order.totalCents,
      dueCents,
    });
    return { httpStatus: 400, outcome: 'rejected', note: 'amount does not match the order total', reference: order.reference };
  }
  return recordVerifiedPayment(
    env,
    order,
    {
      reference: order.reference,
      provider: 'sandbox',
      providerPaymentId: parsed.payment_id,
      amountCents: parsed.amount_cents,
      status: parsed.status,
      checkoutId: parsed.checkoutId,
      raw: parsed,
    },
    now,
    { status: parsed.status },
    parsed.status,
  );
}
