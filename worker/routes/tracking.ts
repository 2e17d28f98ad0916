import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { publicOrigin } from '../lib/origin';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { requireStaff, staffActor } from '../middleware/require-staff';
import { sendOutboxMessages } from '../services/email/outbox';
import {
  correctTracking,
  createTracking,
  deleteTracking,
  listTracking,
  trackingByNumber,
  trackingForOrderOf,
  updateTracking,
  type TrackingWrite,
} from '../services/tracking';
import { orderOfTrackingNumber, timelineForOrder } from '../services/order-timeline-read';
import {
  NO_TRACKING_MESSAGE,
  NO_TRACKING_TITLE,
  orderContactQuerySchema,
  orderIdParamSchema,
  trackingCorrectionSchema,
  trackingCreateSchema,
  trackingNumberParamSchema,
  trackingUpdateSchema,
  type OrderTrackingResponse,
  type PublicTrackingResponse,
  type TrackingDeleteResponse,
  type TrackingListResponse,
  type TrackingWriteResponse,
} from '../shared/tracking-api';
import type { Context } from 'hono';

/** Public lookups per client: a customer checks a few times a day; this stops enumeration of numbers. */
export const TRACKING_LOOKUP_LIMIT = { name: 'tracking-lookup', limit: 30, windowSeconds: 60 };
const ENTRY_ID = /^[0-9a-f-]{36}$/i;

/** An entry id from the path; anything that cannot be one is the same 404 as an unknown id. */
function entryId(id: string): string {
  if (!ENTRY_ID.test(id)) throw new AppError('not_found', 'No tracking entry with this id. It may have been removed; reload the list.');
  return id;
}

const notFound = () => new AppError('not_found', `${NO_TRACKING_TITLE} - ${NO_TRACKING_MESSAGE}`);

/** The customer's e-mail was queued with the write; this only sends it sooner than the cron would. */
function sendSoon(c: Context<AppBindings>, write: TrackingWrite) {
  if (write.outboxIds.length === 0) return;
  c.executionCtx.waitUntil(
    sendOutboxMessages(c.env, write.outboxIds).catch((err) =>
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'tracking e-mail not sent now; the outbox cron retries',
          id: write.entry.id,
          error: String(err),
        }),
      ),
    ),
  );
}

function writeAnswer(write: TrackingWrite, message: string): TrackingWriteResponse {
  return { success: true, message, tracking: write.entry, customerNotified: write.outboxIds.length > 0 };
}

/** Courier tracking (staff spec sections 2.6, 2.7, 7): staff list and write; customers look up. */
export const trackingRoutes = new Hono<AppBindings>()
  .get('/', requireStaff, async (c) => {
    const body: TrackingListResponse = { success: true, tracking: await listTracking(c.env.DB) };
    return c.json(body);
  })
  .post('/', requireStaff, jsonBody(16 * 1024), validate('json', trackingCreateSchema), async (c) => {
    const write = await createTracking(c.env, c.req.valid('json'), staffActor(c), publicOrigin(c.env, c.req.url));
    sendSoon(c, write);
    return c.json(writeAnswer(write, `Tracking ${write.entry.trackingNumber} created for order ${write.entry.orderId}.`), 201);
  })
  .put('/:id', requireStaff, jsonBody(16 * 1024), validate('json', trackingUpdateSchema), async (c) => {
    const write = await updateTracking(
      c.env,
      entryId(c.req.param('id')),
      c.req.valid('json'),
      staffActor(c),
      publicOrigin(c.env, c.req.url),
    );
    sendSoon(c, write);
    return c.json(writeAnswer(write, `Tracking ${write.entry.trackingNumber} updated.`));
  })
  // Staff correct a mistyped courier or number (audited with the old and new values), or remove a wrong entry.
  .patch('/:id', requireStaff, jsonBody(8 * 1024), validate('json', trackingCorrectionSchema), async (c) => {
    const entry = await correctTracking(c.env, entryId(c.req.param('id')), c.req.valid('json'), staffActor(c));
    const body: TrackingWriteResponse = {
      success: true,
      message: `Tracking ${entry.trackingNumber} corrected.`,
      tracking: entry,
      customerNotified: false,
    };
    return c.json(body);
  })
  .delete('/:id', requireStaff, async (c) => {
    const entry = await deleteTracking(c.env, entryId(c.req.param('id')), staffActor(c));
    const body: TrackingDeleteResponse = { success: true, message: `Tracking ${entry.trackingNumber} deleted.`, tracking: entry };
    return c.json(body);
  })
  // Public: what a customer needs to follow an order, nothing personal and nothing about the staff:
  // the fulfilment timeline and the courier's entry. By order reference only with the order's e-mail
  // or postcode (?email= or ?postcode=); a wrong pair is the same 404 as an unknown reference, while
  // a matching order not yet with the courier shows its timeline with `tracking: null`.
  .get(
    '/order/:orderId',
    rateLimit(TRACKING_LOOKUP_LIMIT),
    validate('param', orderIdParamSchema),
    validate('query', orderContactQuerySchema),
    async (c) => {
      const { orderId } = c.req.valid('param');
      const found = await trackingForOrderOf(c.env.DB, orderId, c.req.valid('query'));
      const timeline = found && (await timelineForOrder(c.env.DB, orderId, found.tracking));
      if (!found || !timeline) throw notFound();
      const body: OrderTrackingResponse = { success: true, tracking: found.tracking, timeline };
      return c.json(body);
    },
  )
  // The tracking number is the key here: it opens the entry and its order's timeline, never the reference.
  .get('/:number', rateLimit(TRACKING_LOOKUP_LIMIT), validate('param', trackingNumberParamSchema), async (c) => {
    const { number } = c.req.valid('param');
    const tracking = await trackingByNumber(c.env.DB, number);
    if (!tracking) throw notFound();
    const orderId = await orderOfTrackingNumber(c.env.DB, number);
    const timeline = orderId ? await timelineForOrder(c.env.DB, orderId, tracking) : null;
    const body: PublicTrackingResponse = { success: true, tracking, timeline };
    return c.json(body);
  });
