// Finds the A4 sheet: a bright, unsaturated, four-sided shape, located to a fraction of a pixel at full
// resolution, and checks that it has A4's proportions once the perspective is taken out.

import { convexHull, fitLine, homography, intersect, polygonArea, reduceToQuad, type Line, type Pt } from './geometry';
import { sampleLum, type Small } from './image';
import type { RgbaImage } from '../../lib/image/types';

export const A4_LONG_MM = 297;
export const A4_SHORT_MM = 210;
const A4_ASPECT = A4_LONG_MM / A4_SHORT_MM;
/** Accepted relative error of the sheet's measured proportions (after taking out the perspective). */
export const A4_ASPECT_TOLERANCE = 0.1;
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

export interface Sheet {
  /** Corners in full-resolution pixels, clockwise on screen, p0 -> p1 the side nearest to horizontal. */
  corners: Pt[];
  /** Measured long / short proportion after taking out the perspective, and its error against A4. */
  aspect: number;
  aspectError: number;
  /** True when corners[0] -> corners[1] is a long (297 mm) side. */
  firstSideLong: boolean;
  /** RMS distance (pixels) of the edge points from the fitted sides. */
  edgeRms: number;
  /** Angle between the wall and the photo's plane (degrees), from the sheet's perspective. */
  tiltDeg: number;
  /** Length of the sheet's short side in full-resolution pixels (smallest seen). */
  shortSidePx: number;
}

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

/** Orders four corners clockwise on screen (y down) starting with the side closest to horizontal. */
function orderQuad(q: Pt[]): Pt[] {
  let signed = 0;
  for (let i = 0; i < 4; i++) signed += q[i]![0] * q[(i + 1) % 4]![1] - q[(i + 1) % 4]![0] * q[i]![1];
  const cw = signed > 0 ? q.slice() : q.slice().reverse(); // y down: positive shoelace = clockwise on screen
  let start = 0;
  let best = -Infinity;
  for (let i = 0; i < 4; i++) {
    const a = cw[i]!;
    const b = cw[(i + 1) % 4]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const horizontal = (b[0] - a[0]) / (len || 1);
    if (horizontal > best) {
      best = horizontal;
      start = i;
    }
  }
  return [0, 1, 2, 3].map((k) => cw[(start + k) % 4]!);
}

/**
 * Metric proportions of a rectangle seen as `quad` (full-resolution pixels) through a pinhole camera whose
 * principal point is the image centre: the focal length comes from the two vanishing points when they
 * give a plausible one, else a phone's typical 0.8 x the long side. Returns |side 0-1| / |side 1-2| and the tilt.
 */
export function rectangleProportions(quad: Pt[], width: number, height: number): { ratio: number; tiltDeg: number } | null {
  const cx = width / 2;
  const cy = height / 2;
  const q = quad.map(([x, y]) => [x - cx, y - cy] as Pt);
  const h = homography(
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ],
    q,
  );
  if (!h) return null;
  const long = Math.max(width, height);
  let f = 0.8 * long;
  // Vanishing points are the images of the directions (1,0,0) and (0,1,0): h's first and second columns.
  const v1 = [h[0]!, h[3]!, h[6]!];
  const v2 = [h[1]!, h[4]!, h[7]!];
  const w12 = v1[2]! * v2[2]!;
  if (Math.abs(w12) > 1e-12) {
    const f2 = -(v1[0]! * v2[0]! + v1[1]! * v2[1]!) / w12;
    if (f2 > 0) {
      const est = Math.sqrt(f2);
      // Only trust it when the perspective is strong enough on both axes to pin it down.
      const strong =
        Math.abs(v1[2]!) * long > 0.15 * Math.hypot(v1[0]!, v1[1]!) && Math.abs(v2[2]!) * long > 0.15 * Math.hypot(v2[0]!, v2[1]!);
      if (strong && est > 0.4 * long && est < 2 * long) f = est;
    }
  }
  const r1 = [v1[0]! / f, v1[1]! / f, v1[2]!];
  const r2 = [v2[0]! / f, v2[1]! / f, v2[2]!];
  const n1 = Math.hypot(r1[0]!, r1[1]!, r1[2]!);
  const n2 = Math.hypot(r2[0]!, r2[1]!, r2[2]!);
  const nz = (r1[0]! * r2[1]! - r1[1]! * r2[0]!) / (n1 * n2);
  return { ratio: n1 / n2, tiltDeg: (Math.acos(Math.min(1, Math.abs(nz))) * 180) / Math.PI };
}

function aspectErrorOf(ratio: number): number {
  const r = ratio >= 1 ? ratio : 1 / ratio;
  return Math.abs(r / A4_ASPECT - 1);
}

