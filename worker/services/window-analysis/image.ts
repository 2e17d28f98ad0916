// Pixel access shared by the window analysis: a reduced luminance/saturation copy and full-resolution sampling.

import type { RgbaImage } from '../../lib/image/types';

/** Detection runs on a box-averaged copy with about this many pixels on the long side. */
const TARGET_LONG_SIDE = 360;

export const lumOf = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
export const satOf = (r: number, g: number, b: number) => {
  const max = Math.max(r, g, b);
  return max <= 0 ? 0 : (max - Math.min(r, g, b)) / max;
};
export const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

export interface Small {
  w: number;
  h: number;
  /** Full-resolution pixels per small pixel: small pixel (x, y) covers full [x f, x f + f). */
  f: number;
  lum: Float32Array;
  sat: Float32Array;
}

export function downscale(img: RgbaImage): Small {
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

/** Bilinear luminance of the full-resolution image at pixel position (x, y) (pixel centres at +0.5), NaN outside. */
export function sampleLum(img: RgbaImage, x: number, y: number): number {
  const fx = x - 0.5;
  const fy = y - 0.5;
  if (fx < 0 || fy < 0 || fx > img.width - 1 || fy > img.height - 1) return NaN;
  const x0 = Math.min(Math.floor(fx), img.width - 2);
  const y0 = Math.min(Math.floor(fy), img.height - 2);
  const tx = fx - x0;
  const ty = fy - y0;
  const d = img.data;
  let o = (y0 * img.width + x0) * 4;
  const a = 0.299 * d[o]! + 0.587 * d[o + 1]! + 0.114 * d[o + 2]!;
  const b = 0.299 * d[o + 4]! + 0.587 * d[o + 5]! + 0.114 * d[o + 6]!;
  o += img.width * 4;
  const c = 0.299 * d[o]! + 0.587 * d[o + 1]! + 0.114 * d[o + 2]!;
  const e = 0.299 * d[o + 4]! + 0.587 * d[o + 5]! + 0.114 * d[o + 6]!;
  return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + e * tx) * ty;
}

/** Bilinear value of a small-image channel at full-resolution position (x, y), NaN outside. */
export function sampleSmall(s: Small, values: Float32Array, x: number, y: number): number {
  const fx = x / s.f - 0.5;
  const fy = y / s.f - 0.5;
  if (fx < -0.5 || fy < -0.5 || fx > s.w - 0.5 || fy > s.h - 0.5) return NaN;
  const x0 = Math.max(0, Math.min(Math.floor(fx), s.w - 2));
  const y0 = Math.max(0, Math.min(Math.floor(fy), s.h - 2));
  const tx = Math.max(0, Math.min(1, fx - x0));
  const ty = Math.max(0, Math.min(1, fy - y0));
  const i = y0 * s.w + x0;
  return (values[i]! * (1 - tx) + values[i + 1]! * tx) * (1 - ty) + (values[i + s.w]! * (1 - tx) + values[i + s.w + 1]! * tx) * ty;
}

/** Value at the given quantile of non-negative values up to `max`, via a 1-unit histogram (NaN skipped). */
export function quantile(values: Float32Array, q: number, max: number): number {
  const hist = new Uint32Array(max + 1);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!(v >= 0)) continue;
    hist[Math.min(max, Math.floor(v))]!++;
    n++;
  }
  const target = q * n;
  let acc = 0;
  for (let v = 0; v <= max; v++) {
    acc += hist[v]!;
    if (acc >= target) return v;
  }
  return max;
}
