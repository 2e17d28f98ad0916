// The window photo's corners, shared by the AR visualiser and the room walk-through: the demo photo,
// the corner names in tapping order, and the snap of tapped corners to the photo's strong corners.
import { isConvexQuad, type Quad } from './homography';
import { snapCorners, toGrey, workingSize, type PercentPoint } from './corner-snap';

export const DEMO_WINDOW_IMAGE = '/media/demo-window.jpg';
export const CORNER_NAMES = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;

/** Each tapped corner snaps to the photo's nearest strong corner, never folding the outline. */
export function snapToPhoto(img: HTMLImageElement | null, corners: PercentPoint[]): PercentPoint[] {
  try {
    if (!img || img.naturalWidth === 0) return corners;
    const size = workingSize(img.naturalWidth, img.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return corners;
    ctx.drawImage(img, 0, 0, size.width, size.height);
    const candidate = snapCorners(toGrey(ctx.getImageData(0, 0, size.width, size.height).data, size.width, size.height), corners);
    return isConvexQuad(candidate as unknown as Quad) ? candidate : corners;
  } catch {
    return corners;
  }
}

export function clampPercent(n: number): number {
  return Math.round(Math.min(100, Math.max(0, n)) * 100) / 100;
}

/** The photo as a data URL for /working-polygon: uploads already are; the demo is re-encoded. */
export function imageAsDataUrl(img: HTMLImageElement | null, src: string): string {
  if (src.startsWith('data:') || !img || img.naturalWidth === 0) return src;
  const size = workingSize(img.naturalWidth, img.naturalHeight, 1600);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')?.drawImage(img, 0, 0, size.width, size.height);
  return canvas.toDataURL('image/jpeg', 0.85);
}
