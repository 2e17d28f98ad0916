// Baseline (Huffman) JPEG decoding straight to a reduced size: the format phone cameras write, read
// within a Worker's memory. Entropy decoding visits every coefficient, but only the low frequencies
// an N x N output needs are kept, and only reduced component planes and the reduced RGBA exist.

import { planesToRgba, type ColourModel, type Plane } from './colour';
import { corruptJpeg, ImageError } from '../errors';
import { readExifOrientation } from './exif';
import { BitReader, buildHuffmanTable, type HuffmanTable } from './huffman';
import { inverseDct, keptCoefficients, type BlockSize } from './idct';
import { APP1, APP14, DHT, DQT, DRI, EOI, isOtherFrame, isSupportedFrame, MarkerReader, parseFrame, SOI, SOS, type Frame } from './markers';
import { applyOrientation, type Raster } from './orientation';

export interface JpegLimits {
  /** Refused (`too_large`) before decoding when width * height is above this... */
  maxPixels: number;
  /** ...or either side is longer than this. */
  maxSide: number;
  /** The output is reduced by 2, 4 or 8 until it has at most this many pixels. */
  maxOutputPixels: number;
}

export interface DecodedJpeg extends Raster {
  /** Output pixels per side of 8 source pixels: 8 is full size, 1 is 1/8. */
  blockSize: BlockSize;
}

/** Zigzag position k (0..63) to natural row-major index (T.81 figure A.6). */
const ZIGZAG = new Uint8Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57,
  50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

/** Refuses an image over the budget from its header alone: nothing has been allocated yet. */
export function checkJpegSize(width: number, height: number, limits: JpegLimits): void {
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new ImageError(
      'image_too_large',
      `The photo is ${width} x ${height} pixels; at most ${Math.round(limits.maxPixels / 1e6)} megapixels and ${limits.maxSide} pixels a side are accepted.`,
    );
  }
}

/** The least reduction (largest block size) whose output fits `maxOutputPixels`. */
export function chooseBlockSize(width: number, height: number, maxOutputPixels: number): BlockSize {
  for (const n of [8, 4, 2] as const) {
    if (Math.ceil((width * n) / 8) * Math.ceil((height * n) / 8) <= maxOutputPixels) return n;
  }
  return 1;
}

interface ScanComponent {
  index: number;
  dc: HuffmanTable;
  ac: HuffmanTable;
}

/** Decoder state that lives across the scans of one frame. */
interface FrameState {
  frame: Frame;
  /** Output samples per block side of the image (luma). */
  n: BlockSize;
  /** Per component: its samples per block side (larger than n for subsampled chroma when reduced). */
  blockSizes: BlockSize[];
  mcusX: number;
  mcusY: number;
  planes: Plane[];
  /** Quantisation tables (natural order) as they were when the frame header named them. */
  quant: (Float32Array | undefined)[];
}

