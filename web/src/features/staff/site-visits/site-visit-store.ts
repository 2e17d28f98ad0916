import {
  NOTE_TEXT_LIMIT,
  SYNC_BATCH_LIMIT,
  VISIT_FIELDS,
  VISIT_LIMITS,
  type SiteVisitRecord,
  type SiteVisitState,
  type VisitField,
  type VisitValues,
  type WorkspaceNoteRecord,
} from '@shared/site-visit-records';

// The phone's copy of the site visits and workspace notes (staff spec 2.11): what the office last
// answered, plus the changes made here that the office has not confirmed yet (the queue). Every
// change is written here first; the sync (site-visit-sync.ts) sends the queue and the office merges
// per field (worker/services/staff/site-visit-records.ts). Pure functions: no storage, no network.

type FieldChanges = { [F in VisitField]?: { value: VisitValues[F]; at: number } };

export interface PendingVisit {
  /** Set while the office has not got the visit yet. */
  createdAt?: number;
  fields: FieldChanges;
  deletedAt?: number;
}

export interface PendingNote {
  createdAt?: number;
  text?: { value: string; at: number };
  deletedAt?: number;
}

export interface StoreData {
  version: 1;
  office: { visits: SiteVisitRecord[]; notes: WorkspaceNoteRecord[]; syncedAt: string | null };
  pending: { visits: Record<string, PendingVisit>; notes: Record<string, PendingNote> };
}

export const emptyStore = (): StoreData => ({
  version: 1,
  office: { visits: [], notes: [], syncedAt: null },
  pending: { visits: {}, notes: {} },
});

/** Where a record is safe: only on this phone (waiting to sync), or at the office. */
export type SavedWhere = 'phone' | 'office';
export const SAVED_LABELS: Record<SavedWhere, string> = { phone: 'Saved on this phone', office: 'Saved to the office' };

export interface SiteVisit extends VisitValues {
  id: string;
  /** ISO. */
  createdAt: string;
  saved: SavedWhere;
}

export interface WorkspaceNote {
  id: string;
  text: string;
  /** ISO: when it was written. */
  createdAt: string;
  saved: SavedWhere;
}

const REQUIRED: VisitField[] = ['clientName', 'address', 'mobile', 'visitDate'];
const DEFAULTS: Pick<VisitValues, 'measurements' | 'blindTypes' | 'notes' | 'status'> = {
  measurements: '',
  blindTypes: [],
  notes: '',
  status: 'pending',
};

const iso = (ms: number) => new Date(ms).toISOString();
const newestFirst = <T extends { createdAt: string }>(a: T, b: T) => b.createdAt.localeCompare(a.createdAt);

/** The visits as this phone shows them: the office copy with this phone's unsent changes on top. */
export function viewVisits(data: StoreData): SiteVisit[] {
  const byId = new Map<string, SiteVisit>(data.office.visits.map((v) => [v.id, { ...v, saved: 'office' }]));
  for (const [id, change] of Object.entries(data.pending.visits)) {
    if (change.deletedAt !== undefined) {
      byId.delete(id);
      continue;
    }
    const base = byId.get(id);
    if (!base && REQUIRED.some((f) => !change.fields[f])) continue; // an edit of a visit the office no longer has
    const next: SiteVisit = base ? { ...base } : ({ id, ...DEFAULTS, createdAt: iso(change.createdAt ?? Date.now()) } as SiteVisit);
    for (const field of VISIT_FIELDS) {
      const edit = change.fields[field];
      if (edit) (next as unknown as Record<string, unknown>)[field] = edit.value;
    }
    next.saved = 'phone';
    byId.set(id, next);
  }
  return [...byId.values()].sort(newestFirst);
}

export function viewNotes(data: StoreData): WorkspaceNote[] {
  const byId = new Map<string, WorkspaceNote>(data.office.notes.map((n) => [n.id, { ...n, saved: 'office' }]));
  for (const [id, change] of Object.entries(data.pending.notes)) {
    if (change.deletedAt !== undefined) {
      byId.delete(id);
      continue;
    }
    const base = byId.get(id);
    if (!base && !change.text) continue;
    byId.set(id, {
      id,
      text: change.text?.value ?? base!.text,
      createdAt: base?.createdAt ?? iso(change.createdAt ?? Date.now()),
      saved: 'phone',
    });
  }
  return [...byId.values()].sort(newestFirst);
}

