import type { RgbaImage } from '../lib/image/types';

export interface DominantColour {
  hex: string;
  /** Share of the photo's pixels, 0..1. */
  share: number;
  /** A plain colour word ('warm white', 'charcoal', ...). */
  name: string;
}

/** At most this many pixels are looked at: a 64 x 64 grid is plenty for main colours. */
const SAMPLE_GRID = 64;
/** Colours closer than this (CIE76 delta E) are one colour to a person. */
const MERGE_DELTA_E = 14;
const MIN_SHARE = 0.05;

/**
 * The main colours of a photo, largest first: a fixed sampling grid, 4-bit-per-channel buckets,
 * then buckets a person would call the same colour merged. Deterministic for the same pixels.
 */
export function dominantColours(image: RgbaImage, max = 4): DominantColour[] {
  const stepX = Math.max(1, Math.floor(image.width / SAMPLE_GRID));
  const stepY = Math.max(1, Math.floor(image.height / SAMPLE_GRID));
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  let total = 0;
  for (let y = Math.floor(stepY / 2); y < image.height; y += stepY) {
    for (let x = Math.floor(stepX / 2); x < image.width; x += stepX) {
      const i = (y * image.width + x) * 4;
      if ((image.data[i + 3] ?? 255) < 128) continue; // transparent pixels are not part of the scene
      const r = image.data[i]!;
      const g = image.data[i + 1]!;
      const b = image.data[i + 2]!;
      const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
      bucket.n += 1;
      bucket.r += r;
      bucket.g += g;
      bucket.b += b;
      buckets.set(key, bucket);
      total += 1;
    }
  }
  if (total === 0) return [];
  const sorted = [...buckets.entries()].sort((a, b) => b[1].n - a[1].n || a[0] - b[0]).map(([, v]) => v);
  const clusters: { n: number; r: number; g: number; b: number; lab: Lab }[] = [];
  for (const bucket of sorted) {
    const mean: Rgb = [bucket.r / bucket.n, bucket.g / bucket.n, bucket.b / bucket.n];
    const lab = rgbToLab(mean);
    const near = clusters.find((c) => deltaE(c.lab, lab) < MERGE_DELTA_E);
    if (near) {
      near.n += bucket.n;
      near.r += bucket.r;
      near.g += bucket.g;
      near.b += bucket.b;
    } else {
      clusters.push({ ...bucket, lab });
    }
  }
  return clusters
    .sort((a, b) => b.n - a.n)
    .filter((c) => c.n / total >= MIN_SHARE)
    .slice(0, max)
    .map((c) => {
      const rgb: Rgb = [c.r / c.n, c.g / c.n, c.b / c.n];
      return { hex: rgbToHex(rgb), share: c.n / total, name: colourWord(rgb) };
    });
}

/** The catalogue colours nearest to a photo colour (CIE76 in Lab), nearest first. */
export function nearestColours<T extends { hex: string }>(hex: string, candidates: T[], count = 2): T[] {
  const target = rgbToLab(hexToRgb(hex));
  return [...candidates]
    .map((c) => ({ c, d: deltaE(target, rgbToLab(hexToRgb(c.hex))) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, count)
    .map((x) => x.c);
}

export type Rgb = [number, number, number];
export type Lab = [number, number, number];

// Plain words people use for the colours of rooms, with a typical shade of each.
const COLOUR_WORDS: [string, string][] = [
  ['white', '#F5F5F2'],
  ['warm white', '#F3EBDD'],
  ['cream', '#EDE3C8'],
  ['beige', '#D8C8A8'],
  ['sand', '#C9B48C'],
  ['light grey', '#C8C8C8'],
  ['grey', '#8E8E8E'],
  ['charcoal', '#3E4042'],
  ['black', '#151515'],
  ['taupe', '#8B7D6B'],
  ['tan', '#B08D64'],
  ['brown', '#6B4A2F'],
  ['dark brown', '#3D2A1C'],
  ['terracotta', '#B5583A'],
  ['red', '#B3261E'],
  ['orange', '#E07B24'],
  ['mustard', '#C9A227'],
  ['yellow', '#E8D44D'],
  ['olive', '#6B6B2E'],
  ['sage', '#9CAF88'],
  ['green', '#3F7D3A'],
  ['teal', '#2F6F6F'],
  ['sky blue', '#8EC5E8'],
  ['blue', '#2E5FA8'],
  ['navy', '#1E2A4A'],
  ['lilac', '#B9A6CF'],
  ['purple', '#5E3A7E'],
  ['pink', '#E3A3B5'],
];
const WORD_LABS = COLOUR_WORDS.map(([word, hex]) => [word, rgbToLab(hexToRgb(hex))] as const);

/** The plain word for a colour (nearest of COLOUR_WORDS in Lab). */
export function colourWord(rgb: Rgb): string {
  const lab = rgbToLab(rgb);
  let best = WORD_LABS[0]!;
  for (const entry of WORD_LABS) if (deltaE(entry[1], lab) < deltaE(best[1], lab)) best = entry;
  return best[0];
}

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbToHex(rgb: Rgb): string {
  return `#${rgb
    .map((v) => Math.round(v).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

export function rgbToLab([r, g, b]: Rgb): Lab {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 colour difference. */
export function deltaE(a: Lab, b: Lab): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
