// Finds the window and an optional A4 reference sheet in a decoded photo and turns them into millimetres.
// Deterministic: the same pixels always give the same answer (no randomness, ties broken by position).

import { WindowAnalysisError } from './errors';
import type { FractionBox, RgbaImage, WindowAnalysis } from './types';

/** Detection runs on a box-averaged copy with about this many pixels on the long side. */
const TARGET_LONG_SIDE = 320;
const MIN_IMAGE_SIDE = 32;

const A4_LONG_MM = 297;
const A4_SHORT_MM = 210;
const A4_ASPECT = A4_LONG_MM / A4_SHORT_MM;
const A4_ASPECT_TOLERANCE = 0.1;
const A4_MIN_RECTANGULARITY = 0.85;
/** A sheet is near-white: low saturation and at least this share of the image's white level. */
const WHITE_LEVEL_SHARE = 0.8;
const WHITE_MAX_SATURATION = 0.12;

const MAX_EDGE_PEAKS = 12;
const MIN_SIDE_SUPPORT = 0.6;

interface Rect {
  /** Left and top pixel (inclusive), right and bottom boundary (exclusive), in the frame of its image. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Small {
  w: number;
  h: number;
  /** Full-resolution pixels per small pixel. */
  f: number;
  lum: Float32Array;
  sat: Float32Array;
}

const lumOf = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const satOf = (r: number, g: number, b: number) => {
  const max = Math.max(r, g, b);
  return max <= 0 ? 0 : (max - Math.min(r, g, b)) / max;
};
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const round4 = (v: number) => Math.round(v * 10000) / 10000;

function downscale(img: RgbaImage): Small {
  const f = Math.max(1, Math.round(Math.max(img.width, img.height) / TARGET_LONG_SIDE));
  const w = Math.floor(img.width / f);
  const h = Math.floor(img.height / f);
  const lum = new Float32Array(w * h);
  const sat = new Float32Array(w * h);
  const d = img.data;
  const inv = 1 / (f * f);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let yy = y * f; yy < y * f + f; yy++) {
        let o = (yy * img.width + x * f) * 4;
        for (let xx = 0; xx < f; xx++, o += 4) {
          r += d[o]!;
          g += d[o + 1]!;
          b += d[o + 2]!;
        }
      }
      r *= inv;
      g *= inv;
      b *= inv;
      lum[y * w + x] = lumOf(r, g, b);
      sat[y * w + x] = satOf(r, g, b);
    }
  }
  return { w, h, f, lum, sat };
}

/** Value at the given quantile of non-negative values below `max`, via a 1-unit histogram. */
function quantile(values: Float32Array, q: number, max: number): number {
  const hist = new Uint32Array(max + 1);
  for (let i = 0; i < values.length; i++) hist[Math.min(max, Math.floor(values[i]!))]!++;
  const target = q * values.length;
  let acc = 0;
  for (let v = 0; v <= max; v++) {
    acc += hist[v]!;
    if (acc >= target) return v;
  }
  return max;
}

/** Local maxima of a profile (suppressing neighbours within `radius`), strongest first, ties by position. */
function peaks(profile: Uint32Array, minValue: number, radius: number): number[] {
  const found: number[] = [];
  for (let i = 0; i < profile.length; i++) {
    const v = profile[i]!;
    if (v < minValue) continue;
    let isMax = true;
    for (let j = Math.max(0, i - radius); j <= Math.min(profile.length - 1, i + radius) && isMax; j++) {
      const u = profile[j]!;
      if (u > v || (u === v && j < i)) isMax = false;
    }
    if (isMax) found.push(i);
  }
  found.sort((a, b) => profile[b]! - profile[a]! || a - b);
  return found.slice(0, MAX_EDGE_PEAKS).sort((a, b) => a - b);
}

