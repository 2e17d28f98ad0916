// Shared types of the window-photo analysis.

/** A decoded image: 8-bit RGBA, row-major, `width * height * 4` bytes. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** A rectangle as fractions (0..1) of the image's width and height. */
export interface FractionBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type ScaleSource = 'a4-reference' | 'estimate';

export interface WindowAnalysis {
  width_mm: number;
  drop_mm: number;
  /** 0..1. With an A4 reference 0.85-0.95; an estimate is never above 0.4. */
  confidence: number;
  detectedArea: FractionBox;
  scaleSource: ScaleSource;
  /** Where the A4 sheet was found (only with `scaleSource: 'a4-reference'`). */
  reference?: FractionBox;
  note: string;
}

/** Decodes JPEG bytes to RGBA of at most `maxOutputPixels` (reduced as it decodes), e.g. `decodeJpeg` of services/photo-decode. */
export type JpegDecoder = (bytes: Uint8Array, maxOutputPixels: number) => RgbaImage;

export interface AnalyzeOptions {
  /** JPEG support is pluggable: without a decoder, JPEG uploads are rejected with `decoder_unavailable`. */
  decodeJpeg?: JpegDecoder;
  /** Decoded photos are reduced to at most this many pixels (default MAX_DECODED_PIXELS). */
  maxOutputPixels?: number;
}
