// PNG photos for the browser tests (no image library): 8-bit RGB, each row filtered with 'none',
// written by scripts/png.mjs.
import { rgbPngFile } from '../../scripts/png.mjs';

/** A width x height RGB PNG; `rgb(x, y)` is a pixel's colour (each channel rounded into 0..255). */
export function rgbPng(width: number, height: number, rgb: (x: number, y: number) => readonly number[]): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0;
    for (let x = 0; x < width; x++) {
      raw.set(
        rgb(x, y).map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        y * stride + 1 + x * 3,
      );
    }
  }
  return rgbPngFile(width, height, raw);
}
