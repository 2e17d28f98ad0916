// JPEG marker segments (ITU T.81 annex B): walking them, and reading the frame header (SOF) so the
// size can be checked before anything is decoded.

import { corruptJpeg, ImageError } from '../errors';
import { readExifOrientation } from './exif';

export const SOI = 0xd8;
export const EOI = 0xd9;
export const SOS = 0xda;
export const DQT = 0xdb;
export const DHT = 0xc4;
export const DRI = 0xdd;
export const APP1 = 0xe1;
export const APP14 = 0xee;

export interface Segment {
  marker: number;
  /** First byte of the segment's payload (after the length field). */
  start: number;
  /** One past the payload's last byte. */
  end: number;
}

const isStandalone = (marker: number) => marker === SOI || marker === EOI || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** Iterates marker segments from `pos`; after SOS the caller moves `pos` past the entropy-coded data. */
export class MarkerReader {
  constructor(
    private readonly bytes: Uint8Array,
    public pos = 2,
  ) {}

  next(): Segment | null {
    const b = this.bytes;
    // Tolerate stray bytes between segments (some encoders write them): resynchronise on the next 0xFF.
    while (this.pos < b.length && b[this.pos] !== 0xff) this.pos++;
    while (this.pos < b.length && b[this.pos] === 0xff) this.pos++; // fill bytes
    if (this.pos >= b.length) return null;
    const marker = b[this.pos++]!;
    if (isStandalone(marker)) return { marker, start: this.pos, end: this.pos };
    if (this.pos + 2 > b.length) throw corruptJpeg('a marker segment is cut off');
    const length = (b[this.pos]! << 8) | b[this.pos + 1]!;
    const start = this.pos + 2;
    const end = this.pos + length;
    if (length < 2 || end > b.length) throw corruptJpeg('a marker segment runs past the end of the file');
    this.pos = end;
    return { marker, start, end };
  }
}

export interface FrameComponent {
  id: number;
  /** Horizontal and vertical sampling factors (1..4). */
  h: number;
  v: number;
  /** Quantisation table slot. */
  tq: number;
}

export interface Frame {
  width: number;
  height: number;
  progressive: boolean;
  components: FrameComponent[];
  hMax: number;
  vMax: number;
}

/** SOF0 (baseline), SOF1 (extended, Huffman) and SOF2 (progressive, Huffman) are the frames phones and browsers write. */
export function isSupportedFrame(marker: number): boolean {
  return marker === 0xc0 || marker === 0xc1 || marker === 0xc2;
}

/** Any other start-of-frame marker: lossless, hierarchical or arithmetic-coded JPEG. */
export function isOtherFrame(marker: number): boolean {
  return marker >= 0xc3 && marker <= 0xcf && marker !== DHT && marker !== 0xc8 && marker !== 0xcc;
}

export function parseFrame(bytes: Uint8Array, seg: Segment): Frame {
  if (seg.end - seg.start < 6) throw corruptJpeg('the frame header is too short');
  const precision = bytes[seg.start]!;
  const height = (bytes[seg.start + 1]! << 8) | bytes[seg.start + 2]!;
  const width = (bytes[seg.start + 3]! << 8) | bytes[seg.start + 4]!;
  const count = bytes[seg.start + 5]!;
  if (precision !== 8) throw new ImageError('unsupported_format', `JPEGs with ${precision}-bit samples are not supported.`);
  if (width === 0 || height === 0)
    throw new ImageError('unsupported_format', 'JPEGs that give their height after the image data (DNL) are not supported.');
  if (count !== 1 && count !== 3) {
    throw new ImageError(
      'unsupported_format',
      `JPEGs with ${count} colour components (e.g. CMYK) are not supported; please send an RGB photo.`,
    );
  }
  if (seg.end - seg.start < 6 + count * 3) throw corruptJpeg('the frame header is too short');
  const components: FrameComponent[] = [];
  for (let i = 0; i < count; i++) {
    const at = seg.start + 6 + i * 3;
    const h = bytes[at + 1]! >> 4;
    const v = bytes[at + 1]! & 15;
    const tq = bytes[at + 2]!;
    if (h < 1 || h > 4 || v < 1 || v > 4 || tq > 3) throw corruptJpeg('bad sampling factors or table number in the frame header');
    components.push({ id: bytes[at]!, h, v, tq });
  }
  return {
    width,
    height,
    progressive: seg.marker === 0xc2,
    components,
    hMax: Math.max(...components.map((c) => c.h)),
    vMax: Math.max(...components.map((c) => c.v)),
  };
}

export interface JpegInfo {
  width: number;
  height: number;
  progressive: boolean;
  /** EXIF orientation 1..8 (1 when absent). */
  orientation: number;
}

/** Reads the size and kind of a JPEG from its headers alone (nothing is decoded or allocated). */
export function readJpegInfo(bytes: Uint8Array): JpegInfo {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw corruptJpeg('it does not start with a JPEG marker');
  const reader = new MarkerReader(bytes);
  let orientation = 1;
  for (let seg = reader.next(); seg; seg = reader.next()) {
    if (seg.marker === APP1 && orientation === 1) orientation = readExifOrientation(bytes, seg.start, seg.end);
    else if (isSupportedFrame(seg.marker)) {
      const frame = parseFrame(bytes, seg);
      return { width: frame.width, height: frame.height, progressive: frame.progressive, orientation };
    } else if (isOtherFrame(seg.marker)) {
      throw new ImageError(
        'unsupported_format',
        'Lossless and arithmetic-coded JPEGs are not supported; please send the photo as a standard JPEG or PNG.',
      );
    } else if (seg.marker === SOS || seg.marker === EOI) break;
  }
  throw corruptJpeg('it has no frame header');
}
