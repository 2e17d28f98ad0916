// PLACEHOLDER for the write side's tests only: the staff read side (GET /api/admin/orders/{reference})
// replaces this file with the whole detail. It answers the fields the writes' answers are checked on.
import type { Env } from '../../../env';
import type { AdminOrderDetail } from '../../../shared/admin-orders-api';
import { nextMoves, type OrderSource } from '../../../shared/fulfilment';
import { LINE_SIZE_SOURCE_LABELS } from '../../../shared/size-sources';
import type { StaffPaymentMethod } from '../../../shared/fulfilment';
import { factsOf, loadOrderForWrite } from './order-writes';

export async function orderDetail(env: Env, reference: string): Promise<AdminOrderDetail> {
  const o = await loadOrderForWrite(env.DB, reference);
  const facts = factsOf(o);
  return {
    reference: o.row.reference,
    createdAt: o.row.createdAt,
    customerName: o.row.customerName,
    customerPhone: o.row.customerPhone,
    customerEmail: o.row.customerEmail || null,
    totalCents: o.row.totalCents,
    paymentStatus: o.paymentStatus,
    fulfilmentStatus: o.status,
    fulfilmentMethod: o.method,
    source: o.row.source as OrderSource,
    lineCount: o.lines.length,
    sizesToConfirm: facts.sizesToConfirm,
    customerAddress: o.row.customerAddress,
    specialInstructions: o.row.specialInstructions,
    subtotalCents: o.row.subtotalCents,
    vatCents: o.row.vatCents,
    balanceDueCents: Math.max(0, o.row.totalCents - o.paidCents),
    paymentProvider: o.row.paymentProvider,
    paymentMethod: o.row.paymentMethod as StaffPaymentMethod | null,
    paidAt: o.row.paidAt,
    unpaidProductionReason: o.row.unpaidProductionReason,
    leadId: o.row.leadId,
    quoteId: o.row.quoteId,
    lines: o.lines.map((l) => ({
      ...l,
      size_source_label: l.size_source ? LINE_SIZE_SOURCE_LABELS[l.size_source] : '',
      manual_price_reason: o.lineRows.find((r) => r.lineNo === l.line_no)?.manualPriceReason ?? null,
    })),
    photos: [],
    payments: [],
    emails: [],
    tracking: [],
    events: [],
    audit: [],
    nextMoves: nextMoves(facts),
    timeline: { status: o.status, method: o.method, steps: [] },
  };
}
