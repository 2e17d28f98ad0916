// The staff data-request (POPIA) contract of the leads page, shared by the route validators and the web
// client: preview what matches the identifier staff verified, then export or delete exactly that list
// (DESIGN.md section 7, data requests).
import { z } from 'zod';

export const DATA_REQUEST_ACTIONS = ['export', 'delete'] as const;
export type DataRequestAction = (typeof DATA_REQUEST_ACTIONS)[number];

export const VERIFIED_BY = ['email', 'phone'] as const;
export type VerifiedBy = (typeof VERIFIED_BY)[number];

/** POST /api/leads/{id}/personal-data/preview, and POST /api/admin/personal-data/preview for any customer */
export const personalDataPreviewSchema = z.object({
  action: z.enum(DATA_REQUEST_ACTIONS, { error: "must be 'export' or 'delete'" }),
  /** Which identifier staff confirmed with the person: the lead's e-mail address or its phone/WhatsApp number. */
  verifiedBy: z.enum(VERIFIED_BY, { error: "must be 'email' or 'phone'" }),
  value: z.string({ error: 'is required' }).trim().min(1, 'is required').max(254, 'must be at most 254 characters'),
});
export type PersonalDataPreviewRequest = z.input<typeof personalDataPreviewSchema>;

/** POST /api/leads/{id}/personal-data/export and .../delete: the approval token of the preview. */
export const personalDataApprovalSchema = z.object({
  token: z.string({ error: 'is required: preview the matched records first' }).regex(/^[0-9a-f]{64}$/, 'must be the token of a preview'),
});
export type PersonalDataApprovalRequest = z.input<typeof personalDataApprovalSchema>;

export const MATCHED_RECORD_TYPES = [
  'lead',
  'customer-details',
  'quote',
  'order',
  'email',
  'chat-session',
  'photo',
  'site-visit',
  'visit-booking',
] as const;
export type MatchedRecordType = (typeof MATCHED_RECORD_TYPES)[number];

export const MATCHED_RECORD_LABELS: Record<MatchedRecordType, string> = {
  lead: 'Lead',
  'customer-details': 'Quick details',
  quote: 'Quote',
  order: 'Order',
  email: 'E-mail',
  'chat-session': 'Chat transcript',
  photo: 'Chat photo',
  'site-visit': 'Site visit',
  'visit-booking': 'Booked visit',
};

/** One record the request covers: what it is, its id or reference, its date and why it matched. */
export interface MatchedRecord {
  type: MatchedRecordType;
  id: string;
  date: string | null;
  /** The field that carries the verified identifier (e.g. 'customerPhone'), or the matched record it belongs to ('order CB-...'). */
  matchedBy: string;
}

export interface PersonalDataPreview {
  /** The lead row the request started from; null for a customer found by e-mail or phone (POST /api/admin/personal-data/preview). */
  leadId: string | null;
  action: DataRequestAction;
  /** The verified identifier in its normal form. */
  identifier: { type: VerifiedBy; value: string };
  records: MatchedRecord[];
  /** What was deliberately left out, in words for staff (e.g. session ids typed into a form). */
  notes: string[];
  /** Approves exactly `records` for `action`, by this staff session, until `expiresAt`. */
  token: string;
  expiresAt: string;
}
