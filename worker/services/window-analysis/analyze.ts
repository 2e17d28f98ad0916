// Finds the window and an optional A4 reference sheet in a decoded photo and turns them into millimetres.
// Deterministic: the same pixels always give the same answer (no randomness, ties broken by position).
//
// 1. A reduced copy (~360 px) is searched for the A4 sheet: a bright, unsaturated four-sided shape, judged
//    against the brightest white around it (so uneven light and a white frame do not matter); its sides are
//    then fitted at full resolution and its corners give the wall's plane (a homography, A4 = 210 x 297 mm).
// 2. The photo is resampled onto that plane (~320 cells; perspective and the phone's tilt and turn taken
//    out), turned to the window's own straight edges when the sheet is crooked, and the window is the best
//    rectangle of long straight edges there. Its sides are located to a fraction of a pixel in the
//    full-resolution photo, and sides found on the glass are moved out to the frame's outer edge (the frame
//    is a band of one width all round).
// 3. The size: the window's four corners, fitted as lines in the photo itself, take out the perspective
//    (a large, precise rectangle), and the sheet's two side lengths in that frame give width and drop; the
//    sheet's own perspective is only the fallback. Anything doubtful (window or sheet cut off, sheet too small
//    or not A4, too steep, no frame edge, sheet and window disagreeing) gives a low confidence and a `reason`.
// 4. Without a sheet the same runs on the photo itself (only turned straight) and the size is an estimate.

import { ImageError } from '../../lib/image/errors';
import { applyH, fitLine, homography, intersect, invert3, median, mul3, type Line, type Mat3, type Pt } from './geometry';
import { clamp01, downscale, quantile, sampleLum, sampleSmall, type Small } from './image';
import { A4_ASPECT_TOLERANCE, A4_LONG_MM, A4_SHORT_MM, findSheet, type Sheet } from './sheet';
import type { RgbaImage } from '../../lib/image/types';
import type { FractionBox, ScanQuality, WindowAnalysis } from './types';

const MIN_IMAGE_SIDE = 32;
/** The plane is resampled with about this many cells on its long side. */
const GRID_LONG = 320;
/** How far from the sheet (mm) the plane is searched for the window. */
const PLANE_REACH_MM = 6000;
const MAX_EDGE_PEAKS = 12;
const MIN_SIDE_SUPPORT = 0.6;
/** Beyond this tilt from square-on the correction is not trusted for a confident number. */
const MAX_CONFIDENT_TILT_DEG = 40;
/** The sheet's short side must span at least this many pixels to scale from. */
const MIN_SHEET_SHORT_PX = 24;

const round4 = (v: number) => Math.round(v * 10000) / 10000;

interface Grid {
  w: number;
  h: number;
  lum: Float32Array;
  /** Grid position (cells, continuous; cell centres at +0.5) -> full-resolution image pixel position. */
  toImage: Mat3;
  /** Plane units (mm with a sheet, full-resolution pixels without) per cell. */
  cell: number;
}

interface Bounds {
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

/** Resamples the reduced photo onto the plane, turned by `theta` (radians), over `bounds` (turned plane units). */
function buildGrid(s: Small, fromPlane: Mat3, bounds: Bounds, theta: number): Grid {
  const cell = Math.max(bounds.u1 - bounds.u0, bounds.v1 - bounds.v0) / GRID_LONG;
  const w = Math.max(8, Math.ceil((bounds.u1 - bounds.u0) / cell));
  const h = Math.max(8, Math.ceil((bounds.v1 - bounds.v0) / cell));
  const c = Math.cos(theta);
  const sn = Math.sin(theta);
  const T: Mat3 = [cell * c, -cell * sn, c * bounds.u0 - sn * bounds.v0, cell * sn, cell * c, sn * bounds.u0 + c * bounds.v0, 0, 0, 1];
  const toImage = mul3(fromPlane, T);
  const lum = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = applyH(toImage, x + 0.5, y + 0.5);
      lum[y * w + x] = p ? sampleSmall(s, s.lum, p[0], p[1]) : NaN;
    }
  }
  return { w, h, lum, toImage, cell };
}

