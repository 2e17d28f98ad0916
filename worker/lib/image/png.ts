// A streaming PNG decoder for photos: 8- and 16-bit greyscale, grey+alpha, RGB and RGBA, non-interlaced,
// all 5 filters. Pure TypeScript + fflate, so it runs in workerd. The size is checked from IHDR before
// anything is inflated; rows are inflated a few KB at a time, unfiltered with only the previous row
// kept, and box-averaged straight into a reduced image, so a large PNG never exists at full size and
// image data that inflates past what IHDR promised (a decompression bomb) is refused at that point.

import { Unzlib } from 'fflate';
import { ImageError } from './errors';
import { MAX_DECODED_PIXELS, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './limits';
import { sniffImageType } from './sniff';
import type { RgbaImage } from './types';

/** Channels per pixel by colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };
/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1032:1, so one step yields at most ~4 MB. */
const INFLATE_STEP = 4096;

function corrupt(message: string): ImageError {
  return new ImageError('corrupt_image', `The PNG image is damaged: ${message}.`);
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

interface Header {
  width: number;
  height: number;
  channels: number;
  /** Bytes per sample: 1 (8-bit) or 2 (16-bit, of which the high byte is used). */
  sampleBytes: number;
}

function readHeader(bytes: Uint8Array, start: number, length: number): Header {
  if (length !== 13) throw corrupt('bad IHDR chunk');
  const width = readU32(bytes, start);
  const height = readU32(bytes, start + 4);
  const bitDepth = bytes[start + 8]!;
  const colourType = bytes[start + 9]!;
  const interlace = bytes[start + 12]!;
  if (width === 0 || height === 0) throw corrupt('zero width or height');
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new ImageError(
      'image_too_large',
      `The image is ${width} x ${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ${MAX_IMAGE_SIDE} pixels a side are accepted.`,
    );
  }
  if (colourType === 3) {
    throw new ImageError(
      'unsupported_format',
      'Palette (indexed-colour) PNGs are not supported; please upload a photo as JPEG or an RGB PNG.',
    );
  }
  if (CHANNELS[colourType] === undefined) throw corrupt(`unknown colour type ${colourType}`);
  if (bitDepth !== 8 && bitDepth !== 16) {
    throw new ImageError('unsupported_format', `PNGs with ${bitDepth}-bit channels are not supported; only 8- and 16-bit PNGs are.`);
  }
  if (interlace !== 0) {
    throw new ImageError('unsupported_format', 'Interlaced PNGs are not supported; please save the image without interlacing.');
  }
  return { width, height, channels: CHANNELS[colourType]!, sampleBytes: bitDepth / 8 };
}

/** Undoes a row's filter in place (`row` holds the filtered bytes, `prev` the previous unfiltered row or zeros). */
function unfilter(filter: number, row: Uint8Array, prev: Uint8Array, bpp: number): void {
  const n = row.length;
  switch (filter) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < n; i++) row[i] = row[i]! + row[i - bpp]!;
      return;
    case 2:
      for (let i = 0; i < n; i++) row[i] = row[i]! + prev[i]!;
      return;
    case 3:
      for (let i = 0; i < bpp; i++) row[i] = row[i]! + (prev[i]! >> 1);
      for (let i = bpp; i < n; i++) row[i] = row[i]! + ((row[i - bpp]! + prev[i]!) >> 1);
      return;
    case 4:
      for (let i = 0; i < bpp; i++) row[i] = row[i]! + prev[i]!;
      for (let i = bpp; i < n; i++) row[i] = row[i]! + paeth(row[i - bpp]!, prev[i]!, prev[i - bpp]!);
      return;
    default:
      throw corrupt(`unknown row filter ${filter}`);
  }
}

/**
 * Decodes a PNG to RGBA, box-averaged by the smallest whole factor that brings it to at most
 * `maxPixels` (full size when it already fits).
 */