interface WindowCandidate {
  /** Sobel-pixel positions of the four sides in the small image. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  minSupport: number;
}

/**
 * The window is the best rectangle whose four sides run along strong, long straight edges:
 * candidate lines are peaks of the per-column (vertical edges) and per-row (horizontal edges) edge counts;
 * every combination is scored by how much of each side is covered by edge pixels, favouring large rectangles.
 */
function findWindow(s: Small): WindowCandidate | null {
  const { w, h, lum } = s;
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  const mag = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const tl = lum[i - w - 1]!;
      const t = lum[i - w]!;
      const tr = lum[i - w + 1]!;
      const l = lum[i - 1]!;
      const r = lum[i + 1]!;
      const bl = lum[i + w - 1]!;
      const b = lum[i + w]!;
      const br = lum[i + w + 1]!;
      const ax = Math.abs(tr + 2 * r + br - tl - 2 * l - bl);
      const ay = Math.abs(bl + 2 * b + br - tl - 2 * t - tr);
      gx[i] = ax;
      gy[i] = ay;
      mag[i] = Math.max(ax, ay);
    }
  }
  const threshold = Math.max(16, 0.3 * quantile(mag, 0.98, 1020));

  const vEdge = new Uint8Array(w * h);
  const hEdge = new Uint8Array(w * h);
  const colProfile = new Uint32Array(w);
  const rowProfile = new Uint32Array(h);
  for (let i = 0; i < w * h; i++) {
    const ax = gx[i]!;
    const ay = gy[i]!;
    if (ax >= threshold && ax >= ay) {
      vEdge[i] = 1;
      colProfile[i % w]!++;
    }
    if (ay >= threshold && ay > ax) {
      hEdge[i] = 1;
      rowProfile[Math.floor(i / w)]!++;
    }
  }

  // Cumulative counts of (±1 px dilated) edge pixels along each column / row, for O(1) side coverage.
  const vCum = new Uint32Array(w * (h + 1));
  for (let x = 0; x < w; x++) {
    let acc = 0;
    for (let y = 0; y < h; y++) {
      const i = y * w + x;
      if (vEdge[i] || (x > 0 && vEdge[i - 1]) || (x < w - 1 && vEdge[i + 1])) acc++;
      vCum[x * (h + 1) + y + 1] = acc;
    }
  }
  const hCum = new Uint32Array(h * (w + 1));
  for (let y = 0; y < h; y++) {
    let acc = 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (hEdge[i] || (y > 0 && hEdge[i - w]) || (y < h - 1 && hEdge[i + w])) acc++;
      hCum[y * (w + 1) + x + 1] = acc;
    }
  }
  const colSupport = (x: number, y0: number, y1: number) =>
    (vCum[x * (h + 1) + y1 + 1]! - vCum[x * (h + 1) + y0]!) / (y1 - y0 + 1);
  const rowSupport = (y: number, x0: number, x1: number) =>
    (hCum[y * (w + 1) + x1 + 1]! - hCum[y * (w + 1) + x0]!) / (x1 - x0 + 1);

  const xs = peaks(colProfile, Math.max(4, Math.round(0.08 * h)), 2);
  const ys = peaks(rowProfile, Math.max(4, Math.round(0.08 * w)), 2);
  let best: WindowCandidate | null = null;
  let bestScore = 0;
  for (let a = 0; a < xs.length; a++) {
    for (let b = a + 1; b < xs.length; b++) {
      const left = xs[a]!;
      const right = xs[b]!;
      if (right - left < 0.1 * w) continue;
      for (let c = 0; c < ys.length; c++) {
        for (let d = c + 1; d < ys.length; d++) {
          const top = ys[c]!;
          const bottom = ys[d]!;
          if (bottom - top < 0.1 * h) continue;
          const sl = colSupport(left, top, bottom);
          const sr = colSupport(right, top, bottom);
          const st = rowSupport(top, left, right);
          const sb = rowSupport(bottom, left, right);
          const minSupport = Math.min(sl, sr, st, sb);
          if (minSupport < MIN_SIDE_SUPPORT) continue;
          const mean = (sl + sr + st + sb) / 4;
          const area = ((right - left) * (bottom - top)) / (w * h);
          const score = mean * mean * Math.sqrt(area);
          if (score > bestScore) {
            bestScore = score;
            best = { left, right, top, bottom, minSupport };
          }
        }
      }
    }
  }
  return best;
}