/** Plane bounds (turned by theta) of the photo, limited to `limit` when given. */
function planeBounds(toPlane: Mat3, width: number, height: number, theta: number, limit: Bounds | null): Bounds {
  const c = Math.cos(theta);
  const sn = Math.sin(theta);
  let b: Bounds = { u0: Infinity, v0: Infinity, u1: -Infinity, v1: -Infinity };
  for (const [x, y] of [[0, 0], [width, 0], [width, height], [0, height]] as const) {
    const p = applyH(toPlane, x, y);
    const w = toPlane[6]! * x + toPlane[7]! * y + toPlane[8]!;
    if (!p || w <= 0) {
      b = { u0: -Infinity, v0: -Infinity, u1: Infinity, v1: Infinity };
      break;
    }
    const u = c * p[0] + sn * p[1];
    const v = -sn * p[0] + c * p[1];
    b = { u0: Math.min(b.u0, u), v0: Math.min(b.v0, v), u1: Math.max(b.u1, u), v1: Math.max(b.v1, v) };
  }
  if (limit) b = { u0: Math.max(b.u0, limit.u0), v0: Math.max(b.v0, limit.v0), u1: Math.min(b.u1, limit.u1), v1: Math.min(b.v1, limit.v1) };
  return b;
}

interface Gradients {
  gx: Float32Array;
  gy: Float32Array;
  mag: Float32Array;
}

function sobel(g: Grid): Gradients {
  const { w, h, lum } = g;
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  const mag = new Float32Array(w * h).fill(NaN);
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
      const sx = tr + 2 * r + br - tl - 2 * l - bl;
      const sy = bl + 2 * b + br - tl - 2 * t - tr;
      if (Number.isNaN(sx) || Number.isNaN(sy)) continue; // next to the photo's edge
      gx[i] = sx;
      gy[i] = sy;
      mag[i] = Math.sqrt(sx * sx + sy * sy);
    }
  }
  return { gx, gy, mag };
}

