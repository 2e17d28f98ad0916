// What every staff write to an order needs (staff spec 2.6, DESIGN.md section 7): the order as it is
// now (row, priced lines, what has been paid), the facts the move check reads, and the proof that a
// conditional UPDATE landed. D1 has no BEGIN; a batch is one transaction, so the order's event row
// carries that proof: its actor is read from the row the UPDATE just wrote, and is NULL (refused by
// the NOT NULL column, rolling the whole batch back) when someone else changed the order first.
import { eq, sql, type SQL } from 'drizzle-orm';
import { database } from '../../../lib/db';
import { orderLines, orders } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { FulfilmentFacts, FulfilmentMethod, FulfilmentStatus } from '../../../shared/fulfilment';
import type { PaymentStatus, PricedLineDto } from '../../../shared/orders-api';
import { sizesToConfirm } from '../../../shared/size-sources';
import type { FulfilmentEmailOrder } from '../../email/fulfilment-emails';
import { findOrder } from '../../orders';
import { succeededCents } from '../../payments/ledger';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export interface OrderForWrite {
  row: OrderRow;
  status: FulfilmentStatus;
  method: FulfilmentMethod;
  paymentStatus: PaymentStatus;
  /** The lines as the e-mails show them, by line number. */
  lines: PricedLineDto[];
  lineRows: OrderLineRow[];
  /** The sum of the order's succeeded payments. */
  paidCents: number;
}

export const CHANGED_BY_SOMEONE_ELSE = 'This order was changed by someone else just now. Reload it and try again.';

export function orderNotFound(reference: string): AppError {
  return new AppError('not_found', `There is no order with reference ${reference}. Check the reference, or reload the orders list.`);
}

/** The order as it is now; 404 when unknown. */
export async function loadOrderForWrite(db: D1Database, reference: string): Promise<OrderForWrite> {
  const d = database(db);
  const [[row], lineRows, dto, paidCents] = await Promise.all([
    d.select().from(orders).where(eq(orders.reference, reference)).limit(1),
    d.select().from(orderLines).where(eq(orderLines.orderReference, reference)).orderBy(orderLines.lineNo),
    findOrder(db, reference),
    succeededCents(db, reference),
  ]);
  if (!row || !dto) throw orderNotFound(reference);
  return {
    row,
    status: row.fulfilmentStatus as FulfilmentStatus,
    method: row.fulfilmentMethod as FulfilmentMethod,
    paymentStatus: row.paymentStatus as PaymentStatus,
    lines: dto.blinds,
    lineRows,
    paidCents,
  };
}

export function factsOf(order: OrderForWrite): FulfilmentFacts {
  return {
    status: order.status,
    method: order.method,
    paymentStatus: order.paymentStatus,
    sizesToConfirm: sizesToConfirm(order.lines),
    kind: order.row.kind === 'samples' ? 'samples' : 'order',
  };
}

export function emailOrderOf(order: OrderForWrite, lines: readonly PricedLineDto[] = order.lines): FulfilmentEmailOrder {
  return {
    reference: order.row.reference,
    customerName: order.row.customerName,
    customerEmail: order.row.customerEmail,
    method: order.method,
    lines,
    // Money that was paid and not given back yet (a refunded order needs no refund promised).
    paid: order.paidCents > 0 && order.paymentStatus !== 'refunded',
    kind: order.row.kind === 'samples' ? 'samples' : 'order',
  };
}

/**
 * The actor of the change's order_events row, as SQL: the actor when `landed` (a condition on the row
 * the batch's UPDATE wrote) holds, else NULL, which the NOT NULL column refuses (see the file head).
 */
export function actorIfLanded(actor: string, landed: SQL): SQL {
  return sql`(select ${actor} where ${landed})`;
}

/** The batch failed because its UPDATE lost a race (actorIfLanded was NULL). */
export function isLostRace(err: unknown): boolean {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  return /NOT NULL constraint failed: order_events\.actor/i.test(text);
}

/** The ids of the outbox rows a batch's e-mail inserts returned (an ignored duplicate returns none). */
export function insertedIds(result: unknown): number[] {
  return ((result as { id: number }[] | undefined) ?? []).map((r) => r.id);
}
