// The wall's plane resampled as a grid of cells, its edge gradients, and the peaks of an edge profile.

import { applyH, mul3, type Mat3 } from './geometry';
import { quantile, sampleSmall, type Small } from './image';

/** The plane is resampled with about this many cells on its long side. */
const GRID_LONG = 320;
const MAX_EDGE_PEAKS = 12;

export interface Grid {
  w: number;
  h: number;
  lum: Float32Array;
  /** Grid position (cells, continuous; cell centres at +0.5) -> full-resolution image pixel position. */
  toImage: Mat3;
  /** Plane units (mm with a sheet, full-resolution pixels without) per cell. */
  cell: number;
}

export interface Bounds {
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

/** Resamples the reduced photo onto the plane, turned by `theta` (radians), over `bounds` (turned plane units). */
export function buildGrid(s: Small, fromPlane: Mat3, bounds: Bounds, theta: number): Grid {
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
export function planeBounds(toPlane: Mat3, width: number, height: number, theta: number, limit: Bounds | null): Bounds {
  const c = Math.cos(theta);
  const sn = Math.sin(theta);
  let b: Bounds = { u0: Infinity, v0: Infinity, u1: -Infinity, v1: -Infinity };
  for (const [x, y] of [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ] as const) {
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

export interface Gradients {
  gx: Float32Array;
  gy: Float32Array;
  mag: Float32Array;
}

export function sobel(g: Grid): Gradients {
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
export function dominantTurn(grads: Gradients): number {
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
export function peaks(profile: Uint32Array, minValue: number, radius: number): number[] {
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
