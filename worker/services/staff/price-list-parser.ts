// The built-in price-list reader (staff spec 2.5, 3 'Price list analysis'): pure, it takes the text that
// text recognition read from a supplier's price list (tesseract in the browser) and finds the width header
// row, the drop column, the price cells, the product words and the pricing notes.
import { CSV_MAX_BAND_MM, CSV_MIN_BAND_MM, type PriceGrid, type PriceListAnalysis } from '../../shared/price-list-analysis-api';

// ---------------------------------------------------------------------------
// Tokens: sizes (mm, cm, m) and prices (R 1 234,56 / 1234.56 / 1 234)
// ---------------------------------------------------------------------------

/** A size as printed, in millimetres; bare numbers are read by their magnitude (0.6 m, 60 cm, 600 mm). */
export function parseSizeMm(raw: string, defaultUnit?: 'mm' | 'cm' | 'm'): number | null {
  const m = /^(\d+(?:[.,]\d+)?)\s*(mm|cm|m)?$/i.exec(raw.trim());
  if (!m) return null;
  const value = Number(m[1]!.replace(',', '.'));
  if (!Number.isFinite(value) || value <= 0) return null;
  const unit = (m[2]?.toLowerCase() as 'mm' | 'cm' | 'm' | undefined) ?? defaultUnit ?? (value < 10 ? 'm' : value < 100 ? 'cm' : 'mm');
  const mm = unit === 'm' ? value * 1000 : unit === 'cm' ? value * 10 : value;
  return Math.round(mm);
}

