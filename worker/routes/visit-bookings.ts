// Booked Garden Route site visits, customer side (public: worker/public-routes.ts): the open
// times, the booking, and the move or cancel behind the signed link of the booking's e-mails.
import { Hono, type Context } from 'hono';
import type { AppBindings } from '../env';
import { publicOrigin } from '../lib/origin';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { bookVisit, cancelBooking, listOpenSlots, moveBooking, readLinkedBooking } from '../services/bookings/bookings';
import { sendOutboxMessages } from '../services/email/outbox';
import {
  BOOKED_MESSAGE,
  availableQuerySchema,
  bookingCreateSchema,
  bookingMoveSchema,
  manageTokenSchema,
  type BookingResponse,
  type OpenSlotsResponse,
} from '../shared/visit-bookings-api';

/** The e-mails were queued with the change; this only sends them sooner than the cron would. */
function sendSoon(c: Context<AppBindings>, outboxIds: number[]) {
  if (outboxIds.length === 0) return;
  c.executionCtx.waitUntil(
    sendOutboxMessages(c.env, outboxIds).catch((err) =>
      console.error(
        JSON.stringify({ level: 'error', message: 'booking e-mail not sent now; the outbox cron retries', error: String(err) }),
      ),
    ),
  );
}

export const visitBookingRoutes = new Hono<AppBindings>()
  .get('/slots', rateLimit({ name: 'visit-slots', limit: 120, windowSeconds: 600 }), validate('query', availableQuerySchema), async (c) => {
    const body: OpenSlotsResponse = { success: true, slots: await listOpenSlots(c.env.DB, c.req.valid('query').area) };
    return c.json(body);
  })
  .post(
    '/',
    rateLimit({ name: 'visit-bookings', limit: 10, windowSeconds: 600 }),
    jsonBody(16 * 1024),
    validate('json', bookingCreateSchema),
    async (c) => {
      const { popiaConsent: _consent, ...input } = c.req.valid('json');
      const result = await bookVisit(c.env, input, publicOrigin(c.env, c.req.url));
      sendSoon(c, result.outboxIds);
      const body: BookingResponse = { success: true, message: BOOKED_MESSAGE, booking: result.booking };
      return c.json(body, 201);
    },
  )
  .get('/manage', rateLimit({ name: 'visit-manage', limit: 60, windowSeconds: 600 }), validate('query', manageTokenSchema), async (c) => {
    const booking = await readLinkedBooking(c.env, c.req.valid('query').token);
    const body: BookingResponse = { success: true, message: 'Your booked site visit.', booking };
    return c.json(body);
  })
  .post(
    '/manage/move',
    rateLimit({ name: 'visit-manage-write', limit: 20, windowSeconds: 600 }),
    jsonBody(4 * 1024),
    validate('json', bookingMoveSchema),
    async (c) => {
      const { token, slotId } = c.req.valid('json');
      const result = await moveBooking(c.env, token, slotId, publicOrigin(c.env, c.req.url));
      sendSoon(c, result.outboxIds);
      const body: BookingResponse = {
        success: true,
        message: 'Your visit has moved. We have e-mailed you the new time with an updated calendar invitation.',
        booking: result.booking,
        token: result.token,
      };
      return c.json(body);
    },
  )
  .post(
    '/manage/cancel',
    rateLimit({ name: 'visit-manage-write', limit: 20, windowSeconds: 600 }),
    jsonBody(4 * 1024),
    validate('json', manageTokenSchema),
    async (c) => {
      const result = await cancelBooking(c.env, c.req.valid('json').token);
      sendSoon(c, result.outboxIds);
      const body: BookingResponse = {
        success: true,
        message: 'Your visit is cancelled. We have e-mailed you a confirmation.',
        booking: result.booking,
      };
      return c.json(body);
    },
  );
