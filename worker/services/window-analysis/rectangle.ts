// The window as the best rectangle of long straight edges on the plane's grid.

import { type Gradients, type Grid, peaks } from './grid';
import { quantile } from './image';

export const MIN_SIDE_SUPPORT = 0.6;

export interface Rect {
  /** Grid positions of the four sides (cells). */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface WindowCandidate extends Rect {
  minSupport: number;
}

/**
 * The window is the best rectangle whose four sides run along strong, long straight edges:
 * candidate lines are peaks of the per-column (vertical edges) and per-row (horizontal edges) edge counts;
 * every combination is scored by how much of each side is covered by edge pixels, favouring large rectangles.
 */
export function findRectangle(g: Grid, grads: Gradients, minSize: number, avoid: Rect | null): WindowCandidate | null {
  const { w, h } = g;
  const { gx, gy, mag } = grads;
  const threshold = Math.max(16, 0.3 * quantile(mag, 0.98, 1500));
  const vEdge = new Uint8Array(w * h);
  const hEdge = new Uint8Array(w * h);
  const colProfile = new Uint32Array(w);
  const rowProfile = new Uint32Array(h);
  for (let i = 0; i < w * h; i++) {
    if (!(mag[i]! >= 0)) continue;
    const ax = Math.abs(gx[i]!);
    const ay = Math.abs(gy[i]!);
    if (ax >= threshold && ax >= ay) {
      vEdge[i] = 1;
      colProfile[i % w]!++;
    }
    if (ay >= threshold && ay > ax) {
      hEdge[i] = 1;
      rowProfile[Math.floor(i / w)]!++;
    }
  }
  // Cumulative counts of (+-1 cell dilated) edge pixels along each column / row, for O(1) side coverage.
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
  const colSupport = (x: number, y0: number, y1: number) => (vCum[x * (h + 1) + y1 + 1]! - vCum[x * (h + 1) + y0]!) / (y1 - y0 + 1);
  const rowSupport = (y: number, x0: number, x1: number) => (hCum[y * (w + 1) + x1 + 1]! - hCum[y * (w + 1) + x0]!) / (x1 - x0 + 1);

  const xs = peaks(colProfile, Math.max(4, Math.round(0.05 * h)), 2);
  const ys = peaks(rowProfile, Math.max(4, Math.round(0.05 * w)), 2);
  let best: WindowCandidate | null = null;
  let bestScore = 0;
  for (let a = 0; a < xs.length; a++) {
    for (let b = a + 1; b < xs.length; b++) {
      const left = xs[a]!;
      const right = xs[b]!;
      if (right - left < minSize) continue;
      for (let c = 0; c < ys.length; c++) {
        for (let d = c + 1; d < ys.length; d++) {
          const top = ys[c]!;
          const bottom = ys[d]!;
          if (bottom - top < minSize) continue;
          if (
            avoid &&
            Math.abs(left - avoid.left) <= 2 &&
            Math.abs(right - avoid.right) <= 2 &&
            Math.abs(top - avoid.top) <= 2 &&
            Math.abs(bottom - avoid.bottom) <= 2
          )
            continue;
          const sl = colSupport(left, top, bottom);
          const sr = colSupport(right, top, bottom);
          const st = rowSupport(top, left, right);
          const sb = rowSupport(bottom, left, right);
          const minSupport = Math.min(sl, sr, st, sb);
          if (minSupport < MIN_SIDE_SUPPORT) continue;
          const mean = (sl + sr + st + sb) / 4;
          const area = ((right - left) * (bottom - top)) / (w * h);
          const score = mean * mean * area ** 0.8;
          if (score > bestScore) {
            bestScore = score;
            best = { left, right, top, bottom, minSupport };
          }
        }
      }
    }
  }
  if (best) endWhereSidesEnd(best, vCum, h);
  return best;
}

/**
 * A sill (or a head) wider than the frame gives a long edge past the frame's end: when neither side
 * reaches the top or bottom edge for a few cells, the frame ends where the sides do.
 * `vCum` holds the cumulative counts of vertical-edge pixels down each column (`h + 1` per column).
 */
function endWhereSidesEnd(b: WindowCandidate, vCum: Uint32Array, h: number): void {
  const reaches = (x: number, y: number) => vCum[x * (h + 1) + y + 1]! - vCum[x * (h + 1) + y]! > 0;
  const limit = Math.round(0.2 * (b.bottom - b.top));
  let bottom = b.bottom;
  while (bottom > b.bottom - limit && !reaches(b.left, bottom) && !reaches(b.right, bottom)) bottom--;
  if (b.bottom - bottom >= 2 && b.bottom - bottom < limit) b.bottom = bottom;
  let top = b.top;
  while (top < b.top + limit && !reaches(b.left, top) && !reaches(b.right, top)) top++;
  if (top - b.top >= 2 && top - b.top < limit) b.top = top;
}
