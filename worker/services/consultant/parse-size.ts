// Reads a window size from free chat text, the ways South Africans write it:
// '1200 x 1500', '1.2 m by 1.5 m', '120 cm x 150 cm', '1200 wide and 1500 drop', '1200x1500mm',
// '1,2m x 1,5m' (decimal comma), '1 200 x 1 500' is NOT supported (ambiguous with two numbers).

export interface ParsedSize {
  widthMm: number;
  dropMm: number;
}

type Unit = 'mm' | 'cm' | 'm';

const NUM = String.raw`(\d+(?:[.,]\d+)?)`;
// Longest unit words first; a unit may be followed directly by the 'x' separator ('1200mmx1500mm').
const UNIT = String.raw`(millimet(?:re|er)s?|mm|centimet(?:re|er)s?|cm|met(?:re|er)s?|m)(?![a-wyz])`;
const SEP = String.raw`\s*(?:x|×|\*|by)\s*`;

const PAIR_RE = new RegExp(String.raw`(?<![\d.,])${NUM}\s*(?:${UNIT})?${SEP}${NUM}\s*(?:${UNIT})?`, 'i');

const WIDTH_WORDS = String.raw`(?:wide|width|w\b|across)`;
const DROP_WORDS = String.raw`(?:drop|high|height|long|length|tall|h\b)`;
const WIDTH_AFTER = new RegExp(String.raw`(?<![\d.,])${NUM}\s*(?:${UNIT})?\s*(?:in\s+)?${WIDTH_WORDS}`, 'i');
const WIDTH_BEFORE = new RegExp(String.raw`\b(?:width|wide)\s*(?:of|is|=|:|-)?\s*(?:about\s+)?${NUM}\s*(?:${UNIT})?`, 'i');
const DROP_AFTER = new RegExp(String.raw`(?<![\d.,])${NUM}\s*(?:${UNIT})?\s*(?:in\s+)?${DROP_WORDS}`, 'i');
const DROP_BEFORE = new RegExp(String.raw`\b(?:drop|height|length)\s*(?:of|is|=|:|-)?\s*(?:about\s+)?${NUM}\s*(?:${UNIT})?`, 'i');

function toUnit(raw: string | undefined): Unit | null {
  if (!raw) return null;
  const u = raw.toLowerCase();
  if (u.startsWith('mm') || u.startsWith('milli')) return 'mm';
  if (u.startsWith('cm') || u.startsWith('centi')) return 'cm';
  return 'm';
}

/** '1,2' -> 1.2 (decimal comma); '1,200' -> 1200 (thousands comma) unless in metres. */
function toNumber(raw: string, unit: Unit | null): number {
  if (/^\d{1,3},\d{3}$/.test(raw) && unit !== 'm') return Number(raw.replace(',', ''));
  return Number(raw.replace(',', '.'));
}

/** Without any unit, the size of the numbers tells: 1.2 x 1.5 is metres, 60 x 90 is cm, else mm. */
function inferUnit(a: number, b: number): Unit {
  const largest = Math.max(a, b);
  if (largest <= 10) return 'm';
  if (largest < 100) return 'cm';
  return 'mm';
}

const FACTOR: Record<Unit, number> = { mm: 1, cm: 10, m: 1000 };

function build(rawA: string, unitA: string | undefined, rawB: string, unitB: string | undefined): ParsedSize | null {
  // One unit written applies to both numbers ('1200 x 1500mm', '1.2m x 1.5').
  const ua = toUnit(unitA) ?? toUnit(unitB);
  const ub = toUnit(unitB) ?? toUnit(unitA);
  let a = toNumber(rawA, ua);
  let b = toNumber(rawB, ub);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a <= 0 || b <= 0) return null;
  const fallback = inferUnit(a, b);
  a = Math.round(a * FACTOR[ua ?? fallback]);
  b = Math.round(b * FACTOR[ub ?? fallback]);
  if (a <= 0 || b <= 0 || a > 100_000 || b > 100_000) return null;
  return { widthMm: a, dropMm: b };
}

/** The first window size in the text (width first, then drop), in whole millimetres; null when none. */
export function parseSize(text: string): ParsedSize | null {
  const t = text.replace(/\u00a0/g, ' ');
  // Labelled sizes first, so '1500 drop x 1200 wide' is not read back to front.
  // 'width 1150 drop 1420' labels before the numbers; '1200 wide and 1500 drop' after them.
  const styles: [RegExp, RegExp][] = [
    [WIDTH_BEFORE, DROP_BEFORE],
    [WIDTH_AFTER, DROP_AFTER],
    [WIDTH_AFTER, DROP_BEFORE],
    [WIDTH_BEFORE, DROP_AFTER],
  ];
  for (const [widthRe, dropRe] of styles) {
    const w = widthRe.exec(t);
    const d = dropRe.exec(t);
    if (w && d && w[1] !== undefined && d[1] !== undefined && w.index !== d.index) {
      const size = build(w[1], w[2], d[1], d[2]);
      if (size) return size;
    }
  }
  const pair = PAIR_RE.exec(t);
  if (pair) return build(pair[1]!, pair[2], pair[3]!, pair[4]);
  return null;
}

export function formatSize(widthMm: number, dropMm: number): string {
  return `${widthMm} x ${dropMm} mm`;
}

export interface ParsedDimension {
  side: 'width' | 'drop';
  mm: number;
}

/**
 * A single labelled width or drop ('3500 mm wide', 'a drop of 3.2 m'), for a message that gives
 * only one side; the largest one when several are given. Null when none is labelled.
 */
export function parseSingleDimension(text: string): ParsedDimension | null {
  const t = text.replace(/\u00a0/g, ' ');
  const found: ParsedDimension[] = [];
  for (const [side, re] of [
    ['width', WIDTH_AFTER],
    ['width', WIDTH_BEFORE],
    ['drop', DROP_AFTER],
    ['drop', DROP_BEFORE],
  ] as const) {
    const m = re.exec(t);
    if (!m || m[1] === undefined) continue;
    const unit = toUnit(m[2]);
    const value = toNumber(m[1], unit);
    if (!Number.isFinite(value) || value <= 0) continue;
    // Without a unit: up to 10 is metres, under 100 centimetres, else millimetres (as for a pair).
    const mm = Math.round(value * FACTOR[unit ?? inferUnit(value, value)]);
    if (mm > 0 && mm <= 100_000) found.push({ side, mm });
  }
  return found.sort((a, b) => b.mm - a.mm)[0] ?? null;
}
