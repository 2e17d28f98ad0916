// Moving an order one fulfilment step (staff spec 2.6, storefront spec section 7): the move is checked
// by refusedMove (worker/shared/fulfilment.ts, the 409's words); the order's new status, its event,
// the audit entry and the customer's e-mail for the step are one D1 batch. The UPDATE is conditional
// on the status staff saw, so of two staff moving the same order at once the second gets a 409.
import { and, eq, sql } from 'drizzle-orm';
import { database } from '../../../lib/db';
import { orderEvents, orders } from '../../../db/schema';
import type { Env } from '../../../env';
import { AppError } from '../../../lib/errors';
import { isUniqueViolation } from '../../../lib/d1-errors';
import { FULFILMENT_LABELS, refusedMove, type FulfilmentStatus } from '../../../shared/fulfilment';
import type { orderDispatchSchema, orderStatusChangeSchema } from '../../../shared/admin-orders-api';
import type { z } from 'zod';
import { fulfilmentStatusEmail, type DispatchFacts } from '../../email/fulfilment-emails';
import { outboxInsertOrIgnore } from '../../email/outbox';
import { assertTrackingNumberFree, duplicateNumber, trackingCreateStatements } from '../../tracking';
import { auditStatement } from '../audit';
import { estimateFor } from '../../delivery-estimate';
import type { DeliveryEstimate } from '../../../shared/delivery-dates';
import {
  actorIfLanded,
  CHANGED_BY_SOMEONE_ELSE,
  emailOrderOf,
  factsOf,
  insertedIds,
  isLostRace,
  loadOrderForWrite,
  type OrderForWrite,
} from './order-writes';

export type OrderStatusChangeInput = z.output<typeof orderStatusChangeSchema>;
export type OrderDispatchInput = z.output<typeof orderDispatchSchema>;

export interface OrderWrite {
  /** The e-mails queued with the change (send them after answering). */
  outboxIds: number[];
  message: string;
}

interface MoveContext {
  actor: string;
  origin: string | null;
  now: Date;
}

/** The UPDATE, the event and the audit entry of a move, and the step's e-mail. */
function moveStatements(
  env: Env,
  order: OrderForWrite,
  to: FulfilmentStatus,
  note: string | null,
  ctx: MoveContext,
  dispatch?: DispatchFacts & { trackingId: string },
  estimate: DeliveryEstimate | null = null,
) {
  const db = env.DB;
  const d = database(db);
  const reference = order.row.reference;
  const at = ctx.now.toISOString();
  // Spec 2.6: an unpaid order goes into production only with the reason staff gave (the note).
  const unpaidReason = to === 'in_production' && order.paymentStatus !== 'paid' ? note : null;
  const update = d
    .update(orders)
    .set({
      fulfilmentStatus: to,
      fulfilmentStatusAt: at,
      ...(unpaidReason ? { unpaidProductionReason: unpaidReason } : {}),
      // Sizes confirmed: the dates are counted again from today, stored and e-mailed.
      ...(estimate ? { deliveryEstimate: estimate } : {}),
    })
    .where(and(eq(orders.reference, reference), eq(orders.fulfilmentStatus, order.status)));
  const landed = sql`exists (select 1 from ${orders} where ${orders.reference} = ${reference} and ${orders.fulfilmentStatus} = ${to} and ${orders.fulfilmentStatusAt} = ${at})`;
  const details = {
    from: order.status,
    ...(unpaidReason ? { unpaidProductionReason: unpaidReason } : {}),
    ...(dispatch ? { courierName: dispatch.courierName, trackingNumber: dispatch.trackingNumber, trackingId: dispatch.trackingId } : {}),
  };
  const event = d.insert(orderEvents).values({
    orderReference: reference,
    kind: 'status',
    status: to,
    note,
    actor: actorIfLanded(ctx.actor, landed),
    details,
    createdAt: at,
  });
  const audit = auditStatement(
    db,
    { actor: ctx.actor, action: 'order.status', target: reference, details: { ...details, to, note } },
    ctx.now,
  );
  // Sizes confirmed: the dates just counted again; any later step: the dates the order stores.
  const dates = to === 'sizes_confirmed' ? estimate : (order.row.deliveryEstimate ?? null);
  const email = fulfilmentStatusEmail(env, { ...emailOrderOf(order), deliveryEstimate: dates }, to, ctx.origin, ctx.now, dispatch);
  return { update, event, audit, email: email ? outboxInsertOrIgnore(db, email, ctx.now) : null };
}

