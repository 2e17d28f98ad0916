// The price-list analyser's contract (staff spec 2.5, 3 'Price list analysis', 7, 8; '/admin/pricing'),
// and the one pure step both sides share: turning an analysis's price grid into the CSV that
// POST /api/pricing/bulk-upload accepts (worker/services/staff/price-lists.ts parsePriceListCsv).
import { z } from 'zod';
import { toCsv } from './csv';
import { randDecimal, VAT_RATE } from './money';

/** The multipart fields of POST /api/analyze-price-list: the image (spec section 7) and the text read from it in the browser. */
export const ANALYSIS_FIELDS = { image: 'priceList', text: 'recognisedText' } as const;
export const MAX_PRICE_LIST_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_RECOGNISED_TEXT_CHARS = 50_000;

/** Spec section 8, word for word. */
export const ANALYSIS_FAILED_TITLE = 'Analysis Failed';
export const ANALYSIS_FAILED_TEXT = 'Failed to analyze price list. Please try again or check the image quality.';

/** The grid CSV's bands must lie within these (services/price-lists.ts MIN_BAND_MM, CUSTOM_SIZE_THRESHOLD_MM). */
export const CSV_MIN_BAND_MM = 100;
export const CSV_MAX_BAND_MM = 3000;
/** The first cell of the template CSV (services/staff/price-lists.ts TEMPLATE_CORNER). */
export const CSV_CORNER = 'drop_mm \\ width_mm';

const notes = z.preprocess((v) => (typeof v === 'string' ? (v.trim() ? [v] : []) : v), z.array(z.string().trim().min(1).max(500)).max(40));

/** The price grid found in the list: prices per drop (rows) x width (columns), integer cents, null where unreadable. */
export const priceGridSchema = z.object({
  widths_mm: z.array(z.number().int().positive().max(20_000)).min(1).max(60),
  drops_mm: z.array(z.number().int().positive().max(20_000)).min(1).max(60),
  prices_cents: z.array(z.array(z.number().int().positive().max(100_000_000).nullable())),
  /** What the list says about VAT: 'inclusive', 'exclusive', or 'unknown' when it does not say. */
  vat: z.enum(['inclusive', 'exclusive', 'unknown']),
});
export type PriceGrid = z.infer<typeof priceGridSchema>;

/** Spec section 3 'Price list analysis', plus the grid the analysis found. */
export const priceListAnalysisSchema = z.object({
  categories: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(120),
        subcategories: z
          .array(z.object({ name: z.string().trim().min(1).max(120), products: z.array(z.string().trim().min(1).max(200)).max(100) }))
          .max(50),
      }),
    )
    .max(30),
  dimensions: z.object({
    widths_mm: z.array(z.number().int().positive().max(20_000)).max(60),
    drops_mm: z.array(z.number().int().positive().max(20_000)).max(60),
  }),
  pricing_notes: notes,
  csv_recommendations: notes,
  price_grid: priceGridSchema.nullable(),
});
export type PriceListAnalysis = z.infer<typeof priceListAnalysisSchema>;

/** POST /api/analyze-price-list */
export interface AnalyzePriceListResponse {
  success: true;
  analysis: PriceListAnalysis;
  /** Who read the list: Claude (ANTHROPIC_API_KEY set) or the built-in parser of the recognised text. */
  source: 'claude' | 'parser';
  /** When Claude was configured but the parser answered: why (e.g. 'http_500', 'invalid_json'). */
  fallback_reason?: string;
}

export type CsvResult = { ok: true; csv: string; vatAdded: boolean; notes: string[] } | { ok: false; problem: string };

/**
 * The grid as the bulk upload's CSV: widths across, drops down, rand incl. VAT with two decimals.
 * Prices excl. VAT are raised by 15%; bands outside 100-3000 mm are left out (larger sizes are custom made);
 * a missing price in a kept band means there is no complete grid to upload.
 */
export function priceGridToCsv(grid: PriceGrid): CsvResult {
  const inRange = (mm: number) => mm >= CSV_MIN_BAND_MM && mm <= CSV_MAX_BAND_MM;
  const widthIdx = grid.widths_mm.map((w, i) => [w, i] as const).filter(([w]) => inRange(w));
  const dropIdx = grid.drops_mm.map((d, i) => [d, i] as const).filter(([d]) => inRange(d));
  if (widthIdx.length === 0 || dropIdx.length === 0) {
    return {
      ok: false,
      problem: `No width or drop band lies within ${CSV_MIN_BAND_MM}-${CSV_MAX_BAND_MM} mm, so there is no grid to upload.`,
    };
  }
  const ascending = (xs: readonly (readonly [number, number])[]) => xs.every(([v], i) => i === 0 || v > xs[i - 1]![0]);
  if (!ascending(widthIdx) || !ascending(dropIdx))
    return { ok: false, problem: 'The width and drop bands must go up from smallest to largest.' };
  const vatAdded = grid.vat === 'exclusive';
  const rows: (string | number)[][] = [[CSV_CORNER, ...widthIdx.map(([w]) => w)]];
  const missing: string[] = [];
  for (const [drop, d] of dropIdx) {
    const cells = widthIdx.map(([width, w]) => {
      const cents = grid.prices_cents[d]?.[w] ?? null;
      if (cents === null) {
        missing.push(`${width} x ${drop} mm`);
        return '';
      }
      return randDecimal(vatAdded ? Math.round(cents * (1 + VAT_RATE)) : cents);
    });
    rows.push([drop, ...cells]);
  }
  if (missing.length) {
    const shown = missing.slice(0, 5).join(', ');
    return {
      ok: false,
      problem: `The grid has no price for ${missing.length} size${missing.length === 1 ? '' : 's'} (${shown}${missing.length > 5 ? ', ...' : ''}). Check the image quality or fill them in the CSV by hand.`,
    };
  }
  const notesOut: string[] = [];
  if (vatAdded) notesOut.push('The list says its prices exclude VAT: 15% VAT was added, as the price grid holds prices including VAT.');
  if (grid.vat === 'unknown') notesOut.push('The list does not say whether its prices include VAT: they were taken as including VAT.');
  const dropped = grid.widths_mm.length - widthIdx.length + grid.drops_mm.length - dropIdx.length;
  if (dropped)
    notesOut.push(
      `${dropped} band${dropped === 1 ? '' : 's'} outside ${CSV_MIN_BAND_MM}-${CSV_MAX_BAND_MM} mm left out (larger sizes are custom made).`,
    );
  return { ok: true, csv: toCsv(rows), vatAdded, notes: notesOut };
}

/** The bulk upload reads the product from the file name: '{productId}.csv'. */
export const analysisCsvFileName = (productId: string) => `${productId}.csv`;
