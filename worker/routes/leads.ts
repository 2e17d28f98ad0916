import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { customerDetailsSchema, leadCaptureSchema } from '../shared/schemas';
import { captureLead, saveCustomerDetails } from '../services/leads';

export const leadRoutes = new Hono<AppBindings>().post(
  '/capture',
  rateLimit({ name: 'leads', limit: 10, windowSeconds: 600 }),
  jsonBody(),
  validate('json', leadCaptureSchema),
  async (c) => {
    const leadId = await captureLead(c.env.DB, c.req.valid('json'));
    return c.json({ success: true, leadId }, 201);
  },
);

export const customerDetailsRoutes = new Hono<AppBindings>().post(
  '/',
  rateLimit({ name: 'customer-details', limit: 10, windowSeconds: 600 }),
  jsonBody(8 * 1024),
  validate('json', customerDetailsSchema),
  async (c) => {
    const id = await saveCustomerDetails(c.env.DB, c.req.valid('json'));
    return c.json({ success: true, id }, 201);
  },
);