/** Decodes a baseline or extended Huffman JPEG to upright RGBA, reduced to fit `limits.maxOutputPixels`. */
export function decodeJpegReduced(bytes: Uint8Array, limits: JpegLimits): DecodedJpeg {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw corruptJpeg('it does not start with a JPEG marker');
  const reader = new MarkerReader(bytes);
  const quant: (Float32Array | undefined)[] = [];
  const dcTables: (HuffmanTable | undefined)[] = [];
  const acTables: (HuffmanTable | undefined)[] = [];
  let restartInterval = 0;
  let orientation = 1;
  let adobeTransform = -1;
  let jfif = false;
  let state: FrameState | undefined;
  let scans = 0;

  for (let seg = reader.next(); seg; seg = reader.next()) {
    const { marker, start, end } = seg;
    if (marker === EOI) break;
    if (marker === DQT) readQuantTables(bytes, start, end, quant);
    else if (marker === DHT) readHuffmanTables(bytes, start, end, dcTables, acTables);
    else if (marker === DRI) {
      if (end - start < 2) throw corruptJpeg('bad restart interval');
      restartInterval = (bytes[start]! << 8) | bytes[start + 1]!;
    } else if (marker === APP1 && orientation === 1) orientation = readExifOrientation(bytes, start, end);
    else if (marker === 0xe0 && end - start >= 5 && String.fromCharCode(...bytes.subarray(start, start + 4)) === 'JFIF') jfif = true;
    else if (marker === APP14 && end - start >= 12 && String.fromCharCode(...bytes.subarray(start, start + 5)) === 'Adobe')
      adobeTransform = bytes[start + 11]!;
    else if (isSupportedFrame(marker)) {
      if (state) throw corruptJpeg('it has two frame headers');
      const frame = parseFrame(bytes, seg);
      checkJpegSize(frame.width, frame.height, limits);
      if (frame.progressive) throw new ImageError('unsupported_format', 'Progressive JPEGs are decoded separately.');
      state = startFrame(frame, chooseBlockSize(frame.width, frame.height, limits.maxOutputPixels), quant);
    } else if (isOtherFrame(marker)) {
      throw new ImageError(
        'unsupported_format',
        'Lossless and arithmetic-coded JPEGs are not supported; please send the photo as a standard JPEG or PNG.',
      );
    } else if (marker === SOS) {
      if (!state) throw corruptJpeg('image data comes before the frame header');
      const components = readScanHeader(bytes, start, end, state.frame, dcTables, acTables);
      reader.pos = decodeScan(bytes, end, state, components, restartInterval);
      scans++;
    }
  }
  if (!state || scans === 0) throw corruptJpeg('it has no image data');

  const { frame, n, planes } = state;
  const width = Math.ceil((frame.width * n) / 8);
  const height = Math.ceil((frame.height * n) / 8);
  // JFIF means YCbCr; Adobe's APP14 says which; otherwise component ids 'R', 'G', 'B' mean RGB (as libjpeg guesses).
  const ids = frame.components.map((c) => c.id).join();
  const model: ColourModel =
    planes.length === 1 ? 'grey' : adobeTransform === 0 || (!jfif && adobeTransform < 0 && ids === '82,71,66') ? 'rgb' : 'ycbcr';
  const rgba = planesToRgba(planes, width, height, model);
  const upright = applyOrientation({ width, height, data: rgba }, orientation);
  return { ...upright, blockSize: n };
}

function startFrame(frame: Frame, n: BlockSize, quant: (Float32Array | undefined)[]): FrameState {
  const mcusX = Math.ceil(frame.width / (8 * frame.hMax));
  const mcusY = Math.ceil(frame.height / (8 * frame.vMax));
  // One reduced plane per component, padded to whole MCUs. Subsampled chroma (4:2:0) is reconstructed
  // with a larger block where it can (libjpeg does the same), so it needs no upsampling: at 1/8 its
  // 16 x 16 pixel blocks give 2 x 2 samples, not one.
  const blockSizes = frame.components.map((c) => {
    const ratio = frame.hMax / c.h;
    return ratio === frame.vMax / c.v ? (Math.min(8, n * ratio) as BlockSize) : n;
  });
  const planes = frame.components.map((c, i) => {
    const size = blockSizes[i]!;
    const width = mcusX * c.h * size;
    return {
      data: new Uint8Array(width * mcusY * c.v * size),
      width,
      scaleX: (c.h * size) / (frame.hMax * n),
      scaleY: (c.v * size) / (frame.vMax * n),
    };
  });
  return { frame, blockSizes, mcusX, mcusY, planes, quant, n };
}

function readQuantTables(bytes: Uint8Array, start: number, end: number, quant: (Float32Array | undefined)[]): void {
  let p = start;
  while (p < end) {
    const precision = bytes[p]! >> 4;
    const slot = bytes[p]! & 15;
    if (slot > 3) throw corruptJpeg('bad quantisation table number');
    const size = precision === 0 ? 64 : 128;
    if (p + 1 + size > end) throw corruptJpeg('a quantisation table is cut off');
    const table = new Float32Array(64);
    for (let k = 0; k < 64; k++) {
      table[ZIGZAG[k]!] = precision === 0 ? bytes[p + 1 + k]! : (bytes[p + 1 + 2 * k]! << 8) | bytes[p + 2 + 2 * k]!;
    }
    quant[slot] = table;
    p += 1 + size;
  }
}

function readHuffmanTables(
  bytes: Uint8Array,
  start: number,
  end: number,
  dc: (HuffmanTable | undefined)[],
  ac: (HuffmanTable | undefined)[],
): void {
  let p = start;
  while (p < end) {
    if (p + 17 > end) throw corruptJpeg('a Huffman table is cut off');
    const tableClass = bytes[p]! >> 4;
    const slot = bytes[p]! & 15;
    if (tableClass > 1 || slot > 3) throw corruptJpeg('bad Huffman table number');
    const counts = bytes.subarray(p + 1, p + 17);
    let total = 0;
    for (const c of counts) total += c;
    if (total > 256 || p + 17 + total > end) throw corruptJpeg('a Huffman table is cut off');
    const table = buildHuffmanTable(counts, bytes.slice(p + 17, p + 17 + total));
    (tableClass === 0 ? dc : ac)[slot] = table;
    p += 17 + total;
  }
}

