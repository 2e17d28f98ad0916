import { describe, expect, it } from 'vitest';
import { ImageError } from '../../worker/lib/image/errors';
import { decodePng } from '../../worker/lib/image/png';
import { sniffImageType } from '../../worker/lib/image/sniff';
import type { RgbaImage } from '../../worker/lib/image/types';
import { analyzeWindowImage, analyzeWindowPixels, type WindowAnalysis } from '../../worker/services/window-analysis';

import { Zlib, zlibSync } from 'fflate';
import { encodePng, pngFile } from './fixtures/png-file';
import { encodeScenePng, noise, renderScene, type Rendered, type Scene } from './fixtures/window-scenes';

function expectWithin(actual: number, expected: number, tolerance = 0.03) {
  expect(Math.abs(actual - expected) / expected, `${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

function expectAreaMatches(result: WindowAnalysis, r: Rendered) {
  const { width: W, height: H } = r.img;
  expect(result.detectedArea.x).toBeCloseTo(r.window.x / W, 2);
  expect(result.detectedArea.y).toBeCloseTo(r.window.y / H, 2);
  expect(result.detectedArea.width).toBeCloseTo(r.window.w / W, 2);
  expect(result.detectedArea.height).toBeCloseTo(r.window.h / H, 2);
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

// ------------------------------------------------------------------ tests

describe('window analysis: measuring against an A4 sheet', () => {
  const cases: { name: string; scene: Scene }[] = [
    {
      name: '1200 x 1500 window, white frame, A4 portrait',
      scene: { imageW: 1000, imageH: 1000, pxPerMm: 0.5, windowMm: [1200, 1500], frame: 'white', a4: 'portrait' },
    },
    {
      name: '1200 x 1500 window, dark frame, A4 landscape',
      scene: { imageW: 1000, imageH: 1000, pxPerMm: 0.5, windowMm: [1200, 1500], frame: 'dark', a4: 'landscape', seed: 2 },
    },
    {
      name: '900 x 2100 door, white frame, A4 portrait',
      scene: { imageW: 800, imageH: 1000, pxPerMm: 0.42, windowMm: [900, 2100], frame: 'white', a4: 'portrait', seed: 3 },
    },
    {
      name: '900 x 2100 door, dark frame, A4 landscape, darker lighting (0.7)',
      scene: { imageW: 800, imageH: 1000, pxPerMm: 0.42, windowMm: [900, 2100], frame: 'dark', a4: 'landscape', brightness: 0.7, seed: 4 },
    },
    {
      name: '1200 x 1500 window, white frame, A4 portrait, darker lighting (0.7), grey wall',
      scene: {
        imageW: 1280,
        imageH: 960,
        pxPerMm: 0.55,
        windowMm: [1200, 1500],
        frame: 'white',
        a4: 'portrait',
        brightness: 0.7,
        wall: [150, 150, 156],
        seed: 5,
      },
    },
    {
      name: '1200 x 1500 two-pane window (mullion), soft blurred edges, A4 landscape',
      scene: {
        imageW: 1000,
        imageH: 1000,
        pxPerMm: 0.5,
        windowMm: [1200, 1500],
        frame: 'white',
        a4: 'landscape',
        mullion: true,
        blur: 2,
        seed: 6,
      },
    },
  ];

  for (const { name, scene } of cases) {
    it(`${name}: within 3%, high confidence`, () => {
      const rendered = renderScene(scene);
      const result = analyzeWindowPixels(rendered.img);
      expect(result.scaleSource).toBe('a4-reference');
      expectWithin(result.width_mm, scene.windowMm[0]);
      expectWithin(result.drop_mm, scene.windowMm[1]);
      expect(Number.isInteger(result.width_mm) && Number.isInteger(result.drop_mm)).toBe(true);
      expect(result.confidence).toBeGreaterThanOrEqual(0.85);
      expect(result.confidence).toBeLessThanOrEqual(0.95);
      expectAreaMatches(result, rendered);
      expect(result.reference).toBeDefined();
      const ref = result.reference!;
      const refAspect = (ref.height * scene.imageH) / (ref.width * scene.imageW);
      expect(refAspect).toBeCloseTo(scene.a4 === 'portrait' ? 297 / 210 : 210 / 297, 1);
      expect(result.note).toContain(scene.a4!);
    });
  }

  it('analyses PNG bytes the same as the decoded pixels', () => {
    const rendered = renderScene({ imageW: 1000, imageH: 1000, pxPerMm: 0.5, windowMm: [1200, 1500], frame: 'white', a4: 'portrait' });
    const fromPng = analyzeWindowImage(encodePng(rendered.img, 2, 4));
    expect(fromPng).toEqual(analyzeWindowPixels(rendered.img));
  });

  it('measures a 4000 x 3000 (12 MP) photo from the reduced image within 3%', () => {
    const scene: Scene = { imageW: 4000, imageH: 3000, pxPerMm: 1.6, windowMm: [1200, 1500], frame: 'white', a4: 'portrait', seed: 8 };
    const { png } = encodeScenePng(scene);
    const decoded = decodePng(png);
    expect(decoded.width * decoded.height).toBeLessThanOrEqual(2_000_000); // never the 48 MB full-size RGBA
    expect(decoded.width).toBe(1334);
    const result = analyzeWindowPixels(decoded);
    expect(result.scaleSource).toBe('a4-reference');
    expectWithin(result.width_mm, 1200);
    expectWithin(result.drop_mm, 1500);
    expect(result.confidence).toBeGreaterThanOrEqual(0.85);
    // A deadline for a hang, not for a slow machine (vitest.worker.config.ts): painting, deflating and
    // inflating 12 MP takes most of it, and the test took 97 s (over its old 60 s) in a full run on a
    // two-core machine running far more than two processes' work.
  }, 300_000);

  it('gives the identical answer for the same photo twice', () => {
    const scene: Scene = { imageW: 800, imageH: 1000, pxPerMm: 0.42, windowMm: [900, 2100], frame: 'dark', a4: 'portrait', seed: 9 };
    const png = encodePng(renderScene(scene).img, 6, 1);
    const first = analyzeWindowImage(png);
    const second = analyzeWindowImage(png.slice());
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  // Its speed is a benchmark, not a test: `npm run bench` (photo measurement, CPU ms per 12 MP photo).
});

describe('window analysis: without a reference', () => {
  it('estimates from proportions with low confidence and says how to measure', () => {
    const rendered = renderScene({ imageW: 1000, imageH: 1000, pxPerMm: 0.5, windowMm: [1200, 1500], frame: 'white' });
    const result = analyzeWindowPixels(rendered.img);
    expect(result.scaleSource).toBe('estimate');
    expect(result.confidence).toBeLessThanOrEqual(0.4);
    expect(result.reference).toBeUndefined();
    expect(result.note).toMatch(/A4/);
    expectAreaMatches(result, rendered);
    expect(result.drop_mm / result.width_mm).toBeCloseTo(1500 / 1200, 1);
  });

  it('recognises a tall door by its proportions', () => {
    const rendered = renderScene({ imageW: 800, imageH: 1000, pxPerMm: 0.42, windowMm: [900, 2100], frame: 'dark', brightness: 0.7 });
    const result = analyzeWindowPixels(rendered.img);
    expect(result.scaleSource).toBe('estimate');
    expect(result.confidence).toBeLessThanOrEqual(0.4);
    expect(result.width_mm).toBe(900);
    expectWithin(result.drop_mm, 2100, 0.05);
  });

  it('returns a very low-confidence placeholder when there is no window at all', () => {
    const data = new Uint8ClampedArray(200 * 150 * 4);
    for (let i = 0; i < data.length; i += 4) data.set([190, 180, 160, 255], i);
    const result = analyzeWindowPixels({ width: 200, height: 150, data });
    expect(result.scaleSource).toBe('estimate');
    expect(result.confidence).toBeLessThanOrEqual(0.1);
    expect(result.quality).toEqual({ rating: 'poor', reasons: ['no A4 sheet found', 'no window frame found'] });
  });
});

describe('window analysis: input validation', () => {
  it('sniffs PNG, JPEG, GIF and WebP by magic bytes', () => {
    expect(sniffImageType(encodePng({ width: 1, height: 1, data: new Uint8ClampedArray(4) }))).toBe('png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a\x01\x00\x01\x00'))).toBe('gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(new TextEncoder().encode('hello'))).toBeNull();
  });

  it('rejects non-image bytes with a 415', () => {
    const err = rejection(() => analyzeWindowImage(new TextEncoder().encode('{"not":"an image"}')));
    expect(err.reason).toBe('not_an_image');
    expect(err.status).toBe(415);
    expect(rejection(() => analyzeWindowImage(new Uint8Array(0))).reason).toBe('not_an_image');
  });

  it('rejects GIF and WebP as unsupported formats', () => {
    const gif = new Uint8Array([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0, 0x3b]);
    const err = rejection(() => analyzeWindowImage(gif));
    expect(err.reason).toBe('unsupported_format');
    expect(err.status).toBe(415);
    expect(rejection(() => analyzeWindowImage(new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 '))).reason).toBe('unsupported_format');
  });

  it('rejects JPEG without a decoder, and uses one when given', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    expect(rejection(() => analyzeWindowImage(jpeg)).reason).toBe('decoder_unavailable');
    const rendered = renderScene({ imageW: 800, imageH: 1000, pxPerMm: 0.42, windowMm: [900, 2100], frame: 'white', a4: 'portrait' });
    const result = analyzeWindowImage(jpeg, { decodeJpeg: () => rendered.img });
    expect(result.scaleSource).toBe('a4-reference');
    const broken = rejection(() =>
      analyzeWindowImage(jpeg, {
        decodeJpeg: () => {
          throw new Error('SOI not found');
        },
      }),
    );
    expect(broken.reason).toBe('corrupt_image');
    expect(broken.status).toBe(400);
  });

  it('rejects truncated and unsupported PNGs with clear errors', () => {
    const png = encodePng(renderScene({ imageW: 64, imageH: 48, pxPerMm: 0.02, windowMm: [1200, 1500], frame: 'white' }).img);
    expect(rejection(() => decodePng(png.subarray(0, 40))).reason).toBe('corrupt_image');
    const interlaced = png.slice();
    interlaced[8 + 8 + 12] = 1; // IHDR interlace byte
    expect(rejection(() => decodePng(interlaced)).message).toMatch(/Interlaced/);
    const fourBit = png.slice();
    fourBit[8 + 8 + 8] = 4; // IHDR bit depth
    expect(rejection(() => decodePng(fourBit)).reason).toBe('unsupported_format');
    const palette = png.slice();
    palette[8 + 8 + 9] = 3; // IHDR colour type
    expect(rejection(() => decodePng(palette)).reason).toBe('unsupported_format');
    const huge = png.slice();
    new DataView(huge.buffer).setUint32(16, 20000); // width
    new DataView(huge.buffer).setUint32(20, 20000); // height
    expect(rejection(() => decodePng(huge)).status).toBe(413);
  });

  it('refuses a PNG whose header declares too many pixels before inflating anything', () => {
    // ~5 KB of compressed zeros declaring 20000 x 20000: 1.2 GB as RGB if it were inflated.
    const bomb = pngFile(20000, 20000, 2, zlibSync(new Uint8Array(5_000_000), { level: 9 }));
    expect(bomb.length).toBeLessThan(50_000);
    const err = rejection(() => decodePng(bomb));
    expect(err.status).toBe(413);
    expect(err.message).toContain('20000 x 20000');
    // One side too long, even though the pixel count would fit.
    expect(rejection(() => decodePng(pngFile(13000, 100, 2, zlibSync(new Uint8Array(100))))).status).toBe(413);
  });

  it('refuses PNG image data that inflates past what the header declares (a decompression bomb)', () => {
    // Declares 1000 x 1000 RGB (3 MB of rows) but its IDAT inflates to 64 MB of zeros (~64 KB compressed).
    const parts: Uint8Array[] = [];
    const deflate = new Zlib({ level: 9 }, (chunk) => parts.push(chunk));
    const zeros = new Uint8Array(1 << 20);
    for (let i = 0; i < 64; i++) deflate.push(zeros, i === 63);
    const idat = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((o, p) => (idat.set(p, o), o + p.length), 0);
    expect(idat.length).toBeLessThan(100_000);
    const err = rejection(() => decodePng(pngFile(1000, 1000, 2, idat)));
    expect(err.status).toBe(413);
    expect(err.message).toMatch(/larger than its header says/);
  });

  it('rejects images too small to analyse', () => {
    const err = rejection(() => analyzeWindowPixels({ width: 16, height: 16, data: new Uint8ClampedArray(16 * 16 * 4) }));
    expect(err.reason).toBe('image_too_small');
  });
});

describe('PNG decoder', () => {
  const source: RgbaImage = (() => {
    const w = 23;
    const h = 17;
    const data = new Uint8ClampedArray(w * h * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const o = (y * w + x) * 4;
        data[o] = (x * 11 + y * 3) & 0xff;
        data[o + 1] = Math.floor((noise(x, y, 7) + 1) * 127.5);
        data[o + 2] = (x * y * 5) & 0xff;
        data[o + 3] = 255 - (((x + y) * 7) & 0x7f);
      }
    }
    return { width: w, height: h, data };
  })();

  for (const filter of [0, 1, 2, 3, 4] as const) {
    it(`round-trips RGBA and RGB with filter ${filter}`, () => {
      const rgba = decodePng(encodePng(source, 6, filter));
      expect(rgba.width).toBe(source.width);
      expect(rgba.height).toBe(source.height);
      expect(Array.from(rgba.data)).toEqual(Array.from(source.data));
      const rgb = decodePng(encodePng(source, 2, filter));
      for (let p = 0; p < source.width * source.height; p++) {
        expect([rgb.data[p * 4], rgb.data[p * 4 + 1], rgb.data[p * 4 + 2], rgb.data[p * 4 + 3]]).toEqual([
          source.data[p * 4],
          source.data[p * 4 + 1],
          source.data[p * 4 + 2],
          255,
        ]);
      }
    });
  }

  it('reads 16-bit PNGs (the high byte of each sample)', () => {
    const rgba16 = decodePng(encodePng(source, 6, 4, 16));
    expect(Array.from(rgba16.data)).toEqual(Array.from(source.data));
    const grey16 = decodePng(encodePng(source, 0, 1, 16));
    expect(Array.from(grey16.data.subarray(0, 4))).toEqual([source.data[0], source.data[0], source.data[0], 255]);
  });

  it('box-averages a large PNG into a reduced image as the rows arrive', () => {
    const { img } = renderScene({ imageW: 300, imageH: 200, pxPerMm: 0.1, windowMm: [1200, 1500], frame: 'white' });
    const reduced = decodePng(encodePng(img, 2, 4), 100 * 70); // 60,000 pixels into 7,000: factor 3
    expect([reduced.width, reduced.height]).toEqual([100, 67]);
    for (const [x, y] of [
      [0, 0],
      [50, 30],
      [99, 66],
    ] as const) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let dy = 0; dy < 3; dy++) {
          for (let dx = 0; dx < 3; dx++) {
            if (y * 3 + dy >= 200) continue;
            sum += img.data[((y * 3 + dy) * 300 + x * 3 + dx) * 4 + c]!;
            n++;
          }
        }
        expect(Math.abs(reduced.data[(y * 100 + x) * 4 + c]! - sum / n)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('expands greyscale and grey+alpha to RGBA', () => {
    const grey = decodePng(encodePng(source, 0, 4));
    const greyAlpha = decodePng(encodePng(source, 4, 3));
    for (let p = 0; p < source.width * source.height; p++) {
      const g = source.data[p * 4]!;
      expect(Array.from(grey.data.subarray(p * 4, p * 4 + 4))).toEqual([g, g, g, 255]);
      expect(Array.from(greyAlpha.data.subarray(p * 4, p * 4 + 4))).toEqual([g, g, g, source.data[p * 4 + 3]]);
    }
  });
});