/** OCR mistakes inside numbers: O for 0, l or I for 1, S for 5 (only between digits or next to them). */
function fixDigits(text: string): string {
  return text
    .replace(/(?<=\d)[oO](?=[\d\s.,]|$)|(?<=[\s(R])[oO](?=\d)/g, '0')
    .replace(/(?<=\d)[lI|](?=\d)|(?<![A-Za-z])[lI](?=\d{2})/g, '1')
    .replace(/(?<=\d)S(?=\d)/g, '5');
}

/** Table rules and stray marks the recogniser reads from grid lines. */
function stripRules(line: string): string {
  return line
    .replace(/[|¦[\]{}_=~“”"'`*•·]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Token =
  | { kind: 'size'; mm: number; raw: string }
  | { kind: 'price'; cents: number; raw: string }
  | { kind: 'number'; value: number; raw: string };

const PRICE_WITH_R = /^R\s?(\d{1,2}(?:[ \u00a0]\d{3})+|\d+)(?:[.,](\d{2}))?$/i;

/** Splits a row into tokens; 'R 1 234,56' stays one price, '60cm' one size. */
export function tokenizeRow(line: string): Token[] {
  const text = fixDigits(stripRules(line));
  const tokens: Token[] = [];
  // Prices with R (spaces may group thousands), prices with decimals, sizes with units, bare numbers.
  const re =
    /R\s?(?:\d{1,2}(?:[ \u00a0]\d{3})+|\d+)(?:[.,]\d{2})?(?![\d])|\d{1,2}(?:[ \u00a0]\d{3})+[.,]\d{2}(?!\d)|\d{1,3}(?:,\d{3})+(?:\.\d{2})?(?!\d)|\d+(?:[.,]\d+)?\s?(?:mm|cm|m)(?![a-z²0-9])|\d+(?:[.,]\d+)?/gi;
  for (const match of text.matchAll(re)) {
    const raw = match[0];
    const withR = PRICE_WITH_R.exec(raw.replace(/\s+(?=[.,]\d{2}$)/, ''));
    if (withR) {
      tokens.push({ kind: 'price', cents: Number(withR[1]!.replace(/[ \u00a0]/g, '')) * 100 + Number(withR[2] ?? 0), raw });
      continue;
    }
    const grouped = /^(\d{1,3}(?:[ \u00a0,]\d{3})+)(?:[.,](\d{2}))?$/.exec(raw);
    if (grouped && (raw.includes(' ') || raw.includes('\u00a0') ? grouped[2] !== undefined : true)) {
      tokens.push({ kind: 'price', cents: Number(grouped[1]!.replace(/[ \u00a0,]/g, '')) * 100 + Number(grouped[2] ?? 0), raw });
      continue;
    }
    if (/(mm|cm|m)$/i.test(raw)) {
      const mm = parseSizeMm(raw.replace(/\s+/g, ''));
      if (mm !== null) tokens.push({ kind: 'size', mm, raw });
      continue;
    }
    const value = Number(raw.replace(',', '.'));
    if (Number.isFinite(value)) tokens.push({ kind: 'number', value, raw });
  }
  return tokens;
}

const numberCents = (t: Token): number | null => {
  if (t.kind === 'price') return t.cents;
  if (t.kind === 'number') {
    const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(t.raw);
    if (!m) return null;
    return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  }
  return null;
};

const sizeOf = (t: Token, unit?: 'mm' | 'cm' | 'm'): number | null => {
  if (t.kind === 'size') return t.mm;
  if (t.kind === 'number') return parseSizeMm(t.raw, unit);
  return null;
};

/** The unit a header names ('Width (cm)', 'in metres'), applied to its bare numbers. */
function unitNamed(line: string): 'mm' | 'cm' | 'm' | undefined {
  if (/\(\s*mm\s*\)|\bmm\b|millimet/i.test(line)) return 'mm';
  if (/\(\s*cm\s*\)|\bcm\b|centimet/i.test(line)) return 'cm';
  if (/\(\s*m\s*\)|\bmet(?:er|re)s?\b/i.test(line)) return 'm';
  return undefined;
}

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]!);
const plausibleBand = (mm: number) => mm >= 200 && mm <= 6000;

/** The unit a column's heading gives ('Width (cm)', 'Drop in m'), looked for in the lines given. */
function columnUnit(text: string, column: 'width' | 'drop'): 'mm' | 'cm' | 'm' | undefined {
  const m = new RegExp(`${column}[^0-9\\n]{0,12}?(?:\\(\\s*|in\\s+)(mm|cm|m|met(?:er|re)s?)\\b`, 'i').exec(text);
  if (!m) return undefined;
  const unit = m[1]!.toLowerCase();
  return unit.startsWith('met') ? 'm' : (unit as 'mm' | 'cm' | 'm');
}

/** A width header: two or more sizes going up, no prices (the words 'Width', 'Drop \ Width' are allowed). */
function headerWidths(line: string, unitHint?: 'mm' | 'cm' | 'm'): number[] | null {
  if (/\bR\s?\d/.test(line)) return null;
  const unit = unitHint ?? columnUnit(line, 'width') ?? (/drop/i.test(line) ? undefined : unitNamed(line));
  const tokens = tokenizeRow(line);
  if (tokens.length < 2 || tokens.some((t) => t.kind === 'price')) return null;
  // '650.00' is a price, not a size: sizes with decimals are metres or centimetres.
  if (tokens.some((t) => t.kind === 'number' && /[.,]\d{2}$/.test(t.raw) && t.value >= 10)) return null;
  const sizes = tokens.map((t) => sizeOf(t, unit));
  if (sizes.some((s) => s === null)) return null;
  const mm = sizes as number[];
  if (!ascending(mm) || !mm.every(plausibleBand)) return null;
  // Bare header numbers must share a unit: 600 900 1200 (mm) or 0.6 0.9 1.2 (m), not 60 900.
  const bare = tokens.filter((t) => t.kind === 'number').map((t) => (t.kind === 'number' ? t.value : 0));
  if (bare.length && !unit) {
    const scale = (v: number) => (v < 10 ? 'm' : v < 100 ? 'cm' : 'mm');
    if (new Set(bare.map(scale)).size > 1) return null;
  }
  return mm;
}

/** Merges '1' '234' into 1234 when that makes the row the expected length (thousands grouped by a space). */
function mergeGroupedThousands(tokens: Token[], expected: number): Token[] {
  if (tokens.length <= expected) return tokens;
  const merged: Token[] = [];
  let surplus = tokens.length - expected;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (
      surplus > 0 &&
      t.kind === 'number' &&
      next?.kind === 'number' &&
      /^\d{1,3}$/.test(t.raw) &&
      /^\d{3}(?:[.,]\d{2})?$/.test(next.raw)
    ) {
      merged.push({ kind: 'number', value: Number(`${t.raw}${next.raw.replace(',', '.')}`), raw: `${t.raw}${next.raw}` });
      i++;
      surplus--;
      continue;
    }
    merged.push(t);
  }
  return merged;
}

interface GridRow {
  dropMm: number;
  prices: (number | null)[];
}

/** A price row: a drop (its words like 'Drop' allowed) followed by prices. */
function priceRow(line: string, widthCount: number, dropUnit: 'mm' | 'cm' | 'm' | undefined): GridRow | null {
  const tokens = tokenizeRow(line);
  if (tokens.length < 2) return null;
  const first = tokens[0]!;
  // The drop is the first cell, before any price; a leading 'R' means it is not a drop.
  if (first.kind === 'price') return null;
  const dropMm = sizeOf(first, dropUnit);
  if (dropMm === null || !plausibleBand(dropMm)) return null;
  const cells = mergeGroupedThousands(tokens.slice(1), widthCount);
  if (cells.length < Math.max(1, Math.ceil(widthCount / 2)) || cells.length > widthCount) return null;
  const prices = cells.map(numberCents);
  if (prices.some((p) => p === null || p <= 0)) return null;
  while (prices.length < widthCount) prices.push(null);
  return { dropMm, prices };
}

interface FoundGrid {
  grid: PriceGrid;
  headerLine: number;
  skipped: string[];
}

function findGrid(lines: string[], vat: PriceGrid['vat']): FoundGrid | null {
  let best: FoundGrid | null = null;
  const filled = (f: FoundGrid) => f.grid.prices_cents.flat().filter((c) => c !== null).length;
  for (let h = 0; h < lines.length; h++) {
    const above = lines.slice(Math.max(0, h - 2), h + 1).join('\n');
    const widths = headerWidths(lines[h]!, columnUnit(above, 'width'));
    if (!widths) continue;
    const dropUnit = columnUnit(above, 'drop');
    const rows: GridRow[] = [];
    const skipped: string[] = [];
    let misses = 0;
    for (let r = h + 1; r < lines.length && misses < 3; r++) {
      const row = priceRow(lines[r]!, widths.length, dropUnit);
      if (!row) {
        if (headerWidths(lines[r]!)) break; // the next table starts
        if (/\d/.test(lines[r]!)) misses++;
        continue;
      }
      const last = rows.at(-1);
      if (last && row.dropMm <= last.dropMm) {
        skipped.push(`A row read as drop ${row.dropMm} mm after ${last.dropMm} mm was left out: drops must go up.`);
        continue;
      }
      misses = 0;
      rows.push(row);
    }
    if (rows.length < 2) continue;
    const found: FoundGrid = {
      grid: { widths_mm: widths, drops_mm: rows.map((r) => r.dropMm), prices_cents: rows.map((r) => r.prices), vat },
      headerLine: h,
      skipped,
    };
    // The real header's grid has the most readable cells (a price row misread as a header has fewer).
    if (!best || filled(found) > filled(best)) best = found;
  }
  return best;
}

// ---------------------------------------------------------------------------
// Words: products, categories and notes
// ---------------------------------------------------------------------------

const KINDS: { word: RegExp; subcategory: string; category: string }[] = [
  { word: /double\s*roller|zebra|day\s*(?:&|and)\s*night/i, subcategory: 'Double Roller', category: 'Indoor Blinds' },
  { word: /roller/i, subcategory: 'Roller', category: 'Indoor Blinds' },
  { word: /venetian|aluwood|basswood|\b(?:25|50)\s?mm\s+alu/i, subcategory: 'Venetian', category: 'Indoor Blinds' },
  { word: /vertical/i, subcategory: 'Vertical', category: 'Indoor Blinds' },
  { word: /roman/i, subcategory: 'Roman', category: 'Indoor Blinds' },
  { word: /honeycomb|cellular|pleated/i, subcategory: 'Honeycomb', category: 'Indoor Blinds' },
  { word: /panel\s*glide/i, subcategory: 'Panel Glide', category: 'Indoor Blinds' },
  { word: /roller\s*shutter|security\s*shutter/i, subcategory: 'Roller Shutters', category: 'Outdoor Shutters' },
  { word: /shutter/i, subcategory: 'Plantation Shutters', category: 'Indoor Shutters' },
  { word: /awning/i, subcategory: 'Awnings', category: 'Outdoor Awnings' },
  { word: /outdoor|patio|cafe\s*blind|ziptrak|pvc\s*blind/i, subcategory: 'Outdoor Blinds', category: 'Outdoor Blinds' },
];
const FABRICS = /blockout|block-out|sunscreen|screen|translucent|light\s*filter(?:ing)?|sheer|linen|thermal|dim\s*out|motori[sz]ed/i;

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s\-/(])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase());

