// 'Snap to corners': each tapped corner snaps to the strongest nearby corner of the photo.
// Shi-Tomasi response (the smaller eigenvalue of the structure tensor of Sobel gradients) on a
// downscaled greyscale copy, searched in a small window around each tap. Pure and deterministic.

export interface GreyImage {
  width: number;
  height: number;
  /** Luma in 0..1, row-major. */
  data: Float32Array;
}

export interface PercentPoint {
  x: number;
  y: number;
}

/** The longer side of the working copy, in pixels. */
export const SNAP_WORKING_SIZE = 320;
/** The search window's half size, as a share of the working copy's longer side. */
export const SNAP_RADIUS_FRACTION = 0.045;
/** Below this response there is no corner worth snapping to: the tap stays where it was. */
export const MIN_CORNER_RESPONSE = 0.02;

/** Working-copy size for an image, keeping its aspect ratio and never enlarging it. */
export function workingSize(width: number, height: number, maxSide = SNAP_WORKING_SIZE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** RGBA bytes (as from getImageData) to Rec. 601 luma in 0..1. */
export function toGrey(rgba: ArrayLike<number>, width: number, height: number): GreyImage {
  const data = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) {
    data[i] = (0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!) / 255;
  }
  return { width, height, data };
}

function at(img: GreyImage, x: number, y: number): number {
  const cx = Math.min(img.width - 1, Math.max(0, x));
  const cy = Math.min(img.height - 1, Math.max(0, y));
  return img.data[cy * img.width + cx]!;
}

/** Sobel gradients at a pixel (edges clamp). */
export function gradient(img: GreyImage, x: number, y: number): [number, number] {
  const gx =
    at(img, x + 1, y - 1) +
    2 * at(img, x + 1, y) +
    at(img, x + 1, y + 1) -
    at(img, x - 1, y - 1) -
    2 * at(img, x - 1, y) -
    at(img, x - 1, y + 1);
  const gy =
    at(img, x - 1, y + 1) +
    2 * at(img, x, y + 1) +
    at(img, x + 1, y + 1) -
    at(img, x - 1, y - 1) -
    2 * at(img, x, y - 1) -
    at(img, x + 1, y - 1);
  return [gx, gy];
}

/** Shi-Tomasi corner response: the smaller eigenvalue of the structure tensor over a (2*half+1)^2 window. */
export function cornerResponse(img: GreyImage, x: number, y: number, half = 2): number {
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let dy = -half; dy <= half; dy++) {
    for (let dx = -half; dx <= half; dx++) {
      const [gx, gy] = gradient(img, x + dx, y + dy);
      sxx += gx * gx;
      syy += gy * gy;
      sxy += gx * gy;
    }
  }
  const n = (2 * half + 1) ** 2;
  sxx /= n;
  syy /= n;
  sxy /= n;
  const tr = sxx + syy;
  const det = sxx * syy - sxy * sxy;
  return tr / 2 - Math.sqrt(Math.max(0, (tr * tr) / 4 - det));
}

/**
 * The strongest corner within `radius` pixels of (x, y) in working-copy pixels. Nearer corners are
 * preferred a little (the response is weighted down by distance), ties go to the first in scan order.
 */
export function snapPoint(img: GreyImage, x: number, y: number, radius: number): { x: number; y: number; response: number } {
  const x0 = Math.round(x);
  const y0 = Math.round(y);
  let best = { x, y, response: 0 };
  let bestScore = 0;
  for (let py = Math.max(1, y0 - radius); py <= Math.min(img.height - 2, y0 + radius); py++) {
    for (let px = Math.max(1, x0 - radius); px <= Math.min(img.width - 2, x0 + radius); px++) {
      const d2 = ((px - x) ** 2 + (py - y) ** 2) / (radius * radius);
      if (d2 > 1) continue;
      const response = cornerResponse(img, px, py);
      const score = response * (1 - 0.35 * d2);
      if (score > bestScore) {
        bestScore = score;
        best = { x: px, y: py, response };
      }
    }
  }
  return best.response >= MIN_CORNER_RESPONSE ? best : { x, y, response: best.response };
}

/** Snaps corners given in percent of the image, answering percent of the image. */
export function snapCorners(img: GreyImage, corners: readonly PercentPoint[], radiusFraction = SNAP_RADIUS_FRACTION): PercentPoint[] {
  const radius = Math.max(2, Math.round(Math.max(img.width, img.height) * radiusFraction));
  return corners.map((c) => {
    // Pixel centres: percent p covers pixel floor(p/100 * width).
    const px = (c.x / 100) * img.width - 0.5;
    const py = (c.y / 100) * img.height - 0.5;
    const snapped = snapPoint(img, px, py, radius);
    if (snapped.x === px && snapped.y === py) return { x: c.x, y: c.y };
    return { x: round2(((snapped.x + 0.5) / img.width) * 100), y: round2(((snapped.y + 0.5) / img.height) * 100) };
  });
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