export function decodePng(bytes: Uint8Array, maxPixels = MAX_DECODED_PIXELS): RgbaImage {
  if (sniffImageType(bytes) !== 'png') throw new ImageError('not_an_image', 'The file is not a PNG image.');
  let header: Header | undefined;
  const idat: Uint8Array[] = [];
  for (let pos = 8; pos + 8 <= bytes.length;) {
    const length = readU32(bytes, pos);
    const type = String.fromCharCode(bytes[pos + 4]!, bytes[pos + 5]!, bytes[pos + 6]!, bytes[pos + 7]!);
    const start = pos + 8;
    const end = start + length;
    if (end + 4 > bytes.length) throw corrupt(`chunk ${type} runs past the end of the file`);
    if (type === 'IHDR') header = readHeader(bytes, start, length);
    else if (type === 'IDAT') {
      if (!header) throw corrupt('image data before the header');
      idat.push(bytes.subarray(start, end));
    } else if (type === 'IEND') break;
    pos = end + 4; // skip CRC
  }
  if (!header) throw corrupt('no IHDR chunk');
  if (idat.length === 0) throw corrupt('no image data');

  const { width, height, channels, sampleBytes } = header;
  const bpp = channels * sampleBytes;
  const stride = width * bpp;
  const factor = Math.max(1, Math.ceil(Math.sqrt((width * height) / maxPixels)));
  const out = new RowReducer(width, height, factor, channels, sampleBytes);

  // Two scanlines (+ the filter byte) are all that is kept of the unreduced image.
  let current = new Uint8Array(stride + 1);
  let previous = new Uint8Array(stride + 1);
  let filled = 0;
  let y = 0;
  const inflater = new Unzlib((chunk) => {
    for (let i = 0; i < chunk.length;) {
      if (y === height) {
        // More image data than IHDR's size allows: a decompression bomb or a damaged file.
        throw new ImageError('image_too_large', 'The PNG image data is larger than its header says; the file is refused.');
      }
      const take = Math.min(stride + 1 - filled, chunk.length - i);
      current.set(chunk.subarray(i, i + take), filled);
      filled += take;
      i += take;
      if (filled === stride + 1) {
        const row = current.subarray(1);
        unfilter(current[0]!, row, previous.subarray(1), bpp);
        out.addRow(row);
        [previous, current] = [current, previous];
        filled = 0;
        y++;
      }
    }
  });
  try {
    for (const data of idat) {
      for (let at = 0; at < data.length; at += INFLATE_STEP) inflater.push(data.subarray(at, at + INFLATE_STEP));
    }
    inflater.push(new Uint8Array(0), true);
  } catch (err) {
    if (err instanceof ImageError) throw err;
    throw corrupt('the compressed image data cannot be inflated');
  }
  if (y < height) throw corrupt('the image data is shorter than the image');
  return out.image();
}

/** Accumulates unfiltered rows into a `factor` times smaller RGBA image (edge cells average what they have). */
class RowReducer {
  private readonly outWidth: number;
  private readonly data: Uint8ClampedArray;
  private readonly sums: Uint32Array;
  private rowsInBand = 0;
  private outY = 0;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly factor: number,
    private readonly channels: number,
    private readonly sampleBytes: number,
  ) {
    this.outWidth = Math.ceil(width / factor);
    this.data = new Uint8ClampedArray(this.outWidth * Math.ceil(height / factor) * 4);
    this.sums = new Uint32Array(this.outWidth * 4);
  }

  addRow(row: Uint8Array): void {
    const { width, factor, channels, sampleBytes, sums } = this;
    const grey = channels < 3;
    const hasAlpha = channels === 2 || channels === 4;
    const pixelBytes = channels * sampleBytes;
    if (factor === 1) {
      // Full size: convert the row straight into place.
      const o = this.outY * width * 4;
      for (let x = 0, s = 0, d = o; x < width; x++, s += pixelBytes, d += 4) {
        const r = row[s]!;
        this.data[d] = r;
        this.data[d + 1] = grey ? r : row[s + sampleBytes]!;
        this.data[d + 2] = grey ? r : row[s + 2 * sampleBytes]!;
        this.data[d + 3] = hasAlpha ? row[s + (channels - 1) * sampleBytes]! : 255;
      }
      this.outY++;
      return;
    }
    for (let x = 0, s = 0; x < width; x++, s += pixelBytes) {
      const c = ((x / factor) | 0) * 4;
      const r = row[s]!; // the high byte of a 16-bit sample comes first
      sums[c] = sums[c]! + r;
      sums[c + 1] = sums[c + 1]! + (grey ? r : row[s + sampleBytes]!);
      sums[c + 2] = sums[c + 2]! + (grey ? r : row[s + 2 * sampleBytes]!);
      sums[c + 3] = sums[c + 3]! + (hasAlpha ? row[s + (channels - 1) * sampleBytes]! : 255);
    }
    this.rowsInBand++;
    if (this.rowsInBand === factor || this.outY * factor + this.rowsInBand === this.height) this.flush();
  }

  private flush(): void {
    const { outWidth, width, factor, sums } = this;
    const o = this.outY * outWidth * 4;
    for (let c = 0; c < outWidth; c++) {
      const columns = Math.min(factor, width - c * factor);
      const n = columns * this.rowsInBand;
      for (let k = 0; k < 4; k++) this.data[o + c * 4 + k] = sums[c * 4 + k]! / n;
    }
    sums.fill(0);
    this.rowsInBand = 0;
    this.outY++;
  }

  image(): RgbaImage {
    return { width: this.outWidth, height: Math.ceil(this.height / this.factor), data: this.data };
  }
}
