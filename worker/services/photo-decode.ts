import { decode as decodeJpegBytes } from 'jpeg-js';
import { decodeImage, MAX_IMAGE_PIXELS, type RgbaImage } from './window-analysis';

/** Pure-JS JPEG decoding (no Buffer: typed arrays), capped like the PNG decoder. */
export function decodeJpeg(bytes: Uint8Array): RgbaImage {
  const image = decodeJpegBytes(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 256,
  });
  return { width: image.width, height: image.height, data: image.data };
}

/** Decodes a customer's JPEG or PNG photo to RGBA; anything else is a WindowAnalysisError (4xx). */
export function decodePhoto(bytes: Uint8Array): RgbaImage {
  return decodeImage(bytes, { decodeJpeg });
}
