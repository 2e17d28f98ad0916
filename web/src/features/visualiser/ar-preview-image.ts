// The AR preview as one picture to keep or send: the customer's photo with the WebGL blind drawn
// over it (the canvas keeps its drawing buffer for this) and the same watermark as on screen.
// Made in the browser from what is on the page: nothing is uploaded.
import { slugify } from '@shared/slug';
import { saveFile } from '../../lib/save-file';

const JPEG_QUALITY = 0.9;

/** 'Roller blockout in Charcoal' -> 'blind-preview-roller-blockout-charcoal.jpg'. */
export function previewFileName(productLabel: string, colourLabel: string | null): string {
  return `blind-preview-${slugify(`${productLabel} ${colourLabel ?? ''}`, 'window')}.jpg`;
}

/** The photo and the blind at the photo's own size, with the watermark in its bottom-right corner. */
export async function previewImageBlob(image: HTMLImageElement | null, businessName: string): Promise<Blob> {
  if (!image || !image.naturalWidth) throw new Error('The photo is not loaded');
  const blind = image.parentElement?.querySelector('canvas');
  const width = image.naturalWidth;
  const height = image.naturalHeight;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.drawImage(image, 0, 0, width, height);
  // The WebGL canvas covers the photo exactly (its camera is in the photo's pixels).
  if (blind) context.drawImage(blind, 0, 0, width, height);
  const fontSize = Math.max(14, Math.round(width / 40));
  context.font = `600 ${fontSize}px system-ui, sans-serif`;
  context.textAlign = 'right';
  context.textBaseline = 'bottom';
  context.fillStyle = 'rgba(255, 255, 255, 0.8)';
  context.shadowColor = 'rgba(0, 0, 0, 0.5)';
  context.shadowBlur = fontSize / 4;
  context.fillText(`Preview · ${businessName}`, width - fontSize, height - fontSize);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), 'image/jpeg', JPEG_QUALITY),
  );
}

/** Downloads the preview as a JPEG file. */
export async function savePreviewImage(image: HTMLImageElement | null, businessName: string, fileName: string): Promise<void> {
  saveFile(await previewImageBlob(image, businessName), fileName);
}

/** True where the browser can share files (most phones): the Share button is shown only then. */
export function canSharePreview(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function' && typeof navigator.canShare === 'function';
}

/** Opens the device's share sheet with the picture; saves it instead where files cannot be shared. */
export async function sharePreviewImage(
  image: HTMLImageElement | null,
  businessName: string,
  fileName: string,
): Promise<'shared' | 'downloaded'> {
  const blob = await previewImageBlob(image, businessName);
  const file = new File([blob], fileName, { type: 'image/jpeg' });
  if (canSharePreview() && navigator.canShare({ files: [file] })) {
    await navigator.share({ files: [file], title: `Blind preview · ${businessName}` });
    return 'shared';
  }
  await savePreviewImage(image, businessName, fileName);
  return 'downloaded';
}
