import type { Raster } from './orientation';

/** Box-averages RGBA by an integer factor (edge cells average the pixels they have). */
export function reduceRaster(image: Raster, factor: number): Raster {
  if (factor <= 1) return image;
  const { width: w, height: h, data } = image;
  const outW = Math.ceil(w / factor);
  const outH = Math.ceil(h / factor);
  const out = new Uint8ClampedArray(outW * outH * 4);
  const sums = new Uint32Array(outW * 4);
  const counts = new Uint32Array(outW);
  for (let oy = 0; oy < outH; oy++) {
    sums.fill(0);
    counts.fill(0);
    for (let y = oy * factor; y < Math.min(h, (oy + 1) * factor); y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4;
        const c = (x / factor) | 0;
        const s = c * 4;
        sums[s] = sums[s]! + data[i]!;
        sums[s + 1] = sums[s + 1]! + data[i + 1]!;
        sums[s + 2] = sums[s + 2]! + data[i + 2]!;
        sums[s + 3] = sums[s + 3]! + data[i + 3]!;
        counts[c] = counts[c]! + 1;
      }
    }
    for (let c = 0; c < outW; c++) {
      const n = counts[c]!;
      const o = (oy * outW + c) * 4;
      for (let k = 0; k < 4; k++) out[o + k] = sums[c * 4 + k]! / n;
    }
  }
  return { width: outW, height: outH, data: out };
}
