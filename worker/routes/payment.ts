import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { paymentCreateSchema } from '../shared/orders-api';
import { publicOrigin } from '../lib/origin';
import { startPayment } from '../services/payments/checkout';
import { isSandboxGateway } from '../services/payments/gateway';
import { handleOzowNotification } from '../services/payments/ozow-notify';
import { handlePayfastItn } from '../services/payments/payfast';
import { handleSandboxNotification, SANDBOX_SIGNATURE_HEADER } from '../services/payments/sandbox';
import { paymentLog, PaymentUpstreamError, type NotificationResult } from '../services/payments/types';
import { handleYocoWebhook } from '../services/payments/yoco';

/** Gateways' notifications are small; anything larger is not one. */
const NOTIFICATION_LIMIT_BYTES = 32 * 1024;

/** A gateway is answered in the one error shape when it is refused, and {received} otherwise. */
function answerGateway(c: Context<AppBindings>, result: NotificationResult): Response {
  if (result.httpStatus === 200) return c.json({ received: true, outcome: result.outcome, note: result.note }, 200);
  const code = result.httpStatus === 401 ? 'unauthorized' : result.httpStatus === 503 ? 'not_configured' : 'validation_error';
  throw new AppError(code, `Notification rejected: ${result.note}.`);
}

/** PayFast's and Ozow's form posts, their size counted as it streams in (a chunked body has no Content-Length to check). */
const formNotification: MiddlewareHandler<AppBindings> = async (c, next) => {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/x-www-form-urlencoded') {
    throw new AppError('unsupported_media_type', 'Send the notification as application/x-www-form-urlencoded.');
  }
  return bodyLimit({
    maxSize: NOTIFICATION_LIMIT_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', `The notification is larger than the ${NOTIFICATION_LIMIT_BYTES / 1024} KB accepted.`);
    },
  })(c, next);
};

/** While another gateway is configured the sandbox's notification does not exist: the API's usual 404. */
const sandboxGatewayOnly: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (!isSandboxGateway(c.env)) throw new AppError('not_found', `There is no API endpoint ${c.req.method} ${c.req.path}.`);
  await next();
};

export const paymentRoutes = new Hono<AppBindings>()
  // spec section 7: POST /api/payment/create -> checkout_url (the page redirects there) or message.
  .post(
    '/create',
    rateLimit({ name: 'payment-create', limit: 20, windowSeconds: 600 }),
    jsonBody(8 * 1024),
    validate('json', paymentCreateSchema),
    async (c) => {
      try {
        return c.json(await startPayment(c.env, c.req.valid('json'), publicOrigin(c.env, c.req.url)), 200);
      } catch (err) {
        if (!(err instanceof PaymentUpstreamError)) throw err;
        paymentLog('warn', 'payment link failed', { requestId: c.get('requestId'), reason: err.reason });
        return c.json(
          { success: false, error: 'upstream_error', message: 'Failed to create payment link', requestId: c.get('requestId') },
          502,
        );
      }
    },
  )
  // The sandbox gateway's server-to-server confirmation (its hosted checkout calls the same handler directly).
  .post('/sandbox/notify', sandboxGatewayOnly, jsonBody(NOTIFICATION_LIMIT_BYTES), async (c) => {
    return answerGateway(c, await handleSandboxNotification(c.env, await c.req.text(), c.req.header(SANDBOX_SIGNATURE_HEADER)));
  })
  // Yoco's webhook (Standard Webhooks headers; the raw body is what is signed).
  .post('/yoco/webhook', jsonBody(NOTIFICATION_LIMIT_BYTES), async (c) => {
    const headers = {
      id: c.req.header('webhook-id'),
      timestamp: c.req.header('webhook-timestamp'),
      signature: c.req.header('webhook-signature'),
    };
    return answerGateway(c, await handleYocoWebhook(c.env, headers, await c.req.text()));
  })
  // PayFast's ITN: the source address is the caller's as Cloudflare reports it.
  .post('/payfast/notify', formNotification, async (c) => {
    return answerGateway(c, await handlePayfastItn(c.env, await c.req.text(), c.req.header('CF-Connecting-IP')));
  })
  // Ozow's notification: a form post whose Hash (private key) is what makes it Ozow's.
  .post('/ozow/notify', formNotification, async (c) => {
    return answerGateway(c, await handleOzowNotification(c.env, await c.req.text()));
  });
