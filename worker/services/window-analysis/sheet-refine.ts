// Locates a found sheet's sides to a fraction of a pixel at full resolution, and its corners where
// they meet (sheet.ts finds the sheet in the reduced image).
import { fitLine, intersect, type Line, type Pt } from './geometry';
import { sampleLum } from './image';
import { A4_ASPECT_TOLERANCE, aspectErrorOf, rectangleProportions, type Sheet } from './sheet-shape';
import type { RgbaImage } from '../../lib/image/types';

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

/** Sub-pixel sides at full resolution and corners where they meet; null unless the result is A4-shaped. */
export function refineSheet(img: RgbaImage, q: Pt[], f: number): Sheet | null {
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
