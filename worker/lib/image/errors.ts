import { AppError, type ErrorCode } from '../errors';

export type ImageErrorReason =
  'not_an_image' | 'unsupported_format' | 'corrupt_image' | 'image_too_large' | 'image_too_small' | 'decoder_unavailable';

const CODE: Record<ImageErrorReason, ErrorCode> = {
  not_an_image: 'unsupported_media_type', // 415
  unsupported_format: 'unsupported_media_type', // 415
  decoder_unavailable: 'unsupported_media_type', // 415
  corrupt_image: 'validation_error', // 400
  image_too_small: 'validation_error', // 400
  image_too_large: 'payload_too_large', // 413
};

/**
 * Every rejection of an uploaded photo (sniffing, size limits, PNG and JPEG decoding, the window
 * analysis). It is an AppError, so the API's error handler already answers it with the right 4xx
 * status; `reason` is the finer cause for logs and tests.
 */
export class ImageError extends AppError {
  constructor(
    readonly reason: ImageErrorReason,
    message: string,
  ) {
    super(CODE[reason], message);
    this.name = 'ImageError';
  }
}

/** A JPEG that breaks its own format. */
export const corruptJpeg = (what: string) => new ImageError('corrupt_image', `The JPEG image is damaged: ${what}.`);
