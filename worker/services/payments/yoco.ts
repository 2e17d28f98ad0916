// Yoco (PAYMENT_PROVIDER=yoco): the Checkout API creates a hosted checkout; the payment is
// confirmed only by Yoco's webhook, verified as a Standard Webhook (HMAC-SHA256 over
// '{webhook-id}.{webhook-timestamp}.{raw body}', 3-minute window) and deduplicated by payment id.
// https://developer.yoco.com/online/api-reference/checkout/payments/accept-payments
// https://developer.yoco.com/online/api-reference/webhooks/verifying-events
import { z } from 'zod';
import type { Env } from '../../env';
import { fromBase64, toBase64 } from '../../lib/base64';
import { hmacSha256, timingSafeEqualText } from '../../lib/crypto';
import { amountDueCents, findOrderByCheckout, isPaymentRecorded, refundedCents, type PaymentOrder } from './ledger';
import { recordVerifiedPayment } from './record-verified';
import {
  paymentLog,
  PaymentSetupError,
  PaymentUpstreamError,
  type CheckoutOrder,
  type CheckoutSession,
  type CheckoutUrls,
  type NotificationResult,
  type PaymentProvider,
} from './types';

export const DEFAULT_YOCO_API_BASE = 'https://payments.yoco.com';
export const YOCO_TIMEOUT_MS = 15_000;
/** Yoco recommends rejecting events signed more than 3 minutes from now. */
export const YOCO_WEBHOOK_TOLERANCE_SECONDS = 180;

export interface YocoConfig {
  secretKey: string;
  webhookSecret: string;
  apiBase: string;
}

/** The configuration, or the names of the settings that are missing. */
export function yocoConfig(env: Env): YocoConfig | { missing: string[] } {
  const secretKey = env.YOCO_SECRET_KEY?.trim();
  const webhookSecret = env.YOCO_WEBHOOK_SECRET?.trim();
  const missing = [!secretKey && 'YOCO_SECRET_KEY', !webhookSecret && 'YOCO_WEBHOOK_SECRET'].filter((m): m is string => Boolean(m));
  if (!secretKey || !webhookSecret) return { missing };
  return { secretKey, webhookSecret, apiBase: (env.YOCO_API_BASE?.trim() || DEFAULT_YOCO_API_BASE).replace(/\/+$/, '') };
}

const checkoutResponseSchema = z.object({ id: z.string().min(1), redirectUrl: z.url() });

