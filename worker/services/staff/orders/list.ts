// The staff orders list (staff spec 2.6; GET /api/admin/orders): newest first, searched by reference,
// phone, e-mail or name, filtered by fulfilment and payment status, source, South African days and
// the dashboard's alerts, a page at a time behind an opaque cursor. Every filter and search is served
// by an index of migrations 0009 and 0010 (scripts/bench/admin-orders.mjs measures them with 50,000
// orders).
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type adminOrdersQuerySchema,
  type AdminOrdersListResponse,
  type AdminOrderSummary,
} from '../../../shared/admin-orders-api';
import { phoneKey } from '../../../shared/contact-normal-form';
import type { FulfilmentMethod, FulfilmentStatus, OrderSource } from '../../../shared/fulfilment';
import type { PaymentStatus } from '../../../shared/orders-api';
import { addDays, startOfSouthAfricanDay } from '../../../shared/sa-time';
import { AppError } from '../../../lib/errors';
import { fromBase64, toBase64Url } from '../../../lib/base64';
import { awaitingTransferCondition, ESTIMATED_SOURCES_SQL, orderAlertCondition, type SqlCondition } from './alerts';
import type { z } from 'zod';

export type AdminOrdersQueryInput = z.output<typeof adminOrdersQuerySchema>;

/** Where a page ends: the last order's created_at and reference (the list's order, ties broken by reference). */
interface Cursor {
  createdAt: string;
  reference: string;
}

const BAD_CURSOR = 'cursor: this page link is not valid any more. Reload the orders list from its first page.';

export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(new TextEncoder().encode(`${cursor.createdAt}|${cursor.reference}`));
}

function decodeCursor(raw: string): Cursor {
  const bytes = /^[\w-]+$/.test(raw) ? fromBase64(raw.replace(/-/g, '+').replace(/_/g, '/')) : null;
  const text = bytes ? new TextDecoder().decode(bytes) : '';
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)\|(CB-[A-Z0-9]{1,16})$/.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]!)))
    throw new AppError('validation_error', BAD_CURSOR, { issues: [{ path: 'cursor', message: 'is not a page link of this list' }] });
  return { createdAt: match[1]!, reference: match[2]! };
}

/**
 * What q asks for. A reference ('CB-7K2M...', any case, a prefix too; 'cb7k2m' without the hyphen when
 * it has a digit), an e-mail address (has '@'), a phone number (7 or more digits and only phone
 * punctuation), else part of a name.
 */
