// Tax invoices and credit notes (VAT Act section 20(4) 'full tax invoice', section 21 credit notes).
// Only a VAT vendor may issue one: without VAT_NUMBER (and BUSINESS_ADDRESS) none is issued and the
// receipt (services/receipt-pdf.ts) is the customer's only document. A document is issued when an
// order becomes paid in full (a verified gateway payment, or a staff-recorded paid order) and a
// credit note when a gateway reports a refund; each is frozen as issued and never renumbered.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Env } from '../env';
import { database } from '../lib/db';
import { isUniqueViolation } from '../lib/d1-errors';
import { businessProfile } from '../lib/business-profile';
import { invoices, orders } from '../db/schema';
import { vatInside } from '../shared/money';
import { normalVatNumber } from '../shared/vat-number';
import type { CreditNoteDto, OrderDto } from '../shared/orders-api';
import { describeOptions } from '../shared/product-options';

export type TaxDocumentKind = 'invoice' | 'credit_note';

/** The seller as section 20(4)(a)-(b) asks: name, address and VAT registration number. */
export interface TaxSupplier {
  name: string;
  address: string;
  vatNumber: string;
  email: string | null;
  phone: string | null;
}

export interface TaxDocumentLine {
  description: string;
  quantity: number;
  /** Amounts in cents; incl. = excl. + VAT. */
  unitExclCents: number;
  exclCents: number;
  vatCents: number;
  totalCents: number;
}

/** What a tax invoice or credit note says, frozen as JSON when it is issued. */
export interface TaxDocument {
  kind: TaxDocumentKind;
  number: number;
  issuedAt: string;
  orderReference: string;
  orderDate: string;
  supplier: TaxSupplier;
  customer: { name: string; address: string | null; email: string | null; vatNumber: string | null };
  lines: TaxDocumentLine[];
  exclCents: number;
  vatCents: number;
  totalCents: number;
  /** Paid through the sandbox gateway: no money was taken. */
  testPayment: boolean;
  /** A credit note's invoice and why it was issued. */
  creditsInvoice: number | null;
  reason: string | null;
}

/** The business as a tax invoice names it; null (no tax invoices) unless VAT_NUMBER and BUSINESS_ADDRESS are set. */
export function taxSupplier(env: Env): TaxSupplier | null {
  const vatNumber = normalVatNumber(env.VAT_NUMBER);
  const address = env.BUSINESS_ADDRESS?.trim();
  if (!vatNumber || !address) return null;
  const profile = businessProfile(env);
  return {
    name: profile.name,
    address,
    vatNumber,
    email: profile.email,
    phone: profile.phoneNational ?? profile.phoneGardenRoute,
  };
}

/**
 * Splits VAT-inclusive line totals into excl. VAT and VAT whose sums equal the document's own
 * (VAT = 15/115 of the total, as every other view of the order shows it): the cent a per-line
 * rounding may leave over goes to the largest line.
 */
function splitLines(
  items: readonly { description: string; quantity: number; totalCents: number }[],
  totalCents: number,
): TaxDocumentLine[] {
  const lines = items.map((item) => ({ ...item, vatCents: vatInside(item.totalCents) }));
  const drift = vatInside(totalCents) - lines.reduce((s, l) => s + l.vatCents, 0);
  if (drift !== 0 && lines.length) {
    const largest = lines.reduce((a, b) => (b.totalCents > a.totalCents ? b : a));
    largest.vatCents += drift;
  }
  return lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitExclCents: Math.round((l.totalCents - l.vatCents) / l.quantity),
    exclCents: l.totalCents - l.vatCents,
    vatCents: l.vatCents,
    totalCents: l.totalCents,
  }));
}

function totals(totalCents: number) {
  const vatCents = vatInside(totalCents);
  return { exclCents: totalCents - vatCents, vatCents, totalCents };
}

/** 'Roller Blind - Blockout, 1200 x 1500 mm, Bedford Charcoal': what was supplied (section 20(4)(e)). */
function lineDescription(line: OrderDto['blinds'][number]): string {
  const options = describeOptions(line.options);
  return `${line.product_name}, ${line.width_mm} × ${line.drop_mm} mm, ${line.colour}${options ? ` (${options})` : ''}`;
}

type Unnumbered = Omit<TaxDocument, 'number'>;

/** What a tax invoice is made from: the order as stored (or as a staff-recorded one is inserted). */
export type InvoiceOrder = Pick<
  OrderDto,
  | 'reference'
  | 'order_date'
  | 'customer_name'
  | 'customer_address'
  | 'customer_email'
  | 'customer_vat_number'
  | 'blinds'
  | 'total_cents'
  | 'test_payment'
>;

/** The tax invoice of a paid order, before it has its number. */
export function invoiceDocument(order: InvoiceOrder, supplier: TaxSupplier, issuedAt: string): Unnumbered {
  return {
    kind: 'invoice',
    issuedAt,
    orderReference: order.reference,
    orderDate: order.order_date,
    supplier,
    customer: {
      name: order.customer_name,
      address: order.customer_address,
      email: order.customer_email || null,
      vatNumber: order.customer_vat_number ?? null,
    },
    lines: splitLines(
      order.blinds.map((l) => ({ description: lineDescription(l), quantity: l.quantity, totalCents: l.total_cents })),
      order.total_cents,
    ),
    ...totals(order.total_cents),
    testPayment: order.test_payment,
    creditsInvoice: null,
    reason: null,
  };
}

/**
 * The credit note of a refund on an invoiced order: the invoice's lines when the whole invoice is
 * refunded, else one line for the amount refunded. Same supplier and customer as the invoice.
 */
