// The decoded image every decoder returns and the window analysis and colour extraction read.

/** A decoded image: 8-bit RGBA, row-major, `width * height * 4` bytes. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** Decodes JPEG bytes to RGBA of at most `maxOutputPixels` (reduced as it decodes), e.g. `decodeJpeg` of lib/image/decode. */
export type JpegDecoder = (bytes: Uint8Array, maxOutputPixels: number) => RgbaImage;