/** The turn (radians, within +-45 degrees) of the strongest straight edges: the window's own axes. */
function dominantTurn(grads: Gradients): number {
  const { gx, gy, mag } = grads;
  const threshold = Math.max(24, quantile(mag, 0.97, 1500));
  const bins = new Float64Array(180); // half-degree bins over [-45, 45)
  for (let i = 0; i < mag.length; i++) {
    const m = mag[i]!;
    if (!(m >= threshold)) continue;
    let a = (Math.atan2(gy[i]!, gx[i]!) * 180) / Math.PI;
    a = ((((a + 45) % 90) + 90) % 90) - 45;
    bins[Math.min(179, Math.floor((a + 45) * 2))]! += m;
  }
  const smooth = (k: number) => bins[(k + 179) % 180]! + 2 * bins[k]! + bins[(k + 1) % 180]!;
  let best = 0;
  for (let k = 1; k < 180; k++) if (smooth(k) > smooth(best)) best = k;
  const a = smooth((best + 179) % 180);
  const b = smooth(best);
  const c = smooth((best + 1) % 180);
  const den = a - 2 * b + c;
  const off = den < 0 ? (0.5 * (a - c)) / den : 0;
  const deg = (best + 0.5 + off) / 2 - 45;
  return (deg * Math.PI) / 180;
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

interface Rect {
  /** Grid positions of the four sides (cells). */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface WindowCandidate extends Rect {
  minSupport: number;
}

/**
 * The window is the best rectangle whose four sides run along strong, long straight edges:
 * candidate lines are peaks of the per-column (vertical edges) and per-row (horizontal edges) edge counts;
 * every combination is scored by how much of each side is covered by edge pixels, favouring large rectangles.
 */
function findRectangle(g: Grid, grads: Gradients, minSize: number, avoid: Rect | null): WindowCandidate | null {
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
          if (avoid && Math.abs(left - avoid.left) <= 2 && Math.abs(right - avoid.right) <= 2 && Math.abs(top - avoid.top) <= 2 && Math.abs(bottom - avoid.bottom) <= 2) continue;
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
  if (best) {
    // A sill (or a head) wider than the frame gives a long edge past the frame's end: when neither side
    // reaches the top or bottom edge for a few cells, the frame ends where the sides do.
    const b = best;
    const reaches = (x: number, y: number) => vCum[x * (h + 1) + y + 1]! - vCum[x * (h + 1) + y]! > 0;
    const limit = Math.round(0.2 * (b.bottom - b.top));
    let bottom = b.bottom;
    while (bottom > b.bottom - limit && !reaches(b.left, bottom) && !reaches(b.right, bottom)) bottom--;
    if (b.bottom - bottom >= 2 && b.bottom - bottom < limit) b.bottom = bottom;
    let top = b.top;
    while (top < b.top + limit && !reaches(b.left, top) && !reaches(b.right, top)) top++;
    if (top - b.top >= 2 && top - b.top < limit) b.top = top;
  }
  return best;
}

/** Full-resolution luminance at grid position (u, v). */
function lumAt(img: RgbaImage, g: Grid, u: number, v: number): number {
  const p = applyH(g.toImage, u, v);
  return p ? sampleLum(img, p[0], p[1]) : NaN;
}

/** Image pixels per grid cell around grid position (u, v). */
function pixelsPerCell(g: Grid, u: number, v: number): number {
  const a = applyH(g.toImage, u, v);
  const b = applyH(g.toImage, u + 1, v);
  const c = applyH(g.toImage, u, v + 1);
  if (!a || !b || !c) return 1;
  return Math.max(1e-3, Math.min(Math.hypot(b[0] - a[0], b[1] - a[1]), Math.hypot(c[0] - a[0], c[1] - a[1])));
}

/**
 * Mean full-resolution luminance profile across a side: `vertical` sides sit at u = pos and run along v in
 * [a, b] (else the roles swap); offsets run from `from` to `to` (cells) in steps of `step`.
 */
function sideProfile(img: RgbaImage, g: Grid, vertical: boolean, pos: number, a: number, b: number, from: number, to: number, step: number): number[] {
  const samples = 32;
  const out: number[] = [];
  for (let o = from; o <= to + 1e-9; o += step) {
    let sum = 0;
    let n = 0;
    for (let k = 0; k < samples; k++) {
      const t = a + ((b - a) * (k + 0.5)) / samples;
      const l = vertical ? lumAt(img, g, pos + o, t) : lumAt(img, g, t, pos + o);
      if (!Number.isNaN(l)) (sum += l), n++;
    }
    out.push(n >= samples / 2 ? sum / n : NaN);
  }
  return out;
}

/** Locates a side found on the grid to a fraction of a full-resolution pixel. Returns its position (cells). */
function refineSide(img: RgbaImage, g: Grid, vertical: boolean, pos: number, a: number, b: number, reach = 2): number {
  const mid = (a + b) / 2;
  const step = Math.min(0.25 * reach, 0.5 / pixelsPerCell(g, vertical ? pos : mid, vertical ? mid : pos));
  const prof = sideProfile(img, g, vertical, pos, a + 0.2 * (b - a), b - 0.2 * (b - a), -reach - step, reach + step, step);
  let bestK = -1;
  let bestV = 0;
  for (let k = 1; k < prof.length - 1; k++) {
    const v = Math.abs(prof[k + 1]! - prof[k - 1]!);
    if (v > bestV) {
      bestV = v;
      bestK = k;
    }
  }
  if (bestK < 0) return pos;
  let off = 0;
  if (bestK >= 2 && bestK <= prof.length - 3) {
    const vm = Math.abs(prof[bestK]! - prof[bestK - 2]!);
    const vp = Math.abs(prof[bestK + 2]! - prof[bestK]!);
    const den = vm - 2 * bestV + vp;
    if (den < 0) off = Math.max(-0.5, Math.min(0.5, (0.5 * (vm - vp)) / den));
  }
  return pos - reach - step + (bestK + off) * step;
}

/**
 * Clear steps in brightness across a side, as signed offsets (cells, positive outward) between `minOut`
 * and `maxOut` from it either way: where the frame's other edge may be.
 */
function sideSteps(img: RgbaImage, g: Grid, vertical: boolean, pos: number, dir: 1 | -1, a: number, b: number, minOut: number, maxOut: number): number[] {
  const mid = (a + b) / 2;
  const ppc = pixelsPerCell(g, vertical ? pos : mid, vertical ? mid : pos);
  const step = Math.max(maxOut / 150, Math.min(0.25, 0.5 / ppc));
  const m = Math.max(2, Math.round(1.5 / (step * ppc)));
  const span = maxOut + (m + 2) * step;
  const prof = sideProfile(img, g, vertical, pos, a + 0.2 * (b - a), b - 0.2 * (b - a), -span, span, step);
  const centre = Math.round(span / step);
  const d: number[] = prof.map((_, k) => {
    if (k < m || k + m >= prof.length) return 0;
    let before = 0;
    let after = 0;
    for (let j = 1; j <= m; j++) (before += prof[k - j]!), (after += prof[k + j]!);
    const v = (after - before) / m;
    return Number.isNaN(v) ? 0 : v;
  });
  const inRange = (k: number) => {
    const o = Math.abs(k - centre) * step;
    return o >= minOut && o <= maxOut;
  };
  const values = d.filter((_, k) => inRange(k)).map(Math.abs);
  if (!values.length) return [];
  const threshold = Math.max(4, 5 * median(values));
  const out: number[] = [];
  for (let k = m; k < d.length - m; k++) {
    if (!inRange(k)) continue;
    const v = Math.abs(d[k]!);
    if (v < threshold) continue;
    let isMax = true;
    for (let j = k - m; j <= k + m; j++) if (Math.abs(d[j]!) > v || (Math.abs(d[j]!) === v && j < k)) isMax = false;
    if (isMax) out.push(dir * (k - centre) * step);
  }
  return out;
}

/**
 * Sub-pixel sides, then the frame's outer edge for every side found on the glass: the frame is a band of
 * one width round the window, so each side has the band's other edge either inside it (it is the outer
 * edge: kept) or outside it (it is the glass's edge: moved out to the outer one).
 */
function measureWindow(img: RgbaImage, g: Grid, c: Rect, minOut: number, maxOut: number): { rect: Rect; frameSeen: boolean } {
  const r: Rect = {
    left: refineSide(img, g, true, c.left + 0.5, c.top + 0.5, c.bottom + 0.5),
    right: refineSide(img, g, true, c.right + 0.5, c.top + 0.5, c.bottom + 0.5),
    top: refineSide(img, g, false, c.top + 0.5, c.left + 0.5, c.right + 0.5),
    bottom: refineSide(img, g, false, c.bottom + 0.5, c.left + 0.5, c.right + 0.5),
  };
  const steps = [
    sideSteps(img, g, true, r.left, -1, r.top, r.bottom, minOut, maxOut),
    sideSteps(img, g, true, r.right, 1, r.top, r.bottom, minOut, maxOut),
    sideSteps(img, g, false, r.top, -1, r.left, r.right, minOut, maxOut),
    sideSteps(img, g, false, r.bottom, 1, r.left, r.right, minOut, maxOut),
  ];
  // The frame width that the most sides show (inside or outside them).
  const near = (o: number, width: number) => Math.abs(Math.abs(o) - width) <= Math.max(0.35 * width, minOut / 2);
  let frame = 0;
  let frameVotes = 0;
  for (const o of steps.flat()) {
    const width = Math.abs(o);
    const votes = steps.filter((list) => list.some((x) => near(x, width))).length;
    if (votes > frameVotes || (votes === frameVotes && width < frame)) {
      frame = width;
      frameVotes = votes;
    }
  }
  if (frameVotes < 3) return { rect: r, frameSeen: false };
  const moved = steps.map((list) => {
    const inward = list.some((o) => o < 0 && near(o, frame));
    const outward = list.filter((o) => o > 0 && near(o, frame));
    return !inward && outward.length ? outward[0]! : 0;
  });
  if (moved.every((o) => o === 0)) return { rect: r, frameSeen: true };
  const outer: Rect = { left: r.left - moved[0]!, right: r.right + moved[1]!, top: r.top - moved[2]!, bottom: r.bottom + moved[3]! };
  // Close to the outer edge only: the glass's edge is just a frame's width away.
  const reach = Math.max(0.5, Math.min(2, 0.4 * frame));
  return {
    rect: {
      left: moved[0] ? refineSide(img, g, true, outer.left, outer.top, outer.bottom, reach) : r.left,
      right: moved[1] ? refineSide(img, g, true, outer.right, outer.top, outer.bottom, reach) : r.right,
      top: moved[2] ? refineSide(img, g, false, outer.top, outer.left, outer.right, reach) : r.top,
      bottom: moved[3] ? refineSide(img, g, false, outer.bottom, outer.left, outer.right, reach) : r.bottom,
    },
    frameSeen: true,
  };
}

/**
 * Fits one window side as a straight line in the photo itself (so an imperfect correction of the perspective
 * does not bend it): the steepest step across the side at many points along it, to a fraction of a pixel.
 */
function imageSideLine(img: RgbaImage, g: Grid, vertical: boolean, pos: number, a: number, b: number): Line | null {
  const samples = 40;
  const ends = [applyH(g.toImage, vertical ? pos : a, vertical ? a : pos), applyH(g.toImage, vertical ? pos : b, vertical ? b : pos)];
  if (!ends[0] || !ends[1]) return null;
  const lengthPx = Math.hypot(ends[1][0] - ends[0][0], ends[1][1] - ends[0][1]);
  // First pass wide enough for an imperfect correction of the perspective, then a close one along its line.
  const starts: { p: Pt; n: Pt }[] = [];
  for (let i = 0; i < samples; i++) {
    const t = a + (b - a) * (0.12 + (0.76 * (i + 0.5)) / samples);
    const p = applyH(g.toImage, vertical ? pos : t, vertical ? t : pos);
    const q = applyH(g.toImage, vertical ? pos + 0.1 : t, vertical ? t : pos + 0.1);
    if (!p || !q) continue;
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (len > 0) starts.push({ p, n: [(q[0] - p[0]) / len, (q[1] - p[1]) / len] });
  }
  const wide = edgePoints(img, starts, Math.min(8, Math.max(2.5, 0.025 * lengthPx)));
  if (wide.length < samples / 2) return null;
  const first = fitLine(wide, 1.5);
  if (!first) return null;
  const l = first.line;
  const onLine = starts.map(({ p, n }) => {
    // Where the normal through p meets the first line.
    const den = n[0] * -l.d[1] + n[1] * l.d[0];
    const s = Math.abs(den) < 1e-9 ? 0 : ((l.p[0] - p[0]) * -l.d[1] + (l.p[1] - p[1]) * l.d[0]) / den;
    return { p: [p[0] + n[0] * s, p[1] + n[1] * s] as Pt, n };
  });
  const close = edgePoints(img, onLine, 2);
  if (close.length < samples / 2) return null;
  return fitLine(close, 1)?.line ?? null;
}

/** The steepest step across the edge near each start point (along its normal, within `reach` pixels). */
function edgePoints(img: RgbaImage, starts: { p: Pt; n: Pt }[], reach: number): Pt[] {
  const points: Pt[] = [];
  const step = 0.5;
  const steps = Math.ceil(reach / step);
  for (const { p, n } of starts) {
    const tn: Pt = [-n[1], n[0]];
    const prof: number[] = [];
    for (let k = -steps - 1; k <= steps + 1; k++) {
      const o = k * step;
      let sum = 0;
      for (let j = -1; j <= 1; j++) sum += sampleLum(img, p[0] + n[0] * o + tn[0] * j, p[1] + n[1] * o + tn[1] * j);
      prof.push(sum / 3);
    }
    // The nearest clear step to the expected place (not simply the strongest: the glass's edge is often
    // stronger than the frame's outer edge a few pixels away).
    const dv = prof.map((_, k) => (k > 0 && k < prof.length - 1 ? Math.abs(prof[k + 1]! - prof[k - 1]!) : 0));
    let maxV = 0;
    for (const v of dv) if (v > maxV) maxV = v;
    if (!(maxV > 6)) continue;
    let bestK = -1;
    for (let k = 2; k < prof.length - 2; k++) {
      const v = dv[k]!;
      if (!(v >= Math.max(6, 0.4 * maxV)) || v < dv[k - 1]! || v < dv[k + 1]!) continue;
      if (bestK < 0 || Math.abs(k - steps - 1) < Math.abs(bestK - steps - 1)) bestK = k;
    }
    if (bestK < 0) continue;
    const bestV = dv[bestK]!;
    const vm = dv[bestK - 1]!;
    const vp = dv[bestK + 1]!;
    const den = vm - 2 * bestV + vp;
    const off = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (vm - vp)) / den)) : 0;
    const o = (bestK + off - steps - 1) * step;
    points.push([p[0] + n[0] * o, p[1] + n[1] * o]);
  }
  return points;
}

