import { decode as decodeJpegJs } from 'jpeg-js';
import { checkJpegSize, decodeJpegReduced, type JpegLimits } from '../lib/jpeg/decode';
import { JpegError, type JpegErrorKind } from '../lib/jpeg/errors';
import { readJpegInfo } from '../lib/jpeg/markers';
import { applyOrientation } from '../lib/jpeg/orientation';
import { reduceRaster } from '../lib/jpeg/reduce';
import {
  decodeImage,
  MAX_DECODED_PIXELS,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  WindowAnalysisError,
  type RgbaImage,
  type WindowAnalysisErrorReason,
} from './window-analysis';

/**
 * Progressive JPEGs go through jpeg-js, which holds every coefficient and a full-size RGBA copy
 * (~10 bytes a pixel): only small ones fit a Worker's 128 MB next to the upload.
 */
const MAX_PROGRESSIVE_PIXELS = 4_000_000;

const REASON: Record<JpegErrorKind, WindowAnalysisErrorReason> = {
  corrupt: 'corrupt_image',
  unsupported: 'unsupported_format',
  too_large: 'image_too_large',
};

/** Decodes a JPEG to upright RGBA of at most `maxOutputPixels` (reduced while decoding, never at full size first). */
export function decodeJpeg(bytes: Uint8Array, maxOutputPixels = MAX_DECODED_PIXELS): RgbaImage {
  const limits: JpegLimits = { maxPixels: MAX_IMAGE_PIXELS, maxSide: MAX_IMAGE_SIDE, maxOutputPixels };
  try {
    const info = readJpegInfo(bytes);
    checkJpegSize(info.width, info.height, limits);
    if (!info.progressive) {
      const { width, height, data } = decodeJpegReduced(bytes, limits);
      return { width, height, data };
    }
    if (info.width * info.height > MAX_PROGRESSIVE_PIXELS) {
      throw new WindowAnalysisError(
        'unsupported_format',
        `Please send the photo as a standard JPEG or PNG: progressive JPEGs over ${MAX_PROGRESSIVE_PIXELS / 1_000_000} megapixels cannot be read here.`,
      );
    }
    const full = decodeJpegJs(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PROGRESSIVE_PIXELS / 1_000_000, maxMemoryUsageInMB: 64 });
    const factor = Math.max(1, Math.ceil(Math.sqrt((full.width * full.height) / maxOutputPixels)));
    return applyOrientation(reduceRaster({ width: full.width, height: full.height, data: full.data }, factor), info.orientation);
  } catch (err) {
    if (err instanceof JpegError) throw new WindowAnalysisError(REASON[err.kind], err.message);
    throw err;
  }
}

/**
 * Decodes a customer's JPEG or PNG photo to RGBA of at most `maxOutputPixels` (the size is checked
 * from the header first); anything else is a WindowAnalysisError (4xx).
 */
export function decodePhoto(bytes: Uint8Array, maxOutputPixels = MAX_DECODED_PIXELS): RgbaImage {
  return decodeImage(bytes, { decodeJpeg, maxOutputPixels });
}