/** A product line's words without prices, sizes and table marks, e.g. 'Roller Blinds - Blockout Range'. */
function productName(line: string): string {
  return titleCase(
    stripRules(line)
      .replace(/R\s?\d[\d\s.,]*/gi, ' ')
      .replace(/\d+(?:[.,]\d+)?\s?(?:mm|cm|m|m2|m²)?/gi, ' ')
      .replace(/[^A-Za-z&/()\- ]+/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s\-/]+|[\s\-/]+$/g, ''),
  );
}

function findProducts(lines: string[]): PriceListAnalysis['categories'] {
  const categories = new Map<string, Map<string, Set<string>>>();
  for (const line of lines) {
    const letters = line.replace(/[^A-Za-z]/g, '');
    if (letters.length < 4 || /\bR\s?\d/.test(line)) continue;
    const kind = KINDS.find((k) => k.word.test(line));
    if (!kind) {
      continue;
    }
    const name = productName(line);
    if (name.length < 4 || name.length > 120) continue;
    const subs = categories.get(kind.category) ?? new Map<string, Set<string>>();
    categories.set(kind.category, subs);
    const products = subs.get(kind.subcategory) ?? new Set<string>();
    subs.set(kind.subcategory, products);
    products.add(name);
  }
  // A fabric named on its own line (e.g. 'Blockout') belongs to the only kind found, if there is one.
  if (categories.size === 1) {
    const subs = [...categories.values()][0]!;
    if (subs.size === 1) {
      const products = [...subs.values()][0]!;
      for (const line of lines) {
        if (FABRICS.test(line) && !KINDS.some((k) => k.word.test(line)) && !/\bR\s?\d/.test(line)) {
          const name = productName(line);
          if (name.length >= 4 && name.length <= 80) products.add(name);
        }
      }
    }
  }
  return [...categories.entries()].map(([name, subs]) => ({
    name,
    subcategories: [...subs.entries()].map(([sub, products]) => ({ name: sub, products: [...products] })),
  }));
}