function fullLum(img: RgbaImage, x: number, y: number): number {
  const o = (y * img.width + x) * 4;
  return lumOf(img.data[o]!, img.data[o + 1]!, img.data[o + 2]!);
}

/**
 * Sharpens an edge found at small-image Sobel column `sx` to a full-resolution boundary: the column c
 * (pixel c is the first on the far side) with the largest mean |I(c) - I(c-1)| over rows y0..y1.
 * With `vertical` false the roles of rows and columns swap.
 */
function refineBoundary(img: RgbaImage, f: number, s: number, span0: number, span1: number, vertical: boolean): number {
  const limit = vertical ? img.width : img.height;
  const from = Math.max(1, (s - 1) * f);
  const to = Math.min(limit - 1, (s + 2) * f);
  const step = Math.max(1, Math.floor((span1 - span0) / 400));
  let best = Math.min(Math.max(s * f, 1), limit - 1);
  let bestValue = -1;
  for (let c = from; c <= to; c++) {
    let sum = 0;
    let n = 0;
    for (let t = span0; t < span1; t += step, n++) {
      sum += vertical ? Math.abs(fullLum(img, c, t) - fullLum(img, c - 1, t)) : Math.abs(fullLum(img, t, c) - fullLum(img, t, c - 1));
    }
    const v = n > 0 ? sum / n : 0;
    if (v > bestValue) {
      bestValue = v;
      best = c;
    }
  }
  return best;
}

function refineWindow(img: RgbaImage, s: Small, c: WindowCandidate): Rect {
  const f = s.f;
  // Sample each side over its middle 60% only, away from corners and frame joints.
  const ya = Math.round((c.top + 0.2 * (c.bottom - c.top)) * f);
  const yb = Math.round((c.bottom - 0.2 * (c.bottom - c.top)) * f);
  const xa = Math.round((c.left + 0.2 * (c.right - c.left)) * f);
  const xb = Math.round((c.right - 0.2 * (c.right - c.left)) * f);
  return {
    x0: refineBoundary(img, f, c.left, ya, yb, true),
    x1: refineBoundary(img, f, c.right, ya, yb, true),
    y0: refineBoundary(img, f, c.top, xa, xb, false),
    y1: refineBoundary(img, f, c.bottom, xa, xb, false),
  };
}

interface SheetCandidate {
  /** Bounding box in small pixels (exclusive right/bottom). */
  box: Rect;
  rectangularity: number;
}