export function searchCondition(q: string): (SqlCondition & { index?: string }) | null {
  const text = q.trim();
  const upper = text.toUpperCase();
  const reference =
    /^CB-([A-Z0-9]{0,16})$/.exec(upper) ?? (/^CB([A-Z0-9]{2,16})$/.test(upper) && /\d/.test(upper) ? /^CB([A-Z0-9]+)$/.exec(upper) : null);
  if (reference) {
    // 'CB-' alone names every order: no condition, rather than sorting them all by hand.
    if (reference[1] === '') return null;
    const prefix = `CB-${reference[1]}`;
    // A range on the primary key: a prefix finds every reference that starts with it.
    return { sql: 'o.reference >= ? AND o.reference < ?', params: [prefix, `${prefix}\u{10FFFF}`] };
  }
  if (text.includes('@')) {
    // Stored as the customer typed it: compared in lower case (the orders_email_lower index).
    return { sql: 'lower(o.customer_email) = lower(?)', params: [text] };
  }
  const key = /^[\d\s+().-]+$/.test(text) ? phoneKey(text) : null;
  if (key) return { sql: 'o.customer_phone_key = ?', params: [key] };
  // Part of a name is read from the (created_at, customer_name) index newest first, never from the
  // orders' rows: SQLite's planner would otherwise scan the table (ten times slower with 50,000
  // orders, scripts/bench/admin-orders.mjs).
  return {
    sql: "o.customer_name LIKE ? ESCAPE '\\'",
    params: [`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
    index: 'orders_created_name',
  };
}

interface SummaryRow {
  reference: string;
  created_at: string;
  customer_name: string;
  customer_phone: string | null;
  customer_email: string;
  total_cents: number;
  payment_status: string;
  fulfilment_status: string;
  fulfilment_method: string;
  source: string;
  kind: string;
  line_count: number | null;
  estimated_lines: number | null;
}

/** A list row or the head of the detail: '' e-mail (staff-recorded without one) is null. */
export function summaryOf(row: SummaryRow): AdminOrderSummary {
  return {
    reference: row.reference,
    createdAt: row.created_at,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    customerEmail: row.customer_email.trim() === '' ? null : row.customer_email,
    totalCents: row.total_cents,
    paymentStatus: row.payment_status as PaymentStatus,
    fulfilmentStatus: row.fulfilment_status as FulfilmentStatus,
    fulfilmentMethod: row.fulfilment_method as FulfilmentMethod,
    source: row.source as OrderSource,
    lineCount: row.line_count ?? 0,
    sizesToConfirm: (row.estimated_lines ?? 0) > 0,
    kind: row.kind === 'samples' ? 'samples' : 'order',
  };
}

/** The columns of a summary row from `orders o` (line counts come from the grouped lines query). */
export const SUMMARY_COLUMNS = `o.reference, o.created_at, o.customer_name, o.customer_phone, o.customer_email, o.total_cents,
  o.payment_status, o.fulfilment_status, o.fulfilment_method, o.source, o.kind`;

/** The line count and estimated lines of some orders, one grouped query (no query per order). */
export const LINE_FACTS = `SELECT order_reference, COUNT(*) AS line_count,
  SUM(CASE WHEN size_source IN (${ESTIMATED_SOURCES_SQL}) THEN 1 ELSE 0 END) AS estimated_lines
  FROM order_lines WHERE order_reference IN (SELECT reference FROM page) GROUP BY order_reference`;

export async function listOrders(db: D1Database, query: AdminOrdersQueryInput, now = new Date()): Promise<AdminOrdersListResponse> {
  const conditions: SqlCondition[] = [];
  const search = query.q ? searchCondition(query.q) : null;
  if (search) conditions.push(search);
  if (query.status) conditions.push({ sql: 'o.fulfilment_status = ?', params: [query.status] });
  if (query.payment === 'awaiting_transfer') conditions.push(awaitingTransferCondition());
  else if (query.payment) conditions.push({ sql: 'o.payment_status = ?', params: [query.payment] });
  if (query.source) conditions.push({ sql: 'o.source = ?', params: [query.source] });
  if (query.kind) conditions.push({ sql: 'o.kind = ?', params: [query.kind] });
  if (query.from) conditions.push({ sql: 'o.created_at >= ?', params: [startOfSouthAfricanDay(query.from)] });
  if (query.to) conditions.push({ sql: 'o.created_at < ?', params: [startOfSouthAfricanDay(addDays(query.to, 1))] });
  if (query.alert) conditions.push(orderAlertCondition(query.alert, now));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    // After the cursor in (created_at DESC, reference DESC): the first term keeps an index range.
    conditions.push({
      sql: 'o.created_at <= ? AND (o.created_at < ? OR o.reference < ?)',
      params: [cursor.createdAt, cursor.createdAt, cursor.reference],
    });
  }
  const where = conditions.length ? `WHERE ${conditions.map((c) => `(${c.sql})`).join(' AND ')}` : '';
  // One round trip: the page (one more row than shown, to know whether another page follows) and
  // the line facts of exactly its orders. MATERIALIZED: the page is read once, not once per use.
  const { results } = await db
    .prepare(
      `WITH page AS MATERIALIZED (SELECT ${SUMMARY_COLUMNS} FROM orders o${search?.index ? ` INDEXED BY ${search.index}` : ''} ${where} ORDER BY o.created_at DESC, o.reference DESC LIMIT ?),
       lines AS (${LINE_FACTS})
       SELECT page.*, lines.line_count, lines.estimated_lines FROM page LEFT JOIN lines ON lines.order_reference = page.reference
       ORDER BY page.created_at DESC, page.reference DESC`,
    )
    .bind(...conditions.flatMap((c) => c.params), ADMIN_ORDERS_PAGE_SIZE + 1)
    .all<SummaryRow>();
  const rows = results.slice(0, ADMIN_ORDERS_PAGE_SIZE);
  const last = rows.at(-1);
  return {
    success: true,
    orders: rows.map(summaryOf),
    nextCursor:
      results.length > ADMIN_ORDERS_PAGE_SIZE && last ? encodeCursor({ createdAt: last.created_at, reference: last.reference }) : null,
  };
}