/** The window's four corners in the photo, from its sides fitted there (null when a side cannot be). */
function windowQuad(img: RgbaImage, g: Grid, r: Rect): Pt[] | null {
  const left = imageSideLine(img, g, true, r.left, r.top, r.bottom);
  const right = imageSideLine(img, g, true, r.right, r.top, r.bottom);
  const top = imageSideLine(img, g, false, r.top, r.left, r.right);
  const bottom = imageSideLine(img, g, false, r.bottom, r.left, r.right);
  if (!left || !right || !top || !bottom) return null;
  const corners = [intersect(left, top), intersect(top, right), intersect(right, bottom), intersect(bottom, left)];
  if (!corners.every(Boolean)) return null;
  // Each fitted corner must agree with the grid's to within a few pixels.
  const grid = ([[r.left, r.top], [r.right, r.top], [r.right, r.bottom], [r.left, r.bottom]] as Pt[]).map((p) => applyH(g.toImage, p[0], p[1]));
  const size = grid[0] && grid[2] ? Math.hypot(grid[2]![0] - grid[0]![0], grid[2]![1] - grid[0]![1]) : 0;
  const ok = corners.every((c, k) => grid[k] && Math.hypot(c![0] - grid[k]![0], c![1] - grid[k]![1]) <= 3 + 0.03 * size);
  return ok ? (corners as Pt[]) : null;
}

