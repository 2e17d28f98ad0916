import { decode as referenceDecode } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { decodeJpeg, decodePhoto } from '../../worker/lib/image/decode';
import { ImageError } from '../../worker/lib/image/errors';
import type { RgbaImage } from '../../worker/lib/image/types';
import * as samples from './fixtures/jpeg-samples';

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** jpeg-js, an independent decoder, at full size. */
function reference(bytes: Uint8Array): RgbaImage {
  const { width, height, data } = referenceDecode(bytes, { useTArray: true, formatAsRGBA: true });
  return { width, height, data };
}

/** Box average by `f` (edge cells average what they have): what a 1/f decode should approximate. */
function boxReduce(img: RgbaImage, f: number): RgbaImage {
  const w = Math.ceil(img.width / f);
  const h = Math.ceil(img.height / f);
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        let n = 0;
        for (let yy = y * f; yy < Math.min(img.height, (y + 1) * f); yy++) {
          for (let xx = x * f; xx < Math.min(img.width, (x + 1) * f); xx++, n++) sum += img.data[(yy * img.width + xx) * 4 + c]!;
        }
        data[(y * w + x) * 4 + c] = sum / n;
      }
    }
  }
  return { width: w, height: h, data };
}

function meanDifference(a: RgbaImage, b: RgbaImage): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) if (i % 4 !== 3) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / ((a.data.length * 3) / 4);
}

function rgbAt(img: RgbaImage, x: number, y: number): number[] {
  const o = (y * img.width + x) * 4;
  return Array.from(img.data.subarray(o, o + 3));
}
const isRed = ([r, g, b]: number[]) => r! > 170 && g! < 90 && b! < 90;

/** The JPEG with an EXIF APP1 (big-endian TIFF, one IFD0 entry: Orientation) right after SOI. */
function withOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const app1 = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
  return new Uint8Array([0xff, 0xd8, ...app1, ...jpeg.subarray(2)]);
}

/** The JPEG with its frame header (SOF0/SOF2) claiming another size; the image data is unchanged. */
function withDeclaredSize(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const out = jpeg.slice();
  for (let i = 2; i < out.length - 9; i++) {
    if (out[i] === 0xff && (out[i + 1] === 0xc0 || out[i + 1] === 0xc2)) {
      out.set([height >> 8, height & 0xff, width >> 8, width & 0xff], i + 5);
      return out;
    }
  }
  throw new Error('no SOF marker');
}

function rejection(fn: () => unknown): ImageError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ImageError);
    return err as ImageError;
  }
  throw new Error('expected a ImageError');
}

const BASELINE = {
  '4:2:0': samples.SAMPLED_420,
  '4:2:2 with restart markers': samples.SAMPLED_422_RESTART_2,
  '4:4:4 with a restart marker every MCU': samples.SAMPLED_444_RESTART_EVERY_ROW,
  greyscale: samples.GREYSCALE,
  'one scan per component': samples.ONE_SCAN_PER_COMPONENT,
};

describe('JPEG decoder (baseline, scaled output)', () => {
  for (const [name, base64] of Object.entries(BASELINE)) {
    it(`${name}: full size matches an independent decoder`, () => {
      const bytes = bytesOf(base64);
      const decoded = decodeJpeg(bytes, Number.MAX_SAFE_INTEGER);
      expect(meanDifference(decoded, reference(bytes))).toBeLessThan(1);
    });

    it(`${name}: 1/2, 1/4 and 1/8 outputs match the box-averaged full image`, () => {
      const bytes = bytesOf(base64);
      const full = reference(bytes);
      // 100 x 75 pixels; each budget forces the next reduction.
      for (const [maxPixels, factor] of [
        [2000, 2],
        [500, 4],
        [130, 8],
      ] as const) {
        const decoded = decodeJpeg(bytes, maxPixels);
        expect(decoded.width * decoded.height).toBeLessThanOrEqual(maxPixels);
        expect(meanDifference(decoded, boxReduce(full, factor))).toBeLessThan(4);
      }
    });
  }

  it('turns the picture upright by its EXIF orientation', () => {
    const bytes = bytesOf(samples.SAMPLED_420); // red square at the top left
    expect(isRed(rgbAt(decodeJpeg(bytes), 5, 5))).toBe(true);
    const cases: [orientation: number, width: number, redAt: [number, number]][] = [
      [3, 100, [94, 69]], // upside down: bottom right
      [6, 75, [69, 5]], // turned clockwise: top right
      [8, 75, [5, 94]], // turned anticlockwise: bottom left
      [2, 100, [94, 5]], // mirrored: top right
    ];
    for (const [orientation, width, [x, y]] of cases) {
      const upright = decodeJpeg(withOrientation(bytes, orientation));
      expect(upright.width, `orientation ${orientation}`).toBe(width);
      expect(isRed(rgbAt(upright, x, y)), `orientation ${orientation}`).toBe(true);
      expect(isRed(rgbAt(upright, 5, 5)), `orientation ${orientation}`).toBe(orientation === 1);
    }
    // Applied to the reduced output too.
    const small = decodeJpeg(withOrientation(bytes, 6), 500);
    expect([small.width, small.height]).toEqual([19, 25]);
    expect(isRed(rgbAt(small, 17, 1))).toBe(true);
  });

  it('reads a small progressive JPEG through the fallback decoder', () => {
    const bytes = bytesOf(samples.PROGRESSIVE);
    expect(meanDifference(decodeJpeg(bytes, Number.MAX_SAFE_INTEGER), reference(bytes))).toBe(0);
    const reduced = decodeJpeg(bytes, 2000);
    expect([reduced.width, reduced.height]).toEqual([50, 38]);
  });

  it('asks for a standard JPEG when a progressive one is too large to decode in memory', () => {
    const err = rejection(() => decodePhoto(withDeclaredSize(bytesOf(samples.PROGRESSIVE), 3000, 2000)));
    expect(err.reason).toBe('unsupported_format');
    expect(err.message).toContain('Please send the photo as a standard JPEG or PNG');
  });

  it('refuses a JPEG whose frame header declares 65000 x 65000 before decoding (413)', () => {
    const err = rejection(() => decodePhoto(withDeclaredSize(bytesOf(samples.SAMPLED_420), 65000, 65000)));
    expect(err.status).toBe(413);
    expect(err.message).toContain('65000 x 65000');
    expect(rejection(() => decodePhoto(withDeclaredSize(bytesOf(samples.PROGRESSIVE), 65000, 65000))).status).toBe(413);
  });

  it('answers 400 for a cut-off or damaged JPEG', () => {
    const bytes = bytesOf(samples.SAMPLED_420);
    expect(rejection(() => decodePhoto(bytes.subarray(0, 300))).status).toBe(400);
    const noFrame = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    expect(rejection(() => decodePhoto(noFrame)).status).toBe(400);
  });
});
