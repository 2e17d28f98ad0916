// Site visits and workspace notes kept at the office (staff spec 2.11, 3 'Site visit'; the phone
// writes first and syncs, web/src/features/staff/site-visits/site-visit-store.ts).
//
// Merge rule: every field carries the office-clock time of its last accepted change; a change wins
// a field only when it is strictly later, so two devices that edited different fields both keep
// their edit, and for the same field the later edit wins. The comparison runs inside one upsert
// per record, so two requests at once cannot undo each other.
//
// Clock rule: a device's clock may be wrong. Its change times are moved onto the office clock by
// the difference between when the office received the request and the device's own clock when it
// sent it (`sentAt`), and never later than that receive time. A device from the future therefore
// cannot win a field forever, and an edit made offline keeps its place before later edits.
//
// Deletes are tombstones (`deleted_at_ms`): the row stays, so the delete reaches every device, and
// a deleted record takes no further edits (a delete is final).
import { and, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { siteVisits, workspaceNotes } from '../../db/schema';
import { database } from '../../lib/db';
import { AppError } from '../../lib/errors';
import {
  SITE_VISIT_RETENTION_DAYS,
  SITE_VISIT_TOMBSTONE_DAYS,
  VISIT_FIELDS,
  type NoteChange,
  type SiteVisitRecord,
  type SiteVisitState,
  type SiteVisitStatus,
  type VisitChange,
  type VisitField,
  type VisitValues,
  type WorkspaceNoteRecord,
} from '../../shared/site-visit-records';
import { auditStatement, type AuditEntry } from './audit';

/** A device time on the office clock (see the clock rule above). */
export function officeTime(deviceAt: number, deviceSentAt: number, receivedAt: number): number {
  return Math.max(0, Math.min(receivedAt, deviceAt + (receivedAt - deviceSentAt)));
}

type VisitRow = typeof siteVisits.$inferSelect;
type NoteRow = typeof workspaceNotes.$inferSelect;

const VISIT_COLUMNS: Record<VisitField, { value: SQLiteColumn; at: SQLiteColumn; name: string; atName: string }> = {
  clientName: { value: siteVisits.clientName, at: siteVisits.clientNameAtMs, name: 'client_name', atName: 'client_name_at_ms' },
  address: { value: siteVisits.address, at: siteVisits.addressAtMs, name: 'address', atName: 'address_at_ms' },
  mobile: { value: siteVisits.mobile, at: siteVisits.mobileAtMs, name: 'mobile', atName: 'mobile_at_ms' },
  measurements: { value: siteVisits.measurements, at: siteVisits.measurementsAtMs, name: 'measurements', atName: 'measurements_at_ms' },
  blindTypes: { value: siteVisits.blindTypes, at: siteVisits.blindTypesAtMs, name: 'blind_types', atName: 'blind_types_at_ms' },
  notes: { value: siteVisits.notes, at: siteVisits.notesAtMs, name: 'notes', atName: 'notes_at_ms' },
  visitDate: { value: siteVisits.visitDate, at: siteVisits.visitDateAtMs, name: 'visit_date', atName: 'visit_date_at_ms' },
  status: { value: siteVisits.status, at: siteVisits.statusAtMs, name: 'status', atName: 'status_at_ms' },
};

/** The field takes the incoming value only when the incoming change is strictly later. */
function laterWins(value: SQLiteColumn, at: SQLiteColumn, name: string, atName: string): { value: SQL; at: SQL } {
  return {
    value: sql`CASE WHEN excluded.${sql.identifier(atName)} > ${at} THEN excluded.${sql.identifier(name)} ELSE ${value} END`,
    at: sql`MAX(excluded.${sql.identifier(atName)}, ${at})`,
  };
}

const REQUIRED_FOR_NEW: VisitField[] = ['clientName', 'address', 'mobile', 'visitDate'];
const EMPTY_VISIT: VisitValues = {
  clientName: '',
  address: '',
  mobile: '',
  measurements: '',
  blindTypes: [],
  notes: '',
  visitDate: '',
  status: 'pending',
};

export interface SyncInput {
  sentAt: number;
  visits: VisitChange[];
  notes: NoteChange[];
}

/** One record's audit entry: which fields were sent, never their values (they are personal data). */
function auditFor(
  kind: 'site_visit' | 'workspace_note',
  id: string,
  isNew: boolean,
  fields: string[],
  deleted: boolean,
  actor: string,
): AuditEntry {
  const action = deleted ? 'delete' : isNew ? 'create' : 'update';
  return { actor, action: `${kind}.${action}`, target: id, details: fields.length ? { fields } : null };
}

/**
 * Applies a device's changes (already validated) in one D1 batch: the upserts and an audit entry
 * per record. Answers nothing; read the merged state with readSiteVisitState.
 */
export async function applySiteVisitChanges(d1: D1Database, input: SyncInput, actor: string, receivedAt = Date.now()): Promise<number> {
  const db = database(d1);
  const at = (deviceAt: number) => officeTime(deviceAt, input.sentAt, receivedAt);
  const visitIds = [...new Set(input.visits.map((v) => v.id))];
  const noteIds = [...new Set(input.notes.map((n) => n.id))];
  if (visitIds.length < input.visits.length || noteIds.length < input.notes.length)
    throw new AppError('validation_error', 'Send each visit and each note once per request.');
  const [knownVisits, knownNotes] = await Promise.all([
    visitIds.length
      ? db.select({ id: siteVisits.id, deletedAtMs: siteVisits.deletedAtMs }).from(siteVisits).where(inArray(siteVisits.id, visitIds))
      : [],
    noteIds.length
      ? db
          .select({ id: workspaceNotes.id, deletedAtMs: workspaceNotes.deletedAtMs })
          .from(workspaceNotes)
          .where(inArray(workspaceNotes.id, noteIds))
      : [],
  ]);
  const visitKnown = new Set(knownVisits.map((r) => r.id));
  const noteKnown = new Set(knownNotes.map((r) => r.id));
  // A deleted record takes no further changes (the upsert's setWhere says the same if one races in).
  const deleted = new Set([...knownVisits, ...knownNotes].filter((r) => r.deletedAtMs !== null).map((r) => r.id));

  const statements: Array<{ run: () => unknown }> = [];
  const audits: AuditEntry[] = [];
  for (const change of input.visits) {
    if (deleted.has(change.id)) continue;
    const isNew = !visitKnown.has(change.id);
    const sent = VISIT_FIELDS.filter((f) => change.fields[f] !== undefined);
    // An edit of a visit the office no longer has (deleted and purged by the retention schedule
    // while the phone was away) has nothing to land on: it is dropped, and the phone drops its copy.
    if (isNew && REQUIRED_FOR_NEW.some((f) => change.fields[f] === undefined)) continue;
    // Fields not sent get an empty value at time 0: written only when the visit is new, never winning otherwise.
    const values: Record<string, unknown> = {
      id: change.id,
      createdAtMs: change.createdAt !== undefined ? at(change.createdAt) : receivedAt,
      updatedAtMs: receivedAt,
      updatedBy: actor,
      deletedAtMs: change.deletedAt !== undefined ? at(change.deletedAt) : null,
    };
    for (const field of VISIT_FIELDS) {
      const sentField = change.fields[field];
      values[field] = sentField ? sentField.value : EMPTY_VISIT[field];
      values[`${field}AtMs`] = sentField ? at(sentField.at) : 0;
    }
    const set: Record<string, SQL> = {
      updatedAtMs: sql`excluded.updated_at_ms`,
      updatedBy: sql`excluded.updated_by`,
      deletedAtMs: sql`COALESCE(${siteVisits.deletedAtMs}, excluded.deleted_at_ms)`,
    };
    for (const field of sent) {
      const col = VISIT_COLUMNS[field];
      const merged = laterWins(col.value, col.at, col.name, col.atName);
      set[field] = merged.value;
      set[`${field}AtMs`] = merged.at;
    }
    statements.push(
      db
        .insert(siteVisits)
        .values(values as typeof siteVisits.$inferInsert)
        .onConflictDoUpdate({ target: siteVisits.id, set, setWhere: isNull(siteVisits.deletedAtMs) }),
    );
    audits.push(auditFor('site_visit', change.id, isNew, sent, change.deletedAt !== undefined, actor));
  }
  for (const change of input.notes) {
    if (deleted.has(change.id)) continue;
    const isNew = !noteKnown.has(change.id);
    if (isNew && !change.text) continue; // as for visits: nothing to land on
    const merged = laterWins(workspaceNotes.text, workspaceNotes.textAtMs, 'text', 'text_at_ms');
    statements.push(
      db
        .insert(workspaceNotes)
        .values({
          id: change.id,
          text: change.text?.value ?? '',
          textAtMs: change.text ? at(change.text.at) : 0,
          createdAtMs: change.createdAt !== undefined ? at(change.createdAt) : receivedAt,
          updatedAtMs: receivedAt,
          updatedBy: actor,
          deletedAtMs: change.deletedAt !== undefined ? at(change.deletedAt) : null,
        })
        .onConflictDoUpdate({
          target: workspaceNotes.id,
          set: {
            ...(change.text ? { text: merged.value, textAtMs: merged.at } : {}),
            updatedAtMs: sql`excluded.updated_at_ms`,
            updatedBy: sql`excluded.updated_by`,
            deletedAtMs: sql`COALESCE(${workspaceNotes.deletedAtMs}, excluded.deleted_at_ms)`,
          },
          setWhere: isNull(workspaceNotes.deletedAtMs),
        }),
    );
    audits.push(auditFor('workspace_note', change.id, isNew, change.text ? ['text'] : [], change.deletedAt !== undefined, actor));
  }
  if (statements.length === 0) return 0;
  const now = new Date(receivedAt);
  const batch = [...statements, ...audits.map((entry) => auditStatement(d1, entry, now))];
  await db.batch(batch as unknown as Parameters<typeof db.batch>[0]);
  return statements.length;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function visitRecord(row: VisitRow): SiteVisitRecord {
  return {
    id: row.id,
    clientName: row.clientName,
    address: row.address,
    mobile: row.mobile,
    measurements: row.measurements,
    blindTypes: row.blindTypes,
    notes: row.notes,
    visitDate: row.visitDate,
    status: row.status as SiteVisitStatus,
    createdAt: iso(row.createdAtMs),
    updatedAt: iso(row.updatedAtMs),
  };
}

export function noteRecord(row: NoteRow): WorkspaceNoteRecord {
  return { id: row.id, text: row.text, createdAt: iso(row.createdAtMs), updatedAt: iso(row.updatedAtMs) };
}

/** Everything the office holds, newest first, and the ids deleted so a device drops its copies. */
export async function readSiteVisitState(d1: D1Database, now = Date.now()): Promise<SiteVisitState> {
  const db = database(d1);
  const [visits, notes, deletedVisits, deletedNotes] = await Promise.all([
    db
      .select()
      .from(siteVisits)
      .where(isNull(siteVisits.deletedAtMs))
      .orderBy(sql`${siteVisits.createdAtMs} DESC`),
    db
      .select()
      .from(workspaceNotes)
      .where(isNull(workspaceNotes.deletedAtMs))
      .orderBy(sql`${workspaceNotes.createdAtMs} DESC`),
    db.select({ id: siteVisits.id }).from(siteVisits).where(isNotNull(siteVisits.deletedAtMs)),
    db.select({ id: workspaceNotes.id }).from(workspaceNotes).where(isNotNull(workspaceNotes.deletedAtMs)),
  ]);
  return {
    success: true,
    serverTime: iso(now),
    visits: visits.map(visitRecord),
    notes: notes.map(noteRecord),
    deleted: { visits: deletedVisits.map((r) => r.id), notes: deletedNotes.map((r) => r.id) },
  };
}

/** One live visit, or 404 (a deleted one too: it is gone for the screens). */
export async function findVisit(d1: D1Database, id: string): Promise<SiteVisitRecord> {
  const [row] = await database(d1)
    .select()
    .from(siteVisits)
    .where(sql`${siteVisits.id} = ${id} AND ${siteVisits.deletedAtMs} IS NULL`);
  if (!row) throw new AppError('not_found', 'That site visit is not at the office (it may have been deleted).');
  return visitRecord(row);
}

export async function findNote(d1: D1Database, id: string): Promise<WorkspaceNoteRecord> {
  const [row] = await database(d1)
    .select()
    .from(workspaceNotes)
    .where(sql`${workspaceNotes.id} = ${id} AND ${workspaceNotes.deletedAtMs} IS NULL`);
  if (!row) throw new AppError('not_found', 'That workspace note is not at the office (it may have been deleted).');
  return noteRecord(row);
}

const DAY_MS = 86_400_000;

/**
 * The daily retention step: deletes visits and notes unchanged for SITE_VISIT_RETENTION_DAYS, and
 * tombstones SITE_VISIT_TOMBSTONE_DAYS after their delete, in one batch.
 */
export async function purgeSiteVisitRecords(
  d1: D1Database,
  now: Date,
): Promise<{ siteVisitsDeleted: number; workspaceNotesDeleted: number }> {
  const db = database(d1);
  const stale = now.getTime() - SITE_VISIT_RETENTION_DAYS * DAY_MS;
  const gone = now.getTime() - SITE_VISIT_TOMBSTONE_DAYS * DAY_MS;
  const [visits, notes] = await db.batch([
    db
      .delete(siteVisits)
      .where(or(lt(siteVisits.updatedAtMs, stale), and(isNotNull(siteVisits.deletedAtMs), lt(siteVisits.deletedAtMs, gone)))),
    db
      .delete(workspaceNotes)
      .where(or(lt(workspaceNotes.updatedAtMs, stale), and(isNotNull(workspaceNotes.deletedAtMs), lt(workspaceNotes.deletedAtMs, gone)))),
  ]);
  return { siteVisitsDeleted: visits.meta.changes, workspaceNotesDeleted: notes.meta.changes };
}