/**
 * Width and drop (mm) from the window's own corners, with the sheet only for the scale: the window is a
 * rectangle, so its four corners take out the perspective exactly up to its two side lengths, and the
 * sheet's two side lengths (297 and 210 mm) and right angle in that frame fix them. This uses the large,
 * precisely found window for the perspective instead of extrapolating it from the small sheet.
 * `skew` is the cosine of the sheet's corner angle found this way (0 when all is consistent).
 */
function sizeFromWindowFrame(quad: Pt[], sheet: Sheet): { widthMm: number; dropMm: number; skew: number } | null {
  const hw = homography(quad, [[0, 0], [1, 0], [1, 1], [0, 1]]);
  if (!hw) return null;
  const q = sheet.corners.map((p) => applyH(hw, p[0], p[1]));
  if (!q.every(Boolean)) return null;
  const [q0, q1, q2, q3] = q as Pt[];
  let a: Pt = [(q1![0] - q0![0] + q2![0] - q3![0]) / 2, (q1![1] - q0![1] + q2![1] - q3![1]) / 2];
  let b: Pt = [(q3![0] - q0![0] + q2![0] - q1![0]) / 2, (q3![1] - q0![1] + q2![1] - q1![1]) / 2];
  let [la, lb] = sheet.firstSideLong ? [A4_LONG_MM, A4_SHORT_MM] : [A4_SHORT_MM, A4_LONG_MM];
  if (Math.abs(a[1]) > Math.abs(a[0])) {
    [a, b] = [b, a];
    [la, lb] = [lb, la];
  }
  const det = a[0] ** 2 * b[1] ** 2 - a[1] ** 2 * b[0] ** 2;
  if (Math.abs(det) < 1e-12) return null;
  const w2 = (la ** 2 * b[1] ** 2 - a[1] ** 2 * lb ** 2) / det;
  const d2 = (a[0] ** 2 * lb ** 2 - la ** 2 * b[0] ** 2) / det;
  if (!(w2 > 0 && d2 > 0)) return null;
  const widthMm = Math.sqrt(w2);
  const dropMm = Math.sqrt(d2);
  const A: Pt = [widthMm * a[0], dropMm * a[1]];
  const B: Pt = [widthMm * b[0], dropMm * b[1]];
  const skew = Math.abs(A[0] * B[0] + A[1] * B[1]) / (Math.hypot(A[0], A[1]) * Math.hypot(B[0], B[1]));
  return { widthMm, dropMm, skew };
}