const NOTE_WORDS =
  /\bvat\b|excl|incl|per\s*m\s?(?:2|²)|\bm²|square\s*met|minimum|min\.?\s*(?:charge|size|area)|installation|fitting|fitted|valid|subject\s*to|delivery|motor|surcharge|discount|lead\s*time|deposit|prices?\s+(?:are|in|per)|rand|\bzar\b/i;

/** What the list says about VAT. */
export function vatOf(text: string): PriceGrid['vat'] {
  if (/excl(?:ud(?:es?|ing)|usive|\.)?\s*(?:of\s*)?vat|vat\s*excl|\bex\.?\s*vat|\+\s*vat|plus\s*vat|before\s*vat/i.test(text))
    return 'exclusive';
  if (/incl(?:ud(?:es?|ing)|usive|\.)?\s*(?:of\s*)?(?:15\s*%\s*)?vat|vat\s*incl/i.test(text)) return 'inclusive';
  return 'unknown';
}

function findNotes(lines: string[]): string[] {
  const notes: string[] = [];
  for (const line of lines) {
    const clean = stripRules(line);
    if (clean.length < 4 || clean.length > 300 || !NOTE_WORDS.test(clean)) continue;
    // A price row is not a note, even when it says 'R'.
    if ((clean.match(/\d+/g) ?? []).length > 4) continue;
    if (!notes.includes(clean)) notes.push(clean);
  }
  return notes.slice(0, 20);
}