export function creditNoteDocument(invoice: TaxDocument, refundCents: number, issuedAt: string): Unnumbered {
  const whole = refundCents === invoice.totalCents;
  return {
    ...invoice,
    kind: 'credit_note',
    issuedAt,
    lines: whole
      ? invoice.lines
      : splitLines([{ description: `Partial refund on tax invoice ${invoice.number}`, quantity: 1, totalCents: refundCents }], refundCents),
    ...totals(refundCents),
    creditsInvoice: invoice.number,
    reason: whole ? `Refund of order ${invoice.orderReference}` : `Partial refund of order ${invoice.orderReference}`,
  };
}

/**
 * Issues a document with the next number of the one sequence, as ONE statement (for a D1 batch):
 * MAX + 1 is read inside the INSERT, so no two documents share a number and none is skipped. It
 * issues nothing when `onlyIf` (SQL) does not hold, or when the order already has its invoice (or
 * the refund its credit note); a number taken at the same instant elsewhere fails it on the primary
 * key, and the caller retries the whole batch (withNumberRetry).
 */
function issueStatement(db: D1Database, doc: Unnumbered, refundPaymentId: string | null, onlyIf: ReturnType<typeof sql>) {
  const conflict = doc.kind === 'invoice' ? sql`(order_reference) WHERE kind = 'invoice'` : sql`(refund_payment_id)`;
  // Columns in the table's order (drizzle lists them all). The number is also written into the frozen
  // document, by json_set from the same MAX + 1. The conflict clause rides inside the SELECT's SQL:
  // drizzle would put a partial index's WHERE after DO NOTHING, where SQLite does not take it.
  return database(db)
    .insert(invoices)
    .select(
      sql`SELECT next.n, ${doc.kind}, ${doc.orderReference}, ${refundPaymentId}, ${doc.issuedAt}, json_set(${JSON.stringify(doc)}, '$.number', next.n)
    FROM (SELECT coalesce(max(number), 0) + 1 AS n FROM ${invoices}) AS next
    WHERE ${onlyIf}
    ON CONFLICT ${conflict} DO NOTHING`,
    )
    .returning({ number: invoices.number });
}

/** The statement issuing an order's tax invoice, which takes effect only if the order is paid in full by then. */
export function invoiceStatement(db: D1Database, order: InvoiceOrder, supplier: TaxSupplier, now: Date) {
  return issueStatement(
    db,
    invoiceDocument(order, supplier, now.toISOString()),
    null,
    sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.reference} = ${order.reference} AND ${orders.paymentStatus} = 'paid')`,
  );
}

/** The statement issuing the credit note of one refund (its provider payment id) on an invoiced order. */
export function creditNoteStatement(db: D1Database, invoice: TaxDocument, refundPaymentId: string, refundCents: number, now: Date) {
  return issueStatement(
    db,
    creditNoteDocument(invoice, refundCents, now.toISOString()),
    refundPaymentId,
    sql`EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.number} = ${invoice.number} AND ${invoices.kind} = 'invoice')`,
  );
}

/** Runs `attempt` again (up to 5 times) when a document number was taken at the same instant. */
export async function withNumberRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (i >= 4 || !numberTaken(err)) throw err;
    }
  }
}

/** A UNIQUE failure of the document number itself (another UNIQUE, e.g. a payment id, is no reason to retry). */
function numberTaken(err: unknown): boolean {
  const text = `${(err as Error)?.message ?? err}${(err as { cause?: unknown })?.cause ?? ''}`;
  return isUniqueViolation(err) && /invoices\.number/i.test(text);
}

/**
 * Issues the tax invoice of a paid order on its own (for a payment path that cannot put it in its
 * own batch). Returns the order's invoice number, new or already issued; null when no invoice is
 * due (not a VAT vendor, unknown or not fully paid order).
 */
export async function issueTaxInvoice(env: Env, order: InvoiceOrder, now = new Date()): Promise<number | null> {
  const supplier = taxSupplier(env);
  if (!supplier) return null;
  const issued = await withNumberRetry(() => invoiceStatement(env.DB, order, supplier, now));
  return issued[0]?.number ?? (await findTaxDocument(env.DB, order.reference, 'invoice'))?.number ?? null;
}

/**
 * What the order page shows of an order's tax documents, from one read of them: whether its tax
 * invoice is issued, and the credit notes issued on its refunds, oldest first.
 */
export async function orderTaxDocuments(
  db: D1Database,
  reference: string,
): Promise<{ hasTaxInvoice: boolean; creditNotes: CreditNoteDto[] }> {
  const rows = await database(db)
    .select({ kind: invoices.kind, document: invoices.document })
    .from(invoices)
    .where(eq(invoices.orderReference, reference))
    .orderBy(asc(invoices.number));
  const creditNotes = rows.flatMap(({ kind, document }) => {
    if (kind !== 'credit_note') return [];
    const doc = document as TaxDocument;
    return [{ number: doc.number, total_cents: doc.totalCents, issued_at: doc.issuedAt }];
  });
  return { hasTaxInvoice: rows.some((row) => row.kind === 'invoice'), creditNotes };
}

/** An order's tax invoice, or one of its credit notes by number; null when there is none. */
export async function findTaxDocument(
  db: D1Database,
  reference: string,
  kind: TaxDocumentKind,
  number?: number,
): Promise<TaxDocument | null> {
  const [row] = await database(db)
    .select({ document: invoices.document })
    .from(invoices)
    .where(
      and(eq(invoices.orderReference, reference), eq(invoices.kind, kind), number === undefined ? undefined : eq(invoices.number, number)),
    )
    .orderBy(asc(invoices.number))
    .limit(1);
  return row ? (row.document as TaxDocument) : null;
}
