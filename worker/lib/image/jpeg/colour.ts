// Component planes to RGBA (T.871 / JFIF YCbCr), sampling subsampled chroma planes at each pixel.

export interface Plane {
  data: Uint8Array;
  width: number;
  /** Plane samples per output pixel across and down (1, or less for subsampled chroma). */
  scaleX: number;
  scaleY: number;
}

export type ColourModel = 'grey' | 'ycbcr' | 'rgb';

/** RGBA of `width x height` from 1 or 3 planes; chroma of 4:2:0 / 4:2:2 is repeated over its cells. */
export function planesToRgba(planes: Plane[], width: number, height: number, model: ColourModel): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * 4);
  // Column of each plane for every output x, computed once.
  const columns = planes.map((p) => {
    const col = new Int32Array(width);
    for (let x = 0; x < width; x++) col[x] = Math.floor(x * p.scaleX);
    return col;
  });
  const rowStart = (p: Plane, y: number) => Math.floor(y * p.scaleY) * p.width;
  if (model === 'grey') {
    const p = planes[0]!;
    const col = columns[0]!;
    for (let y = 0, o = 0; y < height; y++) {
      const r = rowStart(p, y);
      for (let x = 0; x < width; x++, o += 4) {
        const g = p.data[r + col[x]!]!;
        out[o] = g;
        out[o + 1] = g;
        out[o + 2] = g;
        out[o + 3] = 255;
      }
    }
    return out;
  }
  const [p0, p1, p2] = planes as [Plane, Plane, Plane];
  const [c0, c1, c2] = columns as [Int32Array, Int32Array, Int32Array];
  for (let y = 0, o = 0; y < height; y++) {
    const r0 = rowStart(p0, y);
    const r1 = rowStart(p1, y);
    const r2 = rowStart(p2, y);
    for (let x = 0; x < width; x++, o += 4) {
      const a = p0.data[r0 + c0[x]!]!;
      const b = p1.data[r1 + c1[x]!]!;
      const c = p2.data[r2 + c2[x]!]!;
      if (model === 'rgb') {
        out[o] = a;
        out[o + 1] = b;
        out[o + 2] = c;
      } else {
        // Uint8ClampedArray rounds and clamps.
        const cb = b - 128;
        const cr = c - 128;
        out[o] = a + 1.402 * cr;
        out[o + 1] = a - 0.344136 * cb - 0.714136 * cr;
        out[o + 2] = a + 1.772 * cb;
      }
      out[o + 3] = 255;
    }
  }
  return out;
}