// ---------------------------------------------------------------------------
// The analysis
// ---------------------------------------------------------------------------

export const NO_BANDS_NOTE = 'No width and drop bands were found in the text: the price list may be too blurred or at an angle.';

/** The built-in reader of a price list's recognised text (pure). */
export function analysePriceListText(text: string): PriceListAnalysis {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\t/g, ' ').trim())
    .filter((l) => l !== '');
  const vat = vatOf(text);
  const found = findGrid(lines, vat);
  const grid = found?.grid ?? null;
  const pricingNotes = findNotes(lines);
  if (/per\s*m\s?(?:2|²)|\bm²|square\s*met/i.test(text) && !pricingNotes.some((n) => /m2|m²|square/i.test(n)))
    pricingNotes.push('Prices are per square metre.');

  const recommendations: string[] = [];
  if (!grid) {
    recommendations.push(NO_BANDS_NOTE, 'Photograph the list straight on, in good light, with the whole table in view, and try again.');
  } else {
    const { widths_mm: w, drops_mm: d, prices_cents: p } = grid;
    recommendations.push(
      `Found ${w.length} width bands (${w[0]}-${w.at(-1)} mm) and ${d.length} drop bands (${d[0]}-${d.at(-1)} mm): the grid maps directly to the price-list CSV.`,
    );
    const missing = p.flat().filter((c) => c === null).length;
    if (missing)
      recommendations.push(
        `${missing} price cell${missing === 1 ? ' was' : 's were'} not readable: check them against the list before uploading.`,
      );
    if (vat === 'exclusive')
      recommendations.push('Prices are excluding VAT: the CSV adds 15% VAT, as the price grid holds prices including VAT.');
    if (vat === 'unknown')
      recommendations.push('The list does not say whether prices include VAT: they are taken as including VAT; check before uploading.');
    const outside = [...w, ...d].filter((mm) => mm < CSV_MIN_BAND_MM || mm > CSV_MAX_BAND_MM);
    if (outside.length) recommendations.push(`Bands over ${CSV_MAX_BAND_MM} mm are custom made: they are left out of the CSV.`);
    if (pricingNotes.some((n) => /per\s*m|m²|square/i.test(n)))
      recommendations.push('The list prices per square metre: the CSV needs a price per size, so check the grid is in rand per blind.');
    recommendations.push('Choose the product the grid belongs to; the CSV is named {productId}.csv so the bulk upload knows the product.');
    for (const note of found!.skipped.slice(0, 3)) recommendations.push(note);
  }

  return {
    categories: findProducts(lines),
    dimensions: { widths_mm: grid?.widths_mm ?? [], drops_mm: grid?.drops_mm ?? [] },
    pricing_notes: pricingNotes,
    csv_recommendations: recommendations,
    price_grid: grid,
  };
}