/** Locates one side to sub-pixel precision: strongest bright-to-dark step across it, fitted as a line. */
function refineSide(img: RgbaImage, a: Pt, b: Pt, centre: Pt, reach: number): { line: Line; rms: number } | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  if (len < 4) return null;
  const t: Pt = [dx / len, dy / len];
  let n: Pt = [-t[1], t[0]];
  const mid: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  if ((mid[0] - centre[0]) * n[0] + (mid[1] - centre[1]) * n[1] < 0) n = [-n[0], -n[1]]; // outward
  const samples = Math.max(8, Math.min(40, Math.round(len / 3)));
  const points: Pt[] = [];
  const step = 0.5;
  const steps = Math.ceil(reach / step);
  const lumAt = (p: Pt, s: number, k: number) => sampleLum(img, p[0] + n[0] * s + t[0] * k, p[1] + n[1] * s + t[1] * k);
  for (let i = 0; i < samples; i++) {
    const u = 0.12 + (0.76 * (i + 0.5)) / samples;
    const p: Pt = [a[0] + dx * u, a[1] + dy * u];
    const prof: number[] = [];
    for (let k = -steps - 7; k <= steps + 7; k++) {
      const s = k * step;
      prof.push((lumAt(p, s, -1) + lumAt(p, s, 0) + lumAt(p, s, 1)) / 3);
    }
    let bestK = -1;
    let bestV = 0;
    for (let k = 7; k < prof.length - 7; k++) {
      const v = prof[k - 1]! - prof[k + 1]!; // inside (bright) minus outside
      if (v > bestV) {
        bestV = v;
        bestK = k;
      }
    }
    if (bestK < 0 || !(bestV > 6)) continue;
    // Where the profile crosses halfway between the levels 2-3 px either side of the steepest point:
    // exact for a straight edge averaged over pixels, unlike the steepest point itself.
    const lv = (from: number, to: number) => {
      let sum = 0;
      let m = 0;
      for (let k = Math.max(0, from); k <= Math.min(prof.length - 1, to); k++)
        if (!Number.isNaN(prof[k]!)) {
          sum += prof[k]!;
          m++;
        }
      return m ? sum / m : NaN;
    };
    const inside = lv(bestK - 6, bestK - 4);
    const outside = lv(bestK + 4, bestK + 6);
    if (!(inside - outside > 6)) continue;
    const half = (inside + outside) / 2;
    let crossing = NaN;
    for (let k = Math.max(1, bestK - 4); k <= Math.min(prof.length - 1, bestK + 4); k++) {
      const a0 = prof[k - 1]!;
      const a1 = prof[k]!;
      if (a0 >= half && a1 < half) {
        crossing = k - 1 + (a0 - half) / (a0 - a1);
        break;
      }
    }
    if (Number.isNaN(crossing)) continue;
    const s = (crossing - steps - 7) * step;
    points.push([p[0] + n[0] * s, p[1] + n[1] * s]);
  }
  if (points.length < Math.max(5, samples / 2)) return null;
  const fit = fitLine(points, 1.5);
  return fit ? { line: fit.line, rms: fit.rms } : null;
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

/** Sub-pixel sides at full resolution and corners where they meet; null unless the result is A4-shaped. */
function refineSheet(img: RgbaImage, q: Pt[], f: number): Sheet | null {
  const centre: Pt = [(q[0]![0] + q[1]![0] + q[2]![0] + q[3]![0]) / 4, (q[0]![1] + q[1]![1] + q[2]![1] + q[3]![1]) / 4];
  const sides = [0, 1, 2, 3].map(
    (k) => refineSide(img, q[k]!, q[(k + 1) % 4]!, centre, 1.5 * f + 1.5) ?? refineSide(img, q[k]!, q[(k + 1) % 4]!, centre, 3 * f + 2),
  );
  // A sheet whose sides cannot all be located precisely is not used: a rough sheet gives a confident wrong size.
  if (!sides.every(Boolean)) return null;
  const refined = [0, 1, 2, 3].map((k) => intersect(sides[(k + 3) % 4]!.line, sides[k]!.line));
  if (!refined.every((p, k) => p && Math.hypot(p[0] - q[k]![0], p[1] - q[k]![1]) <= 3 * f + 3)) return null;
  const corners = refined as Pt[];
  const edgeRms = Math.sqrt(sides.reduce((acc, sd) => acc + sd!.rms ** 2, 0) / 4);
  const prop = rectangleProportions(corners, img.width, img.height);
  if (!prop) return null;
  const aspectError = aspectErrorOf(prop.ratio);
  if (aspectError > A4_ASPECT_TOLERANCE) return null;
  const sideLen = (k: number) => Math.hypot(corners[(k + 1) % 4]![0] - corners[k]![0], corners[(k + 1) % 4]![1] - corners[k]![1]);
  const firstSideLong = prop.ratio >= 1;
  const shortSidePx = firstSideLong ? Math.min(sideLen(1), sideLen(3)) : Math.min(sideLen(0), sideLen(2));
  return { corners, aspect: Math.max(prop.ratio, 1 / prop.ratio), aspectError, firstSideLong, edgeRms, tiltDeg: prop.tiltDeg, shortSidePx };
}