function readScanHeader(
  bytes: Uint8Array,
  start: number,
  end: number,
  frame: Frame,
  dcTables: (HuffmanTable | undefined)[],
  acTables: (HuffmanTable | undefined)[],
): ScanComponent[] {
  const count = bytes[start]!;
  if (count < 1 || count > 4 || end - start < 4 + count * 2) throw corruptJpeg('bad scan header');
  const components: ScanComponent[] = [];
  for (let i = 0; i < count; i++) {
    const id = bytes[start + 1 + i * 2]!;
    const tables = bytes[start + 2 + i * 2]!;
    const index = frame.components.findIndex((c) => c.id === id);
    const dc = dcTables[tables >> 4];
    const ac = acTables[tables & 15];
    if (index < 0) throw corruptJpeg('a scan names a component the frame does not have');
    if (!dc || !ac) throw corruptJpeg('a scan uses a Huffman table that was not defined');
    components.push({ index, dc, ac });
  }
  return components;
}

/** Decodes one scan's entropy-coded data starting at `pos`; returns the position of the marker after it. */
function decodeScan(bytes: Uint8Array, pos: number, state: FrameState, components: ScanComponent[], restartInterval: number): number {
  const { frame, planes } = state;
  const reader = new BitReader(bytes, pos);
  const sizes = components.map((sc) => state.blockSizes[sc.index]!);
  const keeps = sizes.map(keptCoefficients);
  const coef = new Float32Array(64);
  const scratch = new Float32Array(64);
  const predictors = new Int32Array(components.length);
  const quant = components.map((sc) => {
    const table = state.quant[frame.components[sc.index]!.tq];
    if (!table) throw corruptJpeg('a component uses a quantisation table that was not defined');
    return table;
  });

  const decodeBlock = (s: number, blockX: number, blockY: number) => {
    const sc = components[s]!;
    const q = quant[s]!;
    const keep = keeps[s]!;
    const t = reader.decode(sc.dc);
    if (t > 16) throw corruptJpeg('bad DC coefficient');
    predictors[s] = predictors[s]! + (t === 0 ? 0 : reader.signed(t));
    coef[0] = predictors[s]! * q[0]!;
    let hasAc = false;
    for (let k = 1; k < 64;) {
      const rs = reader.decode(sc.ac);
      const size = rs & 15;
      const run = rs >> 4;
      if (size === 0) {
        if (run !== 15) break; // end of block
        k += 16; // sixteen zeros
        continue;
      }
      k += run;
      if (k > 63) throw corruptJpeg('a block has more than 64 coefficients');
      const value = reader.signed(size);
      const z = ZIGZAG[k]!;
      // The coefficient's bits had to be read to reach the next one; only low frequencies are kept.
      if (keep[z] === 1) {
        coef[z] = value * q[z]!;
        hasAc = true;
      }
      k++;
    }
    const plane = planes[sc.index]!;
    const n = sizes[s]!;
    inverseDct(coef, n, hasAc, plane.data, plane.width, blockX * n, blockY * n, scratch);
    if (hasAc) for (let row = 0; row < n; row++) coef.fill(0, row * 8, row * 8 + n);
  };

  // Interleaved scans code MCUs of h x v blocks per component; a single-component scan codes that
  // component's blocks one by one, only as many as cover the image (A.2.2, A.2.3).
  const single = components.length === 1;
  const only = frame.components[components[0]!.index]!;
  const unitsX = single ? Math.ceil(Math.ceil((frame.width * only.h) / frame.hMax) / 8) : state.mcusX;
  const unitsY = single ? Math.ceil(Math.ceil((frame.height * only.v) / frame.vMax) / 8) : state.mcusY;
  const total = unitsX * unitsY;
  for (let unit = 0; unit < total; unit++) {
    if (restartInterval > 0 && unit > 0 && unit % restartInterval === 0) {
      if (!reader.restart()) throw corruptJpeg('a restart marker is missing');
      predictors.fill(0);
    }
    const ux = unit % unitsX;
    const uy = (unit / unitsX) | 0;
    if (single) decodeBlock(0, ux, uy);
    else {
      for (let s = 0; s < components.length; s++) {
        const c = frame.components[components[s]!.index]!;
        for (let v = 0; v < c.v; v++) for (let h = 0; h < c.h; h++) decodeBlock(s, ux * c.h + h, uy * c.v + v);
      }
    }
  }
  return reader.scanEnd();
}
