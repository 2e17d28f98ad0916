// When consultants visit (staff): the schedule of visit times per Garden Route area, and the day's
// booked visits for /site-visits (the site-visit unlock or a staff session, read-only).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../env';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { requireStaff, staffActor } from '../middleware/require-staff';
import { requireSiteVisitAccess } from '../middleware/site-visit-access';
import { bookedVisitsOn } from '../services/staff/booked-visits';
import { deleteSlot, listSchedule, openVisitDay, updateSlotCapacity } from '../services/staff/visit-schedule';
import { addDays, southAfricanDay } from '../shared/sa-time';
import {
  BOOKING_HORIZON_DAYS,
  bookedDaySchema,
  scheduleRangeSchema,
  slotIdSchema,
  slotUpdateSchema,
  visitDayCreateSchema,
  type BookedVisitsResponse,
  type StaffScheduleResponse,
} from '../shared/visit-bookings-api';

const slotParam = z.object({ id: slotIdSchema });

export const visitScheduleRoutes = new Hono<AppBindings>()
  .get('/', requireStaff, validate('query', scheduleRangeSchema), async (c) => {
    const query = c.req.valid('query');
    const from = query.from ?? southAfricanDay();
    const to = query.to ?? addDays(from, BOOKING_HORIZON_DAYS);
    const body: StaffScheduleResponse = { success: true, from, to, slots: await listSchedule(c.env.DB, from, to) };
    return c.json(body);
  })
  .post('/days', requireStaff, jsonBody(8 * 1024), validate('json', visitDayCreateSchema), async (c) => {
    const slots = await openVisitDay(c.env.DB, c.req.valid('json'), staffActor(c));
    return c.json({ success: true, slots }, 201);
  })
  .patch('/slots/:id', requireStaff, validate('param', slotParam), jsonBody(1024), validate('json', slotUpdateSchema), async (c) => {
    await updateSlotCapacity(c.env.DB, c.req.valid('param').id, c.req.valid('json').capacity, staffActor(c));
    return c.json({ success: true });
  })
  .delete('/slots/:id', requireStaff, validate('param', slotParam), async (c) => {
    await deleteSlot(c.env.DB, c.req.valid('param').id, staffActor(c));
    return c.json({ success: true });
  });

export const bookedVisitRoutes = new Hono<AppBindings>().get(
  '/booked',
  requireSiteVisitAccess,
  validate('query', bookedDaySchema),
  async (c) => {
    const { date } = c.req.valid('query');
    const body: BookedVisitsResponse = { success: true, date, visits: await bookedVisitsOn(c.env.DB, date) };
    return c.json(body);
  },
);
