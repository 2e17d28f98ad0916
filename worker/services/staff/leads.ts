// The staff leads page (staff spec 2.10): list with counts, follow-up status and notes (audited in the
// same batch), and the CSV export, safe against spreadsheet formula injection.
import { count, desc, eq } from 'drizzle-orm';
import { database } from '../../lib/db';
import { leads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { FOLLOW_UP_STATUSES, type FollowUpStatus, type LeadCounts, type LeadDto, type LeadListResponse } from '../../shared/leads-api';
import { southAfricanDay } from '../../shared/sa-time';
import { toCsv } from '../../shared/csv';
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

/** Newest first; `status` filters the list, the counts are always of every lead. */
export async function listLeads(db: D1Database, status?: FollowUpStatus, limit = LEAD_LIST_LIMIT): Promise<LeadListResponse> {
  const d = database(db);
  const query = d.select().from(leads);
  const rows = await (status ? query.where(eq(leads.followUpStatus, status)) : query).orderBy(desc(leads.createdAt)).limit(limit);
  return { leads: rows.map(leadDto), counts: await leadCounts(db) };
}

export interface LeadChange {
  followUpStatus?: FollowUpStatus;
  notes?: string;
}

/** Status and/or notes; lastContactedAt is set whenever the status is set to 'contacted'. 404 for an unknown id. */
export async function updateLead(db: D1Database, id: string, change: LeadChange, actor: string, now = new Date()): Promise<LeadDto> {
  const d = database(db);
  const [existing] = await d.select().from(leads).where(eq(leads.id, id)).limit(1);
  if (!existing) throw new AppError('not_found', `There is no lead with id ${id}.`);
  const set: Partial<LeadRow> = {};
  if (change.followUpStatus !== undefined) set.followUpStatus = change.followUpStatus;
  if (change.followUpStatus === 'contacted') set.lastContactedAt = now.toISOString();
  if (change.notes !== undefined) set.notes = change.notes || null;
  const [[updated]] = await d.batch([
    d.update(leads).set(set).where(eq(leads.id, id)).returning(),
    // No personal data in the audit trail: what changed, not the note's text.
    auditStatement(
      db,
      {
        actor,
        action: 'lead.update',
        target: id,
        details: { followUpStatus: change.followUpStatus ?? null, from: existing.followUpStatus, notesChanged: change.notes !== undefined },
      },
      now,
    ),
  ]);
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
] as const satisfies readonly (keyof LeadDto)[];

/** Every lead, newest first, CRLF line ends (RFC 4180). */
export async function leadsCsv(db: D1Database): Promise<string> {
  const rows = await database(db).select().from(leads).orderBy(desc(leads.createdAt));
  return toCsv([LEAD_CSV_COLUMNS, ...rows.map(leadDto).map((lead) => LEAD_CSV_COLUMNS.map((col) => lead[col]))]);
}

/** 'leads-2026-02-09.csv', the day in South Africa (UTC+2). */
export function leadsCsvFileName(now = new Date()): string {
  return `leads-${southAfricanDay(now)}.csv`;
}
