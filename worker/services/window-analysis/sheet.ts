// Finds the A4 sheet: a bright, unsaturated, four-sided shape, located to a fraction of a pixel at full
// resolution, and checks that it has A4's proportions once the perspective is taken out.

import { convexHull, polygonArea, reduceToQuad, type Pt } from './geometry';
import type { Small } from './image';
import { refineSheet } from './sheet-refine';
import { aspectErrorOf, orderQuad, rectangleProportions, type Sheet } from './sheet-shape';
import type { RgbaImage } from '../../lib/image/types';

const WHITE_MAX_SATURATION = 0.14;
/**
 * A pixel is sheet-white at this share of the brightest unsaturated level around it. The first group
 * finds a sheet in most photos; the second (a sheet in shade, or on a wall nearly as white) only when not.
 */
const LOCAL_WHITE_SHARES = [
  [0.78, 0.88],
  [0.55, 0.94, 0.975],
];
const MIN_FILL = 0.88;

export interface SheetSearch {
  sheet: Sheet | null;
  /** A white four-sided shape was found but its proportions are not A4's. */
  notA4: boolean;
  /** A sheet-like white shape touches the photo's edge. */
  cutOff: boolean;
}

/** Brightest unsaturated level in blocks around each pixel (max over the 3 x 3 neighbouring blocks). */
function localWhite(s: Small): Float32Array {
  const { w, h, lum, sat } = s;
  const B = Math.max(8, Math.round(Math.max(w, h) / 10));
  const bw = Math.ceil(w / B);
  const bh = Math.ceil(h / B);
  const blockMax = new Float32Array(bw * bh);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (sat[i]! > 0.2) continue;
      const b = Math.floor(y / B) * bw + Math.floor(x / B);
      if (lum[i]! > blockMax[b]!) blockMax[b] = lum[i]!;
    }
  }
  const near = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = bx + dx;
          const y = by + dy;
          if (x >= 0 && y >= 0 && x < bw && y < bh) m = Math.max(m, blockMax[y * bw + x]!);
        }
      }
      near[by * bw + bx] = m;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = near[Math.floor(y / B) * bw + Math.floor(x / B)]!;
  return out;
}

interface Candidate {
  quad: Pt[];
  score: number;
  aspectError: number;
}

function clearRows(rowMin: Int32Array, rowMax: Int32Array, y0: number, y1: number, w: number) {
  for (let y = y0; y <= y1; y++) {
    rowMin[y] = w;
    rowMax[y] = -1;
  }
}

