// Staff passkeys in D1: the list staff see, and each change in one batch with its audit entry.
import { asc, eq } from 'drizzle-orm';
import type { PasskeySummary } from '../../../shared/passkey-api';
import { database } from '../../../lib/db';
import { staffEnrolmentCodesUsed, staffPasskeys } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { isUniqueViolation } from '../../../lib/d1-errors';
import { auditStatement } from '../audit';

export type StoredPasskey = typeof staffPasskeys.$inferSelect;
export type NewPasskey = Omit<typeof staffPasskeys.$inferInsert, 'createdAt' | 'lastUsedAt'>;

export function summary(row: StoredPasskey): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    synced: row.deviceType === 'multiDevice',
    backedUp: row.backedUp,
  };
}

export async function listPasskeys(db: D1Database): Promise<StoredPasskey[]> {
  return database(db).select().from(staffPasskeys).orderBy(asc(staffPasskeys.createdAt));
}

export async function findPasskey(db: D1Database, id: string): Promise<StoredPasskey | null> {
  const [row] = await database(db).select().from(staffPasskeys).where(eq(staffPasskeys.id, id)).limit(1);
  return row ?? null;
}

/**
 * Stores a verified passkey with its audit entry; with `codeHash`, also spends the enrolment code in
 * the same batch, whose primary key refuses a code spent before (the whole batch fails then).
 */
export async function insertPasskey(db: D1Database, passkey: NewPasskey, actor: string, codeHash?: string): Promise<StoredPasskey> {
  const d = database(db);
  const audit = auditStatement(db, { actor, action: 'staff.passkey-register', target: passkey.id, details: { name: passkey.name } });
  const insert = d.insert(staffPasskeys).values(passkey);
  try {
    if (codeHash) await d.batch([d.insert(staffEnrolmentCodesUsed).values({ codeHash, passkeyId: passkey.id }), insert, audit]);
    else await d.batch([insert, audit]);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw new AppError(
      'conflict',
      codeHash ? 'This enrolment code has already been used. Ask the site owner for a new one.' : 'This passkey is already registered.',
    );
  }
  return (await findPasskey(db, passkey.id))!;
}

/** After a verified sign-in: the new counter and when, with the sign-in's audit entry. */
export async function recordPasskeyUse(db: D1Database, id: string, counter: number, actor: string): Promise<void> {
  const d = database(db);
  const now = new Date();
  await d.batch([
    d.update(staffPasskeys).set({ counter, lastUsedAt: now.toISOString() }).where(eq(staffPasskeys.id, id)),
    auditStatement(db, { actor, action: 'staff.sign-in', details: { method: 'passkey', passkey: id } }, now),
  ]);
}

export async function removePasskey(db: D1Database, id: string, actor: string, keepOne: boolean): Promise<void> {
  const rows = await listPasskeys(db);
  const row = rows.find((r) => r.id === id);
  if (!row) throw new AppError('not_found', 'That passkey is not registered (it may have been removed already).');
  if (keepOne && rows.length === 1) {
    throw new AppError(
      'conflict',
      'This is the last staff passkey, and sign-in needs one (STAFF_REQUIRE_PASSKEY). Register another device first, then remove this one.',
    );
  }
  const d = database(db);
  await d.batch([
    d.delete(staffPasskeys).where(eq(staffPasskeys.id, id)),
    auditStatement(db, { actor, action: 'staff.passkey-remove', target: id, details: { name: row.name } }),
  ]);
}

export async function enrolmentCodeSpent(db: D1Database, codeHash: string): Promise<boolean> {
  const [row] = await database(db)
    .select({ codeHash: staffEnrolmentCodesUsed.codeHash })
    .from(staffEnrolmentCodesUsed)
    .where(eq(staffEnrolmentCodesUsed.codeHash, codeHash))
    .limit(1);
  return row !== undefined;
}