function refuse(order: OrderForWrite, to: FulfilmentStatus, note: string | null, viaDispatch: boolean): void {
  const refusal = refusedMove(factsOf(order), { to, note, viaDispatch });
  if (refusal) throw new AppError('conflict', refusal);
}

/** POST /api/admin/orders/{reference}/status */
export async function changeOrderStatus(env: Env, reference: string, input: OrderStatusChangeInput, ctx: MoveContext): Promise<OrderWrite> {
  const order = await loadOrderForWrite(env.DB, reference);
  const note = input.note?.trim() || null;
  refuse(order, input.status, note, false);
  const estimate =
    input.status === 'sizes_confirmed'
      ? await estimateFor(env.DB, {
          productIds: order.lineRows.map((l) => l.productId),
          method: order.method,
          address: order.row.customerAddress,
          basis: 'sizes_confirmed',
          now: ctx.now,
        })
      : null;
  const { update, event, audit, email } = moveStatements(env, order, input.status, note, ctx, undefined, estimate);
  const d = database(env.DB);
  try {
    const results = email ? await d.batch([update, event, audit, email]) : await d.batch([update, event, audit]);
    const outboxIds = email ? insertedIds(results[3]) : [];
    return { outboxIds, message: `Order ${reference} is now '${FULFILMENT_LABELS[input.status]}'.` };
  } catch (err) {
    if (isLostRace(err)) throw new AppError('conflict', CHANGED_BY_SOMEONE_ELSE);
    throw err;
  }
}

/**
 * POST /api/admin/orders/{reference}/dispatch: 'dispatched' and the courier tracking entry in one
 * batch, with one e-mail to the customer (the dispatched one, which carries the tracking number; no
 * separate tracking e-mail). A tracking number already in use is a 409.
 */
export async function dispatchOrder(env: Env, reference: string, input: OrderDispatchInput, ctx: MoveContext): Promise<OrderWrite> {
  const db = env.DB;
  const order = await loadOrderForWrite(db, reference);
  const note = input.statusMessage?.trim() || null;
  refuse(order, 'dispatched', note, true);
  await assertTrackingNumberFree(db, input.trackingNumber);
  const tracking = trackingCreateStatements(
    env,
    {
      orderId: reference,
      trackingNumber: input.trackingNumber,
      // Handed to the courier: the parcel is on its way.
      status: 'in_transit',
      statusMessage: note ?? `Dispatched with ${input.courierName}.`,
      currentLocation: null,
      estimatedDelivery: input.estimatedDelivery,
      courierName: input.courierName,
    },
    { actor: ctx.actor, origin: ctx.origin, now: ctx.now, recipient: null },
  );
  const { update, event, audit, email } = moveStatements(env, order, 'dispatched', note, ctx, {
    courierName: input.courierName,
    trackingNumber: input.trackingNumber,
    estimatedDelivery: input.estimatedDelivery,
    trackingId: tracking.id,
  });
  const d = database(db);
  try {
    const head = [update, event, audit, tracking.insert, tracking.audit] as const;
    const results = email ? await d.batch([...head, email]) : await d.batch([...head]);
    const outboxIds = email ? insertedIds(results[head.length]) : [];
    return {
      outboxIds,
      message: `Order ${reference} is dispatched with ${input.courierName}, tracking number ${input.trackingNumber}.`,
    };
  } catch (err) {
    if (isLostRace(err)) throw new AppError('conflict', CHANGED_BY_SOMEONE_ELSE);
    if (isUniqueViolation(err)) throw duplicateNumber(input.trackingNumber);
    throw err;
  }
}
