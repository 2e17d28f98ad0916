// Free colour samples, customer side (public: worker/public-routes.ts; storefront spec 'Free
// samples'): the request becomes a sample order, a lead and two e-mails in one batch (services/samples).
import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { publicOrigin } from '../lib/origin';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { sendOutboxMessages } from '../services/email/outbox';
import { requestSamples } from '../services/samples';
import { sampleRequestSchema } from '../shared/samples-api';

export const sampleRoutes = new Hono<AppBindings>().post(
  '/',
  rateLimit({ name: 'sample-requests', limit: 10, windowSeconds: 600 }),
  jsonBody(16 * 1024),
  validate('json', sampleRequestSchema),
  async (c) => {
    const { response, outboxIds } = await requestSamples(c.env, c.req.valid('json'), publicOrigin(c.env, c.req.url));
    // The e-mails were queued with the order; this only sends them sooner than the cron would.
    if (outboxIds.length > 0)
      c.executionCtx.waitUntil(
        sendOutboxMessages(c.env, outboxIds).catch((err) =>
          console.error(
            JSON.stringify({
              level: 'error',
              message: 'sample e-mails not sent now; the outbox cron retries',
              reference: response.reference,
              error: String(err),
            }),
          ),
        ),
      );
    return c.json(response, 201);
  },
);
