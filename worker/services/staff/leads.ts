// The staff leads page (staff spec 2.10): list with counts and search, follow-up status and notes (a
// history: each note one more entry, audited in the same batch), and the CSV export, safe against
// spreadsheet formula injection.
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { database } from '../../lib/db';
import { leadNotes, leads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { phoneKey } from '../../shared/contact-normal-form';
import {
  FOLLOW_UP_STATUSES,
  leadSizeSummary,
  type FollowUpStatus,
  type LeadCounts,
  type LeadDto,
  type LeadListResponse,
} from '../../shared/leads-api';
import { southAfricanDay } from '../../shared/sa-time';
import { toCsv, type CsvValue } from '../../shared/csv';
import { auditStatement } from './audit';

type LeadRow = typeof leads.$inferSelect;

/** The page shows at most this many; the CSV has them all. */
export const LEAD_LIST_LIMIT = 1000;

export function leadDto(row: LeadRow): LeadDto {
  const status = (FOLLOW_UP_STATUSES as readonly string[]).includes(row.followUpStatus) ? (row.followUpStatus as FollowUpStatus) : 'new';
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    whatsapp: row.whatsapp,
    location: row.location,
    source: row.source,
    productInterest: row.productInterest,
    sessionData: row.sessionData ?? null,
    notes: row.notes,
    followUpStatus: status,
    popiaConsent: row.popiaConsent,
    createdAt: row.createdAt,
    lastContactedAt: row.lastContactedAt,
    orderReference: row.orderReference,
  };
}

export async function leadCounts(db: D1Database): Promise<LeadCounts> {
  const rows = await database(db).select({ status: leads.followUpStatus, n: count() }).from(leads).groupBy(leads.followUpStatus);
  const counts: LeadCounts = { total: 0, new: 0, contacted: 0, quoted: 0, closed: 0 };
  for (const { status, n } of rows) {
    counts.total += n;
    if ((FOLLOW_UP_STATUSES as readonly string[]).includes(status)) counts[status as FollowUpStatus] += n;
  }
  return counts;
}

/** The digits of a stored number, whatever its spelling ('+27 (82) 555-0101' -> '27825550101'). */
const digitsOf = (col: SQLiteColumn) =>
  sql`replace(replace(replace(replace(replace(replace(coalesce(${col}, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')`;

/**
 * What the leads search matches: part of the name, e-mail or area (any case), words in any note of
 * the history, and a phone or WhatsApp number in any common South African spelling (its last nine
 * digits, phoneKey, as the orders search). instr() rather than LIKE, so '%' and '_' are plain text.
 */
export function leadSearch(q: string): SQL | undefined {
  const text = q.trim().toLowerCase();
  if (!text) return undefined;
  const has = (col: SQLiteColumn) => sql`instr(lower(coalesce(${col}, '')), ${text}) > 0`;
  const conds: SQL[] = [
    has(leads.name),
    has(leads.email),
    has(leads.location),
    has(leads.notes),
    sql`exists (select 1 from ${leadNotes} where ${leadNotes.leadId} = ${leads.id} and instr(lower(${leadNotes.text}), ${text}) > 0)`,
  ];
  const key = /^[\d\s+().-]+$/.test(text) ? phoneKey(text) : null;
  if (key) conds.push(sql`instr(${digitsOf(leads.phone)}, ${key}) > 0`, sql`instr(${digitsOf(leads.whatsapp)}, ${key}) > 0`);
  return or(...conds);
}

/** Newest first; `status` and the search `q` filter the list, the counts are always of every lead. */
export async function listLeads(
  db: D1Database,
  filter: { status?: FollowUpStatus; q?: string } = {},
  limit = LEAD_LIST_LIMIT,
): Promise<LeadListResponse> {
  const d = database(db);
  const where = and(filter.status ? eq(leads.followUpStatus, filter.status) : undefined, filter.q ? leadSearch(filter.q) : undefined);
  const rows = await d.select().from(leads).where(where).orderBy(desc(leads.createdAt)).limit(limit);
  return { leads: rows.map(leadDto), counts: await leadCounts(db) };
}

export interface LeadChange {
  followUpStatus?: FollowUpStatus;
  notes?: string;
}

/**
 * Status and/or a note; lastContactedAt is set whenever the status is set to 'contacted'. A note is
 * one more entry of the notes history (never overwriting one) and leads.notes keeps the latest text
 * for the list and the CSV. 404 for an unknown id.
 */
export async function updateLead(db: D1Database, id: string, change: LeadChange, actor: string, now = new Date()): Promise<LeadDto> {
  const d = database(db);
  const [existing] = await d.select().from(leads).where(eq(leads.id, id)).limit(1);
  if (!existing) throw new AppError('not_found', `There is no lead with id ${id}.`);
  const set: Partial<LeadRow> = {};
  if (change.followUpStatus !== undefined) set.followUpStatus = change.followUpStatus;
  if (change.followUpStatus === 'contacted') set.lastContactedAt = now.toISOString();
  const note = change.notes?.trim();
  if (note) set.notes = note;
  const [[updated]] = await d.batch([
    d.update(leads).set(set).where(eq(leads.id, id)).returning(),
    ...(note ? [d.insert(leadNotes).values({ leadId: id, actor, text: note, createdAt: now.toISOString() })] : []),
    // No personal data in the audit trail: what changed, not the note's text.
    auditStatement(
      db,
      {
        actor,
        action: 'lead.update',
        target: id,
        details: { followUpStatus: change.followUpStatus ?? null, from: existing.followUpStatus, notesChanged: Boolean(note) },
      },
      now,
    ),
  ] as unknown as Parameters<typeof d.batch>[0]);
  if (!updated) throw new AppError('not_found', `There is no lead with id ${id}.`);
  return leadDto(updated);
}

export const LEAD_CSV_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'whatsapp',
  'location',
  'source',
  'productInterest',
  'followUpStatus',
  'notes',
  'createdAt',
  'lastContactedAt',
  'popiaConsent',
  // What the customer chose (staff spec section 3 'Lead' sessionData): the product, colour and sizes.
  'product',
  'colour',
  'sizes',
] as const;

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** One CSV row: the lead's fields, then the product (by name, else its id), colour and sizes it was left with. */
function csvRow(lead: LeadDto): CsvValue[] {
  const session = lead.sessionData ?? {};
  const chosen: Record<'product' | 'colour' | 'sizes', string | null> = {
    product: lead.productInterest ?? textOf(session.blindType),
    colour: textOf(session.colour) ?? textOf(session.color),
    sizes: leadSizeSummary(lead.sessionData),
  };
  return LEAD_CSV_COLUMNS.map((col) => (col === 'product' || col === 'colour' || col === 'sizes' ? chosen[col] : lead[col]));
}

/** Every lead, newest first, CRLF line ends (RFC 4180). */
export async function leadsCsv(db: D1Database): Promise<string> {
  const rows = await database(db).select().from(leads).orderBy(desc(leads.createdAt));
  return toCsv([LEAD_CSV_COLUMNS, ...rows.map(leadDto).map(csvRow)]);
}

/** 'leads-2026-02-09.csv', the day in South Africa (UTC+2). */
export function leadsCsvFileName(now = new Date()): string {
  return `leads-${southAfricanDay(now)}.csv`;
}
