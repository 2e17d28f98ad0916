import { AppError } from '../lib/errors';
import { Hono, type Context } from 'hono';
import type { AppBindings } from '../env';
import { publicOrigin } from '../lib/origin';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { requireStaff, staffActor } from '../middleware/require-staff';
import { sendOutboxMessages } from '../services/email/outbox';
import { createStaffOrder } from '../services/staff/orders/create';
import { orderDetail } from '../services/staff/orders/detail';
import { correctLineSize } from '../services/staff/orders/line-size';
import { changeOrderStatus, dispatchOrder } from '../services/staff/orders/moves';
import { recordManualPayment } from '../services/staff/orders/payments';
import { recordManualRefund } from '../services/staff/orders/refunds';
import { recordRemake } from '../services/staff/orders/remakes';
import { remakeClaimSchema } from '../shared/remakes-api';
import {
  lineNoParamSchema,
  lineSizeCorrectionSchema,
  manualPaymentSchema,
  manualRefundSchema,
  orderDispatchSchema,
  orderReferenceParamSchema,
  orderStatusChangeSchema,
  staffOrderCreateSchema,
  type AdminOrderResponse,
} from '../shared/admin-orders-api';

/** The customer's e-mail was queued with the change; this only sends it sooner than the cron would. */
function sendSoon(c: Context<AppBindings>, reference: string, outboxIds: number[]) {
  if (outboxIds.length === 0) return;
  c.executionCtx.waitUntil(
    sendOutboxMessages(c.env, outboxIds).catch((err) =>
      console.error(
        JSON.stringify({ level: 'error', message: 'order e-mail not sent now; the outbox cron retries', reference, error: String(err) }),
      ),
    ),
  );
}

async function answer(c: Context<AppBindings>, reference: string, write: { outboxIds: number[]; message: string }) {
  sendSoon(c, reference, write.outboxIds);
  const order = await orderDetail(c.env, reference);
  // The write just changed this order; only a POPIA erasure in between could remove it.
  if (!order) throw new AppError('not_found', `No order with reference ${reference}.`);
  const body: AdminOrderResponse = {
    success: true,
    order,
    message: write.message,
    customerNotified: write.outboxIds.length > 0,
  };
  return body;
}

const context = (c: Context<AppBindings>) => ({ actor: staffActor(c), origin: publicOrigin(c.env, c.req.url), now: new Date() });

/**
 * The staff orders screen's writes (staff spec 2.6, DESIGN.md section 7): record an order, move it a
 * step, confirm or correct a size (from the customer's photo: the fit guarantee), record a remake, dispatch it. Each answers the order as it now is.
 */
export const adminOrderWriteRoutes = new Hono<AppBindings>()
  .post('/', requireStaff, jsonBody(64 * 1024), validate('json', staffOrderCreateSchema), async (c) => {
    const created = await createStaffOrder(c.env, c.req.valid('json'), context(c));
    return c.json(await answer(c, created.reference, created), 201);
  })
  .post(
    '/:reference/status',
    requireStaff,
    validate('param', orderReferenceParamSchema),
    jsonBody(8 * 1024),
    validate('json', orderStatusChangeSchema),
    async (c) => {
      const { reference } = c.req.valid('param');
      const write = await changeOrderStatus(c.env, reference, c.req.valid('json'), context(c));
      return c.json(await answer(c, reference, write));
    },
  )
  .patch(
    '/:reference/lines/:lineNo',
    requireStaff,
    validate('param', lineNoParamSchema),
    jsonBody(8 * 1024),
    validate('json', lineSizeCorrectionSchema),
    async (c) => {
      const { reference, lineNo } = c.req.valid('param');
      const write = await correctLineSize(c.env, reference, lineNo, c.req.valid('json'), context(c));
      return c.json(await answer(c, reference, write));
    },
  )
  .post(
    '/:reference/lines/:lineNo/remakes',
    requireStaff,
    validate('param', lineNoParamSchema),
    jsonBody(8 * 1024),
    validate('json', remakeClaimSchema),
    async (c) => {
      const { reference, lineNo } = c.req.valid('param');
      const write = await recordRemake(c.env.DB, reference, lineNo, c.req.valid('json'), { actor: staffActor(c), now: new Date() });
      return c.json({ ...(await answer(c, reference, write)), covered: write.covered }, 201);
    },
  )
  .post(
    '/:reference/payments',
    requireStaff,
    validate('param', orderReferenceParamSchema),
    jsonBody(8 * 1024),
    validate('json', manualPaymentSchema),
    async (c) => {
      const { reference } = c.req.valid('param');
      const write = await recordManualPayment(c.env, reference, c.req.valid('json'), { actor: staffActor(c), now: new Date() });
      return c.json({ ...(await answer(c, reference, write)), outstandingCents: write.outstandingCents }, 201);
    },
  )
  .post(
    '/:reference/refunds',
    requireStaff,
    validate('param', orderReferenceParamSchema),
    jsonBody(8 * 1024),
    validate('json', manualRefundSchema),
    async (c) => {
      const { reference } = c.req.valid('param');
      const write = await recordManualRefund(c.env, reference, c.req.valid('json'), { actor: staffActor(c), now: new Date() });
      return c.json({ ...(await answer(c, reference, write)), refundedCents: write.refundedCents }, 201);
    },
  )
  .post(
    '/:reference/dispatch',
    requireStaff,
    validate('param', orderReferenceParamSchema),
    jsonBody(8 * 1024),
    validate('json', orderDispatchSchema),
    async (c) => {
      const { reference } = c.req.valid('param');
      const write = await dispatchOrder(c.env, reference, c.req.valid('json'), context(c));
      return c.json(await answer(c, reference, write));
    },
  );
