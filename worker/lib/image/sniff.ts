// What an upload is, from its first bytes (never from a claimed type or file name).

export type SniffedImageType = 'png' | 'jpeg' | 'webp' | 'gif';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

function startsWith(bytes: Uint8Array, sig: readonly number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (bytes[at + i] !== sig[i]) return false;
  return true;
}

const ascii = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));

/** Identifies an image by its magic bytes; null when it is none of PNG, JPEG, WebP or GIF. */
export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Image types accepted from customers as files (chat photos, colour screenshots, price lists). */
export type ImageType = { mime: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' };

const ACCEPTED: Partial<Record<SniffedImageType, ImageType>> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
};

/** The MIME type and file extension of a JPEG, PNG or WebP upload; null for anything else (GIF included). */
export function acceptedImageType(bytes: Uint8Array): ImageType | null {
  const type = sniffImageType(bytes);
  return type ? (ACCEPTED[type] ?? null) : null;
}
