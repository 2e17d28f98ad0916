import { describe, it, expect } from 'vitest';
import { unzlibSync } from 'fflate';
import { renderSwatchPng } from '../../worker/services/swatch-texture';
import { SWATCH_TEXTURES, type SwatchTexture } from '../../worker/shared/catalogue-types';

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

interface DecodedPng {
  width: number;
  height: number;
  colourType: number;
  rgb: Uint8Array;
}

function readChunks(png: Uint8Array): { type: string; data: Uint8Array }[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: { type: string; data: Uint8Array }[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    chunks.push({ type, data: png.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  return chunks;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function readIhdr(png: Uint8Array): { width: number; height: number; bitDepth: number; colourType: number } {
  const chunk = readChunks(png)[0]!;
  expect(chunk.type).toBe('IHDR');
  const view = new DataView(chunk.data.buffer, chunk.data.byteOffset, 13);
  return { width: view.getUint32(0), height: view.getUint32(4), bitDepth: chunk.data[8]!, colourType: chunk.data[9]! };
}

/** Minimal decoder for 8-bit RGB/RGBA, non-interlaced PNGs; undoes all five filter types. */
function decodePng(png: Uint8Array): DecodedPng {
  const chunks = readChunks(png);
  const { width, height, colourType } = readIhdr(png);
  const channels = colourType === 6 ? 4 : 3;
  const idat = chunks.filter((c) => c.type === 'IDAT').map((c) => c.data);
  const joined = new Uint8Array(idat.reduce((n, d) => n + d.length, 0));
  let offset = 0;
  for (const d of idat) {
    joined.set(d, offset);
    offset += d.length;
  }
  const raw = unzlibSync(joined);

  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    expect(filter).toBeLessThanOrEqual(4);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = i >= channels && y > 0 ? pixels[(y - 1) * stride + i - channels]! : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
      pixels[y * stride + i] = (raw[y * (stride + 1) + 1 + i]! + predictor) & 255;
    }
  }
  // Drop alpha if present: the tests only look at colour.
  const rgb = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) rgb.set(pixels.subarray(p * channels, p * channels + 3), p * 3);
  return { width, height, colourType, rgb };
}

function averageRgb(rgb: Uint8Array): [number, number, number] {
  const sum: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < rgb.length; i += 3) {
    sum[0] += rgb[i]!;
    sum[1] += rgb[i + 1]!;
    sum[2] += rgb[i + 2]!;
  }
  const n = rgb.length / 3;
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

function hexRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

const COLOURS = ['#8B5A2B', '#C0C0C0', '#E8E0D0', '#2F4F4F', '#101010', '#F5F5F5', '#3366AA', '#B22222'];

describe('renderSwatchPng', () => {
  it('writes a PNG signature and an IHDR with the requested size', () => {
    for (const size of [8, 128, 200]) {
      const png = renderSwatchPng('#8B5A2B', 'wood-grain', size);
      expect(Array.from(png.subarray(0, 8))).toEqual(PNG_SIGNATURE);
      expect(readIhdr(png)).toEqual({ width: size, height: size, bitDepth: 8, colourType: 2 });
      expect(readChunks(png).at(-1)!.type).toBe('IEND');
      expect(decodePng(png).rgb.length).toBe(size * size * 3);
    }
  });

  it('defaults to 128px', () => {
    expect(decodePng(renderSwatchPng('#C0C0C0', 'aluminium-plain')).width).toBe(128);
  });

  it('is deterministic: the same input gives identical bytes', () => {
    for (const texture of SWATCH_TEXTURES) {
      expect(renderSwatchPng('#E8E0D0', texture, 64)).toEqual(renderSwatchPng('#E8E0D0', texture, 64));
    }
  });

  it('gives different bytes for different textures and colours', () => {
    const outputs = SWATCH_TEXTURES.map((t) => Array.from(renderSwatchPng('#8B5A2B', t, 64)).join(','));
    expect(new Set(outputs).size).toBe(SWATCH_TEXTURES.length);
    expect(renderSwatchPng('#8B5A2B', 'canvas', 64)).not.toEqual(renderSwatchPng('#8B5A2C', 'canvas', 64));
  });

  it('keeps the average colour near the base hex', () => {
    const opaque = SWATCH_TEXTURES.filter((t) => t !== 'sheer');
    for (const hex of COLOURS) {
      const base = hexRgb(hex);
      for (const texture of opaque) {
        const avg = averageRgb(decodePng(renderSwatchPng(hex, texture, 96)).rgb);
        for (let ch = 0; ch < 3; ch++) {
          expect(Math.abs(avg[ch]! - base[ch]!), `${texture} ${hex} channel ${ch}`).toBeLessThanOrEqual(255 * 0.12);
        }
      }
    }
  });

  it('renders sheer lighter than the base colour, but still tinted by it', () => {
    for (const hex of ['#8B5A2B', '#2F4F4F', '#3366AA']) {
      const base = hexRgb(hex);
      const avg = averageRgb(decodePng(renderSwatchPng(hex, 'sheer', 96)).rgb);
      for (let ch = 0; ch < 3; ch++) expect(avg[ch]!).toBeGreaterThan(base[ch]!);
      // Channel order survives the lightening, so a blue sheer is still bluish.
      expect(Math.sign(avg[2] - avg[0])).toBe(Math.sign(base[2] - base[0]));
    }
  });

  it('actually draws a texture rather than a flat fill', () => {
    for (const texture of SWATCH_TEXTURES) {
      const { rgb } = decodePng(renderSwatchPng('#8B5A2B', texture, 64));
      const greens = new Set(Array.from(rgb.filter((_, i) => i % 3 === 1)));
      expect(greens.size, texture).toBeGreaterThan(8);
    }
  });

  it('throws RangeError for a bad hex', () => {
    for (const hex of ['8B5A2B', '#8B5A2', '#8B5A2BF', '#GGGGGG', '', 'red', '#8b5a2b ']) {
      expect(() => renderSwatchPng(hex, 'canvas')).toThrow(RangeError);
    }
    expect(renderSwatchPng('#8b5a2b', 'canvas', 16)).toEqual(renderSwatchPng('#8B5A2B', 'canvas', 16));
  });

  it('throws RangeError for a size outside 8..512', () => {
    for (const size of [0, 7, 513, 1000, 12.5, Number.NaN]) {
      expect(() => renderSwatchPng('#8B5A2B', 'canvas', size)).toThrow(RangeError);
    }
    expect(() => renderSwatchPng('#8B5A2B', 'canvas', 512)).not.toThrow();
  });

  it('throws RangeError for an unknown texture', () => {
    expect(() => renderSwatchPng('#8B5A2B', 'velvet' as SwatchTexture)).toThrow(RangeError);
  });
});
