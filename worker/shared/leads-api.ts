// The staff leads page's contract (staff spec sections 2.10, 3 'Lead', 4, 7): the route validators
// and the web client (web/src/features/staff/leads) both import these.
import { z } from 'zod';

/** Lead followUpStatus (spec section 4): any value can be set to any other. */
export const FOLLOW_UP_STATUSES = ['new', 'contacted', 'quoted', 'closed'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

/**
 * Where a lead came from. The spec's form sources, plus the channels the spec does not name:
 * the chat consultant, the quick-details dialog and a stored quote's consultation request.
 */
export const LEAD_ORIGINS = [
  'ar_visualizer',
  'room_walkthrough',
  'shutter_visualization',
  'other',
  'chat',
  'quick_details',
  'quote_consultation',
  'samples',
] as const;
export type LeadOrigin = (typeof LEAD_ORIGINS)[number];

export const LEAD_SOURCE_LABELS: Record<string, string> = {
  ar_visualizer: 'AR visualiser',
  room_walkthrough: 'Room walk-through',
  shutter_visualization: 'Shutter visualisation',
  other: 'Other',
  chat: 'Chat',
  quick_details: 'Quick details',
  quote_consultation: 'Quote consultation',
  samples: 'Free samples',
};

/**
 * Where a lead's size came from (sessionData.dimensions.sizeSource): the opening type's
 * typical size, the customer's own numbers, a measuring tool with a scale reference, or a photo
 * estimate without one. Staff see the first and the last as not measured.
 */
export const SIZE_SOURCES = ['typical', 'customer', 'measured', 'estimated'] as const;
export type SizeSource = (typeof SIZE_SOURCES)[number];

export const SIZE_SOURCE_NOTES: Record<SizeSource, string> = {
  typical: 'typical size, not measured',
  customer: "customer's own size",
  measured: 'measured with our tool',
  estimated: 'estimated from a photo, not measured',
};

/** One size of a lead, or the list of a walk-through's sizes, as read from sessionData.dimensions. */
export interface LeadSize {
  widthMm: number;
  dropMm: number | null;
  sizeSource: SizeSource | null;
}

function oneLeadSize(value: unknown): LeadSize | null {
  if (!value || typeof value !== 'object') return null;
  const r = value as { width_mm?: unknown; drop_mm?: unknown; height_mm?: unknown; sizeSource?: unknown };
  if (typeof r.width_mm !== 'number') return null;
  const drop = r.drop_mm ?? r.height_mm;
  const source = SIZE_SOURCES.find((s) => s === r.sizeSource) ?? null;
  return { widthMm: r.width_mm, dropMm: typeof drop === 'number' ? drop : null, sizeSource: source };
}

/** The sizes in a lead's sessionData (one object or a list), unreadable entries left out. */
export function leadSizes(sessionData: Record<string, unknown> | null | undefined): LeadSize[] {
  const d = sessionData?.dimensions;
  return (Array.isArray(d) ? d.map(oneLeadSize) : [oneLeadSize(d)]).filter((x): x is LeadSize => x !== null);
}

/** '1200 x 1200 mm (typical size, not measured)', several joined by commas; null without a size. */
export function leadSizeSummary(sessionData: Record<string, unknown> | null | undefined): string | null {
  const parts = leadSizes(sessionData).map(
    (s) => `${s.widthMm} x ${s.dropMm ?? '?'} mm${s.sizeSource ? ` (${SIZE_SOURCE_NOTES[s.sizeSource]})` : ''}`,
  );
  return parts.length ? parts.join(', ') : null;
}

export const leadListQuerySchema = z.object({
  status: z.enum(FOLLOW_UP_STATUSES, { error: `must be one of ${FOLLOW_UP_STATUSES.join(', ')}` }).optional(),
  /** A name, a phone number in any common South African spelling, an e-mail, an area or words from the notes. */
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});

/** POST /api/leads/{id}/notes: one more entry in the lead's notes history. */
export const leadNoteSchema = z
  .object({ text: z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(4000, 'must be at most 4000 characters') })
  .strict();
export type LeadNoteRequest = z.input<typeof leadNoteSchema>;

export const leadUpdateSchema = z
  .object({
    followUpStatus: z.enum(FOLLOW_UP_STATUSES, { error: `must be one of ${FOLLOW_UP_STATUSES.join(', ')}` }).optional(),
    // Adds an entry to the notes history (never overwrites one): an empty note adds nothing, so it is refused.
    notes: z.string().trim().min(1, 'must not be empty: write the note to add').max(4000, 'must be at most 4000 characters').optional(),
  })
  .strict()
  .refine((v) => v.followUpStatus !== undefined || v.notes !== undefined, { message: 'send followUpStatus and/or notes' });
export type LeadUpdateRequest = z.input<typeof leadUpdateSchema>;

/** A lead as the staff page reads it (spec section 3's field names). */
export interface LeadDto {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  location: string | null;
  source: string;
  productInterest: string | null;
  sessionData: Record<string, unknown> | null;
  notes: string | null;
  followUpStatus: FollowUpStatus;
  popiaConsent: boolean;
  createdAt: string;
  lastContactedAt: string | null;
  /** The order staff recorded from this lead (POST /api/admin/orders with its leadId), once they have. */
  orderReference: string | null;
}

export interface LeadCounts {
  total: number;
  new: number;
  contacted: number;
  quoted: number;
  closed: number;
}

/** GET /api/leads: the spec's `leads`, plus the counts of all leads for the stat cards. */
export interface LeadListResponse {
  leads: LeadDto[];
  counts: LeadCounts;
}

/** One entry of a lead's notes history: who wrote it, when, and what. */
export interface LeadNoteDto {
  id: number;
  actor: string;
  text: string;
  createdAt: string;
}

export interface LeadNotesResponse {
  success: true;
  notes: LeadNoteDto[];
}

/** A photo the customer sent in the chat, served to staff only (GET /api/leads/{id}/photos?key=). */
export interface LeadPhotoDto {
  key: string;
  url: string;
  uploadedAt: string;
}

/** One chat message with its time; `photos` are the keys of the photos sent with it (null url once deleted). */
export interface LeadChatMessage {
  role: 'customer' | 'consultant';
  text: string;
  at: string | null;
  photos: { key: string; url: string | null }[];
}

/**
 * The chat behind a lead: `kept` while the transcript is kept under the retention schedule,
 * `expired` when it has been deleted (90 days after the last message, or on request), `none` for a
 * lead not left in the chat.
 */
export type LeadChat =
  | { status: 'kept'; sessionId: string; messages: LeadChatMessage[] }
  | { status: 'expired'; sessionId: string; messages: [] }
  | { status: 'none'; messages: [] };

/** GET /api/leads/{id}: the lead, its notes history (newest first), its chat and its chat photos. */
export interface LeadDetailResponse {
  success: true;
  lead: LeadDto;
  notes: LeadNoteDto[];
  chat: LeadChat;
  photos: LeadPhotoDto[];
}

export interface LeadUpdateResponse {
  success: true;
  lead: LeadDto;
}

/** POST /api/leads/{id}/personal-data/delete: how many of each kind were deleted or blanked. */
export interface PersonalDataDeletion {
  leads: number;
  customerDetails: number;
  quotesDeleted: number;
  quotesBlanked: number;
  ordersBlanked: number;
  emailsBlanked: number;
  chatSessions: number;
  photos: number;
  /** Site visits whose notes were blanked and marked deleted, so every consultant's phone drops them on its next sync. */
  siteVisits: number;
  /** Site visits the customer booked online, deleted (a booked one frees its place). */
  visitBookings: number;
}

export interface PersonalDataDeleteResponse {
  success: true;
  deleted: PersonalDataDeletion;
}

/** Digits of a phone number, South African numbers in the national form: '+27 82 555 0101' -> '0825550101'. */
export function phoneDigits(raw: string | null | undefined): string | null {
  const digits = (raw ?? '').replace(/\D/g, '');
  if (digits.length < 7) return null;
  if (digits.startsWith('27') && digits.length === 11) return `0${digits.slice(2)}`;
  return digits;
}

/** https://wa.me/ wants the international form without '+': 082... -> 2782... */
export function whatsappDigits(raw: string | null | undefined): string | null {
  const national = phoneDigits(raw);
  if (!national) return null;
  return national.startsWith('0') && national.length === 10 ? `27${national.slice(1)}` : national;
}
