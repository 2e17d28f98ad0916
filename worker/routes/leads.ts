import { type Context, Hono } from 'hono';
import type { AppBindings } from '../env';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { customerDetailsSchema, leadCaptureSchema } from '../shared/schemas';
import { publicOrigin } from '../lib/origin';
import { captureLead, leadSink, saveCustomerDetails } from '../services/leads';
import { visitorHash } from '../services/analytics';
import { southAfricanDay } from '../shared/sa-time';
import { clientKey } from '../lib/client';

/** The business's notice links to /leads on this site and is sent after the answer (the cron retries). */
/** The lead's analytics event carries the visitor's daily hash, like the storefront's own events. */
async function requestLeadSink(c: Context<AppBindings>) {
  const visitor = await visitorHash(c.env.SESSIONS, clientKey(c), c.req.header('User-Agent') ?? '', southAfricanDay()).catch(() => null);
  return leadSink(c.env, { origin: publicOrigin(c.env, c.req.url), waitUntil: (p) => c.executionCtx.waitUntil(p), visitor });
}

export const leadRoutes = new Hono<AppBindings>().post(
  '/capture',
  rateLimit({ name: 'leads', limit: 10, windowSeconds: 600 }),
  jsonBody(),
  validate('json', leadCaptureSchema),
  async (c) => {
    const leadId = await captureLead(await requestLeadSink(c), c.req.valid('json'));
    return c.json({ success: true, leadId }, 201);
  },
);

export const customerDetailsRoutes = new Hono<AppBindings>().post(
  '/',
  rateLimit({ name: 'customer-details', limit: 10, windowSeconds: 600 }),
  jsonBody(8 * 1024),
  validate('json', customerDetailsSchema),
  async (c) => {
    const id = await saveCustomerDetails(await requestLeadSink(c), c.req.valid('json'));
    return c.json({ success: true, id }, 201);
  },
);