export function yocoProvider(config: YocoConfig): PaymentProvider {
  return {
    name: 'yoco',
    async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CheckoutSession> {
      let res: Response;
      try {
        res = await fetch(`${config.apiBase}/api/checkouts`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${config.secretKey}`,
            'Content-Type': 'application/json',
            // A retried create for the same order and amount answers the same checkout.
            'Idempotency-Key': `checkout-${order.reference}-${order.totalCents}`,
          },
          body: JSON.stringify({
            amount: order.totalCents,
            currency: 'ZAR',
            successUrl: urls.success,
            cancelUrl: urls.cancel,
            failureUrl: urls.failure,
            metadata: { reference: order.reference },
          }),
          signal: AbortSignal.timeout(YOCO_TIMEOUT_MS),
        });
      } catch (err) {
        throw new PaymentUpstreamError(err instanceof Error && err.name === 'TimeoutError' ? 'yoco timeout' : 'yoco unreachable', {
          cause: err,
        });
      }
      if (res.status === 401 || res.status === 403) {
        throw new PaymentSetupError(`Yoco refused the secret key (YOCO_SECRET_KEY, http ${res.status}): check it in the Yoco portal`);
      }
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 300);
        throw new PaymentUpstreamError(`yoco http ${res.status}${detail ? `: ${detail}` : ''}`);
      }
      const parsed = checkoutResponseSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new PaymentUpstreamError('yoco answered without a checkout id or redirect URL');
      return { checkoutId: parsed.data.id, url: parsed.data.redirectUrl };
    },
  };
}

// --- Webhook ----------------------------------------------------------------------------------

export interface WebhookHeaders {
  id: string | null | undefined;
  timestamp: string | null | undefined;
  signature: string | null | undefined;
}

export type WebhookVerdict = { ok: true } | { ok: false; httpStatus: 400 | 401; note: string };

/** Standard Webhooks verification as Yoco documents it. */
export async function verifyStandardWebhook(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string,
  now = new Date(),
): Promise<WebhookVerdict> {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature)
    return { ok: false, httpStatus: 400, note: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, httpStatus: 400, note: 'webhook-timestamp is not a Unix time' };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > YOCO_WEBHOOK_TOLERANCE_SECONDS) {
    return { ok: false, httpStatus: 400, note: 'webhook-timestamp is outside the 3-minute window' };
  }
  const key = fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!key || key.byteLength === 0) return { ok: false, httpStatus: 401, note: 'the webhook secret is not base64' };
  const expected = toBase64(await hmacSha256(key, `${id}.${timestamp}.${rawBody}`));
  // The header may carry several signatures ('v1,<base64>' separated by spaces) during key rotation.
  const matches = signature
    .split(' ')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('v1,'))
    .some((part) => timingSafeEqualText(part.slice(3), expected));
  return matches ? { ok: true } : { ok: false, httpStatus: 401, note: 'signature does not match' };
}

const eventPayload = z
  .object({
    id: z.string().min(1).max(100),
    amount: z.number().int(),
    currency: z.string(),
    status: z.string().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
const eventSchema = z.object({ id: z.string(), type: z.string(), payload: eventPayload });
type YocoEvent = z.infer<typeof eventSchema>;

/** The events acted on; others are acknowledged so Yoco stops resending them. */
const HANDLED_EVENTS = ['payment.succeeded', 'refund.succeeded'];

/** POST /api/payment/yoco/webhook: a verified payment.succeeded marks the order paid, a refund.succeeded refunded, once. */
export async function handleYocoWebhook(env: Env, headers: WebhookHeaders, rawBody: string, now = new Date()): Promise<NotificationResult> {
  const config = yocoConfig(env);
  if ('missing' in config) {
    paymentLog('error', 'yoco webhook refused: Yoco is not configured', { missing: config.missing });
    return { httpStatus: 503, outcome: 'rejected', note: 'Yoco is not configured' };
  }
  const verdict = await verifyStandardWebhook(config.webhookSecret, headers, rawBody, now);
  if (!verdict.ok) {
    paymentLog('warn', 'yoco webhook rejected', { note: verdict.note, webhookId: headers.id ?? null });
    return { httpStatus: verdict.httpStatus, outcome: 'rejected', note: verdict.note };
  }

  let event: YocoEvent;
  try {
    const json: unknown = JSON.parse(rawBody);
    const type = (json as { type?: unknown })?.type;
    if (typeof type !== 'string' || !HANDLED_EVENTS.includes(type)) {
      return { httpStatus: 200, outcome: 'ignored', note: `event type ${String(type)} is not acted on` };
    }
    event = eventSchema.parse(json);
  } catch {
    paymentLog('warn', 'yoco webhook rejected: malformed event', { webhookId: headers.id });
    return { httpStatus: 400, outcome: 'rejected', note: 'malformed event' };
  }

  // Yoco puts the checkout's id in the payment's (and the refund's) metadata: the order must have been
  // started on that very Yoco checkout. Answered 200 with a note: a retry would not change the facts,
  // and Yoco retries non-2xx for days.
  const { payload } = event;
  const checkoutId = typeof payload.metadata?.checkoutId === 'string' ? payload.metadata.checkoutId : null;
  const referenceHint = typeof payload.metadata?.reference === 'string' ? payload.metadata.reference : null;
  const order = checkoutId ? await findOrderByCheckout(env.DB, 'yoco', checkoutId) : null;
  if (!order || (referenceHint !== null && referenceHint !== order.reference)) {
    paymentLog('error', `yoco ${event.type} for no Yoco checkout of ours: not recorded`, {
      eventId: payload.id,
      checkoutId,
      reference: referenceHint,
      matched: order?.reference ?? null,
    });
    return { httpStatus: 200, outcome: 'ignored', note: 'no order matches this payment' };
  }
  return event.type === 'refund.succeeded'
    ? recordRefund(env, order, event, checkoutId!, now)
    : recordPayment(env, order, event, checkoutId!, now);
}

async function recordPayment(env: Env, order: PaymentOrder, event: YocoEvent, checkoutId: string, now: Date): Promise<NotificationResult> {
  const payment = event.payload;
  const dueCents = await amountDueCents(env.DB, order);
  if (payment.currency !== 'ZAR' || payment.amount !== dueCents || (payment.status !== undefined && payment.status !== 'succeeded')) {
    paymentLog('error', 'yoco payment does not match the order: not recorded, needs a person to check', {
      reference: order.reference,
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status ?? null,
      totalCents: order.totalCents,
      dueCents,
    });
    return { httpStatus: 200, outcome: 'ignored', note: 'amount, currency or status does not match the order', reference: order.reference };
  }
  return recordVerifiedPayment(
    env,
    order,
    {
      reference: order.reference,
      provider: 'yoco',
      providerPaymentId: payment.id,
      amountCents: payment.amount,
      status: 'succeeded',
      checkoutId,
      raw: event,
    },
    now,
    { paymentId: payment.id },
    'payment recorded',
  );
}

/** A refund's own id is its row's provider id (the payment's id is taken by the payment). */
async function recordRefund(env: Env, order: PaymentOrder, event: YocoEvent, checkoutId: string, now: Date): Promise<NotificationResult> {
  const refund = event.payload;
  const paymentId = typeof refund.paymentId === 'string' ? refund.paymentId : null;
  // A repeat finds the order refunded already: answered as the duplicate it is.
  if (await isPaymentRecorded(env.DB, refund.id))
    return { httpStatus: 200, outcome: 'duplicate', note: 'already processed', reference: order.reference };
  const refundedBefore = await refundedCents(env.DB, order.reference);
  if (
    order.paymentStatus !== 'paid' ||
    refund.currency !== 'ZAR' ||
    refund.amount <= 0 ||
    refundedBefore + refund.amount > order.totalCents ||
    (refund.status !== undefined && refund.status !== 'succeeded')
  ) {
    paymentLog('error', 'yoco refund does not match a paid order: not recorded, needs a person to check', {
      reference: order.reference,
      refundId: refund.id,
      paymentId,
      amount: refund.amount,
      currency: refund.currency,
      paymentStatus: order.paymentStatus,
      refundedBefore,
    });
    return { httpStatus: 200, outcome: 'ignored', note: 'the refund does not match a paid order', reference: order.reference };
  }
  return recordVerifiedPayment(
    env,
    order,
    {
      reference: order.reference,
      provider: 'yoco',
      providerPaymentId: refund.id,
      amountCents: refund.amount,
      status: 'refunded',
      checkoutId,
      raw: event,
      refundedBeforeCents: refundedBefore,
    },
    now,
    { refundId: refund.id, paymentId },
    'refund recorded',
  );
}
