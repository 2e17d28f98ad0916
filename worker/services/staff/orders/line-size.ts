// Staff confirm or correct a line's size before production (storefront spec section 7b, staff spec
// 2.6): only while the order is 'received'. The server re-prices the line by today's grid (the client
// sends no price), marks the size 'staff-confirmed', records the old and new size and price, and
// records whether staff checked it against the customer's photo (the fit guarantee), then
// recomputes the order's totals, all in one D1 batch with the event, the audit entry and, when the
// total changed, the customer's e-mail with the new total and what it means for payment.
import { and, eq, sql } from 'drizzle-orm';
import { database } from '../../../lib/db';
import { orderEvents, orderLines, orders } from '../../../db/schema';
import type { Env } from '../../../env';
import { AppError } from '../../../lib/errors';
import { FULFILMENT_LABELS } from '../../../shared/fulfilment';
import type { lineSizeCorrectionSchema } from '../../../shared/admin-orders-api';
import { canConfirmFromPhoto } from '../../../shared/fit-guarantee';
import type { PricedLineDto } from '../../../shared/orders-api';
import { LINE_SIZE_SOURCE_LABELS, type StoredSizeSource } from '../../../shared/size-sources';
import { formatRandFromCents } from '../../../shared/money';
import type { z } from 'zod';
import { orderTotalChangedEmail } from '../../email/fulfilment-emails';
import { outboxInsert } from '../../email/outbox';
import { fitGuaranteeFields, totalsOf } from '../../orders';
import { gridForProduct } from '../../pricing';
import { priceWithOptions } from '../../product-options';
import { auditStatement } from '../audit';
import { actorIfLanded, CHANGED_BY_SOMEONE_ELSE, emailOrderOf, insertedIds, isLostRace, loadOrderForWrite } from './order-writes';
import type { OrderWrite } from './moves';

export type LineSizeCorrectionInput = z.output<typeof lineSizeCorrectionSchema>;

