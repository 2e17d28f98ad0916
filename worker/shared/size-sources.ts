// Where a quote or order line's size came from (DESIGN.md section 7b: each order line records it).
// Shared by the request schemas, the order and quote services, the e-mails and the web app. A size
// is 'measured' only when the customer typed it (from a tape measure) or the quick scan found the A4
// sheet; every other source is an estimate the team confirms before production.
import type { SizeSource } from './leads-api';

export const LINE_SIZE_SOURCES = [
  'typed',
  'scan-a4',
  'scan-estimate',
  'polygon-estimate',
  'polygon-known',
  'walkthrough-estimate',
  'ar-typical',
] as const;
export type LineSizeSource = (typeof LINE_SIZE_SOURCES)[number];

/**
 * What a stored line may say besides: 'staff-confirmed', set only by the server when staff confirm
 * or correct a size (PATCH /api/admin/orders/{reference}/lines/{lineNo}); no client may claim it.
 */
export const STORED_SIZE_SOURCES = [...LINE_SIZE_SOURCES, 'staff-confirmed'] as const;
export type StoredSizeSource = (typeof STORED_SIZE_SOURCES)[number];

// 'polygon-known' stays an estimate (the other side comes from the photo's proportions): the team
// confirms it from the photo, which is what brings it under the fit guarantee (fit-guarantee.ts).
const ESTIMATED: ReadonlySet<string> = new Set<LineSizeSource>([
  'scan-estimate',
  'polygon-estimate',
  'polygon-known',
  'walkthrough-estimate',
  'ar-typical',
]);

/** True for a size the team must confirm before production; a line without a recorded source is not flagged. */
export function isEstimatedSize(source: string | null | undefined): boolean {
  return typeof source === 'string' && ESTIMATED.has(source);
}

/** True when any line's size is an estimate: the order's 'sizes to be confirmed'. */
export function sizesToConfirm(lines: readonly { size_source?: string | null }[]): boolean {
  return lines.some((l) => isEstimatedSize(l.size_source));
}

/** What staff and customers read next to a line's size. */
export const LINE_SIZE_SOURCE_LABELS: Record<StoredSizeSource, string> = {
  typed: 'measured by the customer',
  'scan-a4': 'measured by photo scan with an A4 sheet',
  'scan-estimate': 'estimate: photo scan without an A4 sheet',
  // The polygon tool scales a photo from an assumed width, or from one real size with the other
  // taken from the photo's proportions: either way not a measurement until the team confirms it.
  'polygon-estimate': 'estimate: drawn on a photo',
  'polygon-known': 'estimate: drawn on a photo from one real size',
  'walkthrough-estimate': 'estimate: room walk-through prefill',
  'ar-typical': 'estimate: typical size for the opening',
  'staff-confirmed': 'confirmed by staff',
};

/** The badge on an estimated line, and the note under it (calculator, quote, order). */
export const ESTIMATE_BADGE = 'Estimate';
export const ESTIMATE_LINE_NOTE = "We'll confirm this size before production";
/** Told to the customer (confirmation page and e-mail) when any size of the order is an estimate. */
export const SIZES_CONFIRM_NOTE = 'Our team will confirm your sizes before production.';
/** What staff see on an order with any estimated size (notification e-mail, staff views). */
export const SIZES_TO_BE_CONFIRMED = 'Sizes to be confirmed';

/** A line's size source as a lead's sizeSource (leads-api SIZE_SOURCES), for the consultation lead made from a quote. */
export function leadSizeSourceOf(source: string | null | undefined): SizeSource | undefined {
  if (source === 'typed') return 'customer';
  if (source === 'scan-a4') return 'measured';
  if (source === 'ar-typical') return 'typical';
  return isEstimatedSize(source) ? 'estimated' : undefined;
}