/** Finds the A4 sheet (or says why not). */
export function findSheet(img: RgbaImage, s: Small): SheetSearch {
  const { w, h, lum, sat, f } = s;
  const white = localWhite(s);
  const seen = new Uint8Array(w * h);
  const mask = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  /** Leftmost and rightmost edge pixel per row of the component being filled (reset after each). */
  const rowMin = new Int32Array(h).fill(w);
  const rowMax = new Int32Array(h).fill(-1);
  let notA4 = false;
  let cutOff = false;
  for (const shares of LOCAL_WHITE_SHARES) {
    const sheet = findSheetAt(shares);
    if (sheet) return { sheet, notA4: false, cutOff };
  }
  return { sheet: null, notA4, cutOff };

  /** Candidates at these thresholds, refined; the best A4 sheet among them. */
  function findSheetAt(shares: number[]): Sheet | null {
    const candidates: Candidate[] = [];
    for (const share of shares) {
      for (let i = 0; i < w * h; i++) mask[i] = sat[i]! <= WHITE_MAX_SATURATION && lum[i]! >= 40 && lum[i]! >= share * white[i]! ? 1 : 0;
      seen.fill(0);
      for (let start = 0; start < w * h; start++) {
        if (!mask[start] || seen[start]) continue;
        let top = 0;
        stack[top++] = start;
        seen[start] = 1;
        let area = 0;
        let touches = false;
        let x0 = w;
        let x1 = 0;
        let y0 = h;
        let y1 = 0;
        while (top > 0) {
          const i = stack[--top]!;
          const x = i % w;
          const y = (i - x) / w;
          area++;
          if (x < x0) x0 = x;
          if (x > x1) x1 = x;
          if (y < y0) y0 = y;
          if (y > y1) y1 = y;
          if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touches = true;
          let edge = false;
          if (x > 0) {
            if (!mask[i - 1]) edge = true;
            else if (!seen[i - 1]) {
              seen[i - 1] = 1;
              stack[top++] = i - 1;
            }
          }
          if (x < w - 1) {
            if (!mask[i + 1]) edge = true;
            else if (!seen[i + 1]) {
              seen[i + 1] = 1;
              stack[top++] = i + 1;
            }
          }
          if (y > 0) {
            if (!mask[i - w]) edge = true;
            else if (!seen[i - w]) {
              seen[i - w] = 1;
              stack[top++] = i - w;
            }
          }
          if (y < h - 1) {
            if (!mask[i + w]) edge = true;
            else if (!seen[i + w]) {
              seen[i + w] = 1;
              stack[top++] = i + w;
            }
          }
          if (edge) {
            if (x < rowMin[y]!) rowMin[y] = x;
            if (x > rowMax[y]!) rowMax[y] = x;
          }
        }
        if (area < 60 || area > 0.2 * w * h) {
          clearRows(rowMin, rowMax, y0, y1, w);
          continue;
        }
        const bw = x1 - x0 + 1;
        const bh = y1 - y0 + 1;
        if (
          (touches && !(area / (bw * bh) > 0.7 && area < 0.06 * w * h && Math.max(bw, bh) < 3 * Math.min(bw, bh))) ||
          Math.min(bw, bh) < 6
        ) {
          clearRows(rowMin, rowMax, y0, y1, w);
          continue;
        }
        // Only each row's outermost pixels can be on the hull; their outer corners, so it encloses whole pixels.
        const boundary: Pt[] = [];
        for (let y = y0; y <= y1; y++) {
          if (rowMax[y]! < 0) continue;
          boundary.push([rowMin[y]!, y], [rowMin[y]!, y + 1], [rowMax[y]! + 1, y], [rowMax[y]! + 1, y + 1]);
        }
        clearRows(rowMin, rowMax, y0, y1, w);
        const hull = convexHull(boundary);
        const quad = reduceToQuad(hull);
        if (!quad) continue;
        const fill = area / polygonArea(quad);
        if (fill < MIN_FILL || fill > 1.1) continue;
        if (touches) {
          // A sheet-like four-sided white shape running off the edge: probably the sheet, cut off.
          cutOff = true;
          continue;
        }
        const ordered = orderQuad(quad.map(([x, y]) => [x * f, y * f] as Pt));
        // Corner angles: a rectangle seen from up to ~45 degrees keeps them well away from 0 and 180.
        let angles = true;
        for (let k = 0; k < 4; k++) {
          const p = ordered[k]!;
          const a = ordered[(k + 3) % 4]!;
          const b = ordered[(k + 1) % 4]!;
          const cos =
            ((a[0] - p[0]) * (b[0] - p[0]) + (a[1] - p[1]) * (b[1] - p[1])) /
            (Math.hypot(a[0] - p[0], a[1] - p[1]) * Math.hypot(b[0] - p[0], b[1] - p[1]));
          if (Math.abs(cos) > 0.6) angles = false;
        }
        if (!angles) continue;
        const prop = rectangleProportions(ordered, img.width, img.height);
        if (!prop) continue;
        const aspectError = aspectErrorOf(prop.ratio);
        if (aspectError > 0.45) continue;
        const score = Math.min(1, fill) * (1 - Math.min(aspectError, 0.4)) * Math.sqrt(area);
        candidates.push({ quad: ordered, score, aspectError });
      }
    }
    // The same sheet shows up at several thresholds: refine the best few distinct shapes, keep the best A4.
    candidates.sort((a, b) => b.score - a.score);
    const found: Pt[] = [];
    let attempts = 0;
    let best: Sheet | null = null;
    let bestScore = -Infinity;
    for (const c of candidates) {
      const centre: Pt = [(c.quad[0]![0] + c.quad[2]![0]) / 2, (c.quad[0]![1] + c.quad[2]![1]) / 2];
      if (found.some((t) => Math.hypot(t[0] - centre[0], t[1] - centre[1]) < 2 * f)) continue;
      if (attempts++ >= 8) break;
      const sheet = refineSheet(img, c.quad, f);
      if (!sheet) {
        notA4 = true;
        continue;
      }
      found.push(centre);
      const score = c.score * (1 - sheet.aspectError);
      if (score > bestScore) {
        bestScore = score;
        best = sheet;
      }
    }
    return best;
  }
}
