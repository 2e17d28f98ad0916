// The A4 sheet's shape: its size, what is known of a sheet once found, and the proportions of a
// four-sided shape with the perspective taken out (sheet.ts finds it, sheet-refine.ts locates its sides).
import { homography, type Pt } from './geometry';

export const A4_LONG_MM = 297;
export const A4_SHORT_MM = 210;
const A4_ASPECT = A4_LONG_MM / A4_SHORT_MM;
/** Accepted relative error of the sheet's measured proportions (after taking out the perspective). */
export const A4_ASPECT_TOLERANCE = 0.1;

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

/** Orders four corners clockwise on screen (y down) starting with the side closest to horizontal. */
export function orderQuad(q: Pt[]): Pt[] {
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

/** Relative error of a long / short (or short / long) proportion against A4's. */
export function aspectErrorOf(ratio: number): number {
  const r = ratio >= 1 ? ratio : 1 / ratio;
  return Math.abs(r / A4_ASPECT - 1);
}
