// Decoding a customer's photo (window analysis, chat photos, colour extraction): sniffed by its
// first bytes, its size checked from the header before anything is decoded (limits.ts), then PNG or
// JPEG decoded straight to a reduced image (docs/decisions/007). Every refusal is an ImageError.
import { decode as decodeJpegJs } from 'jpeg-js';
import { ImageError } from './errors';
import { checkJpegSize, decodeJpegReduced, type JpegLimits } from './jpeg/decode';
import { readJpegInfo } from './jpeg/markers';
import { applyOrientation } from './jpeg/orientation';
import { reduceRaster } from './jpeg/reduce';
import { MAX_DECODED_PIXELS, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './limits';
import { decodePng } from './png';
import { sniffImageType } from './sniff';
import type { JpegDecoder, RgbaImage } from './types';

/**
 * Progressive JPEGs go through jpeg-js, which holds every coefficient and a full-size RGBA copy
 * (~10 bytes a pixel): only small ones fit a Worker's 128 MB next to the upload.
 */
const MAX_PROGRESSIVE_PIXELS = 4_000_000;

/** Decodes a JPEG to upright RGBA of at most `maxOutputPixels` (reduced while decoding, never at full size first). */
export function decodeJpeg(bytes: Uint8Array, maxOutputPixels = MAX_DECODED_PIXELS): RgbaImage {
  const limits: JpegLimits = { maxPixels: MAX_IMAGE_PIXELS, maxSide: MAX_IMAGE_SIDE, maxOutputPixels };
  const info = readJpegInfo(bytes);
  checkJpegSize(info.width, info.height, limits);
  if (!info.progressive) {
    const { width, height, data } = decodeJpegReduced(bytes, limits);
    return { width, height, data };
  }
  if (info.width * info.height > MAX_PROGRESSIVE_PIXELS) {
    throw new ImageError(
      'unsupported_format',
      `Please send the photo as a standard JPEG or PNG: progressive JPEGs over ${MAX_PROGRESSIVE_PIXELS / 1_000_000} megapixels cannot be read here.`,
    );
  }
  const full = decodeJpegJs(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: MAX_PROGRESSIVE_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 64,
  });
  const factor = Math.max(1, Math.ceil(Math.sqrt((full.width * full.height) / maxOutputPixels)));
  return applyOrientation(reduceRaster({ width: full.width, height: full.height, data: full.data }, factor), info.orientation);
}

export interface DecodeOptions {
  /** JPEG support is pluggable: without a decoder, JPEG uploads are rejected with `decoder_unavailable`. */
  decodeJpeg?: JpegDecoder;
  /** Decoded photos are reduced to at most this many pixels (default MAX_DECODED_PIXELS). */
  maxOutputPixels?: number;
}

/**
 * Decodes an uploaded photo (PNG, or JPEG when a decoder is given), reduced to at most
 * `options.maxOutputPixels`; anything else is an ImageError.
 */
export function decodeImage(bytes: Uint8Array, options: DecodeOptions = {}): RgbaImage {
  const type = sniffImageType(bytes);
  const maxOutputPixels = options.maxOutputPixels ?? MAX_DECODED_PIXELS;
  switch (type) {
    case 'png':
      return decodePng(bytes, maxOutputPixels);
    case 'jpeg': {
      if (!options.decodeJpeg) {
        throw new ImageError('decoder_unavailable', 'JPEG photos cannot be analysed yet; please upload the photo as PNG.');
      }
      let img: RgbaImage;
      try {
        img = options.decodeJpeg(bytes, maxOutputPixels);
      } catch (err) {
        if (err instanceof ImageError) throw err;
        throw new ImageError('corrupt_image', 'The JPEG image is damaged or uses an unsupported encoding.');
      }
      return img;
    }
    case 'gif':
    case 'webp':
      throw new ImageError('unsupported_format', `${type.toUpperCase()} images are not supported; please upload a JPEG or PNG photo.`);
    default:
      throw new ImageError('not_an_image', 'The file is not an image; please upload a JPEG or PNG photo.');
  }
}

/**
 * Decodes a customer's JPEG or PNG photo to RGBA of at most `maxOutputPixels` (the size is checked
 * from the header first); anything else is an ImageError (4xx).
 */
export function decodePhoto(bytes: Uint8Array, maxOutputPixels = MAX_DECODED_PIXELS): RgbaImage {
  return decodeImage(bytes, { decodeJpeg, maxOutputPixels });
}
