import { z } from 'zod';

// Site visits and workspace notes kept at the office (staff spec 2.11 and 3 'Site visit'): the web
// app writes on the phone first and sends its changes here; two devices merge per field (the later
// change of a field wins, every other field is kept) and a delete is a tombstone, so it syncs too.

export const SITE_VISIT_STATUSES = ['pending', 'quoted', 'completed'] as const;
export type SiteVisitStatus = (typeof SITE_VISIT_STATUSES)[number];

/** The fields of a visit that change one by one, each with its own change time. */
export const VISIT_FIELDS = ['clientName', 'address', 'mobile', 'measurements', 'blindTypes', 'notes', 'visitDate', 'status'] as const;
export type VisitField = (typeof VISIT_FIELDS)[number];

/** Lengths a phone form can fill in a day's visit; longer values are refused with the field named. */
export const VISIT_LIMITS = { clientName: 120, address: 300, mobile: 40, measurements: 4000, notes: 4000, blindType: 60, blindTypes: 20 };
export const NOTE_TEXT_LIMIT = 4000;

const required = (max: number) => z.string().trim().min(1, 'is required').max(max, `is longer than ${max} characters`);
const optional = (max: number) => z.string().trim().max(max, `is longer than ${max} characters`);

export const visitValuesSchema = z.object({
  clientName: required(VISIT_LIMITS.clientName),
  address: required(VISIT_LIMITS.address),
  mobile: required(VISIT_LIMITS.mobile),
  measurements: optional(VISIT_LIMITS.measurements),
  blindTypes: z.array(required(VISIT_LIMITS.blindType)).max(VISIT_LIMITS.blindTypes, `has more than ${VISIT_LIMITS.blindTypes} types`),
  notes: optional(VISIT_LIMITS.notes),
  visitDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'),
  status: z.enum(SITE_VISIT_STATUSES, { error: 'must be pending, quoted or completed' }),
});
export type VisitValues = z.infer<typeof visitValuesSchema>;

/** A record id made on the phone ('visit_...', 'note_...'): it names the record on every device. */
export const recordIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be 1-80 letters, digits, _ or -');
/** Milliseconds since 1970 by the sending device's clock. */
const timeSchema = z.number().int('must be whole milliseconds').min(0).max(8.64e15);

const fieldChange = <T extends z.ZodType>(value: T) => z.object({ value, at: timeSchema }).optional();

/** One visit's changes made on a device: the fields edited (value and when) and/or its deletion. */
export const visitChangeSchema = z.object({
  id: recordIdSchema,
  /** When the visit was first saved (used only when the office does not have it yet). */
  createdAt: timeSchema.optional(),
  fields: z
    .object({
      clientName: fieldChange(visitValuesSchema.shape.clientName),
      address: fieldChange(visitValuesSchema.shape.address),
      mobile: fieldChange(visitValuesSchema.shape.mobile),
      measurements: fieldChange(visitValuesSchema.shape.measurements),
      blindTypes: fieldChange(visitValuesSchema.shape.blindTypes),
      notes: fieldChange(visitValuesSchema.shape.notes),
      visitDate: fieldChange(visitValuesSchema.shape.visitDate),
      status: fieldChange(visitValuesSchema.shape.status),
    })
    .strict()
    .default({}),
  deletedAt: timeSchema.optional(),
});
export type VisitChange = z.infer<typeof visitChangeSchema>;

/** One workspace note's changes: its text and/or its deletion. */
export const noteChangeSchema = z.object({
  id: recordIdSchema,
  createdAt: timeSchema.optional(),
  text: fieldChange(required(NOTE_TEXT_LIMIT)),
  deletedAt: timeSchema.optional(),
});
export type NoteChange = z.infer<typeof noteChangeSchema>;

/**
 * Retention (docs/decisions/005-retention-schedule.md): a visit or note is kept two years after its
 * last change, like an enquiry; a deleted one (its tombstone, which still holds the old values so a
 * mistaken delete can be looked into) 90 days after the delete, long enough for every phone to hear of it.
 */
export const SITE_VISIT_RETENTION_DAYS = 730;
export const SITE_VISIT_TOMBSTONE_DAYS = 90;

/** At most this many visits and this many notes per request; the phone sends more in turns. */
export const SYNC_BATCH_LIMIT = 50;

/** POST /api/site-visits/sync: the device's unsent changes and its clock when it sent them. */
export const siteVisitSyncSchema = z.object({
  sentAt: timeSchema,
  visits: z.array(visitChangeSchema).max(SYNC_BATCH_LIMIT, `has more than ${SYNC_BATCH_LIMIT} visits`).default([]),
  notes: z.array(noteChangeSchema).max(SYNC_BATCH_LIMIT, `has more than ${SYNC_BATCH_LIMIT} notes`).default([]),
});
export type SiteVisitSyncRequest = z.input<typeof siteVisitSyncSchema>;

/** POST /api/site-visits/visits: a new visit (id optional; made on the server when absent). */
export const visitCreateSchema = visitValuesSchema.extend({
  id: recordIdSchema.optional(),
  measurements: visitValuesSchema.shape.measurements.default(''),
  blindTypes: visitValuesSchema.shape.blindTypes.default([]),
  notes: visitValuesSchema.shape.notes.default(''),
  status: visitValuesSchema.shape.status.default('pending'),
});
/** PATCH /api/site-visits/visits/{id}: only the fields sent change. */
export const visitUpdateSchema = visitValuesSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.');
/** POST /api/site-visits/notes, PATCH /api/site-visits/notes/{id}. */
export const noteCreateSchema = z.object({ id: recordIdSchema.optional(), text: required(NOTE_TEXT_LIMIT) });
export const noteUpdateSchema = z.object({ text: required(NOTE_TEXT_LIMIT) }).strict();

export interface SiteVisitRecord extends VisitValues {
  id: string;
  /** ISO times by the office clock. */
  createdAt: string;
  updatedAt: string;
}

export interface WorkspaceNoteRecord {
  id: string;
  text: string;
  /** ISO: when the note was written (its day is the consultant's 'today'). */
  createdAt: string;
  updatedAt: string;
}

/** Everything the office holds: live records and the ids deleted (so a device drops its copy). */
export interface SiteVisitState {
  success: true;
  /** The office clock when this was read (ISO). */
  serverTime: string;
  visits: SiteVisitRecord[];
  notes: WorkspaceNoteRecord[];
  deleted: { visits: string[]; notes: string[] };
}

export interface SiteVisitWriteResponse<T> {
  success: true;
  record: T;
}

/** The answer of a request without the site-visit unlock or a staff session. */
export const SITE_VISIT_ACCESS_REQUIRED = 'Unlock site visits with the access phrase, or sign in as staff, and try again.';
