// A small PNG decoder for photos: 8-bit greyscale, grey+alpha, RGB and RGBA, non-interlaced, all 5 filters.
// Pure TypeScript + fflate, so it runs in workerd.

import { unzlibSync } from 'fflate';
import { WindowAnalysisError } from './errors';
import { sniffImageType } from './sniff';
import type { RgbaImage } from './types';

/** Larger images are refused before inflating anything (memory of a Worker is limited). */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

/** Bytes per pixel by colour type, for bit depth 8. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function corrupt(message: string): WindowAnalysisError {
  return new WindowAnalysisError('corrupt_image', `The PNG image is damaged: ${message}.`);
}

function readU32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

export function decodePng(bytes: Uint8Array): RgbaImage {
  if (sniffImageType(bytes) !== 'png') throw new WindowAnalysisError('not_an_image', 'The file is not a PNG image.');
  let pos = 8;
  let width = 0;
  let height = 0;
  let colourType = -1;
  let sawHeader = false;
  let sawEnd = false;
  const idat: Uint8Array[] = [];
  let idatLength = 0;

  while (pos + 8 <= bytes.length) {
    const length = readU32(bytes, pos);
    const type = String.fromCharCode(bytes[pos + 4]!, bytes[pos + 5]!, bytes[pos + 6]!, bytes[pos + 7]!);
    const start = pos + 8;
    const end = start + length;
    if (end + 4 > bytes.length) throw corrupt(`chunk ${type} runs past the end of the file`);
    if (type === 'IHDR') {
      if (length !== 13) throw corrupt('bad IHDR chunk');
      width = readU32(bytes, start);
      height = readU32(bytes, start + 4);
      const bitDepth = bytes[start + 8]!;
      colourType = bytes[start + 9]!;
      const interlace = bytes[start + 12]!;
      if (width === 0 || height === 0) throw corrupt('zero width or height');
      if (colourType === 3) {
        throw new WindowAnalysisError('unsupported_format', 'Palette (indexed-colour) PNGs are not supported; please upload a photo as JPEG or an RGB PNG.');
      }
      if (CHANNELS[colourType] === undefined) throw corrupt(`unknown colour type ${colourType}`);
      if (bitDepth !== 8) {
        throw new WindowAnalysisError('unsupported_format', `PNGs with ${bitDepth}-bit channels are not supported; only 8-bit PNGs are.`);
      }
      if (interlace !== 0) {
        throw new WindowAnalysisError('unsupported_format', 'Interlaced PNGs are not supported; please save the image without interlacing.');
      }
      if (width * height > MAX_IMAGE_PIXELS) {
        throw new WindowAnalysisError('image_too_large', `The image is ${width} x ${height} pixels; at most ${MAX_IMAGE_PIXELS} pixels are accepted.`);
      }
      sawHeader = true;
    } else if (type === 'IDAT') {
      if (!sawHeader) throw corrupt('image data before the header');
      idat.push(bytes.subarray(start, end));
      idatLength += length;
    } else if (type === 'IEND') {
      sawEnd = true;
      break;
    }
    pos = end + 4; // skip CRC
  }
  if (!sawHeader) throw corrupt('no IHDR chunk');
  if (idat.length === 0) throw corrupt('no image data');
  if (!sawEnd && idatLength === 0) throw corrupt('truncated file');

  const channels = CHANNELS[colourType]!;
  const stride = width * channels;
  const expected = (stride + 1) * height;
  let compressed: Uint8Array;
  if (idat.length === 1) compressed = idat[0]!;
  else {
    compressed = new Uint8Array(idatLength);
    let o = 0;
    for (const part of idat) {
      compressed.set(part, o);
      o += part.length;
    }
  }
  let raw: Uint8Array;
  try {
    // A preallocated output caps decompression at the expected size (no zip bombs).
    raw = unzlibSync(compressed, { out: new Uint8Array(expected) });
  } catch {
    throw corrupt('the compressed image data cannot be inflated');
  }
  if (raw.length < expected) throw corrupt('the image data is shorter than the image');

  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const dst = y * stride;
    const prev = dst - stride; // previous unfiltered row (only read when y > 0)
    switch (filter) {
      case 0:
        pixels.set(raw.subarray(src, src + stride), dst);
        break;
      case 1:
        for (let i = 0; i < stride; i++) {
          const left = i >= channels ? pixels[dst + i - channels]! : 0;
          pixels[dst + i] = (raw[src + i]! + left) & 0xff;
        }
        break;
      case 2:
        for (let i = 0; i < stride; i++) {
          const up = y > 0 ? pixels[prev + i]! : 0;
          pixels[dst + i] = (raw[src + i]! + up) & 0xff;
        }
        break;
      case 3:
        for (let i = 0; i < stride; i++) {
          const left = i >= channels ? pixels[dst + i - channels]! : 0;
          const up = y > 0 ? pixels[prev + i]! : 0;
          pixels[dst + i] = (raw[src + i]! + ((left + up) >> 1)) & 0xff;
        }
        break;
      case 4:
        for (let i = 0; i < stride; i++) {
          const left = i >= channels ? pixels[dst + i - channels]! : 0;
          const up = y > 0 ? pixels[prev + i]! : 0;
          const upLeft = y > 0 && i >= channels ? pixels[prev + i - channels]! : 0;
          pixels[dst + i] = (raw[src + i]! + paeth(left, up, upLeft)) & 0xff;
        }
        break;
      default:
        throw corrupt(`unknown row filter ${filter}`);
    }
  }

  const n = width * height;
  const data = new Uint8ClampedArray(n * 4);
  if (channels === 4) data.set(pixels);
  else {
    for (let p = 0, s = 0, d = 0; p < n; p++, d += 4) {
      if (channels === 3) {
        data[d] = pixels[s]!;
        data[d + 1] = pixels[s + 1]!;
        data[d + 2] = pixels[s + 2]!;
        data[d + 3] = 255;
        s += 3;
      } else {
        const g = pixels[s]!;
        data[d] = g;
        data[d + 1] = g;
        data[d + 2] = g;
        data[d + 3] = channels === 2 ? pixels[s + 1]! : 255;
        s += channels;
      }
    }
  }
  return { width, height, data };
}