/** PATCH /api/admin/orders/{reference}/lines/{lineNo} */
export async function correctLineSize(
  env: Env,
  reference: string,
  lineNo: number,
  input: LineSizeCorrectionInput,
  ctx: { actor: string; origin: string | null; now: Date },
): Promise<OrderWrite> {
  const db = env.DB;
  const order = await loadOrderForWrite(db, reference);
  if (order.row.kind === 'samples')
    throw new AppError('conflict', `Order ${reference} is free colour samples: a swatch has no size to confirm or correct.`);
  if (order.status !== 'received')
    throw new AppError(
      'conflict',
      `Sizes can be corrected only while the order is '${FULFILMENT_LABELS.received}'. This order is '${FULFILMENT_LABELS[order.status]}': its sizes are settled.`,
    );
  const row = order.lineRows.find((l) => l.lineNo === lineNo);
  const line = order.lines.find((l) => l.line_no === lineNo);
  if (!row || !line) throw new AppError('not_found', `Order ${reference} has no blind ${lineNo}. It has ${order.lineRows.length}.`);
  const sizeChanged = row.widthMm !== input.widthMm || row.dropMm !== input.dropMm;
  // The first measurement is kept through every confirmation: the fit guarantee reads it.
  const measuredSource = row.measuredSizeSource ?? row.sizeSource;
  if (input.confirmedFromPhoto && !canConfirmFromPhoto({ measuredSource, hasPhoto: row.photoKey !== null }))
    throw new AppError(
      'validation_error',
      `Blind ${lineNo} was not measured from a photo with a real size (it was ${measuredSource ? (LINE_SIZE_SOURCE_LABELS[measuredSource as StoredSizeSource] ?? measuredSource) : 'not recorded'}${row.photoKey ? '' : ', and no photo is kept'}), so its size cannot be confirmed from the photo. Confirm it without the photo option.`,
      {
        issues: [
          {
            path: 'confirmedFromPhoto',
            message: 'only for a line measured with the A4 scan or the polygon tool from a real size, with its photo',
          },
        ],
      },
    );
  const photoConfirmedAt = input.confirmedFromPhoto ? ctx.now.toISOString() : null;
  const photoConfirmedBy = input.confirmedFromPhoto ? ctx.actor : null;

  let unitPriceCents = row.unitPriceCents;
  let priceListVersion = row.priceListVersion;
  let priceIsSample = row.priceIsSample;
  let options = line.options;
  if (row.manualPriceReason !== null) {
    // A price staff set by hand is not the grid's: a new size needs a new price from staff.
    if (sizeChanged)
      throw new AppError(
        'conflict',
        `Blind ${lineNo} was priced by hand (${row.manualPriceReason}), so the grid cannot re-price a new size. Confirm the size as it is, or cancel this order and record it again with the new size and its price.`,
      );
  } else {
    const grid = await gridForProduct(db, row.productId);
    if (!grid)
      throw new AppError(
        'conflict',
        `Blind ${lineNo} (${row.productName}) has no price list any more, so it cannot be re-priced. Add its price list first.`,
      );
    // A shutter or awning keeps the options the customer chose, priced at today's charges; a panel
    // count the corrected width no longer allows is refused with the counts it does.
    const chosen = Object.fromEntries((line.options ?? []).map((o) => [o.group, o.code]));
    const price = await priceWithOptions(db, grid, input.widthMm, input.dropMm, chosen);
    if (!price.ok)
      throw new AppError('validation_error', `Blind ${lineNo} (${input.widthMm} x ${input.dropMm} mm): ${price.message}`, {
        issues: [{ path: 'widthMm', message: price.message }],
      });
    unitPriceCents = price.priceCents;
    priceListVersion = grid.version;
    priceIsSample = price.isSample;
    if (line.options?.length) options = price.options;
  }
  const lineTotalCents = unitPriceCents * row.quantity;
  const newLine: PricedLineDto = {
    ...line,
    width_mm: input.widthMm,
    drop_mm: input.dropMm,
    price: unitPriceCents / 100,
    total_price: lineTotalCents / 100,
    unit_price_cents: unitPriceCents,
    total_cents: lineTotalCents,
    price_list_version: priceListVersion,
    sample_price: priceIsSample,
    size_source: 'staff-confirmed',
    size_estimated: false,
    ...fitGuaranteeFields(measuredSource, row.photoKey !== null, input.confirmedFromPhoto),
    ...(options?.length ? { options } : {}),
  };
  const lines = order.lines.map((l) => (l.line_no === lineNo ? newLine : l));
  const totals = totalsOf(lines);
  const oldTotalCents = order.row.totalCents;
  const totalChanged = totals.totalCents !== oldTotalCents;
  const balanceCents = totals.totalCents - order.paidCents;
  // Paid in full before, and the total went up: the difference is owed (shared agreement 'part_paid').
  const paymentStatus =
    totalChanged && order.paidCents > 0 && balanceCents > 0 && (order.paymentStatus === 'paid' || order.paymentStatus === 'part_paid')
      ? 'part_paid'
      : totalChanged && order.paymentStatus === 'part_paid' && balanceCents <= 0
        ? 'paid'
        : order.paymentStatus;

  const at = ctx.now.toISOString();
  const d = database(db);
  const lineUpdate = d
    .update(orderLines)
    .set({
      widthMm: input.widthMm,
      dropMm: input.dropMm,
      unitPriceCents,
      totalCents: lineTotalCents,
      priceListVersion,
      priceIsSample,
      sizeSource: 'staff-confirmed',
      measuredSizeSource: measuredSource,
      // A later confirmation without the photo takes the guarantee back: that size was not checked against it.
      photoConfirmedAt,
      photoConfirmedBy,
      options: options?.length ? options : null,
    })
    .where(
      and(
        eq(orderLines.orderReference, reference),
        eq(orderLines.lineNo, lineNo),
        eq(orderLines.widthMm, row.widthMm),
        eq(orderLines.dropMm, row.dropMm),
        eq(orderLines.unitPriceCents, row.unitPriceCents),
      ),
    );
  // Conditional on the order as read: still 'received', the same total and payment status.
  const orderUpdate = d
    .update(orders)
    .set({ ...totals, paymentStatus })
    .where(
      and(
        eq(orders.reference, reference),
        eq(orders.fulfilmentStatus, 'received'),
        eq(orders.totalCents, oldTotalCents),
        eq(orders.paymentStatus, order.paymentStatus),
      ),
    );
  const landed = sql`exists (select 1 from ${orders} where ${orders.reference} = ${reference} and ${orders.fulfilmentStatus} = 'received' and ${orders.totalCents} = ${totals.totalCents} and ${orders.paymentStatus} = ${paymentStatus})
    and exists (select 1 from ${orderLines} where ${orderLines.orderReference} = ${reference} and ${orderLines.lineNo} = ${lineNo} and ${orderLines.widthMm} = ${input.widthMm} and ${orderLines.dropMm} = ${input.dropMm} and ${orderLines.sizeSource} = 'staff-confirmed')`;
  const size = (w: number, dr: number, unit: number, total: number) => ({
    widthMm: w,
    dropMm: dr,
    unitPriceCents: unit,
    totalCents: total,
  });
  const details = {
    lineNo,
    reason: input.reason,
    old: size(row.widthMm, row.dropMm, row.unitPriceCents, row.totalCents),
    new: size(input.widthMm, input.dropMm, unitPriceCents, lineTotalCents),
    oldSizeSource: row.sizeSource,
    measuredSizeSource: measuredSource,
    confirmedFromPhoto: input.confirmedFromPhoto,
    orderTotal: { old: oldTotalCents, new: totals.totalCents },
    ...(paymentStatus !== order.paymentStatus ? { paymentStatus: { old: order.paymentStatus, new: paymentStatus } } : {}),
  };
  const event = d.insert(orderEvents).values({
    orderReference: reference,
    kind: 'line',
    note: input.reason,
    actor: actorIfLanded(ctx.actor, landed),
    details,
    createdAt: at,
  });
  const audit = auditStatement(db, { actor: ctx.actor, action: 'order.line-size', target: reference, details }, ctx.now);
  // Less to pay than was paid: the refund due is on the order's record for staff to pay back.
  const refundDue = totalChanged && order.paidCents > totals.totalCents ? order.paidCents - totals.totalCents : 0;
  const refundNote = refundDue
    ? d.insert(orderEvents).values({
        orderReference: reference,
        kind: 'payment',
        note: `Refund due: ${formatRandFromCents(refundDue)} (the total went down from ${formatRandFromCents(oldTotalCents)} to ${formatRandFromCents(totals.totalCents)} after blind ${lineNo} was corrected).`,
        actor: ctx.actor,
        details: { refundDueCents: refundDue, paidCents: order.paidCents, totalCents: totals.totalCents },
        createdAt: at,
      })
    : null;
  const email = totalChanged
    ? orderTotalChangedEmail(
        env,
        emailOrderOf(order, lines),
        {
          oldTotalCents,
          newTotalCents: totals.totalCents,
          paidCents: order.paidCents,
          lineNo,
          productName: row.productName,
          oldSize: { widthMm: row.widthMm, dropMm: row.dropMm },
          newSize: { widthMm: input.widthMm, dropMm: input.dropMm },
        },
        ctx.origin,
        ctx.now,
      )
    : null;
  const head = [lineUpdate, orderUpdate, event, audit] as const;
  const tail = [...(refundNote ? [refundNote] : []), ...(email ? [outboxInsert(db, email, ctx.now)] : [])];
  try {
    const results = tail.length ? await d.batch([...head, ...tail]) : await d.batch([...head]);
    const outboxIds = email ? insertedIds(results[results.length - 1]) : [];
    const what = sizeChanged
      ? `Blind ${lineNo} is now ${input.widthMm} x ${input.dropMm} mm, ${formatRandFromCents(lineTotalCents)}.`
      : `Blind ${lineNo}'s size ${input.widthMm} x ${input.dropMm} mm is confirmed.`;
    const total = totalChanged
      ? ` The order's total is now ${formatRandFromCents(totals.totalCents)} (was ${formatRandFromCents(oldTotalCents)}).`
      : '';
    return { outboxIds, message: `${what}${total}` };
  } catch (err) {
    if (isLostRace(err)) throw new AppError('conflict', CHANGED_BY_SOMEONE_ELSE);
    throw err;
  }
}