/** Near-white, well-filled components with an A4 aspect ratio that do not touch the border. */
function findSheet(s: Small, whiteThreshold: number, window: Rect | null): SheetCandidate | null {
  const { w, h, lum, sat } = s;
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) mask[i] = lum[i]! >= whiteThreshold && sat[i]! <= WHITE_MAX_SATURATION ? 1 : 0;
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const windowArea = window ? (window.x1 - window.x0) * (window.y1 - window.y0) : w * h;
  let best: SheetCandidate | null = null;
  let bestScore = 0;
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let area = 0;
    let x0 = w;
    let y0 = h;
    let x1 = -1;
    let y1 = -1;
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % w;
      const y = (i - x) / w;
      area++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (x > 0 && mask[i - 1] && !seen[i - 1]) (seen[i - 1] = 1), (stack[top++] = i - 1);
      if (x < w - 1 && mask[i + 1] && !seen[i + 1]) (seen[i + 1] = 1), (stack[top++] = i + 1);
      if (y > 0 && mask[i - w] && !seen[i - w]) (seen[i - w] = 1), (stack[top++] = i - w);
      if (y < h - 1 && mask[i + w] && !seen[i + w]) (seen[i + w] = 1), (stack[top++] = i + w);
    }
    if (x0 === 0 || y0 === 0 || x1 === w - 1 || y1 === h - 1) continue;
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (area < 40 || Math.min(bw, bh) < 5) continue;
    const rectangularity = area / (bw * bh);
    if (rectangularity < A4_MIN_RECTANGULARITY) continue;
    const aspectError = Math.abs(Math.max(bw, bh) / Math.min(bw, bh) / A4_ASPECT - 1);
    if (aspectError > A4_ASPECT_TOLERANCE) continue;
    if (bw * bh >= 0.5 * windowArea) continue;
    if (window) {
      const cx = (x0 + x1 + 1) / 2;
      const cy = (y0 + y1 + 1) / 2;
      if (cx < window.x0 || cx > window.x1 || cy < window.y0 || cy > window.y1) continue;
    }
    const score = rectangularity * (1 - aspectError) * Math.sqrt(area);
    if (score > bestScore) {
      bestScore = score;
      best = { box: { x0, y0, x1: x1 + 1, y1: y1 + 1 }, rectangularity };
    }
  }
  return best;
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Sheet size in full-resolution pixels: median near-white run per row / column across its middle 60%. */
function measureSheet(img: RgbaImage, f: number, box: Rect, whiteThreshold: number): { rect: Rect; widthPx: number; heightPx: number } {
  const margin = 2 * f;
  const r: Rect = {
    x0: Math.max(0, box.x0 * f - margin),
    y0: Math.max(0, box.y0 * f - margin),
    x1: Math.min(img.width, box.x1 * f + margin),
    y1: Math.min(img.height, box.y1 * f + margin),
  };
  const rw = r.x1 - r.x0;
  const rh = r.y1 - r.y0;
  const white = new Uint8Array(rw * rh);
  const d = img.data;
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const o = ((r.y0 + y) * img.width + r.x0 + x) * 4;
      const R = d[o]!;
      const G = d[o + 1]!;
      const B = d[o + 2]!;
      white[y * rw + x] = lumOf(R, G, B) >= whiteThreshold && satOf(R, G, B) <= WHITE_MAX_SATURATION ? 1 : 0;
    }
  }
  const bx0 = box.x0 * f - r.x0;
  const bx1 = box.x1 * f - r.x0;
  const by0 = box.y0 * f - r.y0;
  const by1 = box.y1 * f - r.y0;
  const rowCounts: number[] = [];
  for (let y = Math.round(by0 + 0.2 * (by1 - by0)); y < Math.round(by1 - 0.2 * (by1 - by0)); y++) {
    let n = 0;
    for (let x = 0; x < rw; x++) n += white[y * rw + x]!;
    rowCounts.push(n);
  }
  const colCounts: number[] = [];
  for (let x = Math.round(bx0 + 0.2 * (bx1 - bx0)); x < Math.round(bx1 - 0.2 * (bx1 - bx0)); x++) {
    let n = 0;
    for (let y = 0; y < rh; y++) n += white[y * rw + x]!;
    colCounts.push(n);
  }
  const widthPx = rowCounts.length ? median(rowCounts) : bx1 - bx0;
  const heightPx = colCounts.length ? median(colCounts) : by1 - by0;
  // Centre the measured size on the detected box for the reported position.
  const cx = (box.x0 + box.x1) * f * 0.5;
  const cy = (box.y0 + box.y1) * f * 0.5;
  return { rect: { x0: cx - widthPx / 2, y0: cy - heightPx / 2, x1: cx + widthPx / 2, y1: cy + heightPx / 2 }, widthPx, heightPx };
}

function toFractions(r: Rect, width: number, height: number): FractionBox {
  const x0 = clamp01(r.x0 / width);
  const y0 = clamp01(r.y0 / height);
  return {
    x: round4(x0),
    y: round4(y0),
    width: round4(clamp01(r.x1 / width) - x0),
    height: round4(clamp01(r.y1 / height) - y0),
  };
}

/** A typical width for an estimate, by shape: tall narrow openings are doors, wide ones picture windows. */
function typicalWidthMm(dropOverWidth: number): number {
  if (dropOverWidth >= 1.8) return 900;
  if (dropOverWidth <= 0.6) return 1800;
  return 1200;
}

