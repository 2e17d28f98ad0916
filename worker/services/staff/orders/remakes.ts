// Remakes staff record against an order line (the /fit-guarantee page's 'How to claim'): the reason,
// the cost to the shop, and whether the line was covered by the fit guarantee, computed here from the
// stored line (measured from the photo and confirmed from it by staff), never typed. The remake, the
// order's event and the audit entry are one D1 batch. The dashboard reads the figures back.
import { asc, eq } from 'drizzle-orm';
import { database } from '../../../lib/db';
import { orderEvents, orderRemakes } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { fitGuaranteeOf } from '../../../shared/fit-guarantee';
import { formatRandFromCents } from '../../../shared/money';
import type { AdminOrderRemake, FitGuaranteeFigures, remakeClaimSchema } from '../../../shared/remakes-api';
import type { z } from 'zod';
import { auditStatement } from '../audit';
import { loadOrderForWrite } from './order-writes';
import type { OrderWrite } from './moves';

export type RemakeClaimInput = z.output<typeof remakeClaimSchema>;

/** POST /api/admin/orders/{reference}/lines/{lineNo}/remakes */
export async function recordRemake(
  db: D1Database,
  reference: string,
  lineNo: number,
  input: RemakeClaimInput,
  ctx: { actor: string; now: Date },
): Promise<OrderWrite & { covered: boolean }> {
  const order = await loadOrderForWrite(db, reference);
  const row = order.lineRows.find((l) => l.lineNo === lineNo);
  if (!row) throw new AppError('not_found', `Order ${reference} has no blind ${lineNo}. It has ${order.lineRows.length}.`);
  if (order.status === 'cancelled') throw new AppError('conflict', `Order ${reference} was cancelled: nothing of it was made to remake.`);
  const covered =
    fitGuaranteeOf({
      measuredSource: row.measuredSizeSource ?? row.sizeSource,
      hasPhoto: row.photoKey !== null,
      photoConfirmed: row.photoConfirmedAt !== null,
    }) === 'covered';
  const at = ctx.now.toISOString();
  const d = database(db);
  const note = `Remake of blind ${lineNo} (${row.productName}, ${row.widthMm} x ${row.dropMm} mm): ${input.reason}. Cost ${formatRandFromCents(input.costCents)}; ${covered ? 'covered by the fit guarantee' : 'not covered by the fit guarantee'}.`;
  const details = { lineNo, reason: input.reason, covered, costCents: input.costCents };
  await d.batch([
    d.insert(orderRemakes).values({
      orderReference: reference,
      lineNo,
      reason: input.reason,
      covered,
      costCents: input.costCents,
      actor: ctx.actor,
      createdAt: at,
    }),
    d
      .insert(orderEvents)
      .values({ orderReference: reference, kind: 'note', note, actor: ctx.actor, details: { remake: details }, createdAt: at }),
    auditStatement(db, { actor: ctx.actor, action: 'order.remake', target: reference, details }, ctx.now),
  ]);
  return { outboxIds: [], message: note, covered };
}

/** The order's remakes, oldest first (the staff order page). */
export async function remakesOf(db: D1Database, reference: string): Promise<AdminOrderRemake[]> {
  const rows = await database(db)
    .select()
    .from(orderRemakes)
    .where(eq(orderRemakes.orderReference, reference))
    .orderBy(asc(orderRemakes.createdAt), asc(orderRemakes.id));
  return rows.map((r) => ({
    id: r.id,
    lineNo: r.lineNo,
    reason: r.reason,
    covered: r.covered,
    costCents: r.costCents,
    actor: r.actor,
    createdAt: r.createdAt,
  }));
}

/** The dashboard's guarantee figures from `fromIso` on: lines confirmed from the photo, remakes covered and not. */
export async function fitGuaranteeFigures(db: D1Database, fromIso: string): Promise<FitGuaranteeFigures> {
  const [lines, remakes] = await Promise.all([
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM order_lines l JOIN orders o ON o.reference = l.order_reference
          WHERE l.photo_confirmed_at >= ?1 AND o.fulfilment_status != 'cancelled'`,
      )
      .bind(fromIso)
      .first<number>('n'),
    db
      .prepare(
        `SELECT SUM(CASE WHEN covered = 1 THEN 1 ELSE 0 END) AS covered_n, SUM(CASE WHEN covered = 1 THEN cost_cents ELSE 0 END) AS covered_cost,
                SUM(CASE WHEN covered = 0 THEN 1 ELSE 0 END) AS other_n, SUM(CASE WHEN covered = 0 THEN cost_cents ELSE 0 END) AS other_cost
           FROM order_remakes WHERE created_at >= ?1`,
      )
      .bind(fromIso)
      .first<{ covered_n: number | null; covered_cost: number | null; other_n: number | null; other_cost: number | null }>(),
  ]);
  return {
    linesCovered: lines ?? 0,
    coveredRemakes: remakes?.covered_n ?? 0,
    coveredRemakeCostCents: remakes?.covered_cost ?? 0,
    uncoveredRemakes: remakes?.other_n ?? 0,
    uncoveredRemakeCostCents: remakes?.other_cost ?? 0,
  };
}