/** How many records wait to reach the office. */
export function pendingCount(data: StoreData): number {
  return Object.keys(data.pending.visits).length + Object.keys(data.pending.notes).length;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A new visit, every field queued. */
export function createVisit(data: StoreData, id: string, values: VisitValues, now: number): StoreData {
  const fields: FieldChanges = {};
  for (const field of VISIT_FIELDS) (fields as Record<string, unknown>)[field] = { value: values[field], at: now };
  return { ...data, pending: { ...data.pending, visits: { ...data.pending.visits, [id]: { createdAt: now, fields } } } };
}

/**
 * Queues only the fields that differ from what this phone shows: a field left as it was must not
 * carry a new time, or it would overwrite another device's later edit of it.
 */
export function editVisit(data: StoreData, id: string, values: Partial<VisitValues>, now: number): StoreData {
  const current = viewVisits(data).find((v) => v.id === id);
  if (!current) return data;
  const previous = data.pending.visits[id] ?? { fields: {} };
  const fields: FieldChanges = { ...previous.fields };
  let changed = false;
  for (const field of VISIT_FIELDS) {
    const value = values[field];
    if (value === undefined || same(value, current[field])) continue;
    (fields as Record<string, unknown>)[field] = { value, at: now };
    changed = true;
  }
  if (!changed) return data;
  return { ...data, pending: { ...data.pending, visits: { ...data.pending.visits, [id]: { ...previous, fields } } } };
}

export function deleteVisit(data: StoreData, id: string, now: number): StoreData {
  const previous = data.pending.visits[id] ?? { fields: {} };
  return { ...data, pending: { ...data.pending, visits: { ...data.pending.visits, [id]: { ...previous, deletedAt: now } } } };
}

export function createNote(data: StoreData, id: string, text: string, now: number): StoreData {
  return {
    ...data,
    pending: { ...data.pending, notes: { ...data.pending.notes, [id]: { createdAt: now, text: { value: text, at: now } } } },
  };
}

export function editNote(data: StoreData, id: string, text: string, now: number): StoreData {
  const current = viewNotes(data).find((n) => n.id === id);
  if (!current || current.text === text) return data;
  const previous = data.pending.notes[id] ?? {};
  return { ...data, pending: { ...data.pending, notes: { ...data.pending.notes, [id]: { ...previous, text: { value: text, at: now } } } } };
}

export function deleteNote(data: StoreData, id: string, now: number): StoreData {
  const previous = data.pending.notes[id] ?? {};
  return { ...data, pending: { ...data.pending, notes: { ...data.pending.notes, [id]: { ...previous, deletedAt: now } } } };
}

export interface SyncBatch {
  sentAt: number;
  visits: Array<{ id: string } & PendingVisit>;
  notes: Array<{ id: string } & PendingNote>;
}

/** The next request: up to the office's batch size of each kind, with this phone's clock. */
export function nextSyncBatch(data: StoreData, sentAt: number): SyncBatch {
  return {
    sentAt,
    visits: Object.entries(data.pending.visits)
      .slice(0, SYNC_BATCH_LIMIT)
      .map(([id, change]) => ({ id, ...change })),
    notes: Object.entries(data.pending.notes)
      .slice(0, SYNC_BATCH_LIMIT)
      .map(([id, change]) => ({ id, ...change })),
  };
}

/**
 * The office's answer to a batch, applied to the phone's copy as it is now: the office copy is
 * replaced, and a queued change is dropped only when it is the one that was sent (an edit made
 * while the request was on its way stays queued). What the office has deleted leaves the queue too.
 */
export function applySyncAnswer(data: StoreData, sent: SyncBatch, answer: SiteVisitState): StoreData {
  const visits = { ...data.pending.visits };
  for (const change of sent.visits) {
    const now = visits[change.id];
    if (!now) continue;
    const fields: FieldChanges = { ...now.fields };
    for (const field of VISIT_FIELDS) if (fields[field] && fields[field].at === change.fields[field]?.at) delete fields[field];
    const rest: PendingVisit = { fields };
    if (now.createdAt !== undefined && now.createdAt !== change.createdAt) rest.createdAt = now.createdAt;
    if (now.deletedAt !== undefined && now.deletedAt !== change.deletedAt) rest.deletedAt = now.deletedAt;
    if (Object.keys(fields).length === 0 && rest.deletedAt === undefined) delete visits[change.id];
    else visits[change.id] = rest;
  }
  const notes = { ...data.pending.notes };
  for (const change of sent.notes) {
    const now = notes[change.id];
    if (!now) continue;
    const rest: PendingNote = {};
    if (now.text && now.text.at !== change.text?.at) rest.text = now.text;
    if (now.deletedAt !== undefined && now.deletedAt !== change.deletedAt) rest.deletedAt = now.deletedAt;
    if (rest.text || rest.deletedAt !== undefined) notes[change.id] = rest;
    else delete notes[change.id];
  }
  for (const id of answer.deleted.visits) delete visits[id];
  for (const id of answer.deleted.notes) delete notes[id];
  return {
    version: 1,
    office: { visits: answer.visits, notes: answer.notes, syncedAt: answer.serverTime },
    pending: { visits, notes },
  };
}

const clip = (text: string, max: number) => text.trim().slice(0, max);

/** A visit of the old local-only format as a queued new visit, its text fitted to the office's limits. */
export function legacyVisitValues(v: VisitValues): VisitValues {
  return {
    clientName: clip(v.clientName, VISIT_LIMITS.clientName),
    address: clip(v.address, VISIT_LIMITS.address),
    mobile: clip(v.mobile, VISIT_LIMITS.mobile),
    measurements: clip(v.measurements, VISIT_LIMITS.measurements),
    blindTypes: v.blindTypes
      .map((t) => clip(t, VISIT_LIMITS.blindType))
      .filter(Boolean)
      .slice(0, VISIT_LIMITS.blindTypes),
    notes: clip(v.notes, VISIT_LIMITS.notes),
    visitDate: v.visitDate,
    status: v.status,
  };
}

/**
 * Brings visits and notes of the old format (kept only in this browser) into the queue, once: a
 * record already here (by id) is left alone, so running it twice adds nothing.
 */
export function migrateLegacy(
  data: StoreData,
  visits: Array<VisitValues & { id: string }>,
  notes: Array<{ id: string; text: string; createdAt: string }>,
  now: number,
): StoreData {
  let next = data;
  const knownVisits = new Set([...data.office.visits.map((v) => v.id), ...Object.keys(data.pending.visits)]);
  for (const visit of visits) {
    if (knownVisits.has(visit.id)) continue;
    const madeAt = Number(/^visit_(\d{12,14})_/.exec(visit.id)?.[1] ?? now);
    next = createVisit(next, visit.id, legacyVisitValues(visit), now);
    next.pending.visits[visit.id]!.createdAt = Math.min(madeAt, now);
  }
  const knownNotes = new Set([...data.office.notes.map((n) => n.id), ...Object.keys(data.pending.notes)]);
  for (const note of notes) {
    const text = clip(note.text, NOTE_TEXT_LIMIT);
    if (knownNotes.has(note.id) || !text) continue;
    next = createNote(next, note.id, text, now);
    next.pending.notes[note.id]!.createdAt = Math.min(Date.parse(note.createdAt), now);
  }
  return next;
}

/** A stored value read back; anything that is not the store's shape is null. */
export function parseStore(raw: string | null): StoreData | null {
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoreData>;
    if (parsed?.version !== 1 || !parsed.office || !parsed.pending) return null;
    if (!Array.isArray(parsed.office.visits) || !Array.isArray(parsed.office.notes)) return null;
    if (typeof parsed.pending.visits !== 'object' || typeof parsed.pending.notes !== 'object') return null;
    return parsed as StoreData;
  } catch {
    return null;
  }
}
