// Window-photo analysis for POST /api/ar/analyze-window: decode, find the window, measure it against an A4 sheet.

import { analyzeWindowPixels } from './analyze';
import { WindowAnalysisError } from './errors';
import { MAX_DECODED_PIXELS } from './limits';
import { decodePng } from './png';
import { sniffImageType } from './sniff';
import type { AnalyzeOptions, RgbaImage, WindowAnalysis } from './types';

export { analyzeWindowPixels } from './analyze';
export { WindowAnalysisError, type WindowAnalysisErrorReason } from './errors';
export { decodePng } from './png';
export { MAX_DECODED_PIXELS, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './limits';
export { sniffImageType, type SniffedImageType } from './sniff';
export type { AnalyzeOptions, FractionBox, JpegDecoder, RgbaImage, ScaleSource, ScanQuality, ScanRating, WindowAnalysis, WindowAnalysisReason } from './types';

/**
 * Decodes an uploaded photo (PNG, or JPEG when a decoder is given), reduced to at most
 * `options.maxOutputPixels`; anything else is a WindowAnalysisError.
 */
export function decodeImage(bytes: Uint8Array, options: AnalyzeOptions = {}): RgbaImage {
  const type = sniffImageType(bytes);
  const maxOutputPixels = options.maxOutputPixels ?? MAX_DECODED_PIXELS;
  switch (type) {
    case 'png':
      return decodePng(bytes, maxOutputPixels);
    case 'jpeg': {
      if (!options.decodeJpeg) {
        throw new WindowAnalysisError('decoder_unavailable', 'JPEG photos cannot be analysed yet; please upload the photo as PNG.');
      }
      let img: RgbaImage;
      try {
        img = options.decodeJpeg(bytes, maxOutputPixels);
      } catch (err) {
        if (err instanceof WindowAnalysisError) throw err;
        throw new WindowAnalysisError('corrupt_image', 'The JPEG image is damaged or uses an unsupported encoding.');
      }
      return img;
    }
    case 'gif':
    case 'webp':
      throw new WindowAnalysisError('unsupported_format', `${type.toUpperCase()} images are not supported; please upload a JPEG or PNG photo.`);
    default:
      throw new WindowAnalysisError('not_an_image', 'The file is not an image; please upload a JPEG or PNG photo.');
  }
}

/** Analyses an uploaded photo (bytes) or already-decoded RGBA pixels. */
export function analyzeWindowImage(input: Uint8Array | ArrayBuffer | RgbaImage, options: AnalyzeOptions = {}): WindowAnalysis {
  if (input instanceof ArrayBuffer) return analyzeWindowPixels(decodeImage(new Uint8Array(input), options));
  if (input instanceof Uint8Array) return analyzeWindowPixels(decodeImage(input, options));
  return analyzeWindowPixels(input);
}
