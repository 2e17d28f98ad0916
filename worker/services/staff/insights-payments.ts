// Paid revenue split by the way customers paid (issue: one checkout; staff spec section 2.12 insights):
// from the payments actually received (succeeded payment rows), never order totals, so a part-paid
// order counts what came in. Card: Yoco or PayFast; instant EFT: Ozow; bank transfer: a transfer
// staff matched to the order; manual: any other payment staff recorded (cash, card machine, a card
// link, payment on delivery). The sandbox's test
// payments took no money and are counted apart.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { database } from '../../lib/db';
import { PAYMENT_METHOD_LABELS, type PaymentMethodFigure, type RevenueMethod } from '../../shared/insights-api';

/** SQL: the way a payment row was paid, by its provider (and, for staff-recorded ones, the method staff chose). */
const methodOf = sql<string>`case
  when ${payments.provider} in ('yoco', 'payfast') then 'card'
  when ${payments.provider} = 'ozow' then 'instant_eft'
  when ${payments.provider} = 'manual' and json_extract(${payments.raw}, '$.paymentMethod') = 'bank_transfer' then 'bank_transfer'
  when ${payments.provider} = 'manual' then 'manual'
  when ${payments.provider} = 'sandbox' then 'test'
  else 'other' end`;

const ORDER: RevenueMethod[] = ['card', 'instant_eft', 'bank_transfer', 'manual'];

/** Payments and rand received per way of paying in [start, end) (UTC instants), every method listed, test payments last. */
export async function revenueByMethod(db: D1Database, start: string, end: string): Promise<PaymentMethodFigure[]> {
  const rows = await database(db)
    .select({ method: methodOf, n: sql<number>`count(*)`, cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(and(eq(payments.status, 'succeeded'), gte(payments.createdAt, start), lt(payments.createdAt, end)))
    .groupBy(methodOf);
  const byMethod = new Map(rows.map((r) => [r.method, r]));
  const figure = (method: RevenueMethod | 'test'): PaymentMethodFigure => ({
    method,
    label: PAYMENT_METHOD_LABELS[method],
    payments: Number(byMethod.get(method)?.n ?? 0),
    revenue: Number(byMethod.get(method)?.cents ?? 0) / 100,
  });
  const figures = ORDER.map(figure);
  const test = figure('test');
  return test.payments > 0 ? [...figures, test] : figures;
}
