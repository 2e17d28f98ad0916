// The window's sides located to a fraction of a pixel in the full-resolution photo, moved out to the frame's
// outer edge, and its four corners traced as lines in the photo itself.

import { applyH, fitLine, intersect, median, type Line, type Pt } from './geometry';
import type { Grid } from './grid';
import { sampleLum } from './image';
import type { Rect } from './rectangle';
import type { RgbaImage } from '../../lib/image/types';

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
function sideProfile(
  img: RgbaImage,
  g: Grid,
  vertical: boolean,
  pos: number,
  a: number,
  b: number,
  from: number,
  to: number,
  step: number,
): number[] {
  const samples = 32;
  const out: number[] = [];
  for (let o = from; o <= to + 1e-9; o += step) {
    let sum = 0;
    let n = 0;
    for (let k = 0; k < samples; k++) {
      const t = a + ((b - a) * (k + 0.5)) / samples;
      const l = vertical ? lumAt(img, g, pos + o, t) : lumAt(img, g, t, pos + o);
      if (!Number.isNaN(l)) {
        sum += l;
        n++;
      }
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
function sideSteps(
  img: RgbaImage,
  g: Grid,
  vertical: boolean,
  pos: number,
  dir: 1 | -1,
  a: number,
  b: number,
  minOut: number,
  maxOut: number,
): number[] {
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
    for (let j = 1; j <= m; j++) {
      before += prof[k - j]!;
      after += prof[k + j]!;
    }
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
export function measureWindow(img: RgbaImage, g: Grid, c: Rect, minOut: number, maxOut: number): { rect: Rect; frameSeen: boolean } {
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
export function windowQuad(img: RgbaImage, g: Grid, r: Rect): Pt[] | null {
  const left = imageSideLine(img, g, true, r.left, r.top, r.bottom);
  const right = imageSideLine(img, g, true, r.right, r.top, r.bottom);
  const top = imageSideLine(img, g, false, r.top, r.left, r.right);
  const bottom = imageSideLine(img, g, false, r.bottom, r.left, r.right);
  if (!left || !right || !top || !bottom) return null;
  const corners = [intersect(left, top), intersect(top, right), intersect(right, bottom), intersect(bottom, left)];
  if (!corners.every(Boolean)) return null;
  // Each fitted corner must agree with the grid's to within a few pixels.
  const grid = (
    [
      [r.left, r.top],
      [r.right, r.top],
      [r.right, r.bottom],
      [r.left, r.bottom],
    ] as Pt[]
  ).map((p) => applyH(g.toImage, p[0], p[1]));
  const size = grid[0] && grid[2] ? Math.hypot(grid[2]![0] - grid[0]![0], grid[2]![1] - grid[0]![1]) : 0;
  const ok = corners.every((c, k) => grid[k] && Math.hypot(c![0] - grid[k]![0], c![1] - grid[k]![1]) <= 3 + 0.03 * size);
  return ok ? (corners as Pt[]) : null;
}
