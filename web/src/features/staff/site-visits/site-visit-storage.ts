import { SITE_VISIT_STATUSES, type SiteVisitStatus, type VisitValues } from '@shared/site-visit-records';

// Staff spec sections 3 and 4: the site-visit model of the screens (labels, the day's export, the
// text handed to a notes app) and the reader of the old format, when visits lived only in this
// browser under 'site-visits' (site-visit-sync.ts brings them into the store once). What is read
// back is validated record by record: a corrupt value never crashes a page.

export { SITE_VISIT_STATUSES, type SiteVisitStatus };

export const STATUS_LABELS: Record<SiteVisitStatus, string> = { pending: 'Pending', quoted: 'Quoted', completed: 'Completed' };

/** A visit of the old local-only format (and any visit the text helpers below are given). */
export interface SiteVisit extends VisitValues {
  id: string;
}

export type SiteVisitDraft = Omit<SiteVisit, 'id' | 'status'>;

export const MISSING_INFORMATION = {
  title: 'Missing Information',
  description: 'Please fill in client name, address, and mobile number',
} as const;
export const NO_VISITS_TODAY = 'No visits today';
/** Spec section 8: when handing notes to a notes app fails, they are kept in the workspace instead. */
export const NOTES_BACKUP_MESSAGE = 'Could not reach a notes app, so the note was saved as a backup in the app workspace.';

/** A workspace note of the old local-only format ('/{name}-workspace'): free text written on site. */
export interface LegacyWorkspaceNote {
  id: string;
  text: string;
  /** ISO timestamp. */
  createdAt: string;
}

/** The local calendar date, YYYY-MM-DD: 'today' is the consultant's day, not UTC's. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function newId(prefix: string, now = Date.now()): string {
  return `${prefix}_${now}_${Math.random().toString(36).slice(2, 11)}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** One stored record as a SiteVisit, or null when it lacks what a visit needs. */
function toSiteVisit(value: unknown): SiteVisit | null {
  if (!isRecord(value)) return null;
  const visit: SiteVisit = {
    id: text(value.id),
    clientName: text(value.clientName).trim(),
    address: text(value.address).trim(),
    mobile: text(value.mobile).trim(),
    measurements: text(value.measurements),
    blindTypes: Array.isArray(value.blindTypes)
      ? value.blindTypes.filter((t): t is string => typeof t === 'string')
      : text(value.blindTypes)
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
    notes: text(value.notes),
    visitDate: /^\d{4}-\d{2}-\d{2}$/.test(text(value.visitDate)) ? text(value.visitDate) : '',
    status: (SITE_VISIT_STATUSES as readonly unknown[]).includes(value.status) ? (value.status as SiteVisitStatus) : 'pending',
  };
  return visit.id && visit.clientName && visit.address && visit.mobile && visit.visitDate ? visit : null;
}

/** The visits in a stored value; anything unreadable is dropped (and reported once on the console). */
export function parseSiteVisits(raw: string | null): SiteVisit[] {
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn('Stored site visits are not valid JSON; starting with an empty list.');
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const visits = parsed.map(toSiteVisit).filter((v): v is SiteVisit => v !== null);
  if (visits.length < parsed.length)
    console.warn(`${parsed.length - visits.length} stored site visit(s) could not be read and were skipped.`);
  return visits;
}

export function parseWorkspaceNotes(raw: string | null): LegacyWorkspaceNote[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (n): n is LegacyWorkspaceNote =>
        isRecord(n) &&
        typeof n.id === 'string' &&
        typeof n.text === 'string' &&
        typeof n.createdAt === 'string' &&
        !Number.isNaN(Date.parse(n.createdAt)),
    );
  } catch {
    return [];
  }
}

/** The missing required fields of a draft (client name, address, mobile), in form order. */
export function missingFields(
  draft: Pick<SiteVisitDraft, 'clientName' | 'address' | 'mobile'>,
): Array<'clientName' | 'address' | 'mobile'> {
  return (['clientName', 'address', 'mobile'] as const).filter((field) => draft[field].trim() === '');
}

export function visitsOn<T extends SiteVisit>(visits: T[], date: string): T[] {
  return visits.filter((v) => v.visitDate === date);
}

/** A visit as plain text: what goes to a notes app, the clipboard or the export. */
export function visitAsText(v: SiteVisit): string {
  return [
    `Client: ${v.clientName}`,
    `Address: ${v.address}`,
    `Mobile: ${v.mobile}`,
    `Visit date: ${v.visitDate}`,
    `Status: ${STATUS_LABELS[v.status]}`,
    `Blind types: ${v.blindTypes.join(', ') || 'Not specified'}`,
    `Measurements: ${v.measurements || 'None recorded'}`,
    `Notes: ${v.notes || 'None'}`,
  ].join('\n');
}

/** The export of the day's visits as a text file, or null when there are none ('No visits today'). */
export function exportVisitsOn(visits: SiteVisit[], date: string): { fileName: string; text: string } | null {
  const today = visitsOn(visits, date);
  if (today.length === 0) return null;
  const body = today.map((v, i) => `${i + 1}. ${v.clientName}\n${visitAsText(v).replace(/^/gm, '   ')}`).join('\n\n');
  return {
    fileName: `site-visits-${date}.txt`,
    text: `Site visits for ${date} (${today.length} visit${today.length === 1 ? '' : 's'})\n\n${body}\n`,
  };
}

export function notesOn<T extends { createdAt: string }>(notes: T[], date: string): T[] {
  return notes.filter((n) => localDate(new Date(n.createdAt)) === date);
}
