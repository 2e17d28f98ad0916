// The audit log of the staff side (DESIGN.md section 7): sign-ins, failed attempts, sign-outs and
// every staff change, with who (the staff session's short id), what and when. A change and its
// audit entry are written in one D1 batch where the change is a single batch itself.
import { desc } from 'drizzle-orm';
import { database } from '../../lib/db';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  /** The staff session id (staffActor(c) of middleware/require-staff), or 'anonymous'. */
  actor: string;
  /** e.g. 'staff.sign-in', 'staff.sign-in-failed', 'staff.sign-out', 'lead.update', 'tracking.create' */
  action: string;
  target?: string | null;
  details?: Record<string, unknown> | null;
}

/** The INSERT of one entry, for a db.batch() with the change it records. */
export function auditStatement(db: D1Database, entry: AuditEntry, now = new Date()) {
  return database(db)
    .insert(auditLog)
    .values({
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details ?? null,
      createdAt: now.toISOString(),
    });
}

export async function recordAudit(db: D1Database, entry: AuditEntry, now = new Date()): Promise<void> {
  await auditStatement(db, entry, now);
}

export interface AuditRow {
  id: number;
  actor: string;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

/** Newest first. */
export async function latestAudit(db: D1Database, limit = 20): Promise<AuditRow[]> {
  return database(db).select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
}