function toFractions(points: Pt[], width: number, height: number): FractionBox {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x0 = clamp01(Math.min(...xs) / width);
  const y0 = clamp01(Math.min(...ys) / height);
  return {
    x: round4(x0),
    y: round4(y0),
    width: round4(clamp01(Math.max(...xs) / width) - x0),
    height: round4(clamp01(Math.max(...ys) / height) - y0),
  };
}

/** A typical width for an estimate, by shape: tall narrow openings are doors, wide ones picture windows. */
function typicalWidthMm(dropOverWidth: number): number {
  if (dropOverWidth >= 1.8) return 900;
  if (dropOverWidth <= 0.6) return 1800;
  return 1200;
}

const HOW_TO =
  'Hold a plain white A4 sheet flat against the glass or the wall beside the window, with all four corners in view, and take the photo with the whole window in the frame.';

const ESTIMATE_NOTES: Record<'no_reference' | 'reference_cut_off' | 'reference_not_a4', string> = {
  no_reference:
    'No A4 sheet was found, so these sizes are an estimate from the window\u2019s proportions and typical window sizes. ' +
    'Hold a plain white A4 sheet flat against the glass and take the photo straight on for a real measurement.',
  reference_cut_off:
    'The A4 sheet runs off the edge of the photo, so it could not be used and these sizes are only an estimate from the window\u2019s proportions. ' +
    HOW_TO,
  reference_not_a4:
    'A white sheet was found but its proportions are not those of an A4 sheet (it may be folded, partly hidden or another size), so these sizes are only an estimate. ' +
    HOW_TO,
};

const DOUBT_NOTES: Record<'window_cut_off' | 'steep_angle' | 'reference_too_small' | 'implausible_size' | 'frame_edge_unclear' | 'reference_inconsistent', string> = {
  reference_inconsistent:
    'The A4 sheet and the window do not line up as one flat wall (the sheet may be bent, not flat against the wall or glass, or something else was taken for the window), so the size is uncertain. ',
  frame_edge_unclear:
    'No frame could be told apart round the glass (a frame the same colour as the wall, or no frame), so this may be the size of the glass rather than of the outer frame. ',
  window_cut_off: 'The window runs off the edge of the photo, so part of it may be missing from this measurement. ',
  steep_angle: 'The photo was taken at a steep angle, so the correction for the perspective is not reliable. ',
  reference_too_small: 'The A4 sheet is very small in the photo, so the scale taken from it is rough. ',
  implausible_size: 'The size measured is outside what a window or door can be, so something in the photo was probably mistaken for the window or the sheet. ',
};

const NO_WINDOW_NOTE =
  'No window frame could be found in the photo, so these sizes are only a placeholder. ' +
  'Take the photo with the whole window in view, and hold a white A4 sheet against the glass for a real measurement.';

