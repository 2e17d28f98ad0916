// The lead score: how likely a lead is to buy, from where it is and what it gave.

import { leadSizes } from '../../shared/leads-api';

/** The Garden Route service area, Mossel Bay to Plettenberg Bay: spellings people use -> the town. */
const GARDEN_ROUTE_PLACES: readonly [RegExp, string][] = [
  [/\bmossel ?bay\b|\bmosselbaai\b/, 'Mossel Bay'],
  [/\bhartenbos\b/, 'Hartenbos'],
  [/\b(great|little|groot|klein)[- ]?brak/, 'Great Brak River'],
  [/\bglentana\b/, 'Glentana'],
  [/\bherold'?s bay\b/, "Herold's Bay"],
  [/\bgeorge\b/, 'George'],
  [/\bwilderness\b/, 'Wilderness'],
  [/\bsedgefield\b/, 'Sedgefield'],
  [/\bknysna\b/, 'Knysna'],
  [/\bbrenton\b/, 'Brenton-on-Sea'],
  [/\bplettenberg ?bay\b|\bplett\b/, 'Plettenberg Bay'],
  [/\bkeurbooms/, 'Keurboomstrand'],
];

/** A lead's location as one spelling: a Garden Route town by its name, anything else trimmed and title-cased. */
export function normaliseLocation(raw: string | null | undefined): string | null {
  const text = raw?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const lower = text.toLowerCase();
  for (const [pattern, town] of GARDEN_ROUTE_PLACES) if (pattern.test(lower)) return town;
  return lower.replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

export function inGardenRoute(location: string | null | undefined): boolean {
  const lower = location?.toLowerCase() ?? '';
  return GARDEN_ROUTE_PLACES.some(([pattern]) => pattern.test(lower));
}

export interface ScoredLead {
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  location: string | null;
  productInterest: string | null;
  sessionData: Record<string, unknown> | null;
}

const present = (value: unknown): boolean =>
  value !== null &&
  value !== undefined &&
  (typeof value !== 'string' || value.trim() !== '') &&
  (typeof value !== 'object' || Object.keys(value).length > 0);

/** True when the lead gave a size that was really measured: typed by the customer or the scan with its A4 sheet. */
export function hasMeasuredSize(sessionData: Record<string, unknown> | null): boolean {
  return leadSizes(sessionData).some((s) => s.sizeSource === 'customer' || s.sizeSource === 'measured');
}

/** Leads scoring this or more are 'high value' in the daily report. */
export const HIGH_VALUE_LEAD_SCORE = 70;

/**
 * The lead score, 0-100: how ready a lead is to buy and how easily the business can serve it.
 * - contact channels: e-mail 15, phone 15, WhatsApp 10 (40 in all: more ways to reach them);
 * - product interest named (productInterest, or sessionData.blindType): 20;
 * - location: in the Garden Route service area (Mossel Bay..Plettenberg Bay, where staff measure
 *   and fit) 20, elsewhere in the country but given 10, none 0;
 * - a measured size (sessionData.dimensions with sizeSource 'customer' or 'measured'): 20 (they have
 *   measured: a quote can follow at once). A typical size, a photo estimate or a size without its
 *   source earns nothing: staff still have to measure.
 * So e-mail + phone + a product + a Garden Route town is exactly 70, the high-value threshold.
 */
export function leadScore(lead: ScoredLead): number {
  let score = 0;
  if (present(lead.email)) score += 15;
  if (present(lead.phone)) score += 15;
  if (present(lead.whatsapp)) score += 10;
  if (present(lead.productInterest) || present(lead.sessionData?.blindType)) score += 20;
  if (inGardenRoute(lead.location)) score += 20;
  else if (present(lead.location)) score += 10;
  if (hasMeasuredSize(lead.sessionData)) score += 20;
  return score;
}
