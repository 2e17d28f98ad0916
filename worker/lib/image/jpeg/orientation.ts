// Turns an image upright by its EXIF orientation (1..8), on the already reduced pixels.

export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** The upright image; orientation 1 (or unknown) returns the input itself. */
export function applyOrientation(image: Raster, orientation: number): Raster {
  if (orientation < 2 || orientation > 8) return image;
  const { width: w, height: h, data } = image;
  const swap = orientation >= 5; // 5..8 turn by a quarter: width and height trade places
  const outW = swap ? h : w;
  const outH = swap ? w : h;
  const out = new Uint8ClampedArray(outW * outH * 4);
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice(); // a Uint32Array view needs 4-byte alignment
  const src = new Uint32Array(aligned.buffer, aligned.byteOffset, w * h);
  const dst = new Uint32Array(out.buffer);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      // Source pixel shown at (x, y) once upright.
      let sx: number;
      let sy: number;
      switch (orientation) {
        case 2: // mirrored left-right
          sx = w - 1 - x;
          sy = y;
          break;
        case 3: // upside down
          sx = w - 1 - x;
          sy = h - 1 - y;
          break;
        case 4: // mirrored top-bottom
          sx = x;
          sy = h - 1 - y;
          break;
        case 5: // transposed
          sx = y;
          sy = x;
          break;
        case 6: // stored turned a quarter anticlockwise: turn it clockwise
          sx = y;
          sy = h - 1 - x;
          break;
        case 7: // transversed
          sx = w - 1 - y;
          sy = h - 1 - x;
          break;
        default: // 8: stored turned a quarter clockwise: turn it anticlockwise
          sx = w - 1 - y;
          sy = x;
      }
      dst[y * outW + x] = src[sy * w + sx]!;
    }
  }
  return { width: outW, height: outH, data: out };
}
