// The fit guarantee (the /fit-guarantee page's terms): a line is covered when its size was measured
// from the customer's photo against a real reference (the quick scan's A4 sheet, or the polygon tool
// scaled from one real size the customer gave) AND staff confirmed that size from the same photo.
// Computed from the stored line only (never sent by a client), so no page, e-mail or client can
// claim more than the record holds.
import type { StoredSizeSource } from './size-sources';

/** Where the terms are. */
export const FIT_GUARANTEE_PATH = '/fit-guarantee';
export const FIT_GUARANTEE_TITLE = 'Fit guarantee';

/** Measurements the guarantee can cover once staff confirm them from the photo. */
export const FIT_GUARANTEE_SOURCES = ['scan-a4', 'polygon-known'] as const satisfies readonly StoredSizeSource[];
type GuaranteeSource = (typeof FIT_GUARANTEE_SOURCES)[number];

/** covered: confirmed by staff from the photo; pending: eligible, not (yet) confirmed from it. */
export type FitGuarantee = 'covered' | 'pending';

export interface FitGuaranteeFacts {
  /** How the size was measured before any staff confirmation (order_lines.measured_size_source), else the line's source. */
  measuredSource: string | null | undefined;
  /** The photo the size was measured from is on the line (stored in R2 with the order or quote). */
  hasPhoto: boolean;
  /** Staff confirmed the size from that photo (order_lines.photo_confirmed_at). */
  photoConfirmed: boolean;
}

export function isGuaranteeSource(source: string | null | undefined): source is GuaranteeSource {
  return typeof source === 'string' && (FIT_GUARANTEE_SOURCES as readonly string[]).includes(source);
}

/** A measurement staff may confirm from the photo: an eligible source with its photo kept. */
export function canConfirmFromPhoto(facts: Pick<FitGuaranteeFacts, 'measuredSource' | 'hasPhoto'>): boolean {
  return isGuaranteeSource(facts.measuredSource) && facts.hasPhoto;
}

/** The line's guarantee: 'covered', 'pending', or null (not eligible: typed, an estimate, no photo). */
export function fitGuaranteeOf(facts: FitGuaranteeFacts): FitGuarantee | null {
  if (!canConfirmFromPhoto(facts)) return null;
  return facts.photoConfirmed ? 'covered' : 'pending';
}

const MEASURED_WITH: Record<GuaranteeSource, string> = {
  'scan-a4': 'measured with the A4 photo scan',
  'polygon-known': 'measured on your photo from a real size you gave us',
};

/** What the customer reads next to a line (order page, receipt, PDF, e-mails, quote). */
export function fitGuaranteeText(guarantee: FitGuarantee | null | undefined, measuredSource: string | null | undefined): string | null {
  if (!guarantee || !isGuaranteeSource(measuredSource)) return null;
  return guarantee === 'covered'
    ? `${FIT_GUARANTEE_TITLE}: ${MEASURED_WITH[measuredSource]} and confirmed by our team from your photo.`
    : `${FIT_GUARANTEE_TITLE}: ${MEASURED_WITH[measuredSource]}; covered once our team confirms the size from your photo.`;
}

/** What staff read on the order. */
export const FIT_GUARANTEE_STAFF_LABELS: Record<FitGuarantee, string> = {
  covered: 'Fit guarantee: covered (size confirmed from the photo)',
  pending: 'Fit guarantee: eligible, not yet confirmed from the photo',
};

/** The guarantee's sentence that no covered blind pays for a remake (the page's 'What is covered'). */
export const FIT_GUARANTEE_PROMISE =
  'A blind covered by our fit guarantee that does not fit the window it was measured for is remade at no cost to you.';

/** For documents that list the lines (the receipt PDF): 'Blind 1: Fit guarantee: ...' per eligible line, then where the terms are. */
export function fitGuaranteeNotes(
  lines: readonly { line_no: number; fit_guarantee?: FitGuarantee | null; measured_size_source?: string | null }[],
  termsUrl: string | null,
): string[] {
  const notes = lines.flatMap((l) => {
    const text = fitGuaranteeText(l.fit_guarantee, l.measured_size_source);
    return text ? [`Blind ${l.line_no}: ${text}`] : [];
  });
  if (notes.length === 0) return [];
  return [...notes, `${FIT_GUARANTEE_PROMISE}${termsUrl ? ` Terms: ${termsUrl}` : ''}`];
}
