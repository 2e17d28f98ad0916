// The shutter visualiser's test photo (shutters.e2e, shutters-quote.e2e): a wall with a window,
// written as a PNG (png.ts), and the window's corners in the page's tap order.
import { rgbPng } from './png';

export const PHOTO_W = 640;
export const PHOTO_H = 480;
/** Corners in the page's tap order (TL, TR, BL, BR), in photo pixels, a little in perspective. */
export const TAPS = [
  { x: 150, y: 92 },
  { x: 492, y: 110 },
  { x: 156, y: 412 },
  { x: 486, y: 394 },
];

export function windowPhoto(): Buffer {
  return rgbPng(PHOTO_W, PHOTO_H, (x, y) => {
    // Wall, then the glass (sky gradient with a green hedge) inside the frame.
    const inside = x > 150 + (y - 92) * 0.02 && x < 490 - (y - 110) * 0.02 && y > 92 + (x - 150) * 0.05 && y < 412 - (x - 156) * 0.05;
    if (!inside) return [214 - y / 12, 200 - y / 12, 176 - y / 12];
    return y > 330 ? [70, 120 + (x % 40), 60] : [90 + y / 4, 150 + y / 5, 235];
  });
}