/** The quality rating's words for the A4 sheet search when no sheet could be used. */
function sheetFinding(search: { sheet: Sheet | null; cutOff: boolean; notA4: boolean }): string {
  if (search.cutOff) return 'A4 sheet runs off the photo';
  if (search.notA4) return 'white sheet found, but not A4-shaped';
  return search.sheet ? 'A4 sheet found' : 'no A4 sheet found';
}

/** The quality rating's words for the window frame. */
function frameFinding(cutOff: boolean, frameSeen: boolean): string {
  if (cutOff) return 'window runs off the photo';
  return frameSeen ? 'frame edges clear' : 'frame edges unclear: the size may be the glass';
}

/** Analyses decoded RGBA pixels. */
export function analyzeWindowPixels(img: RgbaImage): WindowAnalysis {
  const { width, height, data } = img;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0 || data.length < width * height * 4) {
    throw new ImageError('corrupt_image', 'The image data does not match its size.');
  }
  if (Math.min(width, height) < MIN_IMAGE_SIDE) {
    throw new ImageError('image_too_small', `The image is too small to analyse (at least ${MIN_IMAGE_SIDE} pixels on each side).`);
  }

  const small = downscale(img);
  const search = findSheet(img, small);
  const sheet: Sheet | null = search.sheet;

  // The plane: millimetres on the wall from the sheet's corners, or the photo's own pixels without one.
  let toPlane: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  let limit: Bounds | null = null;
  if (sheet) {
    const [sw, sh] = sheet.firstSideLong ? [A4_LONG_MM, A4_SHORT_MM] : [A4_SHORT_MM, A4_LONG_MM];
    const h = homography(sheet.corners, [[0, 0], [sw, 0], [sw, sh], [0, sh]]);
    if (h) {
      toPlane = h;
      limit = { u0: sw / 2 - PLANE_REACH_MM, v0: sh / 2 - PLANE_REACH_MM, u1: sw / 2 + PLANE_REACH_MM, v1: sh / 2 + PLANE_REACH_MM };
    }
  }
  const useSheet = sheet !== null && limit !== null;
  const fromPlane = invert3(toPlane) ?? [1, 0, 0, 0, 1, 0, 0, 0, 1];

  // Straighten to the window's own edges (a crooked phone, or a sheet stuck on at a slant).
  let grid = buildGrid(small, fromPlane, planeBounds(toPlane, width, height, 0, limit), 0);
  let grads = sobel(grid);
  const theta = dominantTurn(grads);
  // With a sheet its sides already give the axes; only a clearly crooked sheet is turned back.
  if (Math.abs(theta) > ((useSheet ? 2.5 : 0.4) * Math.PI) / 180) {
    grid = buildGrid(small, fromPlane, planeBounds(toPlane, width, height, theta, limit), theta);
    grads = sobel(grid);
  }

  // With a sheet the window is at least 350 mm each way (never the sheet itself).
  const minSize = Math.max(0.08 * Math.min(grid.w, grid.h), useSheet ? 350 / grid.cell : 0);
  const candidate = findRectangle(grid, grads, minSize, null);
  if (!candidate) {
    const quality: ScanQuality = { rating: 'poor', reasons: [sheetFinding(search), 'no window frame found'] };
    return { width_mm: 1200, drop_mm: 1200, confidence: 0.1, quality, detectedArea: { x: 0, y: 0, width: 1, height: 1 }, scaleSource: 'estimate', note: NO_WINDOW_NOTE, reason: 'no_window' };
  }
  const innerMin = Math.min(candidate.right - candidate.left, candidate.bottom - candidate.top);
  const minOut = useSheet ? 12 / grid.cell : 0.012 * innerMin;
  const maxOut = useSheet ? 170 / grid.cell : 0.14 * innerMin;
  const { rect: r, frameSeen } = measureWindow(img, grid, candidate, minOut, maxOut);
  const corners = ([[r.left, r.top], [r.right, r.top], [r.right, r.bottom], [r.left, r.bottom]] as Pt[]).map((p) => applyH(grid.toImage, p[0], p[1]) ?? p);
  let detectedArea = toFractions(corners, width, height);
  const windowQuality = clamp01((candidate.minSupport - MIN_SIDE_SUPPORT) / (1 - MIN_SIDE_SUPPORT));
  const margin = 0.004 * Math.max(width, height);
  const cutOff = corners.some(([x, y]) => x < margin || y < margin || x > width - margin || y > height - margin);
  const widthUnits = (r.right - r.left) * grid.cell;
  const dropUnits = (r.bottom - r.top) * grid.cell;

  if (useSheet) {
    const s = sheet!;
    // The window's own corners for the perspective when they are found cleanly and agree with the sheet's.
    const quad = windowQuad(img, grid, r);
    if (quad) detectedArea = toFractions(quad, width, height);
    const framed = quad ? sizeFromWindowFrame(quad, s) : null;
    const agrees = framed !== null && framed.skew < 0.12 && Math.abs(framed.widthMm / widthUnits - 1) < 0.12 && Math.abs(framed.dropMm / dropUnits - 1) < 0.12;
    const widthMm = Math.round(agrees ? framed!.widthMm : widthUnits);
    const dropMm = Math.round(agrees ? framed!.dropMm : dropUnits);
    const orientation = s.firstSideLong ? 'landscape' : 'portrait';
    let reason: keyof typeof DOUBT_NOTES | undefined;
    if (cutOff) reason = 'window_cut_off';
    else if (Math.min(widthMm, dropMm) < 250 || Math.max(widthMm, dropMm) > 6000) reason = 'implausible_size';
    else if (s.tiltDeg > MAX_CONFIDENT_TILT_DEG) reason = 'steep_angle';
    else if (s.shortSidePx < MIN_SHEET_SHORT_PX) reason = 'reference_too_small';
    else if (!frameSeen) reason = 'frame_edge_unclear';
    else if (framed && !agrees) reason = 'reference_inconsistent';
    const angle = s.tiltDeg >= 3 ? ` The photo was taken about ${Math.round(s.tiltDeg)}\u00b0 from square-on; the perspective is corrected from the sheet\u2019s corners.` : '';
    const reference = toFractions(s.corners, width, height);
    const reasons = [
      s.shortSidePx < MIN_SHEET_SHORT_PX ? 'A4 sheet found, but very small in the photo' : 'A4 sheet found',
      s.tiltDeg > MAX_CONFIDENT_TILT_DEG ? 'photo taken at too steep an angle to correct reliably' : 'perspective corrected from the sheet',
      frameFinding(cutOff, frameSeen),
      agrees ? 'window corners agree with the sheet' : framed ? 'window corners and the sheet disagree' : 'window corners not traced: the scale comes from the sheet alone',
    ];
    if (reason === 'implausible_size') reasons.push('size outside what a window or door can be');
    if (reason) {
      return {
        width_mm: widthMm,
        drop_mm: dropMm,
        confidence: reason === 'implausible_size' ? 0.2 : reason === 'frame_edge_unclear' ? 0.6 : 0.5,
        quality: { rating: reason === 'implausible_size' ? 'poor' : 'fair', reasons },
        detectedArea,
        scaleSource: 'a4-reference',
        reference,
        note: `${DOUBT_NOTES[reason]}Measured against the A4 sheet (${orientation}), but please measure with a tape measure or retake the photo. ${HOW_TO}`,
        reason,
      };
    }
    const fitQuality = clamp01(1 - s.edgeRms / 1.5);
    const aspectQuality = clamp01(1 - s.aspectError / A4_ASPECT_TOLERANCE);
    const angleQuality = clamp01(1 - s.tiltDeg / 45);
    // Without the window's own corners the perspective comes from the small sheet alone: less sure.
    const quality = (0.3 * fitQuality + 0.25 * aspectQuality + 0.25 * windowQuality + 0.2 * angleQuality) * (agrees ? 1 : 0.4);
    return {
      width_mm: widthMm,
      drop_mm: dropMm,
      confidence: Math.round((0.85 + 0.1 * quality) * 100) / 100,
      // Every check passed only when the window's own corners confirmed the sheet's perspective.
      quality: { rating: agrees ? 'good' : 'fair', reasons },
      detectedArea,
      scaleSource: 'a4-reference',
      reference,
      note:
        `Measured against the A4 sheet (${orientation}). Sizes are of the outer window frame.${angle} ` +
        'Please check with a tape measure before ordering.',
    };
  }

  const reason: 'no_reference' | 'reference_cut_off' | 'reference_not_a4' = search.cutOff ? 'reference_cut_off' : search.notA4 ? 'reference_not_a4' : 'no_reference';
  const ratio = dropUnits / Math.max(1e-6, widthUnits);
  const widthMm = typicalWidthMm(ratio);
  return {
    width_mm: widthMm,
    drop_mm: Math.round((widthMm * ratio) / 10) * 10,
    confidence: Math.round((0.25 + 0.05 * windowQuality) * 100) / 100,
    quality: { rating: 'poor', reasons: [sheetFinding({ ...search, sheet: null }), 'size estimated from the window\u2019s shape and typical sizes', frameFinding(cutOff, frameSeen)] },
    detectedArea,
    scaleSource: 'estimate',
    note: ESTIMATE_NOTES[reason],
    reason,
  };
}