const ESTIMATE_NOTE =
  'No A4 sheet was found, so these sizes are an estimate from the window\u2019s proportions and typical window sizes. ' +
  'Hold a plain white A4 sheet flat against the glass and take the photo straight on for a real measurement.';

/** Analyses decoded RGBA pixels. */
export function analyzeWindowPixels(img: RgbaImage): WindowAnalysis {
  const { width, height, data } = img;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0 || data.length < width * height * 4) {
    throw new WindowAnalysisError('corrupt_image', 'The image data does not match its size.');
  }
  if (Math.min(width, height) < MIN_IMAGE_SIDE) {
    throw new WindowAnalysisError('image_too_small', `The image is too small to analyse (at least ${MIN_IMAGE_SIDE} pixels on each side).`);
  }

  const small = downscale(img);
  const candidate = findWindow(small);
  if (!candidate) {
    return {
      width_mm: 1200,
      drop_mm: 1200,
      confidence: 0.1,
      detectedArea: { x: 0, y: 0, width: 1, height: 1 },
      scaleSource: 'estimate',
      note:
        'No window frame could be found in the photo, so these sizes are only a placeholder. ' +
        'Take the photo straight on with the whole window in view, and hold a white A4 sheet against the glass for a real measurement.',
    };
  }
  const windowRect = refineWindow(img, small, candidate);
  const winW = Math.max(1, windowRect.x1 - windowRect.x0);
  const winH = Math.max(1, windowRect.y1 - windowRect.y0);
  const detectedArea = toFractions(windowRect, width, height);
  const windowQuality = clamp01((candidate.minSupport - MIN_SIDE_SUPPORT) / (1 - MIN_SIDE_SUPPORT));

  const whiteLevel = quantile(small.lum, 0.99, 255);
  const whiteThreshold = WHITE_LEVEL_SHARE * whiteLevel;
  const smallWindow: Rect = { x0: candidate.left, y0: candidate.top, x1: candidate.right, y1: candidate.bottom };
  const sheet = findSheet(small, whiteThreshold, smallWindow);
  if (sheet) {
    const m = measureSheet(img, small.f, sheet.box, whiteThreshold);
    const longPx = Math.max(m.widthPx, m.heightPx);
    const shortPx = Math.min(m.widthPx, m.heightPx);
    const aspectError = Math.abs(longPx / shortPx / A4_ASPECT - 1);
    if (shortPx >= 4 && aspectError <= A4_ASPECT_TOLERANCE * 1.5) {
      const mmPerPx = (A4_LONG_MM / longPx + A4_SHORT_MM / shortPx) / 2;
      const rectQuality = clamp01((sheet.rectangularity - A4_MIN_RECTANGULARITY) / (1 - A4_MIN_RECTANGULARITY));
      const aspectQuality = clamp01(1 - aspectError / A4_ASPECT_TOLERANCE);
      const quality = 0.4 * rectQuality + 0.3 * aspectQuality + 0.3 * windowQuality;
      const orientation = m.heightPx >= m.widthPx ? 'portrait' : 'landscape';
      return {
        width_mm: Math.round(winW * mmPerPx),
        drop_mm: Math.round(winH * mmPerPx),
        confidence: Math.round((0.85 + 0.1 * quality) * 100) / 100,
        detectedArea,
        scaleSource: 'a4-reference',
        reference: toFractions(m.rect, width, height),
        note:
          `Measured against the A4 sheet (${orientation}). Sizes are of the outer window frame as seen in the photo; ` +
          'a photo taken at an angle skews them, so please check with a tape measure before ordering.',
      };
    }
  }

  const ratio = winH / winW;
  const widthMm = typicalWidthMm(ratio);
  return {
    width_mm: widthMm,
    drop_mm: Math.round((widthMm * ratio) / 10) * 10,
    confidence: Math.round((0.25 + 0.05 * windowQuality) * 100) / 100,
    detectedArea,
    scaleSource: 'estimate',
    note: ESTIMATE_NOTE,
  };
}
