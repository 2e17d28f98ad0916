/** Why a JPEG could not be decoded: `too_large` before anything was allocated, `unsupported` for valid files this decoder does not read. */
export type JpegErrorKind = 'corrupt' | 'unsupported' | 'too_large';

export class JpegError extends Error {
  constructor(
    readonly kind: JpegErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'JpegError';
  }
}

export const corrupt = (what: string) => new JpegError('corrupt', `The JPEG image is damaged: ${what}.`);
